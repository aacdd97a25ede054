package io.pais.experiments;

import io.pais.sampling.spark.PoissonSampler;
import io.pais.preprocessing.PreparedData;
import io.pais.preprocessing.Preprocessor;
import io.pais.lloyd.SampleBlock;
import io.pais.io.Points;
import io.pais.privacy.Geometry;
import io.pais.sampling.BinnedNorms;
import io.pais.sampling.NormHistogram;
import java.util.List;

/**
 * A data set after the paper's preprocessing (SPEC §8), held in driver memory for the thousands of small runs of
 * a sweep: the points, the same points as weight-1 blocks (for the cost and the full-data sampler), a norm
 * histogram for the opt B search, and the statistics of the table.
 */
final class PreparedSet {
  final String name;
  final List<double[]> points;
  final List<SampleBlock> all;
  final BinnedNorms norms;
  final int dimension;
  final long rawCount;
  final long count;
  final double radius;
  final double xTilde;

  PreparedSet(String name, Points raw) {
    this.name = name;
    PreparedData data = Preprocessor.paper(raw.rdd(), raw.dimension(), Geometry.L2, raw.source());
    this.points = data.points().map(io.pais.sampling.KeyedPoint::x).collect();
    data.release();
    this.dimension = raw.dimension();
    this.rawCount = raw.rdd().count();
    this.count = points.size();
    this.radius = data.radius();
    this.xTilde = data.meanNormStatistic();
    this.all = PoissonSampler.sampleInMemory(points, dimension, null, Geometry.L2, 0);
    NormHistogram histogram = new NormHistogram(radius, 1 << 12);
    points.forEach(x -> histogram.add(Geometry.L2.norm(x)));
    this.norms = histogram.binned();
  }
}
