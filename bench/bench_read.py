"""Reading a CSV table, ORCA's reader beside pandas.read_csv, in one run.

Writes make_classification(rows, cols, n_informative=6, random_state=0) as a CSV with pandas'
float format (17 significant digits), then reads it with bench_read (ORCA's reader, the first
phase of every `orca fit`), with an older bench_read when --before names one, and with
pandas.read_csv (its C engine), and prints the median of `runs` reads each and their ratios.

    python bench/bench_read.py --bench-read build/bench/bench_read --rows 1000000 --cols 30
"""
import argparse
import os
import re
import subprocess
import tempfile
import time

import pandas as pd
from sklearn.datasets import make_classification


def orca_seconds(binary, path, runs):
    out = subprocess.run([binary, path, "y", str(runs)], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"seconds=([0-9.]+)", out).group(1))


def pandas_seconds(path, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pd.read_csv(path)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-read", required=True, help="the bench_read program of this build")
    parser.add_argument("--before", help="an older build's bench_read, measured in the same run")
    parser.add_argument("--rows", type=int, default=1000000)
    parser.add_argument("--cols", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    X, y = make_classification(args.rows, args.cols, n_informative=6, random_state=0)
    frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(args.cols)])
    frame["y"] = y
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "table.csv")
        frame.to_csv(path, index=False)
        size = os.path.getsize(path) / 1e6
        rows = [("ORCA (this build)", orca_seconds(args.bench_read, path, args.runs))]
        if args.before:
            rows.append(("ORCA (before)", orca_seconds(args.before, path, args.runs)))
        rows.append((f"pandas {pd.__version__} read_csv", pandas_seconds(path, args.runs)))
    base = rows[-1][1]
    print(f"Reading a CSV of {args.rows} rows x {args.cols + 1} columns ({size:.0f} MB), median of {args.runs}\n")
    print("| reader | seconds | MB/s | / pandas |")
    print("|---|---|---|---|")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.2f} | {size / seconds:.0f} | {seconds / base:.2f} |")


if __name__ == "__main__":
    main()
