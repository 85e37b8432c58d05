"""SHAP interoperability: explain_shap gives a shap.Explanation of ORCA's exact values that
SHAP's plots draw, and SHAP's own ExactExplainer, given the kernel's measure mu as background,
computes the same values (an independent reference for the game ORCA solves in closed form)."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from orca_svm import OrcaSVC, OrcaSVR, make_double_spiral  # noqa: E402

shap = pytest.importorskip("shap")


@pytest.fixture(scope="module")
def spiral():
    X, y = make_double_spiral()
    X = pd.DataFrame(X, columns=["u", "v"])
    return X, y, OrcaSVC(family="legendre", degree=8).fit(X, y)


def test_explanation_holds_the_exact_values(spiral):
    X, _, clf = spiral
    ex = clf.explain_shap(X.iloc[:40])
    phi = clf.explain(X.iloc[:40])
    assert isinstance(ex, shap.Explanation)
    np.testing.assert_array_equal(ex.values, phi.to_numpy())
    np.testing.assert_array_equal(ex.base_values, np.full(40, phi.attrs["base"]))
    np.testing.assert_array_equal(ex.data, X.iloc[:40].to_numpy())
    assert list(ex.feature_names) == ["u", "v"]
    np.testing.assert_allclose(ex.values.sum(axis=1) + ex.base_values, clf.decision_function(X.iloc[:40]),
                               rtol=0, atol=1e-12)


def test_shap_plots_draw_orcas_values(spiral):
    X, _, clf = spiral
    ex = clf.explain_shap(X.iloc[:50])
    shap.plots.waterfall(ex[0], show=False)
    labels = [t.get_text() for ax in plt.gcf().axes for t in ax.get_xticklabels() + ax.texts]
    minus = lambda v: f"{v:.3f}".replace("-", "\u2212")  # noqa: E731 (SHAP prints a Unicode minus)
    assert f"\n$ = {minus(ex.base_values[0])}$" in labels
    assert f"$ = {minus(ex.values[0].sum() + ex.base_values[0])}$" in labels
    plt.close("all")
    shap.plots.beeswarm(ex, show=False)
    drawn = [np.sort(c.get_offsets()[:, 0]) for c in plt.gca().collections if len(c.get_offsets()) == 50]
    assert len(drawn) == 2
    for j in range(2):
        assert any(np.allclose(x, np.sort(ex.values[:, j])) for x in drawn)
    plt.close("all")
    shap.plots.bar(ex, show=False)
    widths = sorted(p.get_width() for p in plt.gca().patches)
    np.testing.assert_allclose(widths, np.sort(np.abs(ex.values).mean(axis=0)))
    plt.close("all")
    shap.plots.scatter(ex[:, "u"], show=False)
    points = [c.get_offsets() for c in plt.gca().collections if len(c.get_offsets()) == 50]
    drawn, order = points[0][np.argsort(points[0][:, 0])], np.argsort(ex.data[:, 0])  # SHAP shuffles the draw order
    np.testing.assert_allclose(drawn[:, 0], ex.data[order, 0])
    np.testing.assert_allclose(drawn[:, 1], ex.values[order, 0])
    plt.close("all")


def test_exact_explainer_with_mu_as_background_agrees(spiral):
    """ORCA's game is v(S) = E_mu[h(x_S, X_-S)], mu uniform on the training range for Legendre.
    SHAP's ExactExplainer computes the same game with a background set in place of mu: a
    midpoint grid of mu (equal weights) integrates the degree-8 polynomial to about 1e-4."""
    X, _, clf = spiral
    lo, hi = X.min().to_numpy(), X.max().to_numpy()
    g = 120
    axes = [lo[j] + (np.arange(g) + 0.5) * (hi[j] - lo[j]) / g for j in range(2)]
    grid = pd.DataFrame(np.array(np.meshgrid(*axes, indexing="ij")).reshape(2, -1).T, columns=["u", "v"])
    masker = shap.maskers.Independent(grid, max_samples=len(grid))
    rows = X.iloc[::60]
    reference = shap.ExactExplainer(clf.decision_function, masker)(rows)
    ours = clf.explain_shap(rows)
    scale = np.abs(ours.values).max()
    np.testing.assert_allclose(reference.values, ours.values, atol=2e-3 * scale)
    np.testing.assert_allclose(reference.base_values, ours.base_values, atol=2e-3 * scale)


def test_regression_and_multiclass_targets():
    from sklearn.datasets import load_iris
    X, y = load_iris(return_X_y=True, as_frame=True)
    clf = OrcaSVC(degree=3).fit(X, y)
    ex = clf.explain_shap(X.iloc[:10], target=2)
    np.testing.assert_allclose(ex.values.sum(axis=1) + ex.base_values, clf.explain(X.iloc[:10], target=2).attrs["decision"],
                               atol=1e-12)
    with pytest.raises(ValueError, match="pass target"):
        clf.explain_shap(X.iloc[:10])
    reg = OrcaSVR(degree=3).fit(X.iloc[:, :3], X.iloc[:, 3])
    ex = reg.explain_shap(X.iloc[:10, :3])
    np.testing.assert_allclose(ex.values.sum(axis=1) + ex.base_values, reg.predict(X.iloc[:10, :3]), atol=1e-12)
    assert list(ex.feature_names) == list(X.columns[:3])
