# The docs of the Spark ML params of pais.ml's stages, made from io.pais.settings.Setting and its texts
# (src/main/resources/io/pais/settings/settings.properties). Do not edit: write it again with
# mvn -q test-compile exec:exec -Dbench.main=io.pais.tools.SettingSurfaces

DOCS = {
    "allowNonAtomicRename": (
        "accept a budget ledger on a file system without atomic rename (object stores: s3a, gs, abfs), where racing "
        "fits could both claim the last of the budget; the claim records it"
    ),
    "bounds": (
        "strict, instead of clipRadius: public per-coordinate bounds, lo:hi for every coordinate or lo:hi,lo:hi,... "
        "one per coordinate; points are clamped to the box, whose centre and half-diagonal become the origin and R0"
    ),
    "budgetCentre": (
        "strict: the share of epsilon for the DP centre, in (0, 1) (spent only when that stage runs; the rest goes "
        "to DP-Lloyd)"
    ),
    "budgetHistogram": (
        "strict: the share of epsilon for the DP norm histogram, in (0, 1) (spent only when that stage runs; the "
        "rest goes to DP-Lloyd)"
    ),
    "budgetInit": (
        "strict: the share of epsilon for initMode private-coreset, in (0, 1) (unset: auto, by the DP point count n "
        "times epsilon over k*d: no coreset below 25 (the start reads no data), 0.3 below 150, else 0.2); its tail "
        "axes take 0.05 more with outliers project and a single k"
    ),
    "budgetKSelection": (
        "strict, with k candidates: the share of epsilon for the candidate releases together (an even split; the "
        "release with the chosen k gets the rest), in (0, 1)"
    ),
    "budgetLedger": (
        "strict: the budget ledger (a Hadoop path made by pais-budget create) a fit claims its (epsilon, delta) from "
        "before it reads data; refused when it does not fit what remains"
    ),
    "budgetSummary": (
        "strict: the share of epsilon for the private training summary (DP cluster sizes and training cost of the "
        "released centres, in privacy-report.json and the model's summary), in [0, 1); 0: none"
    ),
    "center": (
        "a public centre to subtract (strict: skips estimating it; paper mode: with preprocessing public)"
    ),
    "clipRadius": (
        "strict: a public radius R0 (finite, > 0); every raw point is clipped to the ball of this radius around "
        "origin"
    ),
    "coresetSampleSize": (
        "strict, initMode private-coreset: the coreset reads a Poisson subsample of about this many prepared points "
        "when there are more (in [1, inf); its passes then cost little at scale, and the subsample amplifies its "
        "epsilon)"
    ),
    "delta": (
        "uniform schemes: the target delta, in [0, 1) (0: pure epsilon-DP, only for poisson-uniform and wor with "
        "laplace noise; choose it well below 1/N)"
    ),
    "dimension": (
        "the size of the feature vectors, a public input (0: the size in the column's ML metadata when it lists one "
        "attribute per scalar column of the frame, as VectorAssembler over numeric columns writes it; outside strict "
        "releases any size there, or the first vector's); a vector of another size is bad input"
    ),
    "epsilon": (
        "target epsilon of the release, in [0.0001, 1000000]"
    ),
    "featuresCol": (
        "features column name (a Spark ML vector)"
    ),
    "geometry": (
        "l2, l1, box or auto: l1 when the public box's effective dimension (sum of half-widths)^2 / (sum of their "
        "squares) is below (d+1)/2 (features of unequal scale), else l2 (and l2 without bounds); box (strict, "
        "Poisson samplers): points in l2, DP-Lloyd's offsets clipped into a box of the public box's proportions "
        "reaching 2 rho along its half-diagonal (a cube without bounds), with that box's K-norm noise"
    ),
    "guards": (
        "post-processing guards on noisy centres"
    ),
    "initMode": (
        "auto (private-coreset in strict mode, random-ball in paper mode), private-coreset (strict: spends "
        "budgetInit), random-ball, sphere-packing, scaled-ball (read no data) or sample-points (paper mode; not "
        "private)"
    ),
    "k": (
        "number of clusters, in [1, 100000]"
    ),
    "kCandidates": (
        "strict: candidates for k to choose from privately (at least two, each in [2, 100000]); each is fitted on a "
        "share of budgetKSelection and the elbow of their DP training costs is released (unset: k is used)"
    ),
    "lambda": (
        "core: the mix of uniform and norm-proportional sampling, in [0, 1]"
    ),
    "maxIter": (
        "number of DP-Lloyd iterations T, in [1, 100], or 0 to choose T from epsilon, n, d, k and r, and in a strict "
        "release a typical cluster's radius and the private coreset's cluster weights (auto)"
    ),
    "minNoisyCount": (
        "the guards keep a centre whose noisy count is at most this where it was"
    ),
    "noise": (
        "uniform schemes: the base noise on counts and sums, laplace or gaussian"
    ),
    "normBound": (
        "a public norm bound r (finite, > 0; strict: skips estimating it; paper mode: with preprocessing public)"
    ),
    "normQuantile": (
        "strict: the quantile of the DP norm histogram taken as r, in (0, 1]"
    ),
    "offsetClip": (
        "what DP-Lloyd sums per cluster: auto (strict: each point's offset from its centre, clipped to a fraction of "
        "r at or above a typical cluster's radius, from the DP norm histogram, k and d — after the first iteration "
        "each centre's down to an eighth of it where the grid coreset's cells near it are that compact (l2, below "
        "1000 n eps/(k d)) — or to r/2 in l2 where n eps/(k d) is below 25; paper mode: the points), none (the "
        "points, as the paper), or a fraction of r in (0, 1]"
    ),
    "origin": (
        "strict: the clip ball's centre (default: the zero vector)"
    ),
    "outliers": (
        "strict: project or drop the points beyond r (DP-Lloyd reading every point with clipped offsets reads them "
        "unprojected)"
    ),
    "predictionCol": (
        "prediction column name"
    ),
    "preprocessing": (
        "paper mode: paper (the default: centre, drop the top 2.5 % of norms, r = the largest norm left: "
        "data-derived, reported as non-private) or public (normBound is a public r; points outside are projected)"
    ),
    "privacyMode": (
        "strict (end-to-end private: every step that reads data spends a recorded share of epsilon; needs clipRadius "
        "or bounds) or paper (the paper's pipeline: reads n, r, the centre and more without privacy; a reproduction)"
    ),
    "sampleSize": (
        "expected sample size m: a count >= 1, or a fraction of n in (0, 1) (unset: auto, opt in a strict release "
        "reads every point up to a DP point count of 524288, above it the largest of 20%, 10% and 5% of that count "
        "with a plan at its epsilon, the growth above 5% capped at 50000 points; everything else 5%)"
    ),
    "sampler": (
        "unif, core, opt, full (Poisson importance sampling, drawn once; pure epsilon-DP), or the uniform schemes "
        "poisson-uniform, wor, wr, must-ow, must-wo, must-ww (a fresh sample every iteration, (epsilon, delta)-DP)"
    ),
    "seed": (
        "seed for a reproducible run (marked as seeded in the privacy report); leave unset for secure randomness"
    ),
    "stage1Cached": (
        "must-ow: draw stage I once and keep it, redrawing only stage II each iteration (the rigorously accounted "
        "variant)"
    ),
    "stage1Size": (
        "two-stage schemes (must-ow, must-wo, must-ww): n1, a count >= 1 or a fraction of N in (0, 1)"
    ),
    "tailRadius": (
        "strict: raise r above the quantile where the DP norm histogram shows a heavy tail that projecting would "
        "distort more than the larger radius's noise costs (post-processing, no further epsilon)"
    ),
}

# The params' defaults, as the JVM declares them: what a getter returns over Spark Connect, where the
# client cannot ask the server's JVM
DEFAULTS = {
    "allowNonAtomicRename": False,
    "budgetCentre": 0.05,
    "budgetHistogram": 0.05,
    "budgetKSelection": 0.5,
    "budgetSummary": 0.05,
    "coresetSampleSize": 524288,
    "delta": 0.0,
    "dimension": 0,
    "epsilon": 3.0,
    "featuresCol": "features",
    "geometry": "auto",
    "guards": True,
    "initMode": "auto",
    "k": 2,
    "lambda": 0.5,
    "maxIter": 0,
    "minNoisyCount": 1.0,
    "noise": "laplace",
    "normQuantile": 0.975,
    "offsetClip": "auto",
    "outliers": "project",
    "predictionCol": "prediction",
    "preprocessing": "paper",
    "privacyMode": "strict",
    "sampler": "opt",
    "stage1Cached": False,
    "tailRadius": True,
}
