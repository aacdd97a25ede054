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
 * Of two runs renaming onto one name, one wins and the other learns it lost. A file system without
 * {@code FileContext} (object stores) gets a check and a rename — two steps, not atomic (see the README).
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
}
