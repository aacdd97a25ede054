"""DP k-means from the libraries users know, run on the utility benchmark's points (docs/results/utility.md, "Side by side").

The benchmark (io.pais.experiments.UtilityStudy) writes the preprocessed points of a data set as a .npy file and a
JSON request (public per-coordinate bounds, k, the ε grid, the seeds); this script fits, for every ε and seed:

- ``diffprivlib``: IBM diffprivlib's ``KMeans`` at the declared ε, as a user would call it. Its real guarantee is
  another ε: ``_split_epsilon`` returns (sum share, count share) and ``_update_centers`` unpacks them as
  (count share, sum share), so the count gets the share meant for one coordinate and every coordinate the share meant
  for the count (``diffprivlib_real_epsilon``).
- ``diffprivlib-matched``: the same at the declared ε whose real guarantee is the target ε: the fair comparison.
- ``opendp``: OpenDP ships no k-means (0.16: PCA and linear regression among its sklearn-style models), so this is the
  textbook DP-Lloyd built from OpenDP's own measurements (clamp, sum, Laplace) with OpenDP's privacy maps: a DP count
  for the iteration rule, then T iterations that release every cluster's noisy sum and count (Su et al.'s count
  share), the clusters composed in parallel and the iterations in sequence; the spent ε is checked against the target.

- ``google-lsh`` (not a default): Google's LSH clustering (github.com/google/differential-privacy,
  ``learning/clustering``), (ε, δ = 1e-6)-DP, given the public box's half-diagonal around its middle as its radius —
  pais's R₀. Its source is not on PyPI: ``PAIS_GOOGLE_LSH`` names the ``learning`` folder of a snapshot of that
  repository, and its seed is numpy's global one.
- ``pe-means`` (not a default): PE-means (Private Evolution for k-means, arXiv 2606.00342; github.com/t3humphries/
  PE-means), (ε, δ = 1e-6)-DP, on the same centred points and radius as ``google-lsh``, with its own experiments'
  settings (``experiments/run_ours.py``: its default parameters, ⌊4√d⌋ generations at ε ≤ 1 and ε times that above,
  L = max(n/(5k), 4); ``run_ours_HD.py``'s projection to 16 dimensions where d > 32). Its threshold reads the true n,
  as its code does. ``PAIS_PE_MEANS`` names a snapshot of that repository (it holds src/), and Google's
  ``clustering`` package, which it imports, comes from ``PAIS_GOOGLE_LSH``. numpy's global seed is the run's, but its
  sphere-packing start draws from an unseeded generator, so its runs are not reproducible bit for bit.
- ``fastlloyd`` (not a default): FastLloyd (github.com/D-Diaa/FastLloyd), DP-Lloyd with bounded updates and the
  Gaussian analytic mechanism, (ε, δ = 1/(n·ln n))-DP (its own δ, larger than the others' 1e-6 for n below 10⁵), run
  as its experiments run it (one client in its local protocol, unmasked, its defaults ``diagonal_then_frac``, ``fold``,
  α = 0.8, the iterations from its rule) on the points clamped to the box, centred on its middle and divided by the
  box's largest half-width, so that they lie in the [−1, 1]^d its code assumes (one scale for every coordinate, so
  the clustering's geometry is the points'). ``PAIS_FASTLLOYD`` names a snapshot of that repository; its seed is the
  run's.

The libraries read only the public bounds, k and ε besides the points, and both start from data-independent centres
(diffprivlib's own; here, uniform in the box's middle half). Each line of the output is a JSON object: library,
epsilon (the target), declaredEpsilon, realEpsilon, seed, iterations, centres. diffprivlib's noise follows the seed;
OpenDP draws its noise from the operating system, so its runs are not reproducible bit for bit.

Usage: python dp_kmeans_baselines.py POINTS.npy REQUEST.json OUTPUT.jsonl
"""

import contextlib
import json
import os
import sys
import tempfile
import warnings

import numpy as np

RHO = 0.225  # Su et al.'s coordinate normalisation factor, diffprivlib's default
DEFAULT_LIBRARIES = ("diffprivlib", "diffprivlib-matched", "opendp")
LIBRARIES = DEFAULT_LIBRARIES + ("google-lsh", "pe-means", "fastlloyd")
GOOGLE_LSH_DELTA = 1e-6  # the δ issue 49's comparison gave Google's LSH clustering and PE-means
GOOGLE_LSH_SOURCE = "PAIS_GOOGLE_LSH"
PE_MEANS_SOURCE = "PAIS_PE_MEANS"
PE_MEANS_MAX_DIMENSION = 32  # above it PE-means's experiments project to PE_MEANS_PROJECTED dimensions (run_ours_HD.py)
PE_MEANS_PROJECTED = 16
FASTLLOYD_SOURCE = "PAIS_FASTLLOYD"
FASTLLOYD_ALPHA = 0.8  # its experiments' default bound on a centre's move (experiments.py --alpha)


