"""Interaction-order truncation (max_order) from Python and the CLI: scikit-learn's SVC on the
same truncated Gram (computed independently from scipy's polynomials), the analysis against a
brute force over the retained coefficients, CLI/Python parity, additive models."""
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_wine
from sklearn.svm import SVC

from conftest import load_json
from orca_reference import coefficients, gram, held, indices, scaled
from orca_svm import OrcaSVC, OrcaSVR


@pytest.fixture(scope="module")
def wine_binary():
    X, y = load_wine(return_X_y=True, as_frame=True)
    keep = y < 2
    return X[keep].reset_index(drop=True), y[keep].reset_index(drop=True)


@pytest.mark.parametrize("max_order, degree", [(1, 4), (2, 3), (3, 2)])
def test_decisions_match_sklearn_svc_on_the_truncated_gram(wine_binary, max_order, degree):
    X, y = wine_binary
    clf = OrcaSVC(degree=degree, max_order=max_order, C=1.0, tol=1e-6).fit(X, y)
    model = json.loads(clf.model_.to_json())
    assert model["kernel"]["max_order"] == max_order
    Z = scaled(model, X)
    K = gram(model, Z, Z)
    ref = SVC(kernel="precomputed", C=1.0, tol=1e-6).fit(K, y)
    ours = clf.decision_function(X)
    np.testing.assert_allclose(ours, ref.decision_function(K), atol=2e-4 * np.abs(ours).max())
    assert (clf.predict(X) == ref.predict(K)).mean() > 0.99


def test_analysis_matches_brute_force_over_retained_coefficients(orca, tmp_path):
    rng = np.random.default_rng(7)
    X = rng.uniform(-1, 1, (120, 4))
    y = np.where(X[:, 0] + X[:, 1] ** 2 - X[:, 2] * X[:, 3] > 0.2, "a", "b")
    pd.DataFrame(X, columns=["p", "q", "r", "s"]).assign(t=y).to_csv(tmp_path / "d.csv", index=False)
    orca("fit", "--data", tmp_path / "d.csv", "--target", "t", "--degree", "3", "--max-order", "2", "--model",
         tmp_path / "m.json", "-q")
    model = load_json(tmp_path / "m.json")
    ref = indices(coefficients(model), 4)
    assert len(coefficients(model)) == 1 + 4 * 3 + 6 * 9
    for method in ("enumeration", "pairs"):
        orca("analyze", "--model", tmp_path / "m.json", "--method", method, "--json", tmp_path / f"{method}.json")
        rep = load_json(tmp_path / f"{method}.json")
        assert rep["model"]["max_order"] == 2
        np.testing.assert_allclose(rep["energy"], ref["energy"], rtol=1e-10)
        np.testing.assert_allclose(rep["order"], held(ref["order"], rep["order"]), atol=1e-10)
        assert len(rep["order"]) == 3  # OKC(0..2): the basis has no function of more features
        np.testing.assert_allclose(rep["marginal"], ref["marginal"], atol=1e-10)
        np.testing.assert_allclose(rep["total_effect"], ref["total_effect"], atol=1e-10)
        assert len(rep["spectrum"]) == 7  # N = 0..6: two features of degree 3 at most
        np.testing.assert_allclose(rep["spectrum"], held(ref["spectrum"], rep["spectrum"]), atol=1e-10)


def test_cli_and_python_give_the_same_model(orca, tmp_path, wine_binary):
    X, y = wine_binary
    X.assign(cls=y).to_csv(tmp_path / "w.csv", index=False)
    orca("fit", "--data", tmp_path / "w.csv", "--target", "cls", "--degree", "3", "--max-order", "2", "--model",
         tmp_path / "cli.json", "-q")
    clf = OrcaSVC(degree=3, max_order=2).fit(X, y.astype(str))
    cli, py = load_json(tmp_path / "cli.json"), json.loads(clf.model_.to_json())
    for key in ("kernel", "support_vectors", "coefficients", "bias", "scaler"):
        assert cli[key] == py[key], key
    back = OrcaSVC.load(tmp_path / "cli.json")
    assert back.get_params()["max_order"] == 2
    np.testing.assert_array_equal(back.decision_function(X), clf.decision_function(X))


