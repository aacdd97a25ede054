package io.pais.tools;

import io.pais.ml.PrivateKMeans;
import io.pais.settings.Setting;
import io.pais.settings.Vocabulary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The files made from {@link Setting}: the job's defaults ({@code conf/pais-defaults.properties}), the settings
 * reference ({@code docs/reference/settings.md}) and the Python params' docs ({@code python/pais/_settings.py}); and
 * from the register of tuned constants ({@link TunedConstants}) the tuning reference ({@code docs/reference/tuning.md});
 * from the report's fields ({@link ReportFields}) the report reference ({@code docs/reference/report.md}).
 * {@code SettingSurfacesTest} fails when a checked-in copy differs; this main writes them again:
 *
 * <pre>mvn -q test-compile exec:exec -Dbench.main=io.pais.tools.SettingSurfaces</pre>
 */
public final class SettingSurfaces {
  /** How to write the files again, for the files' headers and the test's message. */
  public static final String REGENERATE = "mvn -q test-compile exec:exec -Dbench.main=io.pais.tools.SettingSurfaces";
  private static final int WIDTH = 118;

  private SettingSurfaces() {}

  /** Each file, by its path from the repository's root, with its content. */
  public static Map<String, String> files() {
    return Map.of("conf/pais-defaults.properties", defaultsFile(), "docs/reference/settings.md", reference(),
        "python/pais/_settings.py", pythonDocs(), "docs/reference/tuning.md", TunedConstants.reference(),
        "docs/reference/report.md", ReportFields.reference());
  }