def count_weight(d):
    """Su et al.'s ratio of the count's ε to one coordinate's ε: (4dρ²)^(1/3)."""
    return np.cbrt(4 * d * RHO ** 2)


def diffprivlib_real_epsilon(declared, d):
    """The ε diffprivlib 0.6.6's KMeans really spends for a declared ε on d coordinates.

    Declared per iteration: ε/T = u·(d·1 + c) with c = count_weight(d) (one unit per coordinate, c for the count). Spent:
    the count gets u·1 and each of the d coordinates u·c (swapped), so ε·(1 + d·c)/(d + c) in all: the ratio exceeds 1
    when (d − 1)(c − 1) > 0, that is for d ≥ 5 (c > 1), and is below 1 for d = 2, 3, 4.
    """
    c = count_weight(d)
    return declared * (1 + d * c) / (d + c)


def diffprivlib_declared_for(real, d):
    """The declared ε whose real guarantee under diffprivlib 0.6.6's KMeans is ``real``."""
    c = count_weight(d)
    return real * (d + c) / (1 + d * c)


def iterations_rule(epsilon, n, d, k):
    """Su et al.'s iteration count as diffprivlib computes it: min(7, ε/ε_m) and at least 2."""
    epsilon_m = np.sqrt(500 * k ** 3 / n ** 2 * (d + count_weight(d)) ** 3)
    return int(max(min(epsilon / epsilon_m, 7), 2))


def fit_diffprivlib(points, lower, upper, k, epsilon, seed):
    """diffprivlib's KMeans at a declared ε; returns (centres, iterations)."""
    from diffprivlib.accountant import BudgetAccountant
    from diffprivlib.models import KMeans

    model = KMeans(n_clusters=k, epsilon=epsilon, bounds=(lower, upper), random_state=seed,
                   accountant=BudgetAccountant())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(points)
    return model.cluster_centers_, int(model.n_iter_)


def source_folder(variable, library, holds, repository):
    """The folder an environment variable names, put on the import path; a one-line error where it does not hold
    ``holds``."""
    source = os.environ.get(variable)
    if not source or not os.path.isdir(os.path.join(source, holds)):
        raise RuntimeError(f"{library} needs {variable}: a snapshot of {repository} (it holds {holds}/), "
                           f"got {source!r}")
    if source not in sys.path:
        sys.path.insert(0, source)
    return source


def google_clustering(library):
    """Google's ``clustering`` package from the snapshot ``PAIS_GOOGLE_LSH`` names (``library`` needs it)."""
    source_folder(GOOGLE_LSH_SOURCE, library, "clustering",
                  "github.com/google/differential-privacy's learning folder")
    from clustering import clustering_algorithm, clustering_params
    return clustering_algorithm, clustering_params


def centred_data(clustering_params, points, lower, upper):
    """The points clamped to the box and centred on its middle, with the box's half-diagonal as their radius (pais's
    R₀), as Google's ``Data``; returns (data, middle)."""
    middle = (lower + upper) / 2
    radius = float(np.linalg.norm((upper - lower) / 2))
    return clustering_params.Data(np.clip(points, lower, upper) - middle, radius), middle


def fit_google_lsh(points, lower, upper, k, epsilon, seed):
    """Google's LSH clustering at (ε, GOOGLE_LSH_DELTA) on the points clamped to the box and centred on its middle,
    with the box's half-diagonal as the radius; returns (centres, 0): it runs no Lloyd iterations of its own."""
    clustering_algorithm, clustering_params = google_clustering("google-lsh")
    data, middle = centred_data(clustering_params, points, lower, upper)
    np.random.seed(seed)
    result = clustering_algorithm.private_lsh_clustering(
        k, data, clustering_params.DifferentialPrivacyParam(epsilon, GOOGLE_LSH_DELTA))
    return np.asarray(result.centers) + middle, 0


def pe_means_generations(epsilon, d):
    """PE-means's generations in its experiments: ⌊4√d⌋ at ε ≤ 1, ⌊ε·⌊4√d⌋⌋ (at least 1) above."""
    base = int(4 * np.sqrt(d))
    return max(int(epsilon * base), 1) if epsilon > 1.0 else max(base, 1)


