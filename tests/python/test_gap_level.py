"""A numeric column's gaps as a level of their own (missing="level"): a gap function beside the
feature's polynomials. References: scikit-learn's SVC on the Gram matrix of the features written
out in numpy (orthonormal Legendre polynomials over sqrt(1 - pi), the gap's indicator centred and
normalised), the shape function's gap value equal to the Shapley value of a gap in an additive
model, the model file's round trip and the CLI on the same file."""
import json

import numpy as np
import pandas as pd
import pytest
from numpy.polynomial import legendre
from sklearn.svm import SVC

from orca_svm import OrcaSVC, OrcaSVR
from conftest import read_csv_exact


def table(n=400, seed=0):
    """'dose' has gaps (a fifth of the rows) that mean something; 'age' has none."""
    rng = np.random.default_rng(seed)
    dose, age = rng.uniform(0, 10, n), rng.uniform(20, 80, n)
    gap = rng.random(n) < 0.2
    score = np.where(gap, 1.2, np.sin(dose / 2)) + 0.02 * (age - 50) + rng.normal(0, 0.4, n)
    return pd.DataFrame({"dose": np.where(gap, np.nan, dose), "age": age}), (score > 0.3).astype(int)


def explicit_features(X: pd.DataFrame, lo: np.ndarray, hi: np.ndarray, pi: list[float], degree=3) -> list:
    """Per feature, its functions at every row (rows x functions), the constant included."""
    out = []
    for j, col in enumerate(X.columns):
        x = X[col].to_numpy(dtype=float)
        gap = np.isnan(x)
        z = np.where(gap, 0.0, 2 * (x - lo[j]) / (hi[j] - lo[j]) - 1)
        polys = [np.sqrt(2 * k + 1) * legendre.legval(z, np.eye(degree + 1)[k]) for k in range(1, degree + 1)]
        phi = [np.ones(len(x))]
        if pi[j] > 0:
            phi += [np.where(gap, 0.0, p) / np.sqrt(1 - pi[j]) for p in polys]
            phi.append((gap - pi[j]) / np.sqrt(pi[j] * (1 - pi[j])))
        else:
            phi += polys
        out.append(np.column_stack(phi))
    return out


def gram(A: list, B: list) -> np.ndarray:
    """The full tensor product's kernel: the product over features of their functions' sums."""
    K = np.ones((A[0].shape[0], B[0].shape[0]))
    for a, b in zip(A, B):
        K *= a @ b.T
    return K


def test_a_numeric_columns_gaps_get_a_function_of_their_own_equal_to_svc_on_explicit_features():
    X, y = table()
    clf = OrcaSVC(missing="level", max_order=None, tol=1e-8).fit(X, y)
    kernel = json.loads(clf.model_.to_json())["kernel"]
    pi = kernel["gap_weights"]
    assert pi[0] == pytest.approx(X["dose"].isna().mean(), abs=0) and pi[1] == 0
    assert kernel["degrees"] == [4, 3]  # the gap's function is number n + 1
    lo, hi = X.min().to_numpy(), X.max().to_numpy()
    features = explicit_features(X, lo, hi, pi)
    # LIBSVM's tolerance at 1e-5 (17 s at 1e-8 on these 400 rows): decisions agree to 5e-5 here.
    reference = SVC(kernel="precomputed", C=1.0, tol=1e-5).fit(gram(features, features), y)
    new = pd.DataFrame({"dose": [np.nan, 2.0, 9.5, np.nan], "age": [30.0, 50.0, 70.0, np.nan]})
    # A gap in 'age', which had none in training, is integrated out: its constant alone.
    new_features = explicit_features(new, lo, hi, pi)
    new_features[1][np.isnan(new["age"].to_numpy()), 1:] = 0.0
    np.testing.assert_allclose(clf.decision_function(new),
                               reference.decision_function(gram(new_features, features)), rtol=0, atol=2e-4)
    # The gaps say something, and the level hears it where integrating them out cannot.
    assert clf.score(X, y) > OrcaSVC(max_order=None).fit(X, y).score(X, y) + 0.03


def test_its_shape_shapley_values_file_and_plot_show_the_gap(tmp_path):
    X, y = table(seed=1)
    clf = OrcaSVC(missing="level", max_order=1).fit(X, y)  # additive (two features would get pairs)
    shapes = clf.shape_functions(grid=30)
    dose = shapes[shapes["feature"] == "dose"]
    assert len(dose) == 31 and np.isnan(dose["x"].iloc[-1])
    assert not shapes[shapes["feature"] == "age"]["x"].isna().any()
    # Additive: the Shapley value of a gap is the shape function's value there.
    row = pd.DataFrame({"dose": [np.nan], "age": [40.0]})
    assert clf.explain(row)["dose"].iloc[0] == pytest.approx(dose["h"].iloc[-1], abs=1e-10)
    assert abs(dose["h"].iloc[-1]) > 0.05
    report = clf.analyze()
    assert report.order.sum() == pytest.approx(1.0, abs=1e-12) and report.marginal["dose"] > 0.05
    clf.save(tmp_path / "m.json")
    back = OrcaSVC.load(tmp_path / "m.json")
    np.testing.assert_array_equal(back.decision_function(X), clf.decision_function(X))
    import matplotlib
    matplotlib.use("Agg")
    from orca_svm.explain_plots import plot_shape_functions
    fig = plot_shape_functions(clf, X)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == [f"at a gap: {dose['h'].iloc[-1]:.3g}"]
    assert fig.axes[1].get_legend() is None  # 'age' has no gap function


def test_the_cli_and_a_regression_take_the_same_gap_function(orca, tmp_path):
    X, y = table(300, seed=2)
    target = np.where(X["dose"].isna(), 2.0, np.sin(X["dose"].fillna(0) / 2)) + 0.01 * X["age"]
    X.assign(label=y).to_csv(tmp_path / "d.csv", index=False, float_format="%.17g")
    data = read_csv_exact(tmp_path / "d.csv")
    orca("fit", "--data", "d.csv", "--target", "label", "--model", "m.json", "--missing", "level", "-q")
    assert json.loads((tmp_path / "m.json").read_text())["kernel"]["gap_weights"][0] > 0
    orca("predict", "--model", "m.json", "--data", "d.csv", "--output", "p.csv", "-q")
    features = data[["dose", "age"]]
    np.testing.assert_allclose(read_csv_exact(tmp_path / "p.csv")["decision"],
                               OrcaSVC(missing="level").fit(features, data["label"]).decision_function(features),
                               rtol=1e-9, atol=1e-9)
    reg = OrcaSVR(missing="level").fit(X, target)
    marginal = OrcaSVR().fit(X, target)
    assert reg.score(X, target) > marginal.score(X, target) + 0.05
