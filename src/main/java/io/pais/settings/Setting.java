package io.pais.settings;

/**
 * The settings a rule between several of them names, with the two spellings users know them by: the job's flag
 * and the Spark ML param.
 */
public enum Setting {
  EPSILON("epsilon", "epsilon"),
  K_CANDIDATES("k", "kCandidates"),
  PRIVACY("privacy", "privacyMode"),
  PREPROCESS("preprocess", "preprocessing"),
  CLIP_RADIUS("clip-radius", "clipRadius"),
  ORIGIN("origin", "origin"),
  BOUNDS("bounds", "bounds"),
  NORM_BOUND("norm-bound", "normBound"),
  CENTRE("center", "center"),
  OUTLIERS("outliers", "outliers"),
  BUDGET_INIT("budget-init", "budgetInit"),
  CORESET_SAMPLE_SIZE("coreset-sample-size", "coresetSampleSize"),
  INIT("init", "initMode"),
  CORE_SUPREMUM("core-supremum", "coreSupremum"),
  SAMPLE_SIZE("sample-size", "sampleSize"),
  STAGE1_SIZE("stage1-size", "stage1Size"),
  STAGE1_CACHED("stage1-cached", "stage1Cached"),
  NOISE("noise", "noise"),
  DELTA("delta", "delta");

  private final String flag;
  private final String param;

  Setting(String flag, String param) {
    this.flag = flag;
    this.param = param;
  }

  /** The job's flag without its "--", as the keys of {@code conf/pais-defaults.properties} spell it. */
  public String flag() {
    return flag;
  }

  /** The Spark ML param's name. */
  public String param() {
    return param;
  }
}
