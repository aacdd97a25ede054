package io.pais.io;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;

/**
 * Publishes a directory by a rename that never replaces what is there: on the local file system rename(2) itself
 * (it fails on a non-empty target directory), on HDFS {@code FileContext.rename} without overwrite (atomic there).
 * Of two runs renaming onto one name, one wins and the other learns it lost. Object stores have a {@code FileContext}
 * too, but their rename is a check followed by a copy: {@link FileSystemSafety} refuses them unless the user accepts
 * that; a file system without {@code FileContext} gets a check and a rename, two steps.
 */
public final class DirectoryRename {
  private DirectoryRename() {}

  /**
   * Renames the non-empty directory {@code from} to {@code to} only if {@code to} does not exist: false when it
   * does (then nothing moved).
   */
  public static boolean withoutReplacing(FileSystem fs, Configuration conf, Path from, Path to) throws IOException {
    URI target = fs.makeQualified(to).toUri();
    if ("file".equals(target.getScheme())) {
      try {
        // rename(2): fails on an existing file or non-empty directory (an empty one it replaces, losing nothing)
        Files.move(java.nio.file.Path.of(fs.makeQualified(from).toUri()), java.nio.file.Path.of(target),
            StandardCopyOption.ATOMIC_MOVE);
        return true;
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        return false;
      } catch (FileSystemException e) {
        if (Files.exists(java.nio.file.Path.of(target), LinkOption.NOFOLLOW_LINKS)) {
          return false;
        }
        throw e;
      }
    }
    try {
      FileContext.getFileContext(target, conf).rename(from, to, Options.Rename.NONE);
      return true;
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      return false;
    } catch (UnsupportedFileSystemException e) {
      return !fs.exists(to) && fs.rename(from, to);
    }
  }

  /**
   * Creates the directory {@code path} only if nothing is there, in one atomic step: true when this call made it,
   * false when something existed (then nothing changed). Its parent must exist. On the local file system mkdir(2);
   * elsewhere a private empty directory renamed onto the name without replacing (HDFS's mkdir succeeds on an
   * existing directory, so it cannot tell two runs apart).
   */
  public static boolean createExclusively(FileSystem fs, Configuration conf, Path path) throws IOException {
    URI target = fs.makeQualified(path).toUri();
    if ("file".equals(target.getScheme())) {
      try {
        Files.createDirectory(java.nio.file.Path.of(target));
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    Path fresh = new Path(path.getParent(), "." + path.getName() + ".pais-new-" + java.util.UUID.randomUUID());
    boolean moved = false;
    try {
      if (!fs.mkdirs(fresh)) {
        throw new IOException("mkdirs failed");
      }
      moved = withoutReplacing(fs, conf, fresh, path);
      return moved;
    } finally {
      if (!moved) {
        fs.delete(fresh, false);
      }
    }
  }

  /**
   * Renames {@code from} onto {@code reserved} only while {@code reserved} is an empty directory (the one a run
   * made to hold the name): false, with nothing moved, when anything else is there or nothing is. On the local
   * file system rename(2) itself, which replaces an empty directory and fails on any other target in one step;
   * elsewhere the empty directory is removed (a delete that fails on a non-empty one) and the rename does not
   * replace, so whatever appears in between wins and nothing of it is lost.
   */
  public static boolean ontoEmptyDirectory(FileSystem fs, Configuration conf, Path from, Path reserved)
      throws IOException {
    URI target = fs.makeQualified(reserved).toUri();
    if ("file".equals(target.getScheme())) {
      java.nio.file.Path to = java.nio.file.Path.of(target);
      if (!Files.isDirectory(to, LinkOption.NOFOLLOW_LINKS)) {
        return false;
      }
      try {
        Files.move(java.nio.file.Path.of(fs.makeQualified(from).toUri()), to, StandardCopyOption.ATOMIC_MOVE);
        return true;
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        return false;
      } catch (FileSystemException e) {
        if (Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
          return false;
        }
        throw e;
      }
    }
    try {
      if (!fs.getFileStatus(reserved).isDirectory() || fs.listStatus(reserved).length > 0
          || !fs.delete(reserved, false)) {
        return false;
      }
    } catch (java.io.FileNotFoundException | org.apache.hadoop.fs.PathIsNotEmptyDirectoryException e) {
      return false;
    }
    return withoutReplacing(fs, conf, from, reserved);
  }

  /**
   * Renames the file {@code from} over the file {@code to}, replacing it in one step (a small record that only ever
   * moves forward, such as a ledger's head): rename(2) on the local file system, {@code FileContext.rename} with
   * overwrite elsewhere.
   */
  public static void replacing(FileSystem fs, Configuration conf, Path from, Path to) throws IOException {
    URI target = fs.makeQualified(to).toUri();
    if ("file".equals(target.getScheme())) {
      Files.move(java.nio.file.Path.of(fs.makeQualified(from).toUri()), java.nio.file.Path.of(target),
          StandardCopyOption.ATOMIC_MOVE);
      return;
    }
    try {
      FileContext.getFileContext(target, conf).rename(from, to, Options.Rename.OVERWRITE);
    } catch (UnsupportedFileSystemException e) {
      fs.delete(to, false);
      if (!fs.rename(from, to)) {
        throw new IOException("rename failed");
      }
    }
  }
}
