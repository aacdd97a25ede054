/**
 * The privacy of DP-Lloyd itself (SPEC §5–7): its PDP profile, the amplification by Poisson sampling, the calibration
 * of the count and sum noise (the noise knob B and its count/sum split), the base noise of the uniform schemes and
 * the secret behind a seeded run. Spark-free.
 */
package io.pais.privacy;
