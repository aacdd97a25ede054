/**
 * Weighted DP-Lloyd (SPEC §5): the per-cluster statistics of weighted blocks, the noisy update with its guards, the
 * fused nearest-centre kernels, the k-means cost and weighted k-means++ (for the private coreset). It reads blocks
 * through {@link io.pais.lloyd.SampleBlocks}, in memory or on Spark ({@link io.pais.sampling.spark.SparkBlocks}).
 * Spark-free.
 */
package io.pais.lloyd;
