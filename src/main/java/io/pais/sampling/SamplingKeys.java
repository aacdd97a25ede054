package io.pais.sampling;

/**
 * The sampling key of a record: a 64-bit number naming the record's place in the input, from which its Poisson
 * coin is derived ({@link RecordCoin}). A key must not depend on how Spark splits the input, so that the same
 * rows in the same order give the same sample whatever the split size, block size or partition count. The two
 * top bits say what kind of place it is, so kinds never collide:
 *
 * <ul>
 *   <li>00: the byte offset of a line in the path-sorted concatenation of uncompressed text files (unchanged
 *       when the same rows are written as one file or several);
 *   <li>01: (ordinal of the file in path order, line number) for compressed text, which is read whole;
 *   <li>10: (ordinal of the file in path order, row index) for Parquet;
 *   <li>11: (Spark partition, position in the partition): the fallback for a source with no stable place
 *       (an arbitrary DataFrame), which is stable under task retries but not under re-partitioning.
 * </ul>
 *
 * In the composite kinds the first number has 24 bits and the second 38 (16.7 million files of up to 275
 * billion rows each); a place beyond that is refused rather than wrapped onto another record's key.
 */
public final class SamplingKeys {
  private static final int FIRST_BITS = 24;
  private static final int SECOND_BITS = 38;
  private static final long KIND_FILE_LINE = 1L << 62;
  private static final long KIND_FILE_ROW = 2L << 62;
  private static final long KIND_PARTITION = 3L << 62;

  private SamplingKeys() {}

  /** A line of uncompressed text at {@code offset} bytes into the concatenation of the input files. */
  public static long textOffset(long offset) {
    if (offset < 0 || offset >= KIND_FILE_LINE) {
      throw new IllegalArgumentException("text offset must be in [0, 2^62), got " + offset);
    }
    return offset;
  }

  /** Line {@code line} (1-based) of the compressed file with ordinal {@code file}. */
  public static long fileLine(int file, long line) {
    return KIND_FILE_LINE | pack("file ordinal", file, "line number", line);
  }

  /** Row {@code row} (0-based) of the Parquet file with ordinal {@code file}. */
  public static long fileRow(int file, long row) {
    return KIND_FILE_ROW | pack("file ordinal", file, "row index", row);
  }

  /** Position {@code position} of Spark partition {@code partition}: not stable under re-partitioning. */
  public static long partitionPosition(int partition, long position) {
    return KIND_PARTITION | pack("partition", partition, "position", position);
  }

  private static long pack(String firstName, long first, String secondName, long second) {
    if (first < 0 || first >= 1L << FIRST_BITS) {
      throw new IllegalArgumentException(firstName + " must be in [0, 2^" + FIRST_BITS + "), got " + first);
    }
    if (second < 0 || second >= 1L << SECOND_BITS) {
      throw new IllegalArgumentException(secondName + " must be in [0, 2^" + SECOND_BITS + "), got " + second);
    }
    return first << SECOND_BITS | second;
  }
}
