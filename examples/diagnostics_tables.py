"""The sweep, selection and stability tables of docs/diagnostics.md for more than two classes
(wine) and for a regression (diabetes), made by orca_svm. Prints them; with --write, puts them
into docs/diagnostics.md between its markers (tests/python/test_examples.py checks that the
document holds what this prints)."""
import sys
from pathlib import Path

from sklearn.datasets import load_diabetes, load_wine

import orca_svm

BEGIN, END = "<!-- diagnostics-tables:begin -->", "<!-- diagnostics-tables:end -->"


def tables() -> str:
    out = []
    X, y = load_wine(return_X_y=True, as_frame=True)
    sweep = orca_svm.sweep(X, y, degree=[2, 3], max_order=[1, 2], cv=5)
    stability = orca_svm.stability(X, y, degree=sweep.best_params["degree"],
                                   max_order=sweep.best_params.get("max_order"), bootstrap=50)
    out += ["### Wine: three classes (accuracy; the machines' energy-weighted OKC)\n",
            "`orca_svm.sweep(X, y, degree=[2, 3], max_order=[1, 2], cv=5)` on scikit-learn's wine data "
            "(178 rows, 13 features; the task inferred from the integer classes):\n", str(sweep),
            f"Occam selection: {sweep.reason}\n",
            f"Stability of the chosen setting over 50 bootstrap resamples (first rows):\n",
            "\n".join(str(stability).splitlines()[3:10]) + "\n"]
    X, y = load_diabetes(return_X_y=True, as_frame=True, scaled=False)
    X = X.round(6)  # the file's own digits: releases' parsers differ in the 16th, which moves SMO's stop
    sweep = orca_svm.sweep(X, y, degree=[2, 3], max_order=[1, 2], C=[0.1, 1], cv=5)
    stability = orca_svm.stability(X, y, degree=sweep.best_params["degree"], C=sweep.best_params["C"],
                                   max_order=sweep.best_params.get("max_order"), cv=5)
    out += ["### Diabetes: a regression (R² and RMSE; the SVR's OKC)\n",
            "`orca_svm.sweep(X, y, degree=[2, 3], max_order=[1, 2], C=[0.1, 1], cv=5)` on scikit-learn's "
            "diabetes data, unscaled (`load_diabetes(scaled=False)`: 442 rows, 10 features; a float target, so a "
            "regression):\n", str(sweep),
            f"Occam selection: {sweep.reason}\n",
            "Stability of the chosen setting over 5-fold cross-validation (first rows):\n",
            "\n".join(str(stability).splitlines()[3:10]) + "\n"]
    return "\n".join(out)


def main() -> None:
    text = tables()
    if "--write" not in sys.argv:
        print(text)
        return
    doc_path = Path(__file__).resolve().parents[1] / "docs" / "diagnostics.md"
    doc = doc_path.read_text()
    head, rest = doc.split(BEGIN)
    _, tail = rest.split(END)
    doc_path.write_text(head + BEGIN + "\n" + text + "\n" + END + tail)  # as print() writes it
    print(f"wrote {doc_path}")


if __name__ == "__main__":
    main()
