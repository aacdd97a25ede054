package io.pais.io;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * An object store for the tests ({@code fs.s3a.impl}): the local file system under the s3a scheme, so that the
 * refusal of a file system without atomic rename can be tested without a bucket.
 */
public class ObjectStoreDouble extends RawLocalFileSystem {
  @Override
  public URI getUri() {
    return URI.create("s3a://bucket/");
  }

  @Override
  public String getScheme() {
    return "s3a";
  }
}
