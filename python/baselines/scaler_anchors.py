"""pais's PrivateStandardScaler side by side with its anchors (issue 50): diffprivlib's ``StandardScaler`` and OpenDP's
DP mean and variance, on the same data and the same public per-coordinate bounds, at each epsilon over many seeds.

Every method gets each column's [min, max] rounded outward to two significant digits as its public bounds (taken from
the data here, the same for all: this compares the mechanisms, it is not a release). The error of a coordinate's
released mean or standard deviation is its distance from the exact one (population deviation) over the bounds' width;
the table gives the median over coordinates and seeds.

- ``pais``: ``io.pais.bench.ScalerAnchors`` (the mechanism the Estimator runs): a noisy count and noisy sums and
  centred squares in the box's units, shares proportional to 1 : d^(2/3) : (d/2)^(2/3); n is not public.
- ``diffprivlib``: ``diffprivlib.models.StandardScaler(epsilon, bounds)``, as a user would call it.
- ``opendp``: per column, clamp, resize to the public n (OpenDP's mean and variance need the size), mean or variance,
  Laplace at the scale OpenDP's privacy map gives epsilon / (2d); OpenDP's noise comes from the operating system.

Usage: python scaler_anchors.py REPO_ROOT [EPSILONS [SEEDS]]   (EPSILONS comma-separated; default 0.1,1 and 20)
"""

import gzip
import json
import math
import os
import subprocess
import sys
import tempfile
import warnings

import numpy as np


def _rows(path, delimiter, columns):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline=None) as f:
        text = f.read().replace("\r", "\n")
    rows = []
    for line in text.splitlines():
        fields = line.strip().split(delimiter) if delimiter else line.split()
        if len(fields) >= max(columns) + 1:
            try:
                rows.append([float(fields[c]) for c in columns])
            except ValueError:  # a header
                continue
    return np.array(rows)


def data_sets(root):
    shared = os.path.join(root, "..", "shared", "datasets")
    return {
        "blobs": _rows(os.path.join(root, "data-samples", "blobs.csv"), ",", range(5)),
        "skin": _rows(os.path.join(shared, "skin_segmentation", "Skin_NonSkin.txt.gz"), "\t", range(3)),
        "magic": _rows(os.path.join(shared, "magic_gamma", "magic04.data.gz"), ",", range(10)),
        "htru2": _rows(os.path.join(shared, "htru2", "HTRU_2.csv.gz"), ",", range(8)),
    }


def _outward(value, up):
    if value == 0:
        return 0.0
    digits = 1 - int(math.floor(math.log10(abs(value))))
    step = 10.0 ** -digits
    return (math.ceil if up else math.floor)(value / step) * step


def bounds_of(x):
    return np.array([_outward(v, False) for v in x.min(axis=0)]), np.array([_outward(v, True) for v in x.max(axis=0)])


def pais_runs(root, sets, epsilons, seeds):
    with tempfile.TemporaryDirectory() as tmp:
        for name, (x, lower, upper) in sets.items():
            np.savetxt(os.path.join(tmp, name + ".csv"), x, delimiter=",", fmt="%.17g")
            with open(os.path.join(tmp, name + ".bounds"), "w") as f:
                f.write(",".join("%.17g:%.17g" % (lo, hi) for lo, hi in zip(lower, upper)))
        command = ["mvn", "-q", "--no-transfer-progress", "test-compile", "exec:exec",
                   "-Dbench.main=io.pais.bench.ScalerAnchors",
                   "-Dbench.args=%s %s %d" % (tmp, ",".join(map(str, epsilons)), seeds)]
        out = subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout
    runs = {}
    for line in out.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            runs.setdefault((r["set"], float(r["epsilon"])), []).append((np.array(r["mean"]), np.array(r["std"])))
    return runs


def diffprivlib_runs(x, lower, upper, epsilon, seeds):
    from diffprivlib.models import StandardScaler
    out = []
    for seed in range(seeds):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            s = StandardScaler(epsilon=epsilon, bounds=(lower, upper), random_state=seed).fit(x)
        out.append((np.asarray(s.mean_), np.sqrt(np.maximum(np.asarray(s.var_), 0))))
    return out


def opendp_runs(x, lower, upper, epsilon, seeds):
    import opendp.prelude as dp
    dp.enable_features("contrib", "idealized-numerics")
    n, d = x.shape
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    measurements = []
    for j in range(d):
        pair = []
        for statistic in (dp.t.then_mean, dp.t.then_variance):
            chain = (space >> dp.t.then_clamp((float(lower[j]), float(upper[j])))
                     >> dp.t.then_resize(size=n, constant=float(lower[j] + upper[j]) / 2) >> statistic())
            pair.append(dp.binary_search_chain(lambda s, c=chain: c >> dp.m.then_laplace(scale=s), d_in=1,
                                               d_out=epsilon / (2 * d)))
        measurements.append(pair)
    out = []
    for _ in range(seeds):
        means = np.array([measurements[j][0](list(x[:, j])) for j in range(d)])
        variances = np.array([measurements[j][1](list(x[:, j])) for j in range(d)])
        out.append((np.clip(means, lower, upper), np.sqrt(np.maximum(variances, 0))))
    return out


def median_errors(runs, x, lower, upper):
    width = upper - lower
    mean, std = x.mean(axis=0), x.std(axis=0)
    mean_errors = np.concatenate([np.abs(m - mean) / width for m, _ in runs])
    std_errors = np.concatenate([np.abs(s - std) / width for _, s in runs])
    return float(np.median(mean_errors)), float(np.median(std_errors))


def main(argv):
    root = os.path.abspath(argv[1])
    epsilons = [float(e) for e in (argv[2] if len(argv) > 2 else "0.1,1").split(",")]
    seeds = int(argv[3]) if len(argv) > 3 else 20
    sets = {name: (x,) + bounds_of(x) for name, x in data_sets(root).items()}
    pais = pais_runs(root, sets, epsilons, seeds)
    print("median error over coordinates and %d seeds, in units of the bounds' width (mean / std)" % seeds)
    print("%-6s %8s %7s %3s   %-19s %-19s %-19s" % ("set", "n", "epsilon", "d", "pais", "diffprivlib", "opendp"))
    for name, (x, lower, upper) in sets.items():
        for epsilon in epsilons:
            cells = []
            for runs in (pais[(name, epsilon)], diffprivlib_runs(x, lower, upper, epsilon, seeds),
                         opendp_runs(x, lower, upper, epsilon, seeds)):
                cells.append("%.2e / %.2e" % median_errors(runs, x, lower, upper))
            print("%-6s %8d %7g %3d   %-19s %-19s %-19s" % ((name, len(x), epsilon, x.shape[1]) + tuple(cells)))
            sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv)
