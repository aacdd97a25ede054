package io.pais.testing;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under the scheme {@code watched:}, counting every access to a path: a test that a run read
 * nothing of an input checks the count stayed 0. Registered as {@code fs.watched.impl} (cache disabled).
 */
public class WatchedFileSystem extends RawLocalFileSystem {
  /** Accesses (opens, listings, status lookups) since the last {@link #reset}. */
  public static final AtomicInteger ACCESSES = new AtomicInteger();

  public static void reset() {
    ACCESSES.set(0);
  }

  @Override
  public URI getUri() {
    return URI.create("watched:///");
  }

  @Override
  public String getScheme() {
    return "watched";
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    ACCESSES.incrementAndGet();
    return super.open(f, bufferSize);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    ACCESSES.incrementAndGet();
    return super.listStatus(f);
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    ACCESSES.incrementAndGet();
    return super.getFileStatus(f);
  }

  @Override
  public boolean exists(Path f) throws IOException {
    ACCESSES.incrementAndGet();
    try {
      return super.getFileStatus(f) != null;
    } catch (FileNotFoundException e) {
      return false;
    }
  }
}
