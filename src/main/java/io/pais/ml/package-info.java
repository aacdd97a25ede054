/**
 * Spark ML: the {@link io.pais.ml.PrivateKMeans} Estimator and its Model, their params (one declaration each, with
 * validator and default) and persistence.
 */
package io.pais.ml;
