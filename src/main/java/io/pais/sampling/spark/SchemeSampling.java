package io.pais.sampling.spark;

import io.pais.lloyd.SampleBlock;
import io.pais.sampling.KeyedCoins;
import io.pais.sampling.ChunkedDraw;
import io.pais.sampling.UniformScheme;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;

/**
 * The fresh sample of every DP-Lloyd iteration under a uniform scheme (SPEC §14), over the numbered records. The
 * fixed-size schemes are drawn exactly in two levels ({@link ChunkedDraw}): the driver draws the number of draws per
 * chunk of records from the run's randomness and broadcasts them with the draw's key (one count per chunk, whatever
 * m and n₁); map tasks draw inside the chunks their blocks meet and read the drawn rows off the cached blocks,
 * weighted by copies. Poisson-uniform flips per-record keyed coins, fresh per iteration. Both are fixed functions
 * of the randomness and the record numbers, so a retried task or another partitioning reads the same sample.
 *
 * <p>With a cached stage I (must-ow) the n₁ stage-I records are drawn once, kept as their own cached blocks
 * (renumbered 0..n₁−1 in order) and the full data is released: each iteration then draws m with replacement from
 * the n₁ and reads only them.
 */
public final class SchemeSampling {
  private final UniformScheme scheme;
  private final long population;
  private final ChunkedDraw.Chunks chunks;
  private final long stage1;
  private final int sampleSize;
  private final double rate;
  private final boolean stage1Cached;
  private final UniformRandomProvider random;
  private final KeyedCoins coins;
  private final JavaSparkContext jsc;
  private JavaRDD<RecordBlock> records;
  /** Stage I when cached: the cached blocks' lineage reads it, so it lives until {@link #release}. */
  private Broadcast<ChunkedDraw.StageOne> stageOneRecords;
  private Broadcast<ChunkedDraw> current;

  /**
   * @param numbered the numbered records (persisted; released here when stage I is cached)
   * @param rate poisson-uniform's γ (else ignored)
   * @param random the driver's randomness for exact draws
   * @param coins the keyed coins for poisson-uniform
   */
  public SchemeSampling(UniformScheme scheme, RecordNumbering.Numbered numbered, long stage1, int sampleSize, double rate,
      boolean stage1Cached, UniformRandomProvider random, KeyedCoins coins) {
    this.scheme = scheme;
    this.population = numbered.population();
    this.chunks = stage1Cached ? ChunkedDraw.Chunks.of(stage1) : ChunkedDraw.Chunks.of(population);
    this.stage1 = stage1;
    this.sampleSize = sampleSize;
    this.rate = rate;
    this.stage1Cached = stage1Cached;
    this.random = random;
    this.coins = coins;
    this.jsc = JavaSparkContext.fromSparkContext(numbered.blocks().context());
    this.records = numbered.blocks();
    if (stage1Cached) {
      Broadcast<ChunkedDraw.StageOne> kept = jsc.broadcast(ChunkedDraw.stageOne(scheme,
          ChunkedDraw.Chunks.of(population), stage1, random));
      stageOneRecords = kept;
      JavaRDD<RecordBlock> stageOne = records.mapPartitions(blocks -> {
        ChunkedDraw.StageOne s = kept.value();
        ChunkCursor keptBefore = new ChunkCursor(s.chunks(), j -> RecordBlock.keptBefore(s.slots(j)));
        return Iterators.mapNonNull(blocks, b -> b.restrict(keptBefore, s));
      }, true).persist(StorageLevel.MEMORY_AND_DISK());
      stageOne.count(); // materialise before the full data is released
      records.unpersist(false);
      records = stageOne;
    }
  }

  /** N, the number of numbered records. */
  public long population() {
    return population;
  }

  /** n₁ (two-stage schemes). */
  public long stage1() {
    return stage1;
  }

  /** m (fixed-size schemes). */
  public int sampleSize() {
    return sampleSize;
  }

  /** γ (poisson-uniform). */
  public double rate() {
    return rate;
  }

  /** The weighted sample of iteration {@code t} (1-based). */
  public JavaRDD<SampleBlock> iteration(int t) {
    releaseDraw();
    if (scheme == UniformScheme.POISSON_UNIFORM) {
      KeyedCoins round = coins.round(t);
      double gamma = rate;
      return records.mapPartitions(blocks -> Iterators.mapNonNull(blocks, b -> b.coins(round, gamma)), true);
    }
    ChunkedDraw draw = stage1Cached
        ? ChunkedDraw.draw(UniformScheme.WR, chunks, null, sampleSize, random)
        : ChunkedDraw.draw(scheme, chunks, scheme.isTwoStage() ? ChunkedDraw.stageOne(scheme, chunks, stage1, random)
            : null, sampleSize, random);
    Broadcast<ChunkedDraw> shared = jsc.broadcast(draw);
    current = shared;
    return records.mapPartitions(blocks -> {
      ChunkedDraw d = shared.value();
      ChunkCursor copies = new ChunkCursor(d.chunks(), d::copies);
      return Iterators.mapNonNull(blocks, b -> b.select(copies));
    }, true);
  }

  /** Releases the last draw's broadcast and the cached records. */
  public void release() {
    releaseDraw();
    records.unpersist(false);
    if (stageOneRecords != null) {
      stageOneRecords.destroy();
    }
  }

  private void releaseDraw() {
    if (current != null) {
      current.destroy();
      current = null;
    }
  }
}
