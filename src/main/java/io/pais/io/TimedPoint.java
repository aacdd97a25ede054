package io.pais.io;

import java.io.Serializable;

/**
 * A record of a stream: its sampling key (its place in the stream, {@link io.pais.sampling.SamplingKeys}), its event
 * time and its point.
 *
 * @param key the sampling key
 * @param eventMillis the event time, milliseconds since the epoch (UTC)
 * @param user the record's user as a 64-bit hash of its user field ({@link #userOf}); 0 when the stream names no
 *     users. Two users whose fields hash alike share one bound on their records, which keeps each within it.
 * @param x the point
 */
public record TimedPoint(long key, long eventMillis, long user, double[] x) implements Serializable {
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  /** A record of a stream that names no users. */
  public TimedPoint(long key, long eventMillis, double[] x) {
    this(key, eventMillis, 0, x);
  }

  /** The user of a user field: FNV-1a over its UTF-8 bytes, the same in every JVM and on every replay. */
  public static long userOf(String field) {
    long h = FNV_OFFSET;
    for (byte b : field.strip().getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * FNV_PRIME;
    }
    return h;
  }
}
