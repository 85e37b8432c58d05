"""The CLI and Python are one engine: the same data through both gives the same model, the same
predictions and the same analysis."""
import json

import numpy as np
import pandas as pd
import pytest

from conftest import load_json
from orca_svm import OrcaSVC


def test_cli_and_python_train_the_same_model(orca, tmp_path, echocardiogram_csv):
    orca("fit", "--data", echocardiogram_csv, "--target", "still-alive", "--family", "jacobi", "--alpha", "4.3",
         "--beta", "1.8", "--degree", "3,epss=5", "-C", "2", "--model", tmp_path / "cli.json", "-q")
    # Parse the CSV exactly as the engine does (correctly rounded doubles).
    df = pd.read_csv(echocardiogram_csv, float_precision="round_trip")
    X, y = df.drop(columns="still-alive"), df["still-alive"].astype(str)
    degree = {name: 3 for name in X.columns} | {"epss": 5}
    py = OrcaSVC(family="jacobi", alpha=4.3, beta=1.8, degree=degree, C=2.0).fit(X, y)
    py.save(tmp_path / "py.json")
    cli, mine = load_json(tmp_path / "cli.json"), load_json(tmp_path / "py.json")
    for key in ("features", "classes", "scaler", "kernel", "support_vectors", "coefficients", "bias"):
        assert mine[key] == cli[key], key
    # Predictions: the CLI on the Python model file and Python on the CLI's file agree exactly.
    orca("predict", "--model", tmp_path / "py.json", "--data", echocardiogram_csv, "--output", tmp_path / "p.csv")
    cli_pred = pd.read_csv(tmp_path / "p.csv", float_precision="round_trip")
    loaded = OrcaSVC.load(tmp_path / "cli.json")
    np.testing.assert_array_equal(loaded.decision_function(X), cli_pred["decision"].values)
    np.testing.assert_array_equal(loaded.predict(X).astype(str), cli_pred["label"].astype(str).values)
    # The analysis: identical JSON from both shells.
    orca("analyze", "--model", tmp_path / "cli.json", "--json", tmp_path / "a.json", "--coefficients", "top=20")
    assert json.loads(loaded.analyze(coefficients=20).to_json()) == load_json(tmp_path / "a.json")


def test_report_attributes_match_the_cli_json(orca, tmp_path, echocardiogram_csv):
    df = pd.read_csv(echocardiogram_csv, float_precision="round_trip")
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
    assert cli == cli_explain == "2 of 3 row(s) had values outside the training range and were clipped to it"
    assert [str(w.message) for w in caught] == [str(w.message) for w in caught_explain] == [cli]
