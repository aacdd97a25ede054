package io.pais.io;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pais.accounting.InitShare;
import io.pais.settings.GeometryChoice;
import io.pais.settings.Iterations;
import io.pais.settings.KMeansSettings;
import io.pais.settings.PrivacyMode;
import io.pais.settings.SamplingSettings;
import io.pais.settings.Setting;
import io.pais.settings.StrictRelease;
import java.util.Locale;

/**
 * The settings a release is made with, resolved (never the raw text of a flag), as {@code run.json} and a budget
 * claim record them for the job and the Estimator alike. The seed's presence is recorded, never its value; the
 * choices a release makes from DP values (the k chosen, T, the init share under auto) are in its privacy report.
 */
public final class ReleaseConfiguration {
  private ReleaseConfiguration() {}

  /** The settings as a JSON object, keyed by the Spark ML params' names. */
  public static ObjectNode of(KMeansSettings settings) {
    ObjectNode conf = ReleaseWriter.newObject();
    if (settings.kCandidates().isEmpty()) {
      conf.put("k", settings.k());
    } else { // the chosen k is the release's (privacy-report.json)
      settings.kCandidates().forEach(conf.putArray("kCandidates")::add);
    }
    if (settings.iterations() instanceof Iterations.Fixed fixed) {
      conf.put("iterations", fixed.count());
    } else {
      conf.put("iterations", settings.iterations().describe());
    }
    conf.put("offsetClip", settings.offsetClip().describe());
    conf.put("epsilon", settings.epsilon());
    SamplingSettings sampling = settings.sampling();
    conf.put("sampler", sampling.sampler().id());
    conf.put("sampleSize", sampling.size().describe());
    if (sampling.sampler().isUniformScheme()) {
      conf.put("noise", sampling.scheme().noise().id());
      if (sampling.scheme().stage1Size() != null) {
        conf.put("stage1Size", sampling.scheme().stage1Size().describe());
      }
    }
    conf.put("coreSupremum", sampling.coreSupremum().id());
    conf.put("geometry", settings.geometryChoice() == GeometryChoice.BOX ? GeometryChoice.BOX.id()
        : settings.geometry().name().toLowerCase(Locale.ROOT));
    conf.put("privacy", settings.privacy().kind().id());
    if (settings.privacy() instanceof PrivacyMode.Strict strict) {
      StrictRelease release = strict.release();
      if (release.bounds() != null) {
        conf.put("bounds", release.bounds().describe());
      } else {
        conf.put("clipRadius", release.clipRadius());
      }
      conf.put("outliers", release.dropOutliers() ? "drop" : "project");
      if (release.shares().init() instanceof InitShare.Fixed fixed) {
        conf.put("budgetInit", fixed.share());
      } else {
        conf.put("budgetInit", "auto"); // the share auto chose is in the ledger's entries
      }
    } else if (settings.privacy() instanceof PrivacyMode.Paper paper) {
      conf.put("preprocess", paper.preprocessing().id());
    }
    if (settings.privacy().constants().normBound() != null) {
      conf.put("normBound", settings.privacy().constants().normBound());
    }
    settings.values().asMap().forEach((setting, value) -> { // the plain settings that bear on this release
      if (bearsOn(setting.role(), settings)) {
        conf.putPOJO(setting.param(), value);
      }
    });
    conf.put("init", settings.initialisation().id());
    conf.put("seeded", settings.seed() != null);
    return conf;
  }

  /** Whether the settings of {@code role} bear on a release made with {@code settings}. */
  private static boolean bearsOn(Setting.Role role, KMeansSettings settings) {
    return switch (role) {
      case STRICT -> settings.privacy().isStrict();
      case PAPER -> !settings.privacy().isStrict();
      case UNIFORM_SCHEMES -> settings.sampling().sampler().isUniformScheme();
      case INPUT, CLUSTERING, PRIVACY, SAMPLING, POST_PROCESSING, STREAM, OUTPUT, RUN -> true;
    };
  }
}
