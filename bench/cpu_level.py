"""The same fits and predictions by two orca binaries, one compiled for the baseline (SSE2) and one
for x86-64-v3 (AVX2, FMA), on the same rows in one run: what the CPU level
(cmake/OrcaCpuLevel.cmake) buys and that it changes no result beyond the last bits.

Workloads (issue 28's data, make_classification(m + 100000, 10, n_informative=6, random_state=0)):
the default additive model and max_order=2 on 50,000 rows (the interior-point route), the full
tensor product of degree 3 on 4,000 rows (SMO on kernel rows), and predicting 100,000 rows with
the pairs model; and the default epsilon-SVR on 20,000 rows of make_friedman1 (coordinate descent
in the feature space, then SMO). Each is timed through the CLI, reading the CSV included, as users
run it.

    python bench/cpu_level.py --baseline /tmp/base/orca --level build/orca
"""
import argparse
import json
import os
import subprocess
import tempfile
import time

import numpy as np
from sklearn.datasets import make_classification, make_friedman1


def write_csv(path, X, y):
    header = ",".join([f"x{j}" for j in range(X.shape[1])] + ["y"])
    np.savetxt(path, np.column_stack([X, y]), delimiter=",", header=header, comments="", fmt="%.17g")


def timed_run(args):
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def training(model):
    with open(model) as f:
        return json.load(f)["training"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="orca built with -DORCA_CPU_LEVEL=baseline")
    parser.add_argument("--level", required=True, help="orca built for the level to compare (x86-64-v3)")
    parser.add_argument("--rows", type=int, default=50000)
    args = parser.parse_args()
    binaries = {"baseline": args.baseline, "level": args.level}
    for name, binary in binaries.items():
        print(f"# {name}: {subprocess.run([binary, '--version'], capture_output=True, text=True).stdout.strip()}")

    X, y = make_classification(args.rows + 100000, 10, n_informative=6, random_state=0)
    with tempfile.TemporaryDirectory() as folder:
        train, small, test = (os.path.join(folder, n) for n in ("train.csv", "small.csv", "test.csv"))
        write_csv(train, X[:args.rows], y[:args.rows])
        write_csv(small, X[:4000], y[:4000])
        write_csv(test, X[args.rows:], y[args.rows:])
        regression = os.path.join(folder, "regression.csv")
        write_csv(regression, *make_friedman1(20000, 10, noise=1.0, random_state=0))
        fits = [(f"fit {args.rows:,} rows, default (additive)", train, []),
                (f"fit {args.rows:,} rows, max_order=2", train, ["--max-order", "2"]),
                ("fit 4,000 rows, full product of degree 3", small, ["--max-order", "0", "--degree", "3"]),
                ("fit 20,000 rows, epsilon-SVR default (additive)", regression, ["--task", "regression"])]
        print("| workload | baseline s | x86-64-v3 s | baseline / x86-64-v3 | route (both) | certified KKT violation: "
              "baseline / x86-64-v3 |")
        print("|---|---|---|---|---|---|")
        for label, data, options in fits:
            seconds, summaries = {}, {}
            for name, binary in binaries.items():
                model = os.path.join(folder, f"{name}.json")
                seconds[name] = timed_run([binary, "fit", "--data", data, "--target", "y", "--model", model,
                                           "--quiet", *options])
                summaries[name] = training(model)
            route = summaries["level"]
            print(f"| {label} | {seconds['baseline']:.2f} | {seconds['level']:.2f} | "
                  f"{seconds['baseline'] / seconds['level']:.2f} | {route['interior_point_steps']} IP steps, "
                  f"{route['feature_space_passes']} CD passes, {route['iterations']} SMO iterations, "
                  f"{route['support_vectors']} SVs | "
                  f"{summaries['baseline']['gap']:.3e} / {route['gap']:.3e} |")
            if options[:2] == ["--max-order", "2"]:  # keep both pairs models for the prediction below
                for name in binaries:
                    os.replace(os.path.join(folder, f"{name}.json"), os.path.join(folder, f"pairs_{name}.json"))
        seconds, outputs = {}, {}
        for name, binary in binaries.items():
            out = os.path.join(folder, f"pred_{name}.csv")
            seconds[name] = timed_run([binary, "predict", "--model", os.path.join(folder, f"pairs_{name}.json"),
                                       "--data", test, "--output", out])
            outputs[name] = np.loadtxt(out, delimiter=",", skiprows=1, usecols=1)
        differ = np.max(np.abs(outputs["baseline"] - outputs["level"]))
        print(f"| predict 100,000 rows, max_order=2 | {seconds['baseline']:.2f} | {seconds['level']:.2f} | "
              f"{seconds['baseline'] / seconds['level']:.2f} | | decision values differ by at most {differ:.1e} |")


if __name__ == "__main__":
    main()
