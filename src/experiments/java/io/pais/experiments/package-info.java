/**
 * The experiments behind docs/results/: the paper's sweeps, the strict-versus-paper study, the utility benchmark,
 * data-set loaders and charts. Not part of a release.
 */
package io.pais.experiments;
