/**
 * The release's plan, from public inputs and DP estimates only: which stages run and their shares of ε
 * ({@link io.pais.planning.ReleaseStages}), DP-Lloyd's plan requests and its T
 * ({@link io.pais.planning.LloydRequests}), and what a larger radius's noise costs ({@link io.pais.planning.TailNoise}). Spark-free: tested in milliseconds;
 * the engine and the preprocessing read these decisions instead of making them.
 */
package io.pais.planning;
