package io.pais.experiments;

import org.apache.spark.sql.SparkSession;

/** The Spark session of a study: local, no UI, bound to the loopback address; or the running one (tests). */
final class StudySession {
  private StudySession() {}

  /** The active session when {@code keepRunning} (the caller then leaves it running), else a new local one. */
  static SparkSession open(String appName, int threads, boolean keepRunning) {
    return keepRunning ? SparkSession.active()
        : SparkSession.builder().master("local[" + threads + "]").appName(appName).config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
  }
}
