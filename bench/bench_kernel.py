"""Kernel throughput table: ORCA's Gram rows vs the direct sums vs numpy (the seeds' recipe,
corrected to orthonormal polynomials), in entries per second, with the fraction of the machine's
measured peak (an Eigen matrix product) that ORCA's rate represents in useful flops.

Usage: python bench/bench_kernel.py [path-to-bench_kernel-binary]
"""
import json
import subprocess
import sys
import time

import numpy as np

from bench_training import legendre_kernel  # the seeds' recipe, one copy


def numpy_gram(A, B, n):
    return legendre_kernel(n)(A, B)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "build/bench/bench_kernel"
    lines = [json.loads(x) for x in subprocess.run([binary], capture_output=True, text=True, check=True).stdout.split("\n") if x]
    peak = lines[0]["peak_gflops"]
    print(f"Kernel throughput (Legendre, m = {lines[1]['m']} points, entries per second; median of repeated runs); "
          f"measured peak {peak:.1f} GFLOP/s ({lines[0]['threads']} threads, Eigen GEMM)\n")
    print("| n | d | ORCA rows (entries/s) | direct sums (entries/s) | numpy recipe (entries/s) | ORCA / direct | "
          "ORCA / numpy | ORCA useful flops, % of peak |")
    print("|---|---|---|---|---|---|---|---|")
    rng = np.random.default_rng(0)
    truncated = [r for r in lines[1:] if r.get("truncated")]
    for r in lines[1:]:
        if r.get("truncated"):
            continue
        n, d, m = r["n"], r["d"], r["m"]
        X = rng.uniform(-1, 1, (m, d))
        rows = 200
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            numpy_gram(X[:rows], X, n)
            times.append(time.perf_counter() - t0)
        numpy_eps = rows * m / sorted(times)[1]
        # Useful work of one entry by the direct-sum definition: d (2 (n+1)) flops.
        pct = 100.0 * r["orca_eps"] * d * 2 * (n + 1) / (peak * 1e9)
        print(f"| {n} | {d} | {r['orca_eps']:.3g} | {r['direct_eps']:.3g} | {numpy_eps:.3g} | "
              f"{r['orca_eps'] / r['direct_eps']:.1f} | {r['orca_eps'] / numpy_eps:.1f} | {pct:.1f} |")
    print_truncated(truncated, rng)


def print_truncated(lines, rng):
    """Kernel rows truncated by interaction order Q (n = 3), beside the full product and
    scikit-learn's RBF kernel on the same number of points."""
    from sklearn.metrics.pairwise import rbf_kernel
    print("\nTruncated by interaction order (Legendre, n = 3, entries per second): K_Q costs O(d (Q + 1)) per "
          "entry after the d factors\n")
    print("| d | Q | basis functions | ORCA K_Q rows (entries/s) | full product rows (entries/s) | K_Q / full | "
          "scikit-learn rbf_kernel (entries/s) | K_Q / RBF |")
    print("|---|---|---|---|---|---|---|---|")
    from math import comb
    full = {r["d"]: r["orca_eps"] for r in lines if r["max_order"] == 0}
    for r in lines:
        if r["max_order"] == 0:
            continue
        d, Q, m = r["d"], r["max_order"], r["m"]
        X = rng.uniform(-1, 1, (m, d))
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            rbf_kernel(X[:200], X)
            times.append(time.perf_counter() - t0)
        rbf_eps = 200 * m / sorted(times)[1]
        size = sum(comb(d, q) * 3 ** q for q in range(Q + 1))
        print(f"| {d} | {Q} | {size:,} | {r['orca_eps']:.3g} | {full[d]:.3g} | {r['orca_eps'] / full[d]:.2f} | "
              f"{rbf_eps:.3g} | {r['orca_eps'] / rbf_eps:.2f} |")


if __name__ == "__main__":
    main()
