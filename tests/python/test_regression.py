"""OrcaSVR: the same solution as scikit-learn's SVR (LIBSVM) on the same precomputed Gram matrix,
c_0 = 0 and the exact analysis by brute force, explanations, CLI/Python parity."""
import io
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_diabetes
from sklearn.compose import TransformedTargetRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVR

from conftest import read_csv_exact
from orca_reference import coefficients, gram, held, indices, scaled
from orca_svm import OkcReport, OrcaSVC, OrcaSVR


def additive_data(m=250, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, 3))
    return X, np.sin(2.5 * X[:, 0]) + X[:, 1] ** 2 + 0.02 * rng.normal(size=m)


@pytest.mark.parametrize("family, degree, C, epsilon, weighted, target_scaling", [
    ("legendre", 6, 10.0, 0.05, False, "standardize"), ("chebyshev2", [7, 6, 5], 1.0, 0.0, False, "none"),
    ("hermite", 6, 3.0, 0.1, True, "standardize"), ("legendre", 6, 10.0, 0.05, False, "none")])
def test_matches_sklearn_svr_on_the_same_gram(family, degree, C, epsilon, weighted, target_scaling):
    # Bases at least as large as the data: with a rank-deficient Gram matrix both solvers need
    # millions of iterations to reach tol 1e-6 (measured). target_scaling standardize is SVR on
    # the standardised target, scaled back: scikit-learn's TransformedTargetRegressor.
    X, z = additive_data()
    sw = np.random.default_rng(3).uniform(0.3, 2.0, len(z)) if weighted else None
    ours = OrcaSVR(family=family, degree=degree, C=C, epsilon=epsilon, tol=1e-6,
                   target_scaling=target_scaling).fit(X, z, sample_weight=sw)
    doc = json.loads(ours.model_.to_json())
    Xs = scaled(doc, X)
    K = gram(doc, Xs, Xs)
    svr = SVR(kernel="precomputed", C=C, epsilon=epsilon, tol=1e-6)
    ref = (svr if target_scaling == "none" else
           TransformedTargetRegressor(svr, transformer=StandardScaler())).fit(K, z, sample_weight=sw)
    np.testing.assert_allclose(ours.predict(X), ref.predict(K), rtol=1e-4, atol=1e-4)
    if target_scaling == "none":
        assert ours.intercept_[0] == pytest.approx(ref.intercept_[0], abs=1e-4)
    else:
        sd, mean = ref.transformer_.scale_[0], ref.transformer_.mean_[0]
        assert ours.model_.target_scale == pytest.approx(sd, rel=1e-12)
        assert ours.intercept_[0] == pytest.approx(ref.regressor_.intercept_[0] * sd + mean, abs=1e-4)
    Xt = np.random.default_rng(9).uniform(-1, 1, (50, 3))
    # Off the training points, the two solvers' (both within tol) differences in directions the
    # data barely constrains show more: measured up to 1.6e-3 on predictions of size ~1.
    np.testing.assert_allclose(ours.predict(Xt), ref.predict(gram(doc, scaled(doc, Xt), Xs)), rtol=0, atol=5e-3)


def test_constant_coefficient_is_zero_and_analysis_is_exact():
    X, z = additive_data(120)
    reg = OrcaSVR(degree=[4, 3, 2], C=5.0).fit(X, z)
    doc = json.loads(reg.model_.to_json())
    a = np.asarray(doc["coefficients"])
    assert abs(a.sum()) <= 1e-12 * np.abs(a).sum()  # the dual's equality constraint
    coefs = coefficients(doc)
    assert abs(coefs[(0, 0, 0)]) <= 1e-12 * np.abs(a).sum()
    rep = reg.analyze()
    assert isinstance(rep, OkcReport)
    assert abs(rep.constant) <= 1e-12 * np.abs(a).sum()
    assert rep.energy == pytest.approx(rep.energy_kernel, rel=1e-10)
    ref = indices(coefs, 3)
    np.testing.assert_allclose(rep.order, held(ref["order"], rep.order), atol=1e-10)
    np.testing.assert_allclose(rep.marginal.to_numpy(), ref["marginal"], atol=1e-10)


def test_additive_target_gives_a_first_order_model():
    # z = sin(2.5 x0) + x1^2 + noise: no interactions and no x2, which the indices should say
    # (measured: OKC(1) 0.90, the rest from fitting the noise; OKC_x2 0.003).
    X, z = additive_data(400, seed=4)
    rep = OrcaSVR(degree=6, C=10.0, epsilon=0.02).fit(X, z).analyze()
    assert rep.order[1] > 0.85
    assert rep.marginal["x2"] < 0.02
    assert rep.marginal["x0"] > rep.marginal["x1"] > rep.marginal["x2"]


def test_explanations_sum_to_the_prediction():
    X, z = additive_data(150)
    reg = OrcaSVR(degree=5, C=3.0).fit(pd.DataFrame(X, columns=["a", "b", "c"]), z)
    Xf = pd.DataFrame(X[:20], columns=["a", "b", "c"])
    phi = reg.explain(Xf)
    np.testing.assert_allclose(phi.sum(axis=1) + phi.attrs["base"], reg.predict(Xf), rtol=1e-10, atol=1e-10)
    with pytest.raises(ValueError, match="regression model has none"):
        reg.explain(Xf, target="a")
    assert set(reg.shape_functions(grid=5)["feature"]) == {"a", "b", "c"}


def test_cli_and_python_give_the_same_regression(orca, tmp_path):
    data = load_diabetes(as_frame=True).frame.iloc[:200]
    data.to_csv(tmp_path / "d.csv", index=False)
    X, z = data.drop(columns="target"), data["target"]
    orca("fit", "--data", str(tmp_path / "d.csv"), "--target", "target", "--task", "regression", "--epsilon", "0.06",
         "-C", "0.7", "--degree", "2", "--model", str(tmp_path / "cli.json"), "-q")
    reg = OrcaSVR(degree=2, C=0.7, epsilon=0.06).fit(X, z)
    cli = json.loads((tmp_path / "cli.json").read_text())
    ours = json.loads(reg.model_.to_json())
    assert cli["coefficients"] == ours["coefficients"] and cli["bias"] == ours["bias"]
    assert cli["target_scaling"] == "standardize" and cli["target_scale"] == pytest.approx(z.std(ddof=0), rel=1e-12)
    # In the target's own units: the same problem with C and epsilon times its standard deviation.
    s = cli["target_scale"]
    raw = OrcaSVR(degree=2, C=0.7 * s, epsilon=0.06 * s, target_scaling="none", tol=1e-6).fit(X, z)
    tight = OrcaSVR(degree=2, C=0.7, epsilon=0.06, tol=1e-6).fit(X, z)
    np.testing.assert_allclose(tight.predict(X), raw.predict(X), rtol=0, atol=1e-4 * s)
    out = orca("predict", "--model", str(tmp_path / "cli.json"), "--data", str(tmp_path / "d.csv"))
    pred = read_csv_exact(io.StringIO(out.stdout))
    np.testing.assert_array_equal(pred["prediction"].to_numpy(), reg.predict(X))
    assert "root mean squared error" in out.stderr
    reg.save(tmp_path / "py.json")
    back = OrcaSVR.load(tmp_path / "py.json")
    np.testing.assert_array_equal(back.predict(X), reg.predict(X))
    with pytest.raises(ValueError, match="load it with OrcaSVR"):
        OrcaSVC.load(tmp_path / "cli.json")
    assert reg.score(X, z) == pytest.approx(cli["training"]["training_r2"], abs=1e-9)
