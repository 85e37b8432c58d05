"""Categorical columns taken as they are: pandas category, object, string and bool columns (CLI:
columns with text) get the orthonormal basis of their levels under the training frequencies.
References: the frequency-weighted mean over the levels (an unseen level is integrated out),
the shape function equal to the Shapley value in an additive model, and the CLI on the same file."""
import json

import numpy as np
import pandas as pd
import pytest

from orca_svm import OrcaSVC, OrcaSVR
from conftest import read_csv_exact


def table(n=500, seed=0):
    rng = np.random.default_rng(seed)
    color = rng.choice(["red", "green", "blue", "teal"], n, p=[0.4, 0.3, 0.2, 0.1])
    size = rng.uniform(0, 10, n)
    flag = rng.random(n) < 0.3
    effect = {"red": 1.0, "green": -0.5, "blue": 0.3, "teal": -1.2}
    y = (np.array([effect[c] for c in color]) + 0.2 * (size - 5) + 0.8 * flag + rng.normal(0, 0.3, n) > 0).astype(int)
    return pd.DataFrame({"color": pd.Categorical(color), "size": size, "flag": flag}), y


def test_a_frame_with_categories_fits_predicts_and_explains_per_level():
    X, y = table()
    X.loc[3, "color"] = np.nan  # a gap in a categorical column: integrated out
    clf = OrcaSVC().fit(X, y)
    assert clf.model_.levels == [["blue", "green", "red", "teal"], [], ["False", "True"]]
    assert clf.score(X, y) > 0.85
    # Additive: the Shapley value of a level is its shape function's value there.
    phi = clf.explain(X.head(20))
    shapes = clf.shape_functions().query("feature == 'color'").set_index("level")["h"]
    for i in range(20):
        level = X["color"].iloc[i]
        expected = 0.0 if pd.isna(level) else shapes[level]
        assert phi["color"].iloc[i] == pytest.approx(expected, abs=1e-10)
    # An unseen level is the frequency-weighted mean over the levels.
    weights = X["color"].value_counts(normalize=True)
    row = pd.DataFrame({"color": ["purple"], "size": [4.0], "flag": [True]})
    mean = sum(w * clf.decision_function(row.assign(color=level))[0] for level, w in weights.items())
    assert clf.decision_function(row)[0] == pytest.approx(mean, abs=1e-10)
    with pytest.raises(ValueError, match="not among the levels"):
        OrcaSVC(missing="error").fit(X.dropna(), y[X["color"].notna()]).predict(row)


def test_the_cli_reads_text_columns_as_the_same_categories(orca, tmp_path):
    X, y = table(300, 1)
    X.assign(label=y).to_csv(tmp_path / "d.csv", index=False, float_format="%.17g")
    data = read_csv_exact(tmp_path / "d.csv")
    clf = OrcaSVC().fit(data[["color", "size", "flag"]], data["label"])
    proc = orca("fit", "--data", "d.csv", "--target", "label", "--model", "m.json")
    assert "'color' (4 levels), 'flag' (2 levels)" in proc.stdout + proc.stderr  # the model card says so
    orca("predict", "--model", "m.json", "--data", "d.csv", "--output", "p.csv", "-q")
    np.testing.assert_allclose(read_csv_exact(tmp_path / "p.csv")["decision"],
                               clf.decision_function(data[["color", "size", "flag"]]), rtol=1e-9, atol=1e-9)
    assert json.loads((tmp_path / "m.json").read_text())["levels"][0] == ["blue", "green", "red", "teal"]
    back = OrcaSVC.load(tmp_path / "m.json")  # the CLI's model predicts the frame through Python
    np.testing.assert_allclose(back.decision_function(data[["color", "size", "flag"]]),
                               clf.decision_function(data[["color", "size", "flag"]]), rtol=1e-9, atol=1e-9)


def test_regression_with_a_categorical_and_the_report(tmp_path):
    X, y = table(400, 2)
    target = y + X["size"] * 0.1
    reg = OrcaSVR(max_order=2).fit(X, target)
    assert reg.score(X, target) > 0.5
    reg.report(X.head(50), target[:50], rows=[0]).to_html(tmp_path / "r.html")
    assert "categorical" in (tmp_path / "r.html").read_text()
    surface = reg.pair_surface("color", "size", grid=5)
    assert list(surface.index) == ["blue", "green", "red", "teal"] and surface.shape == (4, 5)
