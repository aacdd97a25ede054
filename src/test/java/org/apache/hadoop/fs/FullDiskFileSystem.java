package org.apache.hadoop.fs;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.util.Progressable;

/**
 * A local file system whose disk is full: creating a file throws Hadoop's {@link FSError} (a java.lang.Error, as
 * the local file system throws when a write fails), everything else works. In this package because FSError's
 * constructor is package-private. Registered as {@code fs.fulldisk.impl}. A release writer's lock (a few bytes
 * written at pre-flight) still fits, so that the failure comes while the release is written.
 */
public class FullDiskFileSystem extends RawLocalFileSystem {
  @Override
  public URI getUri() {
    return URI.create("fulldisk:///");
  }

  @Override
  public String getScheme() {
    return "fulldisk";
  }

  @Override
  public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication, long blockSize,
      Progressable progress) throws IOException {
    if (f.getName().contains(".pais-lock-")) {
      return super.create(f, overwrite, bufferSize, replication, blockSize, progress);
    }
    throw new FSError(new IOException("No space left on device"));
  }
}