def fit_pe_means(points, lower, upper, k, epsilon, seed):
    """PE-means at (ε, GOOGLE_LSH_DELTA) with its experiments' settings on the points clamped to the box and centred
    on its middle, the box's half-diagonal as the radius; returns (centres, generations). Where d > 32 it runs in a
    random 16-dimensional projection, for ⌊4√16⌋ − 2 generations whatever ε (its hdpe_means sets them), and maps the
    centres back by one noisy mean per cluster, which can leave a cluster without a centre: the centres it returns are
    then fewer than k, and the first is repeated so that every fit has k (a repeated centre changes no cost)."""
    source_folder(PE_MEANS_SOURCE, "pe-means", "src", "github.com/t3humphries/PE-means")
    _, clustering_params = google_clustering("pe-means")
    from src.helpers import PE_PARAMS
    from src.pe_means_main import hdpe_means, pe_means

    data, middle = centred_data(clustering_params, points, lower, upper)
    n, d = points.shape
    settings = dict(PE_PARAMS, num_gen=pe_means_generations(epsilon, d), L=int(max(n / (5 * k), 4)), run_id=seed)
    privacy = clustering_params.DifferentialPrivacyParam(epsilon, GOOGLE_LSH_DELTA)
    fit = hdpe_means if d > PE_MEANS_MAX_DIMENSION else pe_means
    extra = {"new_dim": PE_MEANS_PROJECTED} if d > PE_MEANS_MAX_DIMENSION else {}
    _, centres, _ = fit(k, data, settings, privacy, visualize=False, **extra)
    centres = np.asarray(centres, dtype=float).reshape(-1, d)
    if len(centres) < k:
        centres = np.vstack([centres, np.repeat(centres[:1], k - len(centres), axis=0)])
    return centres + middle, settings["num_gen"]


def fit_fastlloyd(points, lower, upper, k, epsilon, seed):
    """FastLloyd at ε (δ its own 1/(n·ln n)) as its experiments run it, on the points mapped into [−1, 1]^d by one
    scale; returns (centres, iterations)."""
    source_folder(FASTLLOYD_SOURCE, "fastlloyd", "parties", "github.com/D-Diaa/FastLloyd")
    os.environ.setdefault("TQDM_DISABLE", "1")  # its progress bars
    # its configs package lists its experiments' data sets in ./data when imported: an empty one stands in
    with tempfile.TemporaryDirectory() as empty, contextlib.chdir(empty):
        os.mkdir("data")
        from configs import Params
        from data_io import to_fixed, unscale
        from utils.protocols import local_proto

    middle = (lower + upper) / 2
    scale = float(np.max((upper - lower) / 2))
    unit = (np.clip(points, lower, upper) - middle) / scale
    n, d = unit.shape
    params = Params(num_clients=1, k=k, dim=d, data_size=n, dp="gaussiananalytic", eps=epsilon,
                    method="diagonal_then_frac", post="fold", delay=0)
    params.alpha = FASTLLOYD_ALPHA
    params.seed = seed
    params.calculate_iters()
    # its server adds noise in its fixed-point units, so the points go in as fixed-point values (its default)
    centres, _ = local_proto([to_fixed(unit)], params, method="unmasked")
    return unscale(centres) * scale + middle, params.iters


# the methods run from snapshots of their source, each told the target ε: (centres, iterations or generations)
SNAPSHOT_FITS = {"google-lsh": fit_google_lsh, "pe-means": fit_pe_means, "fastlloyd": fit_fastlloyd}


