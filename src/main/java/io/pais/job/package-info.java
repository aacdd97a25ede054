/**
 * The {@code spark-submit} job ({@link io.pais.job.PaisJob}), its defaults file, progress line and failure reports,
 * and the privacy calculator ({@code submit/pais-privacy}).
 */
package io.pais.job;
