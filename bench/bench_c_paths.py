"""Fits along a path of C values against the same fits alone (issue 28, item 4): orca_svm.sweep
over 6 C (0.01 to 1,000) at one degree and interaction order, fitted as one C path (each fold's
fit from the previous C's model) and as 6 sweeps of one C each, on
make_classification(rows, 10, n_informative=6, random_state=0). Prints both times, their ratio
and the largest difference of the cross-validated accuracies, so that a faster path is seen to
find the same scores.

    python bench/bench_c_paths.py [--rows 100000] [--max-order 2] [--cv 2]
"""
import argparse
import os
import time

from sklearn.datasets import make_classification

import orca_svm

C_VALUES = [0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]


def timed_sweep(X, y, C, args):
    start = time.perf_counter()
    result = orca_svm.sweep(X, y, degree=3, C=C, max_order=args.max_order, cv=args.cv)
    return time.perf_counter() - start, result.table


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100000)
    parser.add_argument("--max-order", type=int, default=2)
    parser.add_argument("--cv", type=int, default=2)
    args = parser.parse_args()
    X, y = make_classification(args.rows, 10, n_informative=6, random_state=0)
    path_seconds, path = timed_sweep(X, y, C_VALUES, args)
    alone_seconds, differences = 0.0, []
    for c in C_VALUES:
        seconds, alone = timed_sweep(X, y, [c], args)
        alone_seconds += seconds
        along = path[path["C"] == c]["cv_mean"].iloc[0]
        differences.append(abs(along - alone["cv_mean"].iloc[0]))
        print(f"# C = {c:g} alone: {seconds:.1f} s", flush=True)
    print(f"# {os.cpu_count()} cores; {args.rows} rows x 10 features; degree 3, max_order {args.max_order}; "
          f"{len(C_VALUES)} C x ({args.cv} folds + the fit on all rows)")
    print("| rows, model | along the path | alone | ratio | CV accuracy, largest difference |")
    print("|---|---|---|---|---|")
    model = "additive" if args.max_order == 1 else "pairs" if args.max_order == 2 else f"max_order {args.max_order}"
    print(f"| {args.rows:,}, {model} | {path_seconds:.1f} s | {alone_seconds:.1f} s | "
          f"{path_seconds / alone_seconds:.2f} | {max(differences):.0e} |")


if __name__ == "__main__":
    main()
