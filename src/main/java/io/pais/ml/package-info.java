/**
 * Spark ML: the {@link io.pais.ml.PrivateKMeans} Estimator and its Model; the private preprocessing stages
 * {@link io.pais.ml.PrivateStandardScaler} (DP moments from a public box) and {@link io.pais.ml.BoxScaler} (a public
 * box, no ε); {@link io.pais.ml.PrivatePipeline}, which refuses stages that would save exact statistics of the data
 * and composes the private stages' guarantees; their params (one declaration each, with validator and default) and
 * persistence.
 */
package io.pais.ml;
