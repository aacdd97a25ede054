/**
 * Preprocessing on Spark: the paper's protocol and public bounds ({@link io.pais.preprocessing.Preprocessor}), a
 * strict release's clip and DP estimates ({@link io.pais.preprocessing.StrictPreprocessor}), and the one cached copy
 * of the points ({@link io.pais.preprocessing.PointCache}) that sampling and full-data DP-Lloyd read.
 */
package io.pais.preprocessing;
