package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * The post-processing guards on noisy centres (SPEC §11): they read only DP outputs. With a private coreset they
 * include the re-seeding of dead centres ({@link io.pais.lloyd.DeadCentres}).
 *
 * @param enabled whether the guards run
 * @param minNoisyCount keep a cluster's previous centre when its noisy count is at or below this
 */
public record Guards(boolean enabled, double minNoisyCount) implements Serializable {
  public Guards {
    Checks.finite("minNoisyCount", minNoisyCount);
  }
}
