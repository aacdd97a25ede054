package io.pais.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pais.settings.Defaults;
import io.pais.settings.KMeansSettings;
import io.pais.settings.OffsetClip;
import io.pais.settings.Preprocessing;
import io.pais.settings.SampleSize;
import io.pais.settings.Vocabulary;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The job's defaults ({@code conf/pais-defaults.properties}, bundled in the jar) are the settings' defaults: a job
 * given only what it needs builds the same settings as a builder given the same.
 */
class JobSettingsTest {

  private static KMeansSettings jobSettings(String... args) {
    PaisJob job = new PaisJob();
    CommandLine cli = PaisJob.commandLine(job);
    cli.setDefaultValueProvider(new ConfDefaults(null));
    cli.parseArgs(args);
    return job.flags.settings();
  }

  @Test
  void theConfFileHoldsTheSettingsDefaults() {
    assertEquals(KMeansSettings.builder().strict(5).build(), jobSettings("--output", "o", "--clip-radius", "5"));
    assertEquals(KMeansSettings.builder().paper().build(), jobSettings("--output", "o", "--privacy", "paper"));
  }

  @Test
  void flagsFillTheSameBuilder() {
    assertEquals(KMeansSettings.builder(Vocabulary.FLAGS).paper().preprocessing(Preprocessing.PUBLIC).normBound(2.0)
            .centre(new double[] {1, 2}).sampleSize(new SampleSize.Count(300)).k(3).seed(7L)
            .offsetClip(OffsetClip.fraction(0.5)).build(),
        jobSettings("--output", "o", "--privacy", "paper", "--preprocess", "public", "--norm-bound", "2", "--center",
            "1,2", "--sample-size", "300", "--k", "3", "--seed", "7", "--offset-clip", "0.5"));
    assertEquals(Defaults.K, jobSettings("--output", "o", "--clip-radius", "5").k());
  }
}
