/**
 * One private k-means run as a recipe ({@link io.pais.clustering.PrivateKMeansEngine}): preprocess, plan
 * ({@link io.pais.clustering.LloydPlanner}), sample, initialise, iterate, report ({@link
 * io.pais.clustering.ReleaseReporter}), each a call into its part over one immutable {@link
 * io.pais.clustering.PreparedRun}.
 */
package io.pais.clustering;
