package io.pais.experiments;

import java.util.Locale;

/**
 * One run of a sweep. The realised sample size is recorded for the experiment only (a release would not
 * publish it).
 */
record RunResult(String dataSet, String protocol, String noise, String sampler, double sampleSize, double epsilon,
    int repetition, double noiseKnob, double betaSum, double betaCount, double epsilonGuarantee, long realisedSize,
    double cost, double secondsWeights, double secondsSampling, double secondsLloyd) {

  static final String HEADER = "dataset,protocol,noise,sampler,m,epsilon,rep,B,betaSum,betaCount,epsilonGuarantee,"
      + "realisedSampleSize,cost,secondsWeights,secondsSampling,secondsLloyd";

  String csv() {
    return String.format(Locale.ROOT, "%s,%s,%s,%s,%.0f,%s,%d,%.10g,%.10g,%.10g,%.10g,%d,%.10g,%.6f,%.6f,%.6f", dataSet,
        protocol, noise, sampler, sampleSize, Double.isInfinite(epsilon) ? "inf" : Double.toString(epsilon), repetition,
        noiseKnob, betaSum, betaCount, epsilonGuarantee, realisedSize, cost, secondsWeights, secondsSampling,
        secondsLloyd);
  }

  /** The group a summary row aggregates: everything but the repetition. */
  String group() {
    return String.join(",", dataSet, protocol, noise, sampler, String.format(Locale.ROOT, "%.0f", sampleSize),
        Double.isInfinite(epsilon) ? "inf" : Double.toString(epsilon));
  }
}
