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
from orca_svm import OrcaSVC, OrcaSVR  # noqa: E402
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
    with pytest.raises(ValueError, match="at least two classes; got 1"):
        orca_svm.sweep(X, np.zeros(len(y), dtype=int))
    with pytest.raises(ValueError, match="task must be 'classification', 'regression' or None"):
        orca_svm.sweep(X, y, task="ranking")


def test_multiclass_sweep_select_and_stability_match_the_cli_and_the_fit(orca, tmp_path):
    from sklearn.datasets import load_wine
    X, y = load_wine(return_X_y=True, as_frame=True)
    frame = X.assign(cls=y)
    frame.to_csv(tmp_path / "w.csv", index=False, float_format="%.17g")
    orca("sweep", "--data", tmp_path / "w.csv", "--target", "cls", "--degree", "2,3", "--max-order", "1,2", "--cv", "3",
         "--json", tmp_path / "s.json", "-q")
    Xr = read_csv_exact(tmp_path / "w.csv")
    res = orca_svm.sweep(Xr.drop(columns="cls"), Xr["cls"], degree=[2, 3], max_order=[1, 2], cv=3)
    assert res.task == "classification"
    assert json.loads(res.to_json()) == load_json(tmp_path / "s.json")
    assert res.table["cv_mean"].between(0.9, 1).all()  # wine: three classes, all settings accurate
    # Each row's profile is the energy-weighted aggregate of the fit on all data.
    best = res.best_params
    rep = OrcaSVC(**best).fit(Xr.drop(columns="cls"), Xr["cls"]).analyze()
    row = res.rows[res.chosen]
    np.testing.assert_allclose(row["order"], rep.energy_weighted.order, atol=1e-12)
    st = orca_svm.stability(Xr.drop(columns="cls"), Xr["cls"], degree=2, max_order=1, bootstrap=4)
    assert "OKC_i[proline]" in st.table.index


def test_regression_sweep_scores_r2_and_rmse_and_matches_the_cli_and_the_fit(orca, tmp_path):
    from sklearn.datasets import load_diabetes
    X, y = load_diabetes(return_X_y=True, as_frame=True)
    X.assign(target=y).to_csv(tmp_path / "d.csv", index=False, float_format="%.17g")
    orca("sweep", "--data", tmp_path / "d.csv", "--target", "target", "--task", "regression", "--degree", "1,2",
         "-C", "1,10", "--cv", "3", "--json", tmp_path / "s.json", "-q")
    Xr = read_csv_exact(tmp_path / "d.csv")
    res = orca_svm.sweep(Xr.drop(columns="target"), Xr["target"].astype(float), degree=[1, 2], C=[1, 10], cv=3)
    assert res.task == "regression"  # floats: inferred
    assert json.loads(res.to_json()) == load_json(tmp_path / "s.json")
    assert (res.table["cv_mean"] < 1).all() and (res.table["cv_rmse"] > 0).all()
    assert "| setting | CV R² | CV RMSE | train R² |" in str(res)
    reg = OrcaSVR(**res.best_params).fit(Xr.drop(columns="target"), Xr["target"])
    row = res.rows[res.chosen]
    assert row["train_accuracy"] == pytest.approx(reg.model_.summary["training_r2"], abs=1e-12)
    np.testing.assert_allclose(row["marginal"], reg.analyze().marginal, atol=1e-12)
    assert res.reason.startswith(row["setting"]["label"] + " chosen: validation R^2 ")
    st = orca_svm.stability(Xr.drop(columns="target"), Xr["target"], degree=2, cv=3, task="regression")
    assert (st.table["sd"] >= 0).all()
