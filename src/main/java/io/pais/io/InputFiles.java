package io.pais.io;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodecFactory;

/**
 * The files behind the input paths, in path order, each with its ordinal and, for uncompressed files, its
 * byte offset in the concatenation of the uncompressed ones: what the sampling keys of its records are built
 * from ({@link io.pais.sampling.SamplingKeys}). Known from the listing, at no cost.
 */
final class InputFiles implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * One input file.
   *
   * @param path the qualified path
   * @param ordinal its place in path order
   * @param base uncompressed: bytes of the uncompressed files before it in path order; compressed: -1
   * @param length its length when listed (-1: unknown)
   * @param modified its modification time when listed (-1: unknown)
   */
  record Entry(String path, int ordinal, long base, long length, long modified) implements Serializable {
    boolean compressed() {
      return base < 0;
    }
  }

  private final List<Entry> entries;
  private final Map<String, Entry> byPath;

  private InputFiles(List<Entry> entries) {
    this.entries = List.copyOf(entries);
    this.byPath = new HashMap<>();
    for (Entry e : entries) {
      byPath.put(e.path(), e);
    }
  }

  /**
   * Lists {@code paths} (globs expanded, directories listed one level, hidden files skipped), in path order. A file
   * named twice, a sub-folder of an input folder and anything but a regular file (a pipe, a device) are refused:
   * each would otherwise be read differently from what the user named.
   */
  static InputFiles list(List<String> paths, Configuration conf) {
    Map<String, FileStatus> files = new LinkedHashMap<>();
    for (String p : paths) {
      Path path;
      try {
        path = new Path(p);
      } catch (IllegalArgumentException e) {
        throw new InputException("input " + p + " is not a usable Hadoop path (a ':' in a file name cannot be named; "
            + "rename the file)");
      }
      try {
        FileSystem fs = path.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(path);
        if (matches == null || matches.length == 0) {
          throw new InputException("input not found: " + p);
        }
        for (FileStatus status : matches) {
          for (FileStatus file : status.isDirectory() ? fs.listStatus(status.getPath()) : new FileStatus[] {status}) {
            String name = file.getPath().getName();
            if (file != status && (name.startsWith("_") || name.startsWith("."))) {
              continue; // hidden: Spark's and Hadoop's markers, pais's own temporary folders
            }
            if (file.isDirectory()) {
              throw new InputException("input folder " + status.getPath() + " holds a sub-folder, " + name + "; pais "
                  + "reads the files of a folder, not its sub-folders: name them with a glob (" + p + "/*/*)");
            }
            requireRegular(file, p);
            if (files.putIfAbsent(file.getPath().toString(), file) != null) {
              throw new InputException("input " + file.getPath() + " is named twice (by " + p + " and an earlier "
                  + "path); give each file once");
            }
          }
        }
      } catch (IOException e) {
        throw new InputException("cannot list input " + p + ": " + ReadFailures.describe(e));
      }
    }
    if (files.isEmpty()) {
      throw new InputException("no files in input " + String.join(",", paths));
    }
    List<FileStatus> sorted = new ArrayList<>(files.values());
    sorted.sort(Comparator.comparing(f -> f.getPath().toString()));
    CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
    List<Entry> entries = new ArrayList<>();
    long base = 0;
    for (FileStatus f : sorted) {
      boolean compressed = codecs.getCodec(f.getPath()) != null;
      entries.add(new Entry(f.getPath().toString(), entries.size(), compressed ? -1 : base, f.getLen(),
          f.getModificationTime()));
      if (!compressed) {
        base += f.getLen();
      }
    }
    return new InputFiles(entries);
  }

  /** A local path that is not a regular file (a named pipe would block the read forever) is refused. */
  private static void requireRegular(FileStatus file, String given) {
    java.net.URI uri = file.getPath().toUri();
    if ("file".equals(uri.getScheme()) && !java.nio.file.Files.isRegularFile(java.nio.file.Path.of(uri))) {
      throw new InputException("input " + given + " names " + file.getPath() + ", which is not a regular file (a "
          + "pipe, a socket or a device); pais reads files");
    }
  }

  /**
   * Refuses a run whose input changed while it was read: a listed file whose length or modification time is not
   * what it was (a file truncated or appended to mid-read would otherwise give a release of data nobody had).
   */
  void requireUnchanged(Configuration conf) {
    for (Entry e : entries) {
      if (e.length() < 0) {
        continue;
      }
      Path path = new Path(e.path());
      try {
        FileStatus now = path.getFileSystem(conf).getFileStatus(path);
        if (now.getLen() != e.length() || now.getModificationTime() != e.modified()) {
          throw new InputException("input " + e.path() + " changed while it was read; nothing was published: run "
              + "again on a file that no one writes to");
        }
      } catch (IOException ex) {
        throw new InputException("input " + e.path() + " disappeared or became unreadable while it was read ("
            + ReadFailures.describe(ex) + ")");
      }
    }
  }

  /** The files a Spark file source reads ({@code Dataset.inputFiles()}), in path order. */
  static InputFiles ofPaths(String[] paths) {
    List<String> sorted = new ArrayList<>();
    for (String p : paths) {
      sorted.add(new Path(p).toString());
    }
    sorted.sort(Comparator.naturalOrder());
    List<Entry> entries = new ArrayList<>();
    for (String p : sorted) {
      entries.add(new Entry(p, entries.size(), -1, -1, -1));
    }
    return new InputFiles(entries);
  }

  List<Entry> entries() {
    return entries;
  }

  /** The entry of a path as Hadoop names it in a split or Spark in a row's metadata. */
  Entry entry(String path) {
    Entry e = byPath.get(path);
    if (e == null) {
      e = byPath.get(new Path(path).toString());
    }
    if (e == null) {
      throw new IllegalStateException("a file that was not listed was read: " + path);
    }
    return e;
  }

  /** The paths, comma-separated with commas in names escaped, as Hadoop's FileInputFormat takes them. */
  String joined() {
    StringBuilder joined = new StringBuilder();
    for (Entry e : entries) {
      joined.append(joined.length() == 0 ? "" : ",").append(e.path().replace(",", "\\,"));
    }
    return joined.toString();
  }
}