def test_additive_regression_is_its_shape_functions():
    rng = np.random.default_rng(3)
    X = pd.DataFrame(rng.uniform(-2, 2, (200, 6)), columns=[f"f{j}" for j in range(6)])
    z = np.sin(X["f0"]) + 0.5 * X["f1"] ** 2 - X["f2"] + rng.normal(0, 0.1, 200)
    reg = OrcaSVR(degree=5, max_order=1, C=10.0, epsilon=0.05).fit(X, z)
    assert reg.score(X, z) > 0.95
    comp = reg.explain_components(X.iloc[:20])
    phi = reg.explain(X.iloc[:20])
    mains = comp[[f"main:f{j}" for j in range(6)]].to_numpy()
    np.testing.assert_allclose(phi.to_numpy(), mains, atol=1e-10)
    assert np.abs(comp.filter(like="pair:").to_numpy()).max() == 0.0
    np.testing.assert_allclose(comp["base"] + mains.sum(axis=1), reg.predict(X.iloc[:20]), atol=1e-10)
    rep = reg.analyze()
    assert rep.order[1] == pytest.approx(1.0, abs=1e-12) and len(rep.order) == 2


def test_lambda_and_max_order_survive_a_model_file_without_python_params(tmp_path):
    X, y = load_wine(return_X_y=True)
    clf = OrcaSVC(family="gegenbauer", lam=2.0, degree=2, max_order=2).fit(X, y)
    doc = json.loads(clf.model_.to_json())  # the CLI's format: no "python" section
    (tmp_path / "m.json").write_text(json.dumps(doc))
    back = OrcaSVC.load(tmp_path / "m.json")
    assert back.get_params()["lam"] == 2.0
    assert back.get_params()["max_order"] == 2


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "2", "full"])
def test_bad_max_order_is_a_value_error(bad):
    X, y = load_wine(return_X_y=True)
    with pytest.raises(ValueError, match="max_order must be 'auto', None"):
        OrcaSVC(max_order=bad).fit(X, y)


def test_defaults_are_the_engines_and_auto_resolves_by_the_number_of_features():
    from orca_svm import _core
    for cls in (OrcaSVC, OrcaSVR):
        params = cls().get_params()
        assert params["degree"] == _core.DEFAULT_DEGREE and params["max_order"] == "auto"
    X, y = load_wine(return_X_y=True)
    assert OrcaSVC().fit(X, y).model_.max_order == 1  # 13 features: additive
    assert OrcaSVC().fit(X[:, :2], y).model_.max_order == 0  # two features: the full product
    assert OrcaSVC(max_order=None).fit(X[:, :3], y).model_.max_order == 0
    assert [_core.resolve_max_order(_core.AUTO_MAX_ORDER, d) for d in (1, 2, 3, 30)] == [0, 0, 1, 1]


def test_a_basis_far_larger_than_the_data_is_named_once():
    X, y = load_wine(return_X_y=True)
    with pytest.warns(UserWarning, match=r"the basis has 2\.54e\+12 functions for 178 training rows .*set "
                                         r"max_order to 1 \(additive\) or 2 \(pairs\)"):
        OrcaSVC(degree=8, max_order=None).fit(X, y)
    import warnings as w
    with w.catch_warnings():
        w.simplefilter("error")
        OrcaSVC(degree=3, max_order=2).fit(X, y)  # 742 functions for 178 rows: no warning


def test_cli_fit_warns_on_stderr(orca, tmp_path, wine_binary):
    X, y = wine_binary
    X.assign(cls=y).to_csv(tmp_path / "w.csv", index=False)
    full = ["--degree", "8", "--max-order", "0"]
    proc = orca("fit", "--data", tmp_path / "w.csv", "--target", "cls", *full, "--model", tmp_path / "m.json")
    assert "warning: the basis has 2.54e+12 functions for 130 training rows" in proc.stderr
    quiet = orca("fit", "--data", tmp_path / "w.csv", "--target", "cls", *full, "--model", tmp_path / "m.json", "-q")
    assert quiet.stderr == ""


