package io.pais.settings;

import io.pais.math.Checks;
import java.io.Serializable;
import java.util.Locale;

/**
 * The two privacy modes of a run: an end-to-end private release (SPEC §13), or the paper's pipeline, a labelled
 * reproduction mode that reads the constants of §10 from the data without privacy.
 */
public sealed interface PrivacyMode extends Serializable {

  /** The public norm bound and centre the user gave, if any. */
  PublicConstants constants();

  /**
   * The paper's pipeline.
   *
   * @param preprocessing the paper's protocol (centre, percentile and r from the data) or a public r
   */
  record Paper(Preprocessing preprocessing, PublicConstants constants) implements PrivacyMode {
    public Paper {
      Checks.notNull("preprocessing", preprocessing);
      Checks.notNull("constants", constants);
    }
  }

  /**
   * An end-to-end private release.
   *
   * @param release the clip ball (or bounds) and the shares of ε of the stages that read data
   */
  record Strict(StrictRelease release, PublicConstants constants) implements PrivacyMode {
    public Strict {
      Checks.notNull("release", release);
      Checks.notNull("constants", constants);
    }
  }

  /** Which mode a user asked for, before its settings are put together. */
  enum Kind {
    STRICT, PAPER;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static Kind parse(String text) {
      return Checks.oneOf("privacy", text, values(), Kind::id);
    }
  }

  default Kind kind() {
    return this instanceof Strict ? Kind.STRICT : Kind.PAPER;
  }

  default boolean isStrict() {
    return kind() == Kind.STRICT;
  }
}
