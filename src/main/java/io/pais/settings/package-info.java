/**
 * Every setting of a run, built once: {@link io.pais.settings.KMeansSettings} and its builder, the one place where
 * the rules between settings are checked, filled alike by the job's flags and the Spark ML params, each naming
 * settings in its own {@link io.pais.settings.Vocabulary}; {@link io.pais.settings.Defaults}, the one source of
 * defaults. Spark-free.
 */
package io.pais.settings;