class OpenDPLloyd:
    """DP-Lloyd from OpenDP's measurements, pure ε-DP under adding or removing one point.

    Every point is clamped to the public box, so its ℓ1 norm is at most R₁ = Σ max(|lower_i|, |upper_i|). Each
    iteration appends γ = R₁·c/d to every point as its count column (c = count_weight(d), so the count's share of ε
    is Su et al.'s), and releases, per cluster, the sum of its rows with Laplace noise: OpenDP's clamp (ℓ1 norm
    R₁ + γ), sum and Laplace at scale (R₁ + γ)/ε_t. A point is in one cluster, so the k releases of an iteration cost
    ε_t together (parallel composition). A share of ε first buys a DP count n̂ for the iteration rule.
    """

    def __init__(self, lower, upper, k, epsilon, count_share=0.05):
        import opendp.prelude as dp

        dp.enable_features("contrib", "idealized-numerics")  # OpenDP's numpy sum is a contrib construction
        self.dp = dp
        self.lower = np.asarray(lower, dtype=float)
        self.upper = np.asarray(upper, dtype=float)
        self.k = k
        self.epsilon = epsilon
        self.count_share = count_share
        self.d = len(self.lower)
        self.l1_bound = float(np.sum(np.maximum(np.abs(self.lower), np.abs(self.upper))))
        self.gamma = self.l1_bound * count_weight(self.d) / self.d

    def _noisy_sum(self, norm, columns, epsilon):
        """OpenDP's clamp → sum → Laplace on rows of ℓ1 norm at most ``norm``, at ε; returns the measurement."""
        from opendp.extras.numpy._make_np_sum import make_np_sum

        dp = self.dp
        domain = dp.numpy.array2_domain(T=float, num_columns=columns, nan=False)
        clamp = dp.numpy.make_np_clamp(domain, dp.symmetric_distance(), norm=norm, p=1)
        return clamp >> make_np_sum(clamp.output_domain, clamp.output_metric) >> dp.m.then_laplace(
            scale=norm / epsilon)

    def fit(self, points, seed):
        """Returns (centres, iterations, the ε OpenDP's privacy maps give for the whole fit)."""
        rng = np.random.default_rng(seed)
        points = np.clip(points, self.lower, self.upper)
        n_epsilon = self.count_share * self.epsilon
        count = self._noisy_sum(1.0, 1, n_epsilon)
        n_hat = max(float(count(np.ones((len(points), 1)))[0]), 1.0)
        spent = count.map(1)
        iterations = iterations_rule(self.epsilon, n_hat, self.d, self.k)
        step_epsilon = (self.epsilon - n_epsilon) / iterations
        step = self._noisy_sum(self.l1_bound + self.gamma, self.d + 1, step_epsilon)
        width = self.upper - self.lower
        centres = self.lower + width / 4 + rng.random((self.k, self.d)) * width / 2
        rows = np.hstack([points, np.full((len(points), 1), self.gamma)])
        # OpenDP 0.16's clamp fails on an empty array: every cluster's rows get one zero row, which sums to nothing
        zero = np.zeros((1, self.d + 1))
        for _ in range(iterations):
            labels = nearest(points, centres)
            for j in range(self.k):
                noisy = np.asarray(step(np.vstack([zero, rows[labels == j]])))
                noisy_count = noisy[-1] / self.gamma
                if noisy_count >= 1:
                    centres[j] = np.clip(noisy[:-1] / noisy_count, self.lower, self.upper)
            spent += step.map(1)  # the k clusters of one iteration: parallel composition
        return centres, iterations, spent


def nearest(points, centres):
    """The index of each point's nearest centre (squared ℓ2)."""
    distances = (points ** 2).sum(axis=1)[:, None] - 2 * points @ centres.T + (centres ** 2).sum(axis=1)[None, :]
    return np.argmin(distances, axis=1)


def run(points, request):
    """Yields one result dict per library, ε and seed of the request."""
    lower = np.asarray(request["lower"], dtype=float)
    upper = np.asarray(request["upper"], dtype=float)
    k = int(request["k"])
    d = points.shape[1]
    for epsilon in request["epsilons"]:
        for library in request.get("libraries", DEFAULT_LIBRARIES):
            for seed in request["seeds"]:
                if library == "diffprivlib":
                    centres, iterations = fit_diffprivlib(points, lower, upper, k, epsilon, seed)
                    declared, real = epsilon, diffprivlib_real_epsilon(epsilon, d)
                elif library == "diffprivlib-matched":
                    declared = diffprivlib_declared_for(epsilon, d)
                    centres, iterations = fit_diffprivlib(points, lower, upper, k, declared, seed)
                    real = epsilon
                elif library == "opendp":
                    centres, iterations, real = OpenDPLloyd(lower, upper, k, epsilon).fit(points, seed)
                    if real > epsilon * (1 + 1e-9):
                        raise RuntimeError(f"OpenDP's maps give {real} for a fit at epsilon {epsilon}")
                    declared = epsilon
                elif library in SNAPSHOT_FITS:
                    centres, iterations = SNAPSHOT_FITS[library](points, lower, upper, k, epsilon, seed)
                    declared, real = epsilon, epsilon
                else:
                    raise ValueError(f"library must be one of {', '.join(LIBRARIES)}, got {library}")
                yield {"library": library, "epsilon": epsilon, "declaredEpsilon": declared, "realEpsilon": real,
                       "seed": seed, "iterations": iterations, "centres": np.asarray(centres).tolist()}


def main(argv):
    if len(argv) != 4:
        print("usage: dp_kmeans_baselines.py POINTS.npy REQUEST.json OUTPUT.jsonl", file=sys.stderr)
        return 2
    points = np.load(argv[1])
    with open(argv[2], encoding="utf-8") as f:
        request = json.load(f)
    with open(argv[3], "w", encoding="utf-8") as out:
        for result in run(points, request):
            out.write(json.dumps(result) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
