/**
 * Releases per event-time window of a stream, exactly once: the records' inputs (a folder of delimited files, a
 * Kafka-schema source, a caller's streaming DataFrame: {@link io.pais.stream.StreamInput}), the windows and the
 * watermark ({@link io.pais.stream.WindowGrid}), each micro-batch sampled as it arrives and each closed window
 * released and published once ({@link io.pais.stream.WindowReleases}, with its state in the checkpoint), and the
 * query's lifecycle ({@link io.pais.stream.StreamRun}). Spark code, kept thin: the sample is drawn by the engine's plan
 * ({@link io.pais.clustering.ArrivalSampling}) and each window is a strict release of the engine's.
 */
package io.pais.stream;
