"""Three classes, probabilities and regression with ORCA, on scikit-learn's bundled data.

Run from the repository root after `make python`:
    .venv/bin/python examples/multiclass_and_regression.py
"""
from sklearn.datasets import load_diabetes, load_iris

from orca_svm import OrcaSVC, OrcaSVR

# --- three classes: one-vs-one machines, probabilities, analysis per machine and aggregated --
iris = load_iris(as_frame=True)
X, y = iris.data, iris.target_names[iris.target]
clf = OrcaSVC(degree=3, C=1.0, probability=True, random_state=0).fit(X, y)
print(f"training accuracy {clf.score(X, y):.3f}; machines: {clf.machine_names_}")
print("per-class decision values of two rows:\n", clf.decision_function(X.iloc[[0, 100]]).round(3))
print("probabilities of the same rows:\n", clf.predict_proba(X.iloc[[0, 100]]).round(3))

rep = clf.analyze()
print(rep.to_frame()["order"].round(3))       # OKC(q): one column per machine, then both aggregates
print("energy-weighted N* =", rep.energy_weighted.peak, " plain-mean N* =", rep.mean.peak)

# Explanations are per class: Shapley values of the class's score, summing to it exactly.
phi = clf.explain(X.iloc[[100]], target="virginica")
print("why row 100 is virginica:\n", phi.round(3))
print("base + sum(phi) =", round(phi.attrs["base"] + phi.to_numpy().sum(), 6),
      "= class score", round(float(phi.attrs["decision"][0]), 6))

# --- regression: epsilon-SVR, the same exact analysis (c_0 = 0 by the dual's constraint) ----
diabetes = load_diabetes(as_frame=True)
X, z = diabetes.data[["bmi", "bp", "s5", "age"]], diabetes.target
reg = OrcaSVR(degree=1, C=10.0).fit(X, z)   # C and epsilon in units of the target's sd (77)
print(f"\nSVR training R^2 {reg.score(X, z):.3f}")
rep = reg.analyze()
print(f"c_0 = {rep.constant:.1e}; OKC(q) =", rep.order.round(3))   # mostly main effects
print("feature shares OKC_i:\n", rep.marginal.sort_values(ascending=False).round(3))
