/**
 * Numerics the privacy code rests on: preconditions that name the parameter, the rule and the value ({@link
 * io.pais.math.Checks}), directed roundings that keep every reported ε an upper bound ({@link io.pais.math.Rounding}),
 * Lambert W, root finding and maximisation. Spark-free; depends on nothing else in pais.
 */
package io.pais.math;
