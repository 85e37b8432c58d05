"""Nothing slower: the same fits through two builds of orca, interleaved (A, B, A, B, ...) so that
a busy machine slows both alike, best of --repeats wall times each. The fits are the training
table's (bench/bench_training.py: the full tensor product, Legendre, C = 1, tol = 1e-3) and the
default additive model, plus both tables of bench_oversubscription.sh's kind (two fits side by
side, one and two threads each). Prints a markdown table of times and ratios (B / A).

Usage: python bench/compare_builds.py BEFORE/orca AFTER/orca [--repeats 3] [--quick]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from bench_training import dataset  # the training table's data and degrees


def write_csv(path, X, y):
    with open(path, "w") as f:
        f.write(",".join(f"x{j}" for j in range(X.shape[1])) + ",y\n")
        for row, label in zip(X, y):
            f.write(",".join(f"{v:.17g}" for v in row) + f",{label}\n")


def timed(commands):
    """Wall time of running the commands at once (side by side when more than one)."""
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
    for p in procs:
        if p.wait() != 0:
            sys.exit(f"failed: {' '.join(p.args)}")
    return time.perf_counter() - t0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="leave out the 20,000-row fits")
    args = parser.parse_args()
    sizes = [(2000, 5), (2000, 10)] + ([] if args.quick else [(20000, 8), (20000, 10)])
    with tempfile.TemporaryDirectory() as folder:
        cases = []
        for m, d in sizes:
            X, y, n = dataset(f"{m}x{d}")
            data = os.path.join(folder, f"{m}x{d}.csv")
            write_csv(data, X, y)
            fit = ["fit", "--data", data, "--target", "y", "-q"]
            cases.append((f"{m} x {d}, full product n = {n}", [fit + ["--degree", str(n), "--max-order", "0"]]))
            cases.append((f"{m} x {d}, default (additive)", [fit]))
        pair = []  # bench_oversubscription.sh's kind: two fits of 5,000 x 5, two data sets
        for k, rows in enumerate((slice(0, 5000), slice(5000, 10000))):
            data = os.path.join(folder, f"pair{k}.csv")
            X, y, _ = dataset("10000x5")
            write_csv(data, X[rows], y[rows])
            pair.append(["fit", "--data", data, "--target", "y", "-q", "--degree", "4", "--max-order", "0",
                         "-C", "0.0003"])
        cases.append(("two 5,000 x 5 fits side by side, 1 thread each", [c + ["--threads", "1"] for c in pair]))
        cases.append(("two 5,000 x 5 fits side by side, 2 threads each", [c + ["--threads", "2"] for c in pair]))

        print(f"machine: {os.cpu_count()} cores; best of {args.repeats}, interleaved; A = {args.before}, "
              f"B = {args.after}")
        print()
        print("| fit | A (s) | B (s) | B / A |")
        print("|---|---|---|---|")
        for name, commands in cases:
            best = {}
            for _ in range(args.repeats):
                for label, cli in (("A", args.before), ("B", args.after)):
                    model = os.path.join(folder, f"model-{label}")
                    runs = [[cli, *c, "--model", f"{model}-{k}.json"] for k, c in enumerate(commands)]
                    best[label] = min(best.get(label, float("inf")), timed(runs))
            print(f"| {name} | {best['A']:.3f} | {best['B']:.3f} | {best['B'] / best['A']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
