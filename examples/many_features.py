"""Many features: an additive (max_order=1) and a pairwise (max_order=2) ORCA model on the breast
cancer data (30 features), their exact shape functions and pair surfaces.

The full tensor product of degree n in 30 features would have (n+1)^30 basis functions and
interpolate; truncated by interaction order it keeps 1 + 30 n (additive) or also the 435 pairs,
and every result stays exact. An additive model IS its shape functions: its decision value is
the base plus the sum of the curves drawn here.

Run from the repository root after `make python`:  .venv/bin/python examples/many_features.py
Writes many_features_shapes.png and many_features_pairs.png into orca_output/ (created in the
current folder; git ignores it).
"""
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from sklearn.datasets import load_breast_cancer  # noqa: E402
from sklearn.model_selection import StratifiedKFold, cross_val_score  # noqa: E402

from orca_svm import OrcaSVC  # noqa: E402
from orca_svm.explain_plots import plot_pair_surface, plot_shape_functions  # noqa: E402

OUT = Path("orca_output")
OUT.mkdir(exist_ok=True)
warnings.simplefilter("ignore", UserWarning)  # CV folds clip a few rows to their training range
X, y = load_breast_cancer(return_X_y=True, as_frame=True)
folds = StratifiedKFold(5, shuffle=True, random_state=0)
models = {"additive (max_order=1)": OrcaSVC(degree=3, max_order=1),
          "pairwise (max_order=2)": OrcaSVC(degree=2, max_order=2),
          "full product (degree 2)": OrcaSVC(degree=2)}
for name, clf in models.items():
    print(f"{name:26s} 5-fold CV accuracy {cross_val_score(clf, X, y, cv=folds).mean():.3f}")

additive = models["additive (max_order=1)"].fit(X, y)
pairwise = models["pairwise (max_order=2)"].fit(X, y)
rep = additive.analyze()
print(f"\nadditive: {rep.order.round(3).tolist()[:3]} = OKC(0..2): every bit of energy in main effects")
top = rep.total_effect.sort_values(ascending=False).index[:6]
print("largest main effects:", ", ".join(f"{f} {rep.marginal[f]:.3f}" for f in top))

# The additive model is the base plus its shape functions, exactly.
comp = additive.explain_components(X.iloc[:5])
mains = comp.filter(like="main:").sum(axis=1)
print("base + sum of shape functions == decision:", np.allclose(comp["base"] + mains, comp["decision"]))

fig = plot_shape_functions(additive, X, features=top)
fig.savefig(OUT / "many_features_shapes.png", dpi=80)

prep = pairwise.analyze()
print(f"\npairwise: OKC(1) {prep.order[1]:.3f}, OKC(2) {prep.order[2]:.3f}, OKC(3+) {prep.order[3:].sum():.3f}")
pairs = prep.pairwise.where(np.triu(np.ones(prep.pairwise.shape, dtype=bool), 1)).stack().sort_values(ascending=False)
fig, axes = plt.subplots(1, 3, figsize=(15, 4))
for ax, ((a, b), share) in zip(axes, pairs.iloc[:3].items()):
    plot_pair_surface(pairwise, a, b, ax=ax)
    print(f"pair {a} x {b}: OKC_ij {share:.3f}")
fig.tight_layout()
fig.savefig(OUT / "many_features_pairs.png", dpi=80)
print("\nwrote many_features_shapes.png and many_features_pairs.png")
