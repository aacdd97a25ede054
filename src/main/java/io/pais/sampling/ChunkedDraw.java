package io.pais.sampling;

import io.pais.math.Checks;
import io.pais.privacy.CounterModeStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * One exact draw of a fixed-size uniform scheme over records numbered 0..N−1 (SPEC §14), made in two levels so that
 * no machine holds more than a chunk: the record numbers are cut into fixed {@link Chunks} of consecutive records;
 * the driver draws only how many of the draws fall in each chunk, and a task that holds a chunk's records draws
 * which ones, from a keystream named by the draw's key and the chunk's index. The driver's memory is one count per
 * chunk, independent of m and n₁; a task's is one count per record of a chunk. The sample is a function of the
 * randomness and the record numbers alone, so a retried task or another partitioning reads the same sample.
 *
 * <p>The law is the one-level draw's, exactly. Every stage of a scheme draws balls from an urn — records, or stage
 * I's slots — with or without replacement ({@link Urn}, integer draws only). Drawing ball by ball, the counts per
 * chunk are multinomial (with replacement) or multivariate hypergeometric (without), and given those counts the
 * draws inside different chunks are independent, each the same kind of draw over the chunk's own balls: that is the
 * order the two levels draw in. Stage I (two-stage schemes) is drawn once per run ({@link StageOne}): its slot
 * counts per chunk on the driver, a chunk's slots per record in the task; stage II draws over the slots, so a
 * record's copies are its draws.
 */
