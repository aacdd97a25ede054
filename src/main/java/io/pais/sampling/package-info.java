/**
 * Sampling functions q(x) of the Poisson importance samplers (unif, core, opt) and the uniform schemes of MUST with
 * their exact draws and copy-count laws, as pure functions of public values. Drawing them over a data set is
 * {@link io.pais.sampling.spark}. Spark-free.
 */
package io.pais.sampling;
