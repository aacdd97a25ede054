/**
 * The samplers run on Spark: the Poisson filter over keyed points with partition-independent coins ({@link
 * io.pais.sampling.spark.PoissonSampler}), record numbering and the per-iteration samples of the uniform schemes
 * ({@link io.pais.sampling.spark.SchemeSampling}), and DP-Lloyd's statistics folded over an RDD of blocks ({@link
 * io.pais.sampling.spark.SparkBlocks}).
 */
package io.pais.sampling.spark;
