"""Missing values (NaN) without imputation: missing="marginalize" integrates a missing feature out
under the basis' measure. The references are independent of the engine: numpy's Gauss-Legendre
rule over the feature's training range (the probability measure of the Legendre family, mapped
back through min-max scaling), the row without the feature's terms, and the CLI on the same file."""
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer, load_diabetes

from orca_svm import OrcaSVC, OrcaSVR
from conftest import read_csv_exact


def with_gaps(X: np.ndarray, share: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    X = np.array(X, dtype=float)
    X[rng.random(X.shape) < share] = np.nan
    return X


def averaged_over(model, x: np.ndarray, j: int, lo: float, hi: float, degree: int) -> float:
    """The decision value with feature j integrated out: Gauss-Legendre with degree + 1 nodes
    (exact for the model's polynomial of degree <= degree in x_j), weights normalised to the
    uniform probability on [lo, hi], the training range that min-max scaling maps to [-1, 1]."""
    nodes, weights = np.polynomial.legendre.leggauss(degree + 1)
    rows = np.repeat(x[None, :], len(nodes), axis=0)
    rows[:, j] = lo + (nodes + 1.0) / 2.0 * (hi - lo)
    if hasattr(model, "feature_names_in_"):
        rows = pd.DataFrame(rows, columns=model.feature_names_in_)
    values = model.decision_function(rows) if hasattr(model, "decision_function") else model.predict(rows)
    return float(np.dot(weights / 2.0, values))


@pytest.fixture(scope="module")
def cancer():
    data = load_breast_cancer()
    X = pd.DataFrame(data.data[:, :6], columns=[c.replace(" ", "_") for c in data.feature_names[:6]])
    return X, data.target


@pytest.mark.parametrize("max_order", [1, 2])
def test_a_missing_value_predicts_the_model_averaged_over_that_feature(cancer, max_order):
    X, y = cancer
    Xg = pd.DataFrame(with_gaps(X.to_numpy(), 0.1, 1), columns=X.columns)
    clf = OrcaSVC(degree=3, max_order=max_order).fit(Xg, y)
    assert clf.model_.missing == "marginalize"
    lo, hi = np.nanmin(Xg.to_numpy(), axis=0), np.nanmax(Xg.to_numpy(), axis=0)
    rows = X.to_numpy()[:5].copy()
    for r, j in enumerate([0, 2, 5, 1, 3]):
        x = rows[r].copy()
        expected = averaged_over(clf, x, j, lo[j], hi[j], 3)
        x[j] = np.nan
        got = clf.decision_function(pd.DataFrame([x], columns=X.columns))[0]
        assert got == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_regression_with_gaps_and_a_row_with_nothing_known_is_the_mean_prediction():
    X, y = load_diabetes(return_X_y=True)
    Xg = with_gaps(X[:, :5], 0.15, 2)
    reg = OrcaSVR(degree=2, max_order=2, C=10.0).fit(Xg, y)
    lo, hi = np.nanmin(Xg, axis=0), np.nanmax(Xg, axis=0)
    x = X[7, :5].copy()
    expected = averaged_over(reg, x, 4, lo[4], hi[4], 2)
    x[4] = np.nan
    assert reg.predict(x[None, :])[0] == pytest.approx(expected, rel=1e-9)
    # Nothing known: the mean of the prediction under the measure, which is explain()'s base value.
    nothing = np.full((1, 5), np.nan)
    e = reg.explain(nothing)
    assert reg.predict(nothing)[0] == pytest.approx(e.attrs["base"], rel=1e-12)
    np.testing.assert_array_equal(e.to_numpy(), 0.0)


def test_shapley_values_give_a_missing_feature_nothing_and_add_up(cancer):
    X, y = cancer
    Xg = pd.DataFrame(with_gaps(X.to_numpy(), 0.2, 3), columns=X.columns)
    clf = OrcaSVC(degree=3, max_order=2).fit(Xg, y)
    e = clf.explain(Xg.iloc[:40])
    values = e.to_numpy()
    gaps = Xg.iloc[:40].isna().to_numpy()
    assert gaps.any()
    np.testing.assert_allclose(values[gaps], 0.0, atol=1e-12)
    np.testing.assert_allclose(values.sum(axis=1), clf.decision_function(Xg.iloc[:40]) - e.attrs["base"],
                               rtol=1e-9, atol=1e-9)


def test_save_load_and_the_cli_read_the_same_gaps(cancer, orca, tmp_path):
    X, y = cancer
    Xg = pd.DataFrame(with_gaps(X.to_numpy(), 0.1, 4), columns=X.columns)
    frame = Xg.assign(label=y)
    frame.to_csv(tmp_path / "gaps.csv", index=False, float_format="%.17g")  # NaN written as an empty cell
    assert ",," in (tmp_path / "gaps.csv").read_text() or ",\n" in (tmp_path / "gaps.csv").read_text()
    clf = OrcaSVC(degree=3).fit(read_csv_exact(tmp_path / "gaps.csv").drop(columns="label"), y)
    clf.save(tmp_path / "py.json")
    back = OrcaSVC.load(tmp_path / "py.json")
    np.testing.assert_array_equal(back.decision_function(Xg), clf.decision_function(Xg))
    orca("fit", "--data", "gaps.csv", "--target", "label", "--degree", "3", "--model", "cli.json", "-q")
    orca("predict", "--model", "cli.json", "--data", "gaps.csv", "--output", "p.csv", "-q")
    cli = read_csv_exact(tmp_path / "p.csv")["decision"].to_numpy()
    np.testing.assert_allclose(cli, clf.decision_function(Xg), rtol=1e-9, atol=1e-9)
    assert json.loads((tmp_path / "cli.json").read_text())["missing"] == "marginalize"


def test_missing_error_refuses_nan_in_fit_and_later(cancer):
    X, y = cancer
    Xg = with_gaps(X.to_numpy(), 0.05, 5)
    with pytest.raises(ValueError, match="NaN"):
        OrcaSVC(missing="error").fit(Xg, y)
    clf = OrcaSVC(missing="error").fit(X.to_numpy(), y)
    with pytest.raises(ValueError, match="NaN"):
        clf.predict(Xg)
    with pytest.raises(ValueError, match="NaN"):
        clf.explain(Xg[:3])
    with pytest.raises(ValueError, match="missing must be one of"):
        OrcaSVC(missing="impute").fit(X.to_numpy(), y)
    inf = X.to_numpy().copy()
    inf[0, 0] = np.inf
    with pytest.raises(ValueError, match="infinity"):
        OrcaSVC().fit(inf, y)
    with pytest.raises(ValueError, match="infinity"):
        OrcaSVC().fit(X.to_numpy(), y).predict(inf)


def test_diagnostics_take_gaps(cancer):
    from orca_svm import sweep
    X, y = cancer
    Xg = pd.DataFrame(with_gaps(X.to_numpy(), 0.1, 6), columns=X.columns)
    result = sweep(Xg, y, degree=[2, 3], cv=3)
    assert np.all(np.isfinite(result.table["cv_mean"])) and result.table["cv_mean"].min() > 0.8


def test_the_report_says_missing_and_draws_no_nan(cancer, tmp_path):
    X, y = cancer
    Xg = pd.DataFrame(with_gaps(X.to_numpy(), 0.2, 7), columns=X.columns)
    clf = OrcaSVC(degree=3).fit(Xg, y)
    first_gap = int(np.flatnonzero(Xg.isna().any(axis=1).to_numpy())[0])
    clf.report(Xg, y, rows=[first_gap]).to_html(tmp_path / "r.html")
    text = (tmp_path / "r.html").read_text()
    assert "missing" in text and "integrated out" in text  # the row's table and the model card
    assert not any(token in text for token in ('"nan', "=nan", ">nan<", " nan ", "NaN"))
