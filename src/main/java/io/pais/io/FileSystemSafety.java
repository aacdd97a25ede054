package io.pais.io;

import java.net.URI;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Which file systems give pais what its all-or-nothing release and its budget ledger rely on: a create that never
 * replaces and a rename that never replaces, each one atomic step. The local file system (mkdir(2), rename(2)) and
 * HDFS through Hadoop's own {@code Hdfs} (the namenode's create without overwrite and {@code rename} without
 * overwrite) do. Object stores (s3a, gs, abfs, wasb …) do not: their rename is a check followed by a copy, so two
 * runs can both "win" a name, and a claim or a release can be lost. Such a path is refused unless the user accepts
 * the risk explicitly, and then the release records that it did.
 */
public final class FileSystemSafety {
  /** The schemes whose create-without-overwrite and rename-without-overwrite are atomic. */
  static final Set<String> ATOMIC_SCHEMES = Set.of("file", "hdfs");
  /** Hadoop's own HDFS binding behind {@code FileContext}; another binding promises nothing. */
  private static final String HADOOP_HDFS = "org.apache.hadoop.fs.Hdfs";

  private FileSystemSafety() {}

  /** Whether {@code path}'s file system renames and creates atomically without replacing. */
  public static boolean isAtomic(Path path, Configuration conf) {
    String scheme = scheme(path, conf);
    if (scheme.equals("hdfs")) {
      return HADOOP_HDFS.equals(conf.get("fs.AbstractFileSystem.hdfs.impl", HADOOP_HDFS));
    }
    return ATOMIC_SCHEMES.contains(scheme);
  }

  /**
   * Refuses {@code path} in one line when its file system has no atomic rename, unless {@code allowed}.
   *
   * @param what what the path is, for the message ("output", "budget ledger")
   * @param flag the flag or param that accepts the risk, for the message
   */
  public static void require(Path path, Configuration conf, boolean allowed, String what, String flag) {
    if (!allowed && !isAtomic(path, conf)) {
      throw new InputException(what + " " + path + " is on a file system (" + scheme(path, conf) + ":) without an "
          + "atomic create and rename that never replace: racing runs could lose a release or a budget claim there; "
          + "use the local file system or HDFS, or pass " + flag + " to accept that risk (the release records it)");
    }
  }

  private static String scheme(Path path, Configuration conf) {
    URI uri = path.toUri();
    String scheme = uri.getScheme();
    if (scheme == null) { // a path without a scheme is on the default file system
      scheme = org.apache.hadoop.fs.FileSystem.getDefaultUri(conf).getScheme();
    }
    return scheme == null ? "file" : scheme.toLowerCase(Locale.ROOT);
  }
}
