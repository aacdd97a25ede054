/**
 * One private k-means run as a recipe ({@link io.pais.clustering.PrivateKMeansEngine}): check the input
 * ({@link io.pais.clustering.ReleaseInput}), preprocess, the private coreset ({@link io.pais.clustering.CoresetStage}),
 * plan and sample ({@link io.pais.clustering.PoissonPreparation}, {@link io.pais.clustering.SchemePreparation}, with
 * {@link io.pais.clustering.LloydPlanner}), iterate ({@link io.pais.clustering.DpLloydStage}), summarise
 * ({@link io.pais.clustering.TrainingSummaryStage}) and report ({@link io.pais.clustering.ReleaseReporter}), each a
 * part told what it needs, over one immutable {@link io.pais.clustering.PreparedRun}.
 */
package io.pais.clustering;