  public static void main(String[] args) throws IOException {
    for (Map.Entry<String, String> file : files().entrySet()) {
      Path path = Path.of(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
      System.out.println("wrote " + path);
    }
  }

  /** The job's defaults: every flag with a default, by role, each under its text. */
  static String defaultsFile() {
    StringBuilder out = new StringBuilder();
    comment(out, "Defaults of the pais job (io.pais.job.PaisJob). Every key is a command-line flag without its leading "
        + "\"--\"; a flag on the command line overrides the value here. A copy of this file ships inside the jar; point "
        + "the job at your own copy with --config FILE (it may hold any of the keys). Made from io.pais.settings.Setting "
        + "(docs/reference/settings.md lists every flag): do not edit, write it again with " + REGENERATE + ".");
    for (Setting.Role role : Setting.Role.values()) {
      List<Setting> withDefaults = Arrays.stream(Setting.values())
          .filter(s -> s.role() == role && s.isOption() && s.jobDefault().isPresent()).toList();
      if (withDefaults.isEmpty()) {
        continue;
      }
      out.append("\n# ").append(role.title()).append('\n');
      for (Setting setting : withDefaults) {
        comment(out, setting.text(Vocabulary.FLAGS));
        out.append(setting.flag()).append(" = ").append(setting.jobDefault().orElseThrow()).append('\n');
      }
    }
    return out.toString();
  }

  /** docs/reference/settings.md: every setting by role, its two names, the job's default and its texts. */
  static String reference() {
    StringBuilder out = new StringBuilder("# Settings\n\n");
    out.append("Every setting of a release: the job's flag (`pais --help`, `conf/pais-defaults.properties`), the Spark "
        + "ML param of `PrivateKMeans` (Java, Scala and Python), their defaults (the Estimator keeps MLlib's k = 2) and "
        + "what it does; a param without a default is unset until set (auto, where the text says so). Made from "
        + "`io.pais.settings.Setting` and its texts (`src/main/resources/io/pais/settings/settings.properties`); do "
        + "not edit: write it again with `" + REGENERATE + "`.\n");
    PrivateKMeans kmeans = new PrivateKMeans();
    for (Setting.Role role : Setting.Role.values()) {
      out.append("\n## ").append(role.title()).append("\n\n");
      out.append("| flag | param | job default | param default | what it does |\n|---|---|---|---|---|\n");
      for (Setting setting : Setting.values()) {
        if (setting.role() != role) {
          continue;
        }
        String flag = setting.flag() == null ? "–"
            : "`--" + setting.flag() + "`" + (setting.isOption() ? "" : " (a list)");
        String param = setting.isParam() ? "`" + setting.param() + "`" : "–";
        String text = setting.isOption() ? setting.text(Vocabulary.FLAGS) : setting.text(Vocabulary.PARAMS);
        if (setting.isOption() && setting.isParam() && setting.takesValuesDifferently()) {
          text = "job: " + text + "<br>param: " + setting.text(Vocabulary.PARAMS);
        }
        out.append("| ").append(flag).append(" | ").append(param).append(" | ")
            .append(setting.jobDefault().map(d -> "`" + d + "`").orElse("")).append(" | ")
            .append(paramDefault(kmeans, setting)).append(" | ")
            .append(text.replace("|", "\\|")).append(" |\n");
      }
    }
    return out.toString();
  }

  /** The Estimator's default of the setting's param, as Spark shows it; empty when it has none (unset). */
  private static String paramDefault(PrivateKMeans kmeans, Setting setting) {
    if (!setting.isParam() || !kmeans.hasDefault(kmeans.getParam(setting.param()))) {
      return "";
    }
    Object value = kmeans.getDefault(kmeans.getParam(setting.param())).get();
    return "`" + value + "`";
  }

  /** The Python params' docs: the Spark ML params', by name. */
  static String pythonDocs() {
    StringBuilder out = new StringBuilder();
    out.append("# The docs of the Spark ML params of pais.ml's stages, made from io.pais.settings.Setting and its texts\n")
        .append("# (src/main/resources/io/pais/settings/settings.properties). Do not edit: write it again with\n")
        .append("# ").append(REGENERATE).append("\n\nDOCS = {\n");
    Arrays.stream(Setting.values()).filter(Setting::isParam).map(Setting::param).sorted().forEach(param -> {
      String doc = Setting.ofParam(param).orElseThrow().text(Vocabulary.PARAMS);
      out.append("    \"").append(param).append("\": (\n");
      for (String line : wrap(doc, WIDTH - 10)) {
        out.append("        \"").append(line.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
      }
      out.append("    ),\n");
    });
    out.append("}\n\n# The params' defaults, as the JVM declares them: what a getter returns over Spark Connect, where the\n")
        .append("# client cannot ask the server's JVM\nDEFAULTS = {\n");
    PrivateKMeans kmeans = new PrivateKMeans();
    Arrays.stream(Setting.values()).filter(Setting::isParam).map(Setting::param).sorted()
        .filter(param -> kmeans.hasDefault(kmeans.getParam(param))).forEach(param -> out.append("    \"").append(param)
            .append("\": ").append(pythonLiteral(kmeans.getDefault(kmeans.getParam(param)).get())).append(",\n"));
    return out.append("}\n").toString();
  }

  /** A default as Python writes it. */
  private static String pythonLiteral(Object value) {
    if (value instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (value instanceof String text) {
      return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    if (value instanceof Number number) {
      return number.toString();
    }
    throw new IllegalStateException("a default Python cannot hold: " + value);
  }

  private static void comment(StringBuilder out, String text) {
    for (String line : wrap(text, WIDTH - 2)) {
      out.append("# ").append(line.stripTrailing()).append('\n');
    }
  }

  /** Lines of at most {@code width} characters, broken after spaces (each but the last keeps its space). */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (text.length() - start > width) {
      int cut = text.lastIndexOf(' ', start + width - 1);
      if (cut <= start) {
        cut = text.indexOf(' ', start + width - 1);
        if (cut < 0) {
          break;
        }
      }
      lines.add(text.substring(start, cut + 1));
      start = cut + 1;
    }
    lines.add(text.substring(start));
    return lines;
  }
}
