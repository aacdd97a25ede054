package io.pais.io;

import org.apache.spark.api.java.JavaRDD;

/**
 * Parsed input: dense points of one dimension.
 *
 * @param rdd the points
 * @param dimension d
 * @param source a description of the input for logs and reports (paths and format, never values)
 */
public record Points(JavaRDD<double[]> rdd, int dimension, String source) {}
