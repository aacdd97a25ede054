package io.pais.io;

import java.io.Serializable;

/**
 * A record of a stream: its sampling key (its place in the stream, {@link io.pais.sampling.SamplingKeys}), its event
 * time and its point.
 *
 * @param key the sampling key
 * @param eventMillis the event time, milliseconds since the epoch (UTC)
 * @param x the point
 */
public record TimedPoint(long key, long eventMillis, double[] x) implements Serializable {}
