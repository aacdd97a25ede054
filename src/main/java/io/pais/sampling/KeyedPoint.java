package io.pais.sampling;

import java.io.Serializable;

/**
 * One input point and its sampling key (its place in the input, see {@link SamplingKeys}),
 * which its Poisson coin is derived from.
 *
 * @param key the sampling key
 * @param x the coordinates
 */
public record KeyedPoint(long key, double[] x) implements Serializable {}
