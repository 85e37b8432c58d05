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
    for r in lines[1:]:
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


if __name__ == "__main__":
    main()
