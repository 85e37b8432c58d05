"""Training and prediction of small bases on many rows, side by side with the peers, in one run.

The data of issue 28: make_classification(m + 100000, 10, n_informative=6, random_state=0), the
first m rows to train, the other 100,000 to test. Fits ORCA's default (additive) model and
max_order=2 (pairs), an RBF SVC in a StandardScaler pipeline and HistGradientBoosting, and
prints fit and predict seconds, test accuracy and the ratios to the RBF SVC. With --before ORCA,
the same two ORCA models are also fitted by that older orca binary (through the CLI, on the same
rows), so that a change's effect is measured in the same run.

With --large M (e.g. 50000,500000) the default additive model and HistGradientBoosting alone are
also fitted on M rows (the RBF SVC would take hours there): the fit against the boosting model's
and the growth of the fit time from the first M to the last. With --before as well, that older
binary and this build's CLI (--cli, default build/orca) fit the additive model on the same rows
through the CLI, reading the CSV included, so that the change is measured in the same run.

With --features 30 --models pairs (and the others as wanted) it measures the pairs model of 30
features, 4,006 functions: issue 28's 1,000,000-row target.

    python bench/bench_feature_space.py --rows 10000,50000 [--before /path/to/old/orca] [--large 50000,500000]
        [--features 10] [--models rbf,hgb,additive,pairs]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from sklearn.datasets import make_classification
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from orca_svm import OrcaSVC

TEST_ROWS = 100000


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def old_build_fit(binary, X, y, max_order, folder):
    """Fit time of an older orca binary through its CLI (reading the CSV included, as users run it)."""
    data = os.path.join(folder, "train.csv")
    if not os.path.exists(data):
        header = ",".join([f"x{j}" for j in range(X.shape[1])] + ["y"])
        np.savetxt(data, np.column_stack([X, y]), delimiter=",", header=header, comments="", fmt="%.17g")
    model = os.path.join(folder, f"old_{max_order}.json")
    _, seconds = timed(lambda: subprocess.run([binary, "fit", "--data", data, "--target", "y", "--max-order",
                                               str(max_order), "--model", model, "--quiet"], check=True))
    with open(model) as f:
        training = json.load(f)["training"]
    return seconds, training


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="10000,50000")
    parser.add_argument("--before", help="an older orca binary to time on the same rows")
    parser.add_argument("--large", help="row counts for the additive model against HistGradientBoosting alone")
    parser.add_argument("--cli", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "orca"),
                        help="this build's orca binary, timed beside --before in the --large table")
    parser.add_argument("--features", type=int, default=10,
                        help="columns of make_classification (issue 28's 1,000,000-row target has 30)")
    parser.add_argument("--models", default="rbf,hgb,additive,pairs",
                        help="which of rbf, hgb, additive, pairs to fit (the RBF SVC is the ratios' base when fitted)")
    args = parser.parse_args()
    if args.large:
        return large((int(r) for r in args.large.split(",")), args.before, args.cli)
    print(f"# {os.cpu_count()} cores; {args.features} features; test rows {TEST_ROWS}")
    chosen = args.models.split(",")
    print("| m | model | fit s | predict s | accuracy | fit / RBF | predict / RBF | route |")
    print("|---|---|---|---|---|---|---|---|")
    for m in (int(r) for r in args.rows.split(",")):
        X, y = make_classification(m + TEST_ROWS, args.features, n_informative=6, random_state=0)
        Xtr, ytr, Xte, yte = X[:m], y[:m], X[m:], y[m:]
        models = {
            "RBF SVC (StandardScaler)": ("rbf", make_pipeline(StandardScaler(), SVC())),
            "HistGradientBoosting": ("hgb", HistGradientBoostingClassifier(random_state=0)),
            "ORCA default (additive)": ("additive", OrcaSVC()),
            "ORCA max_order=2": ("pairs", OrcaSVC(max_order=2)),
        }
        models = {name: est for name, (key, est) in models.items() if key in chosen}
        rows, rbf = [], (None if "rbf" in chosen else (float("nan"), float("nan")))
        for name, est in models.items():
            _, fit_s = timed(lambda: est.fit(Xtr, ytr))
            pred, pred_s = timed(lambda: est.predict(Xte))
            acc = float(np.mean(pred == yte))
            route = ""
            if isinstance(est, OrcaSVC):
                s = est.model_.summary
                route = (f"{s['interior_point_steps']} IP steps, {s['feature_space_passes']} CD passes, "
                         f"{s['iterations']} SMO iterations, {len(est.support_vectors_)} SVs")
            if rbf is None:
                rbf = (fit_s, pred_s)
            rows.append((name, fit_s, pred_s, acc, route))
        for name, fit_s, pred_s, acc, route in rows:
            print(f"| {m:,} | {name} | {fit_s:.2f} | {pred_s:.2f} | {acc:.4f} | {fit_s / rbf[0]:.3f} | "
                  f"{pred_s / rbf[1]:.3f} | {route} |", flush=True)
        if args.before:
            with tempfile.TemporaryDirectory() as folder:
                for max_order in (1, 2):
                    seconds, training = old_build_fit(args.before, Xtr, ytr, max_order, folder)
                    print(f"| {m:,} | before: ORCA max_order={max_order} (CLI) | {seconds:.2f} | | | "
                          f"{seconds / rbf[0]:.3f} | | {training.get('interior_point_steps', 0)} IP steps, "
                          f"{training['iterations']} SMO iterations |", flush=True)


def large(sizes, before=None, cli=None):
    extra = (" CLI fit s: before | CLI fit s: this build | before / this | objectives' relative difference |"
             if before else "")
    print("| m | fit s: ORCA default (additive) | fit s: HistGradientBoosting | ORCA / HGB | accuracy ORCA / HGB | "
          "ORCA fit growth from the first m |" + extra)
    print("|---|---|---|---|---|---|" + ("---|---|---|---|" if before else ""))
    first = None
    for m in sizes:
        X, y = make_classification(m + TEST_ROWS, 10, n_informative=6, random_state=0)
        Xtr, ytr, Xte, yte = X[:m], y[:m], X[m:], y[m:]
        orca, orca_s = timed(lambda: OrcaSVC().fit(Xtr, ytr))
        hgb, hgb_s = timed(lambda: HistGradientBoostingClassifier(random_state=0).fit(Xtr, ytr))
        first = first or orca_s
        line = (f"| {m:,} | {orca_s:.2f} | {hgb_s:.2f} | {orca_s / hgb_s:.2f} | "
                f"{np.mean(orca.predict(Xte) == yte):.4f} / {np.mean(hgb.predict(Xte) == yte):.4f} | "
                f"{orca_s / first:.1f} x |")
        if before:
            with tempfile.TemporaryDirectory() as folder:
                old_s, old = old_build_fit(before, Xtr, ytr, 1, folder)
                new_s, new = old_build_fit(cli, Xtr, ytr, 1, folder)
            line += (f" {old_s:.2f} ({old.get('interior_point_steps', 0)} IP steps) | "
                     f"{new_s:.2f} ({new.get('interior_point_steps', 0)} IP steps) | {old_s / new_s:.2f} | "
                     f"{abs(new['objective'] - old['objective']) / abs(old['objective']):.1e} |")
        print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
