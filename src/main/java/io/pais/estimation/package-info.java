/**
 * Differentially private estimates a strict release needs (SPEC §13): the centre and the norm histogram from which
 * n, r, x̃ and the opt B search follow by post-processing, and the mechanisms of the private coreset initialiser
 * (spreads, cell tree and region sums or, in few dimensions, a grid; the tail axes). Each takes exact aggregates
 * computed over clipped points, adds calibrated noise, and records its share in the privacy ledger. Spark-free.
 */
package io.pais.estimation;
