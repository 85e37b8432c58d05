"""Analysis benchmark against the Python alternatives: the seeds' recipe (a Python loop over every
multi-index and support vector, then a loop over the coefficient dictionary) and a vectorised
numpy version (coefficients by chunked tensor products, indices by bincount), vs ORCA's analyze
(the engine, called from Python), on the same models. Prints a markdown table; bench/run_all.sh
puts it into docs/benchmarks.md.

Usage: python bench/bench_okc_python.py
"""
import itertools
import json
import os
import platform
import time

import numpy as np
from scipy.special import eval_legendre

from orca_svm import _core

LOOP_BUDGET_S = 2.0      # the seeds' loop runs this long, then is extrapolated to every multi-index
NUMPY_LIMIT = 5e7        # coefficients beyond this (400 MB) are not formed by numpy


def random_model(d, n, nsv, seed):
    """A Legendre model file with nsv random support vectors in [-1, 1]^d and sum a = 0."""
    rng = np.random.default_rng(seed)
    a = rng.normal(size=nsv)
    a -= a.mean()
    doc = {"format": "orca-model", "format_version": 1, "task": "binary-classification",
           "features": [f"x{j}" for j in range(d)], "classes": ["n", "p"], "target": "y",
           "scaler": {"kind": "minmax", "min": [-1.0] * d, "max": [1.0] * d, "mean": [0.0] * d, "std": [1.0] * d},
           "kernel": {"family": "legendre", "alpha": 0.0, "beta": 0.0, "lambda": 0.5, "measure": "probability",
                      "degrees": [n] * d},
           "training": {"C": 1.0, "tolerance": 1e-3, "rows": nsv, "iterations": 0, "converged": True,
                        "objective": 0.0, "gap": 0.0, "training_accuracy": 1.0, "support_vectors": nsv,
                        "bounded_support_vectors": 0},
           "bias": 0.0, "support_vectors": rng.uniform(-1, 1, (nsv, d)).tolist(), "coefficients": a.tolist()}
    return doc


def tables(sv, n):
    """p_k(x_ij) = sqrt(2k + 1) P_k(x_ij): one (nsv, n + 1) table per feature."""
    return [np.stack([np.sqrt(2 * k + 1) * eval_legendre(k, sv[:, j]) for k in range(n + 1)], axis=1)
            for j in range(sv.shape[1])]


def seeds_loop(sv, a, n, budget):
    """The seeds' compute_oca_coefficients + compute_okc_indices (a Python loop per multi-index
    and per support vector), for `budget` seconds; returns the time extrapolated to all indices."""
    d = sv.shape[1]
    pre = tables(sv, n)
    total = (n + 1) ** d
    done, t0 = 0, time.perf_counter()
    C = np.zeros((d + 1, d * n + 1))
    for k in itertools.product(range(n + 1), repeat=d):
        ck = 0.0
        for i in range(len(a)):
            v = 1.0
            for j, kj in enumerate(k):
                v *= pre[j][i, kj]
            ck += a[i] * v
        C[sum(1 for v in k if v > 0), sum(k)] += ck * ck
        done += 1
        if done % 64 == 0 and time.perf_counter() - t0 > budget:
            break
    elapsed = time.perf_counter() - t0
    return elapsed * total / done, done == total


def numpy_vectorised(sv, a, n):
    """Every coefficient by tensor products (chunks of support vectors), then OKC(q), OKC_N,
    OKC_i by bincount over precomputed q and N of every multi-index."""
    d = sv.shape[1]
    pre = tables(sv, n)
    w = n + 1
    c = np.zeros(w ** d)
    chunk = max(1, int(2e7 // w ** d))
    for s in range(0, len(a), chunk):
        T = a[s:s + chunk, None] * pre[0][s:s + chunk]
        for j in range(1, d):
            T = (T[:, :, None] * pre[j][s:s + chunk, None, :]).reshape(T.shape[0], -1)
        c += T.sum(axis=0)
    k = np.indices((w,) * d).reshape(d, -1)
    q, N = (k > 0).sum(axis=0), k.sum(axis=0)
    e = c * c
    E = e.sum()
    order = np.bincount(q, weights=e, minlength=d + 1) / E
    spectrum = np.bincount(N, weights=e, minlength=d * n + 1) / E
    single = q == 1
    marginal = np.bincount(np.argmax(k[:, single] > 0, axis=0), weights=e[single], minlength=d) / E
    return order, spectrum, marginal


def timed(f, repeat=3):
    best = np.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main():
    cases = [(5, 25, 100), (2, 16, 300), (4, 6, 300), (8, 4, 300), (10, 2, 500), (20, 3, 500)]
    print("OKC analysis from Python: wall time (s); the same model through each route")
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; python "
          f"{platform.python_version()}, numpy {np.__version__}\n")
    print("| d | n | #SV | coefficients | seeds' Python loop (s) | numpy vectorised (s) | ORCA auto (s) | ORCA method "
          "| loop / ORCA | numpy / ORCA | OKC(q) agrees (numpy vs ORCA) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for d, n, nsv in cases:
        doc = random_model(d, n, nsv, seed=d * 100 + n)
        model = _core.Model.from_json(json.dumps(doc))
        sv, a = np.asarray(doc["support_vectors"]), np.asarray(doc["coefficients"])
        count = float(n + 1) ** d
        t_orca, rep = timed(lambda: _core.analyze(model, "auto", [0.01, 0.05, 0.1], 0, False))
        r = json.loads(rep["machines"][0]["json"])  # the engine's serialisation of the report
        loop_s, complete = seeds_loop(sv, a, n, LOOP_BUDGET_S)
        loop = f"{loop_s:.3g}" + ("" if complete else " (extrapolated)")
        if count <= NUMPY_LIMIT:
            t_np, (order, _, _) = timed(lambda: numpy_vectorised(sv, a, n), repeat=1 if count > 1e6 else 3)
            np_cell, np_ratio = f"{t_np:.4f}", f"{t_np / t_orca:.2g}x"
            agree = f"{np.abs(order - np.asarray(r['order'])).max():.1e}"
        else:
            np_cell, np_ratio, agree = f"impossible ({count * 8 / 2**30:.0f} GiB)", "-", "-"
        print(f"| {d} | {n} | {nsv} | {count:.3g} | {loop} | {np_cell} | {t_orca:.4f} | {r['method']} "
              f"| {loop_s / t_orca:.3g}x | {np_ratio} | {agree} |")
    print(f"\n(the seeds' loop ran {LOOP_BUDGET_S:g} s per case and is extrapolated linearly to every "
          "multi-index where it did not finish; ratios > 1 mean ORCA is faster)")


if __name__ == "__main__":
    main()
