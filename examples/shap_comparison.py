"""ORCA's exact Shapley values in SHAP's plots, beside SHAP's own explainers on the same model.

Fits OrcaSVC on the echocardiogram data (5 features), then explains every row four ways:
ORCA's closed form (explain_shap), SHAP's ExactExplainer and KernelExplainer with the training
data as background, and ExactExplainer with a sample of the kernel's measure mu as background
(ORCA's game, estimated by Monte Carlo). Prints a table of times and differences and writes
shap_beeswarm.png (ORCA's values and ExactExplainer's with the training background, side by side).

Needs shap (pip install shap). Run:  python examples/shap_comparison.py [output-folder]
"""
import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import shap  # noqa: E402

from orca_svm import OrcaSVC, load_echocardiogram  # noqa: E402

out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
X, y = load_echocardiogram(return_X_y=True, as_frame=True)
clf = OrcaSVC(family="legendre", degree=4, max_order=None, C=1.0).fit(X, y)  # the full tensor product


def timed(explain):
    start = time.perf_counter()
    result = explain()
    return result, time.perf_counter() - start


orca, t_orca = timed(lambda: clf.explain_shap(X))
# Background = the training data (SHAP's usual choice): another game than ORCA's.
exact_data, t_exact = timed(lambda: shap.ExactExplainer(clf.decision_function, shap.maskers.Independent(X, 108))(X))
kernel_rows = X.iloc[:20]
kernel_values, t_kernel = timed(lambda: shap.KernelExplainer(clf.decision_function, X).shap_values(kernel_rows,
                                                                                                       silent=True))
# Background = a sample of mu (uniform on the training range for Legendre): ORCA's game, by Monte Carlo.
rng = np.random.default_rng(0)
mu_sample = pd.DataFrame(rng.uniform(X.min(), X.max(), size=(2000, X.shape[1])), columns=X.columns)
exact_mu, t_mu = timed(lambda: shap.ExactExplainer(clf.decision_function, shap.maskers.Independent(mu_sample, 2000))(X))


def gap(values, rows=slice(None)):
    d = np.abs(np.asarray(values) - orca.values[rows])
    return f"{d.max():.3f} | {d.mean():.3f}"


scale = np.abs(orca.values).mean()
print(f"Echocardiogram, {len(X)} rows, d = {X.shape[1]}; OrcaSVC(legendre, degree=4); mean |phi| = {scale:.3f}\n")
print("| explainer | background | rows | time (s) | per row (ms) | max \\|phi - phi_ORCA\\| | mean |")
print("|---|---|---|---|---|---|---|")
print(f"| ORCA explain_shap (exact, closed form) | mu (product measure) | {len(X)} | {t_orca:.4f} | "
      f"{1e3 * t_orca / len(X):.3f} | 0 | 0 |")
print(f"| shap ExactExplainer | mu, 2,000 draws | {len(X)} | {t_mu:.2f} | {1e3 * t_mu / len(X):.1f} | {gap(exact_mu.values)} |")
print(f"| shap ExactExplainer | training data (108 rows) | {len(X)} | {t_exact:.2f} | {1e3 * t_exact / len(X):.1f} | "
      f"{gap(exact_data.values)} |")
print(f"| shap KernelExplainer | training data (108 rows) | {len(kernel_rows)} | {t_kernel:.2f} | "
      f"{1e3 * t_kernel / len(kernel_rows):.1f} | {gap(kernel_values, slice(0, 20))} |")
print(f"\nbase value: ORCA {orca.base_values[0]:.4f} (mean under mu), ExactExplainer {exact_data.base_values[0]:.4f} "
      f"(mean over the training data)")

fig, axes = plt.subplots(1, 2, figsize=(13, 4.2))
shap.plots.beeswarm(orca, ax=axes[0], show=False, plot_size=None, color_bar=False)
axes[0].set_title("ORCA explain_shap: exact, background mu")
shap.plots.beeswarm(exact_data, ax=axes[1], show=False, plot_size=None)
axes[1].set_title("shap ExactExplainer: background = training data")
fig.tight_layout()
fig.savefig(out / "shap_beeswarm.png", dpi=90)
print(f"\nwrote {out / 'shap_beeswarm.png'}")
