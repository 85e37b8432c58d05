"""Local explanations from Python: identities on every row, the coalition brute force, parity
with `orca explain`, and plots that draw the values they are given."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from conftest import read_csv_exact  # noqa: E402
from orca_svm import OrcaSVC, _core  # noqa: E402
from orca_svm.explain_plots import (plot_pair_surface, plot_shape_functions, plot_shapley_bar,  # noqa: E402
                                    plot_shapley_summary)


@pytest.fixture(scope="module")
def echo(tmp_path_factory):
    from conftest import ECHOCARDIOGRAM_DATA
    raw = ECHOCARDIOGRAM_DATA.read_text().splitlines()
    cols = {"age": 2, "fs": 4, "epss": 5, "lvdd": 6, "wmi": 8}
    rows = []
    for line in raw:
        f = line.split(",")
        picked = [f[c] for c in cols.values()] + [f[1]] if len(f) == 13 else None
        if picked and not any(v in ("", "?") for v in picked):
            rows.append([float(v) for v in picked])
    df = pd.DataFrame(rows, columns=[*cols, "alive"])
    return df.drop(columns="alive"), df["alive"].astype(int)


@pytest.fixture(scope="module")
def clf(echo):
    X, y = echo
    return OrcaSVC(family="jacobi", alpha=0.8, beta=2.7, degree=3, C=5.0).fit(X, y)


def test_efficiency_components_and_interactions_on_every_row(clf, echo):
    X, _ = echo
    phi = clf.explain(X)
    assert list(phi.columns) == list(X.columns)
    decision = clf.decision_function(X)
    # The explanation sums support-vector kernels; predict, the kept functions' coefficients: equal
    # to rounding (measured: 6.7e-12 at most).
    np.testing.assert_allclose(phi.attrs["decision"], decision, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(phi.sum(axis=1), decision - phi.attrs["base"], atol=1e-11)
    comp = clf.explain_components(X)
    parts = comp.drop(columns=["base", "decision"]).sum(axis=1) + comp["base"]
    np.testing.assert_allclose(parts, comp["decision"], atol=1e-11)
    inter = clf.shapley_interactions(X.iloc[:10])
    np.testing.assert_allclose(inter.sum(axis=2), phi.iloc[:10].to_numpy(), atol=1e-12)
    np.testing.assert_allclose(inter, np.transpose(inter, (0, 2, 1)))


def test_shapley_equals_the_coalition_brute_force(clf, echo):
    X, _ = echo
    phi = clf.explain(X.iloc[:20])
    scaled = X.iloc[:20].to_numpy()
    brute = _core.shapley_by_coalitions(clf.model_, np.ascontiguousarray(scaled))
    np.testing.assert_allclose(phi.to_numpy(), brute, atol=1e-11)


def test_cli_explain_matches_python(orca, tmp_path, clf, echo):
    X, y = echo
    clf.save(tmp_path / "m.json")
    X.assign(alive=y).to_csv(tmp_path / "x.csv", index=False, float_format="%.17g")
    orca("explain", "--model", tmp_path / "m.json", "--data", tmp_path / "x.csv", "--interactions",
         "--output", tmp_path / "e.csv")
    cli = read_csv_exact(tmp_path / "e.csv")
    Xr = read_csv_exact(tmp_path / "x.csv").drop(columns="alive")
    phi = clf.explain(Xr)
    for name in X.columns:
        np.testing.assert_array_equal(cli[f"phi:{name}"].to_numpy(), phi[name].to_numpy())
    comp = clf.explain_components(Xr)
    np.testing.assert_array_equal(cli["remainder"].to_numpy(), comp["remainder"].to_numpy())
    np.testing.assert_array_equal(cli["pair:age*wmi"].to_numpy(), comp["pair:age*wmi"].to_numpy())
    inter = clf.shapley_interactions(Xr)
    np.testing.assert_allclose(cli["interaction:fs*lvdd"].to_numpy(), 2 * inter[:, 1, 3], rtol=1e-14, atol=1e-300)


def test_shape_functions_are_the_main_effects(clf, echo):
    X, _ = echo
    shapes = clf.shape_functions(grid=9)
    part = shapes[shapes["feature"] == "epss"]
    rows = pd.DataFrame({c: np.full(len(part), X[c].min()) for c in X.columns})
    rows["epss"] = part["x"].to_numpy()
    comp = clf.explain_components(rows)
    np.testing.assert_allclose(part["h"].to_numpy(), comp["main:epss"].to_numpy(), atol=1e-12)


def test_explanation_plots_draw_the_values(clf, echo, tmp_path):
    X, y = echo
    phi = clf.explain(X)
    ax = plot_shapley_bar(phi, row=3)
    widths = sorted(round(p.get_width(), 12) for p in ax.patches)
    assert widths == sorted(round(abs(v), 12) for v in phi.iloc[3])
    ax.figure.savefig(tmp_path / "bar.png")
    plt.close(ax.figure)
    ax = plot_shapley_summary(phi, X)
    order = list(phi.abs().mean().sort_values().index)
    for pos, name in enumerate(order):
        np.testing.assert_allclose(ax.collections[pos].get_offsets()[:, 0], phi[name].to_numpy())
    ax.figure.savefig(tmp_path / "summary.png")
    plt.close(ax.figure)
    fig = plot_shape_functions(clf, X, grid=30)
    shapes = clf.shape_functions(30)
    np.testing.assert_allclose(fig.axes[0].get_lines()[0].get_ydata(), shapes[shapes["feature"] == "age"]["h"])
    fig.savefig(tmp_path / "shapes.png")
    plt.close(fig)
    with pytest.raises(ValueError, match="no terms of 'epss' and 'wmi' together"):  # clf is additive
        plot_pair_surface(clf, "epss", "wmi", grid=12)
    pairs = OrcaSVC(degree=3, max_order=2).fit(X, y)
    ax = plot_pair_surface(pairs, "epss", "wmi", grid=12)
    np.testing.assert_allclose(np.asarray(ax.collections[0].get_array()).ravel(),
                               pairs.pair_surface("epss", "wmi", 12).to_numpy().T.ravel())
    ax.figure.savefig(tmp_path / "pair.png")
    plt.close(ax.figure)
