"""The CLI and Python are one engine: the same data through both gives the same model, the same
predictions and the same analysis."""
import json
import warnings

import numpy as np
import pandas as pd
import pytest

from conftest import load_json, read_csv_exact
from orca_svm import OrcaSVC


def test_cli_and_python_train_the_same_model(orca, tmp_path, echocardiogram_csv):
    orca("fit", "--data", echocardiogram_csv, "--target", "still-alive", "--family", "jacobi", "--alpha", "4.3",
         "--beta", "1.8", "--degree", "3,epss=5", "-C", "2", "--model", tmp_path / "cli.json", "-q")
    # Parse the CSV exactly as the engine does (correctly rounded doubles).
    df = read_csv_exact(echocardiogram_csv)
    X, y = df.drop(columns="still-alive"), df["still-alive"].astype(str)
    degree = {name: 3 for name in X.columns} | {"epss": 5}
    py = OrcaSVC(family="jacobi", alpha=4.3, beta=1.8, degree=degree, C=2.0).fit(X, y)
    py.save(tmp_path / "py.json")
    cli, mine = load_json(tmp_path / "cli.json"), load_json(tmp_path / "py.json")
    for key in ("features", "classes", "scaler", "kernel", "support_vectors", "coefficients", "bias"):
        assert mine[key] == cli[key], key
    # Predictions: the CLI on the Python model file and Python on the CLI's file agree exactly.
    orca("predict", "--model", tmp_path / "py.json", "--data", echocardiogram_csv, "--output", tmp_path / "p.csv")
    cli_pred = read_csv_exact(tmp_path / "p.csv")
    loaded = OrcaSVC.load(tmp_path / "cli.json")
    np.testing.assert_array_equal(loaded.decision_function(X), cli_pred["decision"].values)
    np.testing.assert_array_equal(loaded.predict(X).astype(str), cli_pred["label"].astype(str).values)
    # The analysis: identical JSON from both shells.
    orca("analyze", "--model", tmp_path / "cli.json", "--json", tmp_path / "a.json", "--coefficients", "top=20")
    assert json.loads(loaded.analyze(coefficients=20).to_json()) == load_json(tmp_path / "a.json")


def test_report_attributes_match_the_cli_json(orca, tmp_path, echocardiogram_csv):
    df = read_csv_exact(echocardiogram_csv)
    clf = OrcaSVC(degree=4, max_order=None).fit(df.drop(columns="still-alive"), df["still-alive"])
    rep = clf.analyze(coefficients="all", method="enumeration")
    j = json.loads(rep.to_json())
    np.testing.assert_array_equal(rep.order, j["order"])
    np.testing.assert_array_equal(rep.marginal.values, j["marginal"])
    np.testing.assert_array_equal(rep.pairwise.values, j["pairwise"])
    assert rep.thresholds == {t["eps"]: t["T"] for t in j["thresholds"]}
    assert len(rep.coefficients) == 5 ** 5
    assert rep.coefficients["share"].sum() == pytest.approx(1.0, abs=1e-12)
    frames = rep.to_frame()
    assert set(frames) == {"order", "spectrum", "features", "pairs", "subsets", "coefficients"}
    assert frames["pairs"]["OKC_ij"].sum() == pytest.approx(rep.order[2], abs=1e-12)


def test_clipped_rows_are_told_in_the_same_words_by_both(orca, tmp_path):
    rng = np.random.default_rng(5)
    X = pd.DataFrame(rng.uniform(-1, 1, size=(40, 2)), columns=["a", "b"])
    y = np.where(X["a"] + X["b"] > 0, "p", "n")
    clf = OrcaSVC(degree=2).fit(X, y)
    clf.save(tmp_path / "m.json")
    far = pd.DataFrame({"a": [5.0, 0.0, -7.0], "b": [0.0, 0.1, 0.2]})  # rows 1 and 3 lie outside
    far.to_csv(tmp_path / "far.csv", index=False)
    with pytest.warns(UserWarning) as caught:
        clf.predict(far)
    with pytest.warns(UserWarning) as caught_explain:
        clf.explain(far)
    cli = orca("predict", "--model", tmp_path / "m.json", "--data", tmp_path / "far.csv").stderr.splitlines()[0]
    cli_explain = orca("explain", "--model", tmp_path / "m.json", "--data", tmp_path / "far.csv",
                       "--output", tmp_path / "e.csv").stderr.splitlines()[0]
    span = X["a"].max() - X["a"].min()
    farthest = max(5.0 - X["a"].max(), X["a"].min() + 7.0) / span  # rows 1 and 3, in training spans
    assert cli == cli_explain == ("2 of 3 row(s) had values outside the training range and were clipped to it "
                                  f"(the farthest {farthest:.3g} training spans outside)")
    assert [str(w.message) for w in caught] == [str(w.message) for w in caught_explain] == [cli]
    assert clf.clipping(far) == {"rows": 3, "clipped_rows": 2, "excess": pytest.approx(farthest, rel=1e-12)}


def test_rows_just_beyond_the_training_range_are_clipped_without_a_warning():
    # As in a cross-validation fold: a few rows a little outside. Counted, not warned about.
    rng = np.random.default_rng(6)
    X = rng.uniform(-1, 1, size=(200, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, 1, 0)
    clf = OrcaSVC(degree=2).fit(X, y)
    near = rng.uniform(-0.9, 0.9, size=(100, 2))
    near[:10, 0] = 1.2  # 10 % of the rows, about 0.1 spans out
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        clf.predict(near)
        clf.explain(near)
    clipped = clf.clipping(near)
    assert clipped["clipped_rows"] == 10 and clipped["rows"] == 100
    assert clipped["excess"] == pytest.approx((1.2 - X[:, 0].max()) / np.ptp(X[:, 0]), rel=1e-12)
    near[:30, 1] = 1.05  # now more than a quarter of the rows
    with pytest.warns(UserWarning, match="30 of 100 row"):
        clf.predict(near)
    one = near[:1].copy()
    one[0, 0] = 3.5  # one row of one, but more than a span out
    with pytest.warns(UserWarning, match="1 of 1 row"):
        clf.decision_function(one)
