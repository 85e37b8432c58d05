"""epsilon-SVR on small bases, side by side with the peers, in one run.

make_friedman1(m + 20000, n_features=10, noise=1.0, random_state=0): the first m rows to train,
the other 20,000 to test. Fits OrcaSVR's default (additive) model and max_order=2 (pairs) at
C = 1 and C = 100 (on the standardised target), an RBF SVR in a StandardScaler pipeline on the
standardised target (the same problem scale as OrcaSVR's default) and HistGradientBoosting, and
prints fit and predict seconds, test R^2, the ratio of each fit to the RBF SVR's and the route
the fit took. With --before ORCA, the same ORCA fits are also run by that older orca binary
(through the CLI, on the same rows): a change's effect measured in the same run. An older fit
that stopped at SMO's iteration cap says "not converged".

    python bench/bench_svr.py --rows 2000,5000,20000 [--before /path/to/old/orca] [--rbf-max 20000]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from sklearn.compose import TransformedTargetRegressor
from sklearn.datasets import make_friedman1
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import r2_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVR

from orca_svm import OrcaSVR

TEST_ROWS = 20000
ORCA_FITS = [(1, 1.0), (2, 1.0), (2, 100.0)]  # (max_order, C)


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def route(summary):
    return (f"{summary.get('interior_point_steps', 0)} IP steps, {summary.get('feature_space_passes', 0)} CD passes, "
            f"{summary['iterations']} SMO iterations" + ("" if summary["converged"] else ", not converged"))


def old_build_fit(binary, X, y, Xte, yte, max_order, C, folder):
    """Fit seconds of an older orca binary through its CLI (reading the CSV included, as users run
    it), its test R^2 (through its own predict) and its route."""
    header = ",".join([f"x{j}" for j in range(X.shape[1])] + ["y"])
    data, test = os.path.join(folder, "train.csv"), os.path.join(folder, "test.csv")
    if not os.path.exists(data):
        np.savetxt(data, np.column_stack([X, y]), delimiter=",", header=header, comments="", fmt="%.17g")
        np.savetxt(test, np.column_stack([Xte, yte]), delimiter=",", header=header, comments="", fmt="%.17g")
    model, out = os.path.join(folder, "old.json"), os.path.join(folder, "old_pred.csv")
    _, seconds = timed(lambda: subprocess.run(
        [binary, "fit", "--data", data, "--target", "y", "--task", "regression", "--max-order", str(max_order),
         "-C", str(C), "--model", model, "--quiet"], check=True))
    subprocess.run([binary, "predict", "--model", model, "--data", test, "--output", out, "--quiet"], check=True)
    predicted = np.genfromtxt(out, delimiter=",", names=True)
    with open(model) as f:
        training = json.load(f)["training"]
    return seconds, r2_score(yte, predicted[predicted.dtype.names[-1]]), training


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="2000,5000,20000")
    parser.add_argument("--before", help="an older orca binary to time on the same rows")
    parser.add_argument("--rbf-max", type=int, default=20000, help="largest m the RBF SVR is fitted on")
    args = parser.parse_args()
    print(f"# {os.cpu_count()} cores; make_friedman1(m + {TEST_ROWS}, n_features=10, noise=1.0); test rows {TEST_ROWS}")
    print("| m | model | fit s | predict s | test R^2 | fit / RBF SVR | route |")
    print("|---|---|---|---|---|---|---|")
    for m in (int(r) for r in args.rows.split(",")):
        X, y = make_friedman1(m + TEST_ROWS, n_features=10, noise=1.0, random_state=0)
        Xtr, ytr, Xte, yte = X[:m], y[:m], X[m:], y[m:]
        models = {}
        if m <= args.rbf_max:
            models["RBF SVR (StandardScaler, standardised target)"] = TransformedTargetRegressor(
                make_pipeline(StandardScaler(), SVR()), transformer=StandardScaler())
        models["HistGradientBoosting"] = HistGradientBoostingRegressor(random_state=0)
        for max_order, C in ORCA_FITS:
            models[f"ORCA max_order={max_order}, C={C:g}"] = OrcaSVR(max_order=max_order, C=C, verbose=0)
        rbf = None
        for name, est in models.items():
            _, fit_s = timed(lambda: est.fit(Xtr, ytr))
            pred, pred_s = timed(lambda: est.predict(Xte))
            if name.startswith("RBF"):
                rbf = fit_s
            ratio = f"{fit_s / rbf:.3f}" if rbf else ""
            print(f"| {m:,} | {name} | {fit_s:.2f} | {pred_s:.2f} | {r2_score(yte, pred):.4f} | {ratio} | "
                  f"{route(est.model_.summary) if isinstance(est, OrcaSVR) else ''} |", flush=True)
        if args.before:
            with tempfile.TemporaryDirectory() as folder:
                for max_order, C in ORCA_FITS:
                    seconds, r2, training = old_build_fit(args.before, Xtr, ytr, Xte, yte, max_order, C, folder)
                    ratio = f"{seconds / rbf:.3f}" if rbf else ""
                    print(f"| {m:,} | before: ORCA max_order={max_order}, C={C:g} (CLI) | {seconds:.2f} | | "
                          f"{r2:.4f} | {ratio} | {route(training)} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
