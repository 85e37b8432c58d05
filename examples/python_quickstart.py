"""Train an ORCA SVM on the double spiral from Python, analyse it, and save the standard figure.

Run from the repository root after `make python`:  .venv/bin/python examples/python_quickstart.py
The figures go to the folder orca_output/ (created in the current folder; git ignores it).
"""
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from orca_svm import OrcaSVC, make_double_spiral  # noqa: E402
from orca_svm.plots import plot_decision_function  # noqa: E402

X, y = make_double_spiral(as_frame=True)  # features x1, x2, as in the CLI's demo
clf = OrcaSVC(family="legendre", degree=8, C=1.0).fit(X, y)
print(f"training accuracy {clf.score(X, y):.3f}, {len(clf.support_vectors_)} support vectors")

rep = clf.analyze()
print(rep)                                   # the CLI's tables
print("OKC(q):", rep.order.round(3), "N* =", rep.peak, "T_eps:", rep.thresholds)
print(rep.to_frame()["features"])            # tidy DataFrames

out = Path("orca_output")
out.mkdir(exist_ok=True)
fig = rep.plot()
fig.savefig(out / "orca_spiral_report.png", dpi=100)
ax = plot_decision_function(clf, X, y)
ax.figure.savefig(out / "orca_spiral_decision.png", dpi=100)
print(f"wrote {out / 'orca_spiral_report.png'} and {out / 'orca_spiral_decision.png'}")