public final class ChunkedDraw implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final int KEY_LONGS = 4; // AES-256

  private final Chunks chunks;
  private final StageOne stageOne;
  private final boolean withReplacement;
  private final long[] counts;
  private final byte[] key;

  private ChunkedDraw(Chunks chunks, StageOne stageOne, boolean withReplacement, long[] counts, byte[] key) {
    this.chunks = chunks;
    this.stageOne = stageOne;
    this.withReplacement = withReplacement;
    this.counts = counts;
    this.key = key;
  }

  /**
   * Consecutive record numbers cut into chunks of {@link #size()} records (the last one shorter): 2¹⁶ records, or
   * more when N needs more than 2²⁰ chunks. A function of N alone, which the fixed-size schemes treat as public.
   */
  public record Chunks(long population, int size) implements Serializable {
    private static final int MIN_SIZE = 1 << 16;
    private static final long MAX_CHUNKS = 1L << 20;

    public Chunks {
      Checks.positive("population (N)", population);
      Checks.positive("chunk size", size);
    }

    /** The production layout for N records. */
    public static Chunks of(long population) {
      Checks.positive("population (N)", population);
      return new Chunks(population, (int) Math.max(MIN_SIZE, (population + MAX_CHUNKS - 1) / MAX_CHUNKS));
    }

    /** The number of chunks. */
    public int count() {
      return (int) ((population + size - 1) / size);
    }

    /** The record number of chunk {@code chunk}'s first record. */
    public long first(int chunk) {
      return (long) chunk * size;
    }

    /** The number of records in chunk {@code chunk}. */
    public int length(int chunk) {
      return (int) Math.min(size, population - first(chunk));
    }

    /** The chunk of record {@code record}. */
    public int chunkOf(long record) {
      return (int) (record / size);
    }

    long[] lengths() {
      long[] out = new long[count()];
      for (int j = 0; j < out.length; j++) {
        out[j] = length(j);
      }
      return out;
    }
  }

  /**
   * Stage I of a two-stage scheme, drawn once per run: n₁ slots (distinct records for must-ow, records with
   * repetition for must-wo and must-ww), held as the number of slots per chunk and the key that places them.
   */
  public static final class StageOne implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Chunks chunks;
    private final boolean withReplacement;
    private final long[] counts;
    private final long[] before;
    private final byte[] key;

    private StageOne(Chunks chunks, boolean withReplacement, long[] counts, byte[] key) {
      this.chunks = chunks;
      this.withReplacement = withReplacement;
      this.counts = counts;
      this.key = key;
      this.before = new long[counts.length];
      for (int j = 1; j < counts.length; j++) {
        before[j] = before[j - 1] + counts[j - 1];
      }
    }

    public Chunks chunks() {
      return chunks;
    }

    /** n₁. */
    public long size() {
      return counts.length == 0 ? 0 : before[counts.length - 1] + counts[counts.length - 1];
    }

    /** The number of slots in all chunks before {@code chunk}. */
    public long slotsBefore(int chunk) {
      return before[chunk];
    }

    /** Chunk {@code chunk}'s slots per record (its records in order). */
    public long[] slots(int chunk) {
      return drawRecordsInChunk(chunks.length(chunk), counts[chunk], withReplacement, key, chunk);
    }
  }

  /**
   * Stage I of {@code scheme} (a two-stage one) over N records: n₁ = {@code stage1} slots.
   *
   * @param random the driver's randomness: the per-chunk counts and the key
   */
  public static StageOne stageOne(UniformScheme scheme, Chunks chunks, long stage1, UniformRandomProvider random) {
    Checks.notNull("scheme", scheme);
    Checks.notNull("chunks", chunks);
    Checks.require(scheme.isTwoStage(), "stage I belongs to a two-stage scheme, got " + scheme.id());
    scheme.requireValidSizes(chunks.population(), stage1, 1);
    Checks.notNull("random", random);
    boolean withReplacement = switch (scheme) {
      case MUST_OW -> false;
      case MUST_WO, MUST_WW -> true;
      case POISSON_UNIFORM, WOR, WR -> throw new IllegalStateException("not two-stage: " + scheme.id());
    };
    return new StageOne(chunks, withReplacement, recordsPerChunk(chunks, stage1, withReplacement, random),
        key(random));
  }

  /**
   * One draw of m = {@code sampleSize} for {@code scheme} (not poisson-uniform): over the records of
   * {@code chunks} for a one-stage scheme, over {@code stageOne}'s slots for a two-stage one.
   */
  public static ChunkedDraw draw(UniformScheme scheme, Chunks chunks, StageOne stageOne, long sampleSize,
      UniformRandomProvider random) {
    Checks.notNull("scheme", scheme);
    Checks.notNull("chunks", chunks);
    Checks.require(scheme != UniformScheme.POISSON_UNIFORM, "poisson-uniform is sampled by per-record coins, not "
        + "drawn");
    Checks.require(scheme.isTwoStage() == (stageOne != null), scheme.id() + (scheme.isTwoStage()
        ? " draws over stage I's slots: stage I is missing" : " has no stage I"));
    Checks.require(stageOne == null || stageOne.chunks().equals(chunks), "stage I was drawn over other chunks");
    scheme.requireValidSizes(chunks.population(), stageOne == null ? 0 : stageOne.size(), sampleSize);
    Checks.notNull("random", random);
    boolean withReplacement = switch (scheme) {
      case WR, MUST_OW, MUST_WW -> true;
      case WOR, MUST_WO -> false;
      case POISSON_UNIFORM -> throw new IllegalStateException("poisson-uniform is not drawn");
    };
    long[] counts = stageOne == null ? recordsPerChunk(chunks, sampleSize, withReplacement, random)
        : withReplacement ? Urn.withReplacement(stageOne.counts, sampleSize, random)
        : Urn.withoutReplacement(stageOne.counts, sampleSize, random);
    return new ChunkedDraw(chunks, stageOne, withReplacement, counts, key(random));
  }

  /**
   * How many of {@code draws} draws over the records fall in each chunk. With replacement a draw is a uniform record
   * number, counted in its chunk (the urn's law without the tree); without, the urn over the chunks' lengths.
   */
  private static long[] recordsPerChunk(Chunks chunks, long draws, boolean withReplacement,
      UniformRandomProvider random) {
    if (!withReplacement) {
      return Urn.withoutReplacement(chunks.lengths(), draws, random);
    }
    long[] counts = new long[chunks.count()];
    for (long i = 0; i < draws; i++) {
      counts[chunks.chunkOf(random.nextLong(chunks.population()))]++;
    }
    return counts;
  }

  public Chunks chunks() {
    return chunks;
  }

  /** m, the number of draws. */
  public long size() {
    return Arrays.stream(counts).sum();
  }

  /** The number of draws in chunk {@code chunk}. */
  public long drawsIn(int chunk) {
    return counts[chunk];
  }

  /** Chunk {@code chunk}'s copies per record (its records in order; 0 for a record not drawn). */
  public long[] copies(int chunk) {
    return stageOne == null ? drawRecordsInChunk(chunks.length(chunk), counts[chunk], withReplacement, key, chunk)
        : drawInChunk(stageOne.slots(chunk), counts[chunk], withReplacement, key, chunk);
  }

  /**
   * A chunk's draws over its slots per record (two-stage schemes' stage II): the urn over the records that hold a
   * slot, so the tree is as large as stage I's share of the chunk, not the chunk.
   */
  private static long[] drawInChunk(long[] slots, long draws, boolean withReplacement, byte[] key, int chunk) {
    long[] copies = new long[slots.length];
    if (draws == 0) {
      return copies;
    }
    int held = 0;
    int[] holders = new int[slots.length];
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] > 0) {
        holders[held++] = i;
      }
    }
    long[] weights = new long[held];
    for (int h = 0; h < held; h++) {
      weights[h] = slots[holders[h]];
    }
    UniformRandomProvider stream = new CounterModeStream(key, chunk);
    long[] drawn = withReplacement ? Urn.withReplacement(weights, draws, stream)
        : Urn.withoutReplacement(weights, draws, stream);
    for (int h = 0; h < held; h++) {
      copies[holders[h]] = drawn[h];
    }
    return copies;
  }

  /**
   * A chunk's draws over its records, one ball each: the urn's law with one bounded integer a draw and no tree (a
   * chunk then costs its draws, not its length). Without replacement: Floyd's algorithm, the result itself as the
   * set of chosen records.
   */
  private static long[] drawRecordsInChunk(int records, long draws, boolean withReplacement, byte[] key, int chunk) {
    long[] copies = new long[records];
    if (draws == 0) {
      return copies;
    }
    UniformRandomProvider stream = new CounterModeStream(key, chunk);
    if (withReplacement) {
      for (long i = 0; i < draws; i++) {
        copies[stream.nextInt(records)]++;
      }
      return copies;
    }
    Checks.require(draws <= records, "draws without replacement must be at most the chunk's " + records
        + " records, got " + draws);
    for (int j = (int) (records - draws); j < records; j++) {
      int t = stream.nextInt(j + 1);
      copies[copies[t] == 0 ? t : j] = 1;
    }
    return copies;
  }

  private static byte[] key(UniformRandomProvider random) {
    ByteBuffer key = ByteBuffer.allocate(KEY_LONGS * Long.BYTES);
    for (int i = 0; i < KEY_LONGS; i++) {
      key.putLong(random.nextLong());
    }
    return key.array();
  }
}
