package io.pais.io;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Decides, before any work, whether a release may be written to an output path: never onto, into or above an
 * input, nor where an input's glob would read it next time (compared after qualifying both and resolving symbolic
 * links), and with overwrite only onto a directory that is recognisably an earlier release: it holds
 * {@value #RELEASE_MARKER} and nothing but the files a release holds. The job must never delete or replace anything
 * it did not write.
 */
final class OutputGuard {
  /** The file every release holds. */
  static final String RELEASE_MARKER = "run.json";
  /** Every file a release holds; a directory holding anything else is not ours to replace. */
  static final Set<String> RELEASE_FILES = Set.of("centers.csv", "centers.json", "privacy-report.json",
      RELEASE_MARKER);

  private OutputGuard() {}

  /** What a run keeps beside the output while it writes, each named {@code .NAME.pais-KIND-ID}. */
  enum Sibling {
    /** The temporary directory the release is written into. */
    TEMPORARY("tmp"),
    /** An earlier release moved aside while it is replaced. */
    SET_ASIDE("old"),
    /** The run's lock file: its owner and whether it reserved the output. */
    LOCK("lock");

    private final String kind;

    Sibling(String kind) {
      this.kind = kind;
    }

    /** The prefix of such a name beside {@code output}: {@code .NAME.pais-KIND-}. */
    String prefix(Path output) {
      return "." + output.getName() + ".pais-" + kind + "-";
    }

    /** The one of run {@code id} beside {@code output}. */
    Path of(Path output, String id) {
      return new Path(output.getParent(), prefix(output) + id);
    }
  }

  /**
   * The output as a Hadoop path, refused (one line) when Hadoop cannot name it: a ':' after the scheme, which a
   * Hadoop path reads as another scheme, and glob characters, which an input glob of the next run would expand.
   */
  static Path outputPath(String text) {
    if (text == null || text.isBlank()) {
      throw new InputException("output must name a directory, got an empty name");
    }
    // the path after a scheme and authority (hdfs://host:8020/…, file:/…), where a ':' is Hadoop's own
    String path = text.replaceFirst("^[A-Za-z][A-Za-z0-9+.-]*://[^/]*", "")
        .replaceFirst("^[A-Za-z][A-Za-z0-9+.-]*:(?=/)", "");
    if (path.contains(":")) {
      throw new InputException("output " + text + " holds a ':', which a Hadoop path reads as a URI scheme; "
          + "choose a name without it (or give the full URI, e.g. file:///dir/name)");
    }
    if (path.chars().anyMatch(c -> "*?[]{},\\".indexOf(c) >= 0)) {
      throw new InputException("output " + text + " holds a glob or list character (* ? [ ] { } , \\); choose a "
          + "name without them");
    }
    try {
      return new Path(text);
    } catch (IllegalArgumentException e) {
      throw new InputException("output " + text + " is not a usable path (" + e.getClass().getSimpleName() + ")");
    }
  }

  /**
   * Refuses (with an {@link InputException}) an output that equals, contains or lies inside one of
   * {@code inputs} (paths or globs), or where an input's glob would read it.
   */
  static void checkPlacement(Path output, List<String> inputs, Configuration conf) {
    checkPlacement("output", output, inputs, conf);
  }

  /** The same for a directory the job writes that is named {@code what} in the refusal (a checkpoint). */
  static void checkPlacement(String what, Path output, List<String> inputs, Configuration conf) {
    String another = what.equals("output") ? "an output" : "a " + what;
    try {
      FileSystem fs = output.getFileSystem(conf);
      URI out = canonical(fs.makeQualified(output), fs);
      if (out.getPath().equals("/")) {
        throw new InputException(what + " " + output + " is the root of a file system; choose a new directory");
      }
      for (String input : inputs) {
        List<URI> resolved;
        boolean globReachesOutput;
        try {
          resolved = canonicalInputs(new Path(input), conf);
          globReachesOutput = isGlob(input) && globReaches(new Path(input), output, conf);
        } catch (IOException | IllegalArgumentException e) {
          throw new InputException("cannot list input " + input + ": " + (e instanceof IOException io
              ? ReadFailures.describe(io) : "not a usable Hadoop path (a ':' in a file name cannot be named)"));
        }
        if (globReachesOutput) {
          throw new InputException(what + " " + output + " lies where the input glob " + input + " would read it; "
              + "choose " + another + " outside every input");
        }
        for (URI in : resolved) {
          if (sameOrAncestor(out, in)) {
            throw new InputException(what + " " + output + (out.equals(in) ? " is" : " contains") + " the input "
                + input + "; choose " + another + " outside every input");
          }
          if (sameOrAncestor(in, out)) {
            throw new InputException(what + " " + output + " lies inside the input " + input
                + "; choose " + another + " outside every input");
          }
        }
      }
    } catch (IOException e) {
      throw unreachable(output, e);
    }
  }

  /**
   * Whether {@code output} exists; refused (with an {@link InputException}) when it exists and may not be replaced:
   * without {@code overwrite}, or when it is not a directory holding an earlier release and nothing else.
   */
  static boolean checkReplaceable(Path output, Configuration conf, boolean overwrite) {
    try {
      FileSystem fs = output.getFileSystem(conf);
      if (!fs.exists(output)) {
        return false;
      }
      FileStatus status = fs.getFileStatus(output);
      if (status.isDirectory() && fs.listStatus(output).length == 0 && !leftovers(output, conf).isEmpty()) {
        throw new InputException("output " + output + " is being written by another run (its hidden ."
            + output.getName() + ".pais-* files are beside it); choose another output or wait for it to end; if that "
            + "run is gone (killed on another host), remove the empty directory and those files");
      }
      if (!overwrite) {
        throw new InputException("output " + output + " exists; pass --overwrite to replace an earlier release");
      }
      if (!status.isDirectory()) {
        throw new InputException("output " + output + " is a file, not an earlier release; pais replaces only a "
            + "directory it wrote (one holding " + RELEASE_MARKER + ")");
      }
      if (!fs.isFile(new Path(output, RELEASE_MARKER))) {
        throw new InputException("output " + output + " is a directory pais did not write (it holds no "
            + RELEASE_MARKER + "); choose a new directory");
      }
      for (FileStatus child : fs.listStatus(output)) {
        if (!child.isFile() || !RELEASE_FILES.contains(child.getPath().getName())) {
          throw new InputException("output " + output + " holds more than an earlier release (" + (child.isFile()
              ? "a file" : "a directory") + " pais does not write); --overwrite replaces only a directory holding "
              + "nothing but " + String.join(", ", new java.util.TreeSet<>(RELEASE_FILES)));
        }
      }
      return true;
    } catch (IOException e) {
      throw unreachable(output, e);
    }
  }

  private static InputException unreachable(Path output, IOException e) {
    return new InputException("cannot check output " + output + ": its file system cannot be reached or read ("
        + e.getClass().getSimpleName() + ")");
  }

  /**
   * A fingerprint of the release in {@code dir}: SHA-256 over its files' names and bytes, or null when {@code dir}
   * is not a release (absent, not a directory, without {@value #RELEASE_MARKER}, or holding anything else). The
   * writer replaces only the release it fingerprinted at pre-flight, fingerprinted again once moved aside.
   */
  static String releaseDigest(FileSystem fs, Path dir) throws IOException {
    FileStatus[] children;
    try {
      if (!fs.getFileStatus(dir).isDirectory()) {
        return null;
      }
      children = fs.listStatus(dir);
    } catch (java.io.FileNotFoundException e) {
      return null;
    }
    java.util.TreeMap<String, Path> files = new java.util.TreeMap<>();
    for (FileStatus child : children) {
      if (!child.isFile() || !RELEASE_FILES.contains(child.getPath().getName())) {
        return null;
      }
      files.put(child.getPath().getName(), child.getPath());
    }
    if (!files.containsKey(RELEASE_MARKER)) {
      return null;
    }
    java.security.MessageDigest sha;
    try {
      sha = java.security.MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
    for (var file : files.entrySet()) {
      sha.update((file.getKey() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      try (java.io.InputStream in = fs.open(file.getValue())) {
        byte[] bytes = in.readAllBytes();
        sha.update(Long.toString(bytes.length).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        sha.update(bytes);
      }
    }
    return java.util.HexFormat.of().formatHex(sha.digest());
  }

  /**
   * Temporary directories, set-aside releases and locks of runs beside {@code output} ({@code .NAME.pais-tmp-…},
   * {@code .NAME.pais-old-…}, {@code .NAME.pais-lock-…}): a run writing there has them, and so has one killed. Empty when there are none or the parent
   * cannot be listed.
   */
  static List<Path> leftovers(Path output, Configuration conf) {
    List<Path> out = new ArrayList<>();
    try {
      FileSystem fs = output.getFileSystem(conf);
      Path parent = output.getParent();
      if (parent == null || !fs.exists(parent)) {
        return out;
      }
      for (FileStatus status : fs.listStatus(parent)) {
        String name = status.getPath().getName();
        if (java.util.Arrays.stream(Sibling.values()).anyMatch(s -> name.startsWith(s.prefix(output)))) {
          out.add(status.getPath());
        }
      }
    } catch (IOException | RuntimeException e) {
      // nothing to report: the writer's own checks say what is wrong with the parent
    }
    return out;
  }

  private static boolean isGlob(String input) {
    return input.chars().anyMatch(c -> "*?[{".indexOf(c) >= 0);
  }

  /**
   * Whether {@code output} or one of its ancestors matches the glob {@code pattern} component by component, as the
   * glob would when the next run lists it (an output inside {@code data/*} is read as data then).
   */
  static boolean globReaches(Path pattern, Path output, Configuration conf) throws IOException {
    FileSystem fs = pattern.getFileSystem(conf);
    URI glob = fs.makeQualified(pattern).toUri();
    URI out = output.getFileSystem(conf).makeQualified(output).toUri();
    if (!String.valueOf(glob.getScheme()).equals(String.valueOf(out.getScheme()))
        || !String.valueOf(glob.getAuthority()).equals(String.valueOf(out.getAuthority()))) {
      return false;
    }
    String[] g = glob.getPath().split("/");
    String[] o = out.getPath().split("/");
    if (o.length < g.length) {
      return false;
    }
    for (int i = 0; i < g.length; i++) {
      if (!org.apache.hadoop.fs.GlobPattern.compile(g[i]).matcher(o[i]).matches()) {
        return false;
      }
    }
    return true;
  }

  /** Every existing path a (possibly globbed) input names, canonical; the literal path if nothing matches. */
  private static List<URI> canonicalInputs(Path input, Configuration conf) throws IOException {
    FileSystem fs = input.getFileSystem(conf);
    List<URI> out = new ArrayList<>();
    FileStatus[] matches = fs.globStatus(input);
    if (matches != null) {
      for (FileStatus m : matches) {
        out.add(canonical(fs.makeQualified(m.getPath()), fs));
      }
    }
    out.add(canonical(fs.makeQualified(input), fs));
    return out;
  }

  /**
   * A qualified path with symbolic links resolved: on the local file system through the JDK (for the deepest
   * existing ancestor; the rest of the path is appended), elsewhere through the file system's own resolution.
   */
  static URI canonical(Path qualified, FileSystem fs) throws IOException {
    URI uri = qualified.toUri();
    if ("file".equals(uri.getScheme())) {
      java.nio.file.Path p = java.nio.file.Path.of(uri.getPath()).toAbsolutePath().normalize();
      List<String> tail = new ArrayList<>();
      while (p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        tail.add(0, p.getFileName().toString());
        p = p.getParent();
      }
      java.nio.file.Path real = p == null ? java.nio.file.Path.of("/") : p.toRealPath();
      for (String name : tail) {
        real = real.resolve(name);
      }
      return normalise(URI.create("file://" + new Path(real.toString()).toUri().getRawPath()));
    }
    Path existing = qualified;
    List<String> tail = new ArrayList<>();
    while (existing.getParent() != null && !fs.exists(existing)) {
      tail.add(0, existing.getName());
      existing = existing.getParent();
    }
    Path resolved = fs.exists(existing) ? fs.resolvePath(existing) : existing;
    for (String name : tail) {
      resolved = new Path(resolved, name);
    }
    return normalise(resolved.toUri());
  }

  private static URI normalise(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    String authority = uri.getAuthority() == null ? "" : uri.getAuthority().toLowerCase(Locale.ROOT);
    String path = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return URI.create(scheme + "://" + authority + new Path(path).toUri().getRawPath());
  }

  /** Whether {@code a} is {@code b} or one of its ancestors (same scheme and authority, path prefix by name). */
  static boolean sameOrAncestor(URI a, URI b) {
    if (!a.getScheme().equals(b.getScheme()) || !String.valueOf(a.getAuthority()).equals(
        String.valueOf(b.getAuthority()))) {
      return false;
    }
    String pa = a.getPath();
    String pb = b.getPath();
    return pa.equals(pb) || pa.equals("/") || pb.startsWith(pa + "/");
  }
}
