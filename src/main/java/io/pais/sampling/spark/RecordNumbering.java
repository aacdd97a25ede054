package io.pais.sampling.spark;

import io.pais.lloyd.SampleBlock;
import io.pais.sampling.KeyedPoint;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Dense record numbers 0..N−1 for a uniform scheme's exact draws: a record's number is the rank of its sampling
 * key, which names its place in the input ({@link io.pais.sampling.SamplingKeys}), so the numbering — and with it a
 * seeded draw — depends on the rows and their order, not on how Spark split them. One pass collects each
 * partition's key range and count; when the ranges do not overlap (text splits, which are contiguous pieces of
 * the input) a partition's numbers are its offset plus the rank within it, otherwise the points are first sorted by
 * key across partitions (a shuffle). The result is cached as blocks of consecutive numbers.
 */
public final class RecordNumbering {

  /** The numbered blocks (persisted) and N. */
  public record Numbered(JavaRDD<RecordBlock> blocks, long population) {}

  /** One partition's count and key range, and whether its keys come in increasing order. */
  private record Range(int partition, long count, long min, long max, boolean increasing) implements Serializable {}

  private RecordNumbering() {}

  public static Numbered number(JavaRDD<KeyedPoint> points, int dimension) {
    List<Range> ranges = ranges(points);
    JavaRDD<KeyedPoint> ordered = points;
    if (overlap(ranges)) {
      ordered = points.mapToPair(p -> new Tuple2<>(p.key(), p.x()))
          .sortByKey(true, points.getNumPartitions())
          .map(t -> new KeyedPoint(t._1(), t._2()));
      ranges = ranges(ordered);
    }
    long[] offsets = new long[ordered.getNumPartitions()];
    boolean[] increasing = new boolean[offsets.length];
    long population = 0;
    for (Range r : ranges.stream().sorted(Comparator.comparingLong(Range::min)).toList()) {
      offsets[r.partition()] = population;
      increasing[r.partition()] = r.increasing();
      population += r.count();
    }
    JavaRDD<RecordBlock> blocks = ordered.mapPartitionsWithIndex((partition, rows) -> blocks(
        increasing[partition] ? rows : sortedByKey(rows), offsets[partition], dimension), true)
        .persist(StorageLevel.MEMORY_AND_DISK());
    return new Numbered(blocks, population);
  }

  private static List<Range> ranges(JavaRDD<KeyedPoint> points) {
    List<Range> all = points.mapPartitionsWithIndex((partition, rows) -> {
      long count = 0;
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      boolean increasing = true;
      long previous = Long.MIN_VALUE;
      while (rows.hasNext()) {
        long key = rows.next().key();
        increasing &= count == 0 || key > previous;
        previous = key;
        min = Math.min(min, key);
        max = Math.max(max, key);
        count++;
      }
      return List.of(new Range(partition, count, min, max, increasing)).iterator();
    }, true).collect();
    return all.stream().filter(r -> r.count() > 0).toList();
  }

  /** Whether two non-empty partitions' key ranges meet (then ranks need a global sort). */
  private static boolean overlap(List<Range> ranges) {
    List<Range> byMin = ranges.stream().sorted(Comparator.comparingLong(Range::min)).toList();
    for (int i = 1; i < byMin.size(); i++) {
      if (byMin.get(i).min() <= byMin.get(i - 1).max()) {
        return true;
      }
    }
    return false;
  }

  private static Iterator<KeyedPoint> sortedByKey(Iterator<KeyedPoint> rows) {
    List<KeyedPoint> all = new ArrayList<>();
    rows.forEachRemaining(all::add);
    all.sort(Comparator.comparingLong(KeyedPoint::key));
    return all.iterator();
  }

  private static Iterator<RecordBlock> blocks(Iterator<KeyedPoint> rows, long offset, int dimension) {
    List<RecordBlock> out = new ArrayList<>();
    SampleBlock.Builder builder = new SampleBlock.Builder(dimension, PoissonSampler.blockRows(dimension));
    long first = offset;
    while (rows.hasNext()) {
      builder.add(rows.next().x(), 1.0);
      if (builder.isFull()) {
        SampleBlock block = builder.build();
        out.add(new RecordBlock(first, block));
        first += block.rows();
      }
    }
    if (!builder.isEmpty()) {
      out.add(new RecordBlock(first, builder.build()));
    }
    return out.iterator();
  }
}
