/**
 * The noise of releases: Laplace and ℓp sum noise, exact discrete Laplace and the lattice noise that keeps released
 * values free of floating-point side channels, and the randomness behind them (secure, or a seeded AES-256-CTR
 * stream for reproducible runs). Spark-free.
 */
package io.pais.noise;
