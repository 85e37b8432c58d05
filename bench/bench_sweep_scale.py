"""Issue 28's sweep target: orca_svm.sweep over 6 C x degrees 1-3 x max_order {1, 2}, 5 folds, on
make_classification(m, 10, n_informative=6, random_state=0) (m = 100,000 by default): 36
settings, 216 fits with the final ones. Prints the wall time against the 5-minute target and each
setting's cross-validated accuracy, so that a faster run is seen to find the same scores.

    python bench/bench_sweep_scale.py [--rows 100000] [--jobs 0]
"""
import argparse
import os
import time

from sklearn.datasets import make_classification

import orca_svm

C_VALUES = [0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]
TARGET_SECONDS = 300.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100000)
    parser.add_argument("--jobs", type=int, default=0, help="parallel fits (0: every core)")
    args = parser.parse_args()
    X, y = make_classification(args.rows, 10, n_informative=6, random_state=0)
    start = time.perf_counter()
    result = orca_svm.sweep(X, y, degree=[1, 2, 3], C=C_VALUES, max_order=[1, 2], cv=5, n_jobs=args.jobs)
    seconds = time.perf_counter() - start
    print(f"# {os.cpu_count()} cores; {args.rows} rows x 10 features; {len(result.rows)} settings x 6 fits")
    print("| CV accuracy | " + " | ".join(f"C = {c:g}" for c in C_VALUES) + " |")
    print("|---|" + "---|" * len(C_VALUES))
    table = result.table
    for order in (1, 2):
        for degree in (1, 2, 3):
            cells = []
            for c in C_VALUES:
                hit = table[(table["degree"] == degree) & (table["C"] == c) &
                            (table["setting"].str.contains(f"Q={order}"))]
                cells.append(f"{hit['cv_mean'].iloc[0]:.4f}")
            print(f"| max_order {order}, degree {degree} | " + " | ".join(cells) + " |")
    print(f"\nsweep: {seconds:.0f} s against the target's {TARGET_SECONDS:.0f} s "
          f"({seconds / TARGET_SECONDS:.2f}x); best: {result.best_params}")


if __name__ == "__main__":
    main()
