package io.pais.sampling.spark;

import io.pais.sampling.ChunkedDraw.Chunks;
import java.util.function.IntFunction;

/**
 * A per-chunk array of a chunked draw read along one partition's blocks, whose record numbers increase: each chunk's
 * array is drawn once per partition that meets the chunk, not once per block.
 */
final class ChunkCursor {
  private final Chunks chunks;
  private final IntFunction<long[]> perChunk;
  private int chunk = -1;
  private long[] values;

  ChunkCursor(Chunks chunks, IntFunction<long[]> perChunk) {
    this.chunks = chunks;
    this.perChunk = perChunk;
  }

  Chunks chunks() {
    return chunks;
  }

  /** Chunk {@code j}'s array, one value per record of the chunk. */
  long[] of(int j) {
    if (j != chunk) {
      values = perChunk.apply(j);
      chunk = j;
    }
    return values;
  }
}
