"""Sweeps, stability and selection from Python: the same results as the CLI, and plots that draw
the table's values."""
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import orca_svm  # noqa: E402
from conftest import load_json, read_csv_exact  # noqa: E402


@pytest.fixture(scope="module")
def spiral():
    return orca_svm.make_double_spiral()


def test_make_double_spiral_is_the_cli_demo_data():
    X, y = orca_svm.make_double_spiral()
    clf = orca_svm.OrcaSVC(degree=8).fit(X, y)
    assert len(clf.support_vectors_) == 37  # the demo's model: `orca demo` prints 37 support vectors
    assert X.shape == (300, 2) and set(y) == {"A", "B"}


def test_sweep_matches_the_cli(orca, tmp_path, spiral):
    X, y = spiral
    pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "arm": y}).to_csv(tmp_path / "s.csv", index=False, float_format="%.17g")
    orca("sweep", "--data", tmp_path / "s.csv", "--target", "arm", "--degree", "3,6..8", "-C", "1,5", "--cv", "4",
         "--json", tmp_path / "s.json", "-q")
    Xr = read_csv_exact(tmp_path / "s.csv")
    res = orca_svm.sweep(Xr[["x1", "x2"]], Xr["arm"], degree=[3, 6, 7, 8], C=[1, 5], cv=4)
    assert json.loads(res.to_json()) == load_json(tmp_path / "s.json")
    assert list(res.table["setting"])[:2] == ["legendre n=3 C=1", "legendre n=6 C=1"]
    assert res.table["cv_mean"].between(0, 1).all()
    np.testing.assert_allclose(res.table[[f"OKC({q})" for q in range(3)]].sum(axis=1), 1.0, atol=1e-12)


def test_select_returns_usable_params_and_a_reason(spiral):
    X, y = spiral
    res = orca_svm.select(X, y, degree=[6, 8, 10, 12], cv=5)
    assert res.chosen in res.candidates
    assert " chosen: validation accuracy" in res.reason
    clf = orca_svm.OrcaSVC(**res.best_params).fit(X, y)
    assert clf.degree == res.table["degree"][res.chosen]


def test_stability_table_and_rule(spiral):
    X, y = spiral
    st = orca_svm.stability(X, y, degree=8, cv=5)
    assert st.values.shape[0] == 5
    row = st.table.loc["OKC(2)"]
    assert row["mean"] == pytest.approx(st.values["OKC(2)"].mean())
    assert row["sd"] == pytest.approx(st.values["OKC(2)"].std(ddof=1))
    assert row["stable"] == (row["sd"] <= 0.05)
    with pytest.raises(ValueError, match="exactly one of"):
        orca_svm.stability(X, y)
    with pytest.raises(ValueError, match="at least 2"):
        orca_svm.stability(X, y, bootstrap=1)


def test_diagnostic_plots_draw_the_table(spiral, tmp_path):
    X, y = spiral
    res = orca_svm.sweep(X, y, degree=[2, 4, 8], cv=3)
    fig = res.plot()
    acc = np.asarray(fig.axes[0].containers[0].lines[0].get_ydata(), dtype=float)
    np.testing.assert_allclose(acc, res.table["cv_mean"])
    np.testing.assert_allclose(fig.axes[1].get_lines()[1].get_ydata(), res.table["OKC(2)"])
    fig.savefig(tmp_path / "sweep.png")
    plt.close(fig)
    st = orca_svm.stability(X, y, degree=6, bootstrap=5)
    ax = st.plot()
    assert [t.get_text() for t in ax.get_xticklabels()][:2] == ["OKC(1)", "OKC(2)"]
    ax.figure.savefig(tmp_path / "stability.png")
    plt.close(ax.figure)


def test_bad_grids_are_refused(spiral):
    X, y = spiral
    with pytest.raises(ValueError, match="paired"):
        orca_svm.sweep(X, y, family="jacobi", alpha=[1, 2], beta=[1, 2, 3])
    with pytest.raises(ValueError, match="C must be a finite number > 0, got -1"):
        orca_svm.sweep(X, y, C=[1, -1])
    with pytest.raises(ValueError, match="cv must be an integer >= 2"):
        orca_svm.sweep(X, y, cv=1)
    with pytest.raises(ValueError, match="two classes"):
        orca_svm.sweep(X, np.arange(len(y)) % 3)
