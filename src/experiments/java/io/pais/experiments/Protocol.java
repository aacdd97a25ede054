package io.pais.experiments;

import io.pais.settings.Initialisation;
import java.util.Locale;

/** How a sweep initialises and post-processes (SPEC §9). */
enum Protocol {
  /** The paper's protocol: k random sample points as initial centres (not private), no guards. */
  PAPER(Initialisation.SAMPLE_POINTS, false),
  /** The product's private defaults: data-independent initial centres, guards on. */
  PRODUCT(Initialisation.RANDOM_BALL, true);

  final Initialisation init;
  final boolean guards;

  Protocol(Initialisation init, boolean guards) {
    this.init = init;
    this.guards = guards;
  }

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
