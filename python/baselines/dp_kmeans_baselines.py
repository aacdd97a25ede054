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

The libraries read only the public bounds, k and ε besides the points, and both start from data-independent centres
(diffprivlib's own; here, uniform in the box's middle half). Each line of the output is a JSON object: library,
epsilon (the target), declaredEpsilon, realEpsilon, seed, iterations, centres. diffprivlib's noise follows the seed;
OpenDP draws its noise from the operating system, so its runs are not reproducible bit for bit.

Usage: python dp_kmeans_baselines.py POINTS.npy REQUEST.json OUTPUT.jsonl
"""

import json
import os
import sys
import warnings

import numpy as np

RHO = 0.225  # Su et al.'s coordinate normalisation factor, diffprivlib's default
DEFAULT_LIBRARIES = ("diffprivlib", "diffprivlib-matched", "opendp")
LIBRARIES = DEFAULT_LIBRARIES + ("google-lsh",)
GOOGLE_LSH_DELTA = 1e-6  # the δ issue 49's comparison gave Google's LSH clustering
GOOGLE_LSH_SOURCE = "PAIS_GOOGLE_LSH"


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


def fit_google_lsh(points, lower, upper, k, epsilon, seed):
    """Google's LSH clustering at (ε, GOOGLE_LSH_DELTA) on the points clamped to the box and centred on its middle,
    with the box's half-diagonal as the radius; returns (centres, 0): it runs no Lloyd iterations of its own."""
    source = os.environ.get(GOOGLE_LSH_SOURCE)
    if not source or not os.path.isdir(os.path.join(source, "clustering")):
        raise RuntimeError(f"google-lsh needs {GOOGLE_LSH_SOURCE}: the learning folder of a snapshot of "
                           f"github.com/google/differential-privacy (it holds clustering/), got {source!r}")
    if source not in sys.path:
        sys.path.insert(0, source)
    from clustering import clustering_algorithm, clustering_params

    middle = (lower + upper) / 2
    radius = float(np.linalg.norm((upper - lower) / 2))
    np.random.seed(seed)
    data = clustering_params.Data(np.clip(points, lower, upper) - middle, radius)
    result = clustering_algorithm.private_lsh_clustering(
        k, data, clustering_params.DifferentialPrivacyParam(epsilon, GOOGLE_LSH_DELTA))
    return np.asarray(result.centers) + middle, 0


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
                elif library == "google-lsh":
                    centres, iterations = fit_google_lsh(points, lower, upper, k, epsilon, seed)
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
