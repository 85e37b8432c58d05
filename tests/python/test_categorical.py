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
    page = (tmp_path / "r.html").read_text()
    assert "categorical" in page
    # The shape of 'color' is a bar per level, each named with its value (the bar's tooltip).
    shapes = reg.shape_functions().query("feature == 'color'")
    for level, h in zip(shapes["level"], shapes["h"]):
        assert f" {level}: {h:.4f}</title>" in page
    # The Python plot draws the same bars, in the levels' order.
    import matplotlib
    matplotlib.use("Agg")
    from orca_svm.explain_plots import plot_shape_functions
    ax = plot_shape_functions(reg, X, features=["color"]).axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == list(shapes["level"])
    np.testing.assert_allclose([p.get_height() for p in ax.patches], shapes["h"], atol=1e-12)
    surface = reg.pair_surface("color", "size", grid=5)
    assert list(surface.index) == ["blue", "green", "red", "teal"] and surface.shape == (4, 5)


def test_missing_level_gives_a_columns_gaps_a_level_of_their_own(orca, tmp_path):
    X, y = table(400, 3)
    gaps = np.random.default_rng(4).random(len(X)) < 0.15
    X.loc[gaps, "color"] = np.nan
    y = np.where(gaps, 1, y)  # the gaps mean something: their rows are positive
    clf = OrcaSVC(missing="level").fit(X, y)
    assert clf.model_.levels[0] == ["blue", "green", "red", "teal", "(missing)"]
    # The reference: the gaps written as an ordinary level of that name, under marginalize.
    spelled = X.assign(color=X["color"].astype(object).where(~gaps, "(missing)"))
    reference = OrcaSVC().fit(spelled, y)  # its levels sort '(missing)' first: the same span, the same kernel
    assert sorted(reference.model_.levels[0]) == sorted(clf.model_.levels[0])
    np.testing.assert_allclose(clf.decision_function(X), reference.decision_function(spelled), rtol=0, atol=1e-8)
    assert clf.score(X, y) > OrcaSVC().fit(X, y).score(X, y)  # the level carries what the gaps say
    # An unseen level joins the gaps; its shape has a bar for the level, equal to the Shapley value.
    row = pd.DataFrame({"color": ["purple"], "size": [4.0], "flag": [True]})
    assert clf.decision_function(row)[0] == pytest.approx(
        clf.decision_function(row.assign(color=[np.nan]))[0], abs=1e-12)
    shapes = clf.shape_functions().query("feature == 'color'").set_index("level")["h"]
    assert clf.explain(row.assign(color=[np.nan]))["color"].iloc[0] == pytest.approx(shapes["(missing)"], abs=1e-10)
    # The CLI: the same setting, the same level, the same decisions.
    X.assign(label=y).to_csv(tmp_path / "d.csv", index=False, float_format="%.17g")
    data = read_csv_exact(tmp_path / "d.csv")
    orca("fit", "--data", "d.csv", "--target", "label", "--model", "m.json", "--missing", "level", "-q")
    assert json.loads((tmp_path / "m.json").read_text())["levels"][0][-1] == "(missing)"
    orca("predict", "--model", "m.json", "--data", "d.csv", "--output", "p.csv", "-q")
    features = data[["color", "size", "flag"]]
    np.testing.assert_allclose(read_csv_exact(tmp_path / "p.csv")["decision"],
                               OrcaSVC(missing="level").fit(features, data["label"]).decision_function(features),
                               rtol=1e-9, atol=1e-9)
    clash = spelled.copy()  # a level of that name beside a gap: refused
    clash.loc[clash.index[~gaps][0], "color"] = np.nan
    with pytest.raises(ValueError, match="keeps for the column's gaps"):
        OrcaSVC(missing="level").fit(clash, y)
