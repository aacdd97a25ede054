package io.pais.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the README and the docs leads somewhere: to a file or folder of the repository, and where
 * it names an anchor, to a heading of that Markdown file (as GitHub and MkDocs make anchors from headings).
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*]\\(([^)\\s]+)\\)");

  @Test
  void everyRelativeLinkAndAnchorResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path doc : documents()) {
      Matcher m = LINK.matcher(withoutCode(read(doc)));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue; // http(s), mailto
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? doc : doc.getParent() == null ? Path.of(file)
            : doc.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
          broken.add(doc + ": " + target + " (no " + resolved + ")");
        } else if (hash >= 0 && resolved.toString().endsWith(".md")
            && !anchors(resolved).contains(target.substring(hash + 1))) {
          broken.add(doc + ": " + target + " (no such heading in " + resolved + ")");
        }
      }
    }
    assertEquals(List.of(), broken);
  }

  @Test
  void anchorsAreMadeFromHeadingsAsGitHubMakesThem() {
    assertEquals("choosing-bounds-ε-and-k-what-the-generalisation-benchmark-taught",
        MarkdownAnchors.of("Choosing bounds, ε and k: what the generalisation benchmark taught"));
    assertEquals("what-the-job-replaces-and-what-it-never-touches",
        MarkdownAnchors.of("What the job replaces, and what it never touches"));
    assertEquals("in-a-spark-ml-pipeline-java-and-scala",
        MarkdownAnchors.of("In a Spark ML pipeline (Java and Scala)"));
    assertTrue(documents().size() >= 12, "README.md and the docs");
  }

  /** README.md and every Markdown file under docs/. */
  private static List<Path> documents() {
    try (Stream<Path> files = Files.walk(Path.of("docs"))) {
      List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
      docs.addAll(files.filter(p -> p.toString().endsWith(".md")).sorted().toList());
      return docs;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Set<String> anchors(Path markdown) {
    return withoutCode(read(markdown)).lines().filter(l -> l.startsWith("#"))
        .map(l -> MarkdownAnchors.of(l.replaceFirst("^#+\\s*", ""))).collect(Collectors.toSet());
  }

  /** The text outside fenced code blocks (a link or heading in code is neither). */
  private static String withoutCode(String markdown) {
    return markdown.replaceAll("(?ms)^```.*?^```", "");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
