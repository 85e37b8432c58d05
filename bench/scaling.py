"""Scaling: ORCA's scaling="range" (each feature's training range onto the family's interval)
against scaling="quantile" (its training distribution onto the family's law), beside the RBF SVM.

5-fold cross-validation on the same folds for every model (stratified and shuffled with seed 0
for classification, shuffled for regression) of OrcaSVC()/OrcaSVR() with each scaling, the same
with max_order=2, and scikit-learn's RBF SVC/SVR behind StandardScaler. Accuracy for
classification, R^2 for regression.

Run:  .venv/bin/python bench/scaling.py [--write docs/scaling.md]
"""
import argparse
import warnings

import numpy as np
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris, load_wine, make_friedman1
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC, SVR

from cv_tables import machine_line, scored_row, versus, write_section
from orca_svm import OrcaSVC, OrcaSVR, load_echocardiogram


def skewed(rows=1000, seed=0):
    """Lognormal 'income' and 'debt' whose logs decide the class, and two uniform features."""
    rng = np.random.default_rng(seed)
    income, debt = rng.lognormal(0.0, 1.5, rows), rng.lognormal(0.0, 1.0, rows)
    other = rng.uniform(-1, 1, (rows, 2))
    y = (np.log(income) - 0.7 * np.log(debt) + 0.5 * other[:, 0] + rng.normal(0, 0.4, rows) > 0).astype(int)
    return np.column_stack([income, debt, other]), y


def cases():
    Xf, yf = make_friedman1(500, 10, noise=1.0, random_state=0)
    yield "breast cancer", "classification", *load_breast_cancer(return_X_y=True)
    yield "wine", "classification", *load_wine(return_X_y=True)
    yield "iris", "classification", *load_iris(return_X_y=True)
    yield "echocardiogram", "classification", *load_echocardiogram(return_X_y=True)
    yield "lognormal features", "classification", *skewed()
    yield "diabetes", "regression", *load_diabetes(return_X_y=True)
    yield "friedman1", "regression", Xf, yf


def models(task):
    orca = OrcaSVC if task == "classification" else OrcaSVR
    return {"ORCA range": orca(), "ORCA quantile": orca(scaling="quantile"),
            "ORCA pairs, range": orca(max_order=2), "ORCA pairs, quantile": orca(max_order=2, scaling="quantile"),
            "RBF": make_pipeline(StandardScaler(), SVC() if task == "classification" else SVR())}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", help="write the table into this file's generated section")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    names = list(models("classification"))
    lines = ["| data | task | rows x features | " + " | ".join(names) + " |", "|" + "---|" * (3 + len(names))]
    gains = []
    for name, task, X, y in cases():
        s, line = scored_row(name, task, X, y, models(task))
        gains.append(s["ORCA quantile"] - s["ORCA range"])
        lines.append(line)
    summary = versus(gains, "Defaults (additive), quantile against range")
    table = "\n".join([machine_line(), "", *lines, "", summary])
    print(summary)
    if args.write:
        write_section(args.write, "scaling.py", table)


if __name__ == "__main__":
    main()
