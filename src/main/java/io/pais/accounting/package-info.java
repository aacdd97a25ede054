/**
 * Where ε is spent and accounted for: the one split of ε into the stages' shares ({@link
 * io.pais.accounting.BudgetAllocation}), the privacy ledger and the report read from it, the guarantee of each
 * sampler and the solvers of the noise knob B, the plans of DP-Lloyd (Poisson and uniform schemes) and MUST's and the
 * Fourier accountant's (ε, δ) bounds. Spark-free.
 */
package io.pais.accounting;