@pytest.mark.parametrize("max_order, cap", [(None, 4), (2, 5), (1, 3)])
def test_total_degree_cap_matches_sklearn_and_brute_force(wine_binary, max_order, cap, orca, tmp_path):
    X, y = wine_binary
    X = X.iloc[:, :6]  # six features: the brute force over the index space stays small
    clf = OrcaSVC(degree=3, max_order=max_order, max_total_degree=cap, C=1.0, tol=1e-6).fit(X, y)
    model = json.loads(clf.model_.to_json())
    assert model["kernel"]["max_total_degree"] == cap
    Z = scaled(model, X)
    K = gram(model, Z, Z)
    ref = SVC(kernel="precomputed", C=1.0, tol=1e-6).fit(K, y)
    ours = clf.decision_function(X)
    np.testing.assert_allclose(ours, ref.decision_function(K), atol=2e-4 * np.abs(ours).max())
    rep = json.loads(clf.analyze(method="pairs").to_json())
    coefs = coefficients(model)
    assert max(sum(k) for k in coefs) <= cap
    truth = indices(coefs, 6, sum(model["kernel"]["degrees"]))
    np.testing.assert_allclose(rep["energy"], truth["energy"], rtol=1e-10)
    np.testing.assert_allclose(rep["spectrum"], held(truth["spectrum"], rep["spectrum"]), atol=1e-10)
    np.testing.assert_allclose(rep["total_effect"], truth["total_effect"], atol=1e-10)
    assert len(rep["spectrum"]) <= cap + 1  # no function above the cap, so no degree listed above it
    # The CLI trains the same model.
    X.assign(cls=y.astype(str)).to_csv(tmp_path / "w.csv", index=False)
    order = ["--max-order", str(max_order or 0)]
    orca("fit", "--data", tmp_path / "w.csv", "--target", "cls", "--degree", "3", *order, "--max-total-degree",
         str(cap), "--tol", "1e-6", "--model", tmp_path / "cli.json", "-q")
    cli = load_json(tmp_path / "cli.json")
    py = json.loads(OrcaSVC(degree=3, max_order=max_order, max_total_degree=cap, tol=1e-6)
                    .fit(X, y.astype(str)).model_.to_json())
    for key in ("kernel", "support_vectors", "coefficients", "bias"):
        assert cli[key] == py[key], key
    info = orca("info", "--model", tmp_path / "cli.json").stdout
    assert f"max total degree  {cap} (functions with k_1 + ... + k_d <= {cap})" in info


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "3"])
def test_bad_max_total_degree_is_a_value_error(bad):
    X, y = load_wine(return_X_y=True)
    with pytest.raises(ValueError, match="max_total_degree must be None"):
        OrcaSVC(max_total_degree=bad).fit(X, y)


def test_multiclass_and_probabilities_keep_the_truncation(tmp_path):
    X, y = load_wine(return_X_y=True, as_frame=True)
    clf = OrcaSVC(degree=3, max_order=2, max_total_degree=5, probability=True, random_state=0).fit(X, y)
    assert all(m.max_order == 2 and m.max_total_degree == 5 for m in clf.model_.machines)
    rep = clf.analyze(method="pairs")
    for machine in rep.machines.values():
        assert len(machine.order) == 3 and len(machine.spectrum) == 6
    phi = clf.explain(X.iloc[:5], target=1)
    np.testing.assert_allclose(phi.sum(axis=1) + phi.attrs["base"], phi.attrs["decision"], atol=1e-10)
    proba = clf.predict_proba(X.iloc[:5])
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    clf.save(tmp_path / "m.json")
    back = OrcaSVC.load(tmp_path / "m.json")
    np.testing.assert_array_equal(back.predict_proba(X), clf.predict_proba(X))
    assert back.get_params()["max_total_degree"] == 5


def test_settings_of_another_family_are_not_silent_and_impossible_degrees_are_refused():
    X, y = load_wine(return_X_y=True)
    with pytest.warns(UserWarning, match="alpha applies to family='jacobi' only and is ignored with family='legendre'"):
        OrcaSVC(family="legendre", alpha=3.0).fit(X, y)
    with pytest.warns(UserWarning, match="lam applies to family='gegenbauer' only and is ignored with family='jacobi'"):
        OrcaSVC(family="jacobi", lam=2.0).fit(X, y)
    # A degree no model file can hold is refused before fitting, not after saving.
    with pytest.raises(ValueError, match="degree must be an integer in 0..10000, got 10001"):
        OrcaSVC(degree=10001, max_order=1).fit(X[::9, :2], y[::9])
