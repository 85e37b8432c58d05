"""Plots render to PNG and draw what they claim (bar heights equal the indices), not pixels."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from orca_svm import OrcaSVC, make_double_spiral  # noqa: E402
from orca_svm.plots import (plot_decision_function, plot_marginal, plot_order, plot_pairwise,  # noqa: E402
                            plot_spectrum)


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    X, y = make_double_spiral(random_state=4)
    X3 = np.column_stack([X, X[:, 0] * X[:, 1] + 0.1 * np.random.default_rng(0).normal(size=len(X))])
    clf = OrcaSVC(degree=5, max_order=2).fit(pd.DataFrame(X3, columns=["a", "b", "c"]), y)  # pairs to draw
    return clf, clf.analyze()


def heights(ax):
    return np.array([p.get_height() for p in ax.patches])


def test_order_bars_are_okc_q(fitted, tmp_path):
    _, rep = fitted
    ax = plot_order(rep)
    # Bars up to the basis' interaction order; the orders above it are zero and not drawn.
    drawn = heights(ax)
    assert len(drawn) == rep.max_order + 1
    np.testing.assert_allclose(drawn, rep.order[:len(drawn)])
    assert not rep.order[len(drawn):].any()
    ax.figure.savefig(tmp_path / "order.png")
    plt.close(ax.figure)


def test_spectrum_marks_peak_and_thresholds(fitted, tmp_path):
    _, rep = fitted
    ax = plot_spectrum(rep)
    # Bars up to past the last degree with mass; every degree beyond has none.
    drawn = heights(ax)
    np.testing.assert_allclose(drawn, rep.spectrum[:len(drawn)])
    assert not rep.spectrum[len(drawn):].any() and len(drawn) > np.flatnonzero(rep.spectrum)[-1]
    vertical = sorted(line.get_xdata()[0] for line in ax.get_lines())
    assert vertical == sorted([rep.peak, *rep.thresholds.values()])
    twin = [a for a in ax.figure.axes if a is not ax][0]
    np.testing.assert_allclose(twin.get_lines()[0].get_ydata(), rep.cumulative[:len(drawn)])
    ax.figure.savefig(tmp_path / "spectrum.png")
    plt.close(ax.figure)


def test_marginal_bars_sorted_and_named(fitted, tmp_path):
    _, rep = fitted
    ax = plot_marginal(rep)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    order = list(rep.total_effect.sort_values().index)
    assert labels == order
    bars = ax.patches
    d = len(order)
    np.testing.assert_allclose([b.get_width() for b in bars[:d]], rep.total_effect[order].values)
    np.testing.assert_allclose([b.get_width() for b in bars[d:]], rep.marginal[order].values)
    ax.figure.savefig(tmp_path / "marginal.png")
    plt.close(ax.figure)


def test_pairwise_heatmap_is_the_matrix(fitted, tmp_path):
    _, rep = fitted
    ax = plot_pairwise(rep)
    np.testing.assert_allclose(ax.images[0].get_array(), rep.pairwise.values)
    ax.figure.savefig(tmp_path / "pairwise.png")
    plt.close(ax.figure)


def test_an_additive_model_shows_what_its_basis_holds(tmp_path):
    X, y = make_double_spiral(random_state=4)
    X4 = pd.DataFrame(np.column_stack([X, X[:, ::-1] ** 2]), columns=["a", "b", "c", "d"])
    clf = OrcaSVC(degree=3, max_order=1).fit(X4, y)
    rep = clf.analyze()
    assert len(rep.order) == 2 and rep.max_subset_order == 1  # OKC(0), OKC(1): no order it cannot have
    assert len(rep.spectrum) == 4
    assert all(len(f) == 1 for f in rep.subsets["features"])
    ax = plot_pairwise(rep)
    assert not ax.images and "No pairs: max order Q = 1" in ax.texts[0].get_text()
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="no terms of 'a' and 'b' together \\(max order 1: an additive model\\)"):
        clf.pair_surface("a", "b")
    assert "No pairwise shares" in str(rep)


def test_decision_map_and_full_report(fitted, tmp_path):
    X, y = make_double_spiral(random_state=4)
    clf = OrcaSVC(degree=8).fit(X, y)
    fig, ax = plt.subplots()
    assert plot_decision_function(clf, X, y, ax=ax) is ax
    fig.savefig(tmp_path / "decision.png")
    plt.close(fig)
    fig = fitted[1].plot()
    assert len(fig.axes) >= 4
    fig.savefig(tmp_path / "report.png")
    plt.close(fig)
    with pytest.raises(ValueError, match="two features"):
        plot_decision_function(fitted[0], np.zeros((3, 3)))


def test_decision_map_of_three_classes_and_of_a_regression(tmp_path):
    from orca_svm import OrcaSVR
    X, _ = make_double_spiral(random_state=5)
    y3 = np.array(["a", "b", "c"])[(np.arctan2(X[:, 1], X[:, 0]) > 0).astype(int) + (X[:, 0] > 0.5)]
    clf = OrcaSVC(degree=4, multi_class="ovr").fit(X, y3)
    fig, ax = plt.subplots()
    plot_decision_function(clf, X, y3, ax=ax)
    # One scatter per class plus the support vectors; each point circled once though several
    # machines use it.
    drawn = {c.get_label(): c.get_offsets() for c in ax.collections if not c.get_label().startswith("_")}
    assert set(drawn) == {"a", "b", "c", "support vectors"}
    offsets = [drawn["a"], drawn["b"], drawn["c"], drawn["support vectors"]]
    assert sum(len(o) for o in offsets[:3]) == len(X)
    union = np.unique(np.vstack([m.support_vectors_raw for m in clf.model_.machines]), axis=0)
    assert offsets[-1].shape[0] == len(union) < sum(len(m.support_vectors_raw) for m in clf.model_.machines)
    fig.savefig(tmp_path / "three.png")
    plt.close(fig)
    reg = OrcaSVR(degree=4).fit(X, X[:, 0] ** 2 - X[:, 1])
    fig, ax = plt.subplots()
    plot_decision_function(reg, X, X[:, 0] ** 2 - X[:, 1], ax=ax)
    fig.savefig(tmp_path / "regression.png")
    plt.close(fig)


def test_multiclass_report_and_per_class_effect_plots(tmp_path):
    from sklearn.datasets import load_iris
    from orca_svm.explain_plots import plot_pair_surface, plot_shape_functions
    X, y = load_iris(return_X_y=True)
    clf = OrcaSVC(degree=2, max_order=2).fit(X, y)
    rep = clf.analyze()
    for which in ("energy_weighted", "mean", clf.machine_names_[0]):
        fig = rep.plot(which)
        assert len(fig.axes) >= 4
        plt.close(fig)
    with pytest.raises(ValueError, match="aggregate must be"):
        rep.plot("median")
    fig = plot_shape_functions(clf, X, target=2)
    assert "of class 2" in fig._suptitle.get_text()
    # The drawn curve is the class score's main effect.
    curve = fig.axes[0].lines[0].get_ydata()
    np.testing.assert_allclose(curve, clf.shape_functions(100, target=2).query("feature == 'x0'")["h"])
    plt.close(fig)
    fig, ax = plt.subplots()
    plot_pair_surface(clf, 0, 1, ax=ax, target=0)
    fig.savefig(tmp_path / "pair.png")
    plt.close(fig)
    with pytest.raises(ValueError, match="one class at a time"):
        plot_shape_functions(clf, X)
