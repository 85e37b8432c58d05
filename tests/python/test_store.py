"""Models stored by their basis coefficients (store="coefficients"): the same decision function as
the support vectors', checked against scipy's polynomials (every c_k by its definition from the
support-vector model, the decision value b + sum_k c_k phi_k(x) and every OKC index by direct
summation), through Python, the CLI, the model file, pickling and Dask."""
import json
import pickle

import numpy as np
import pytest

from orca_reference import coefficients, indices, orthonormal, scaled
from orca_svm import OrcaSVC, OrcaSVR


def _task(m=500, d=4, seed=3, classes=2):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 3, (m, d))
    f = np.sin(X[:, 0]) + 0.5 * X[:, 1] * X[:, 2] - 0.3 * X[:, 3] + rng.normal(0, 0.3, m)
    if classes == 2:
        return X, np.where(f > 0.2, "yes", "no")
    return X, np.digitize(f, np.quantile(f, [1 / 3, 2 / 3]))


def _functions(model_json):
    """{dense multi-index: c_k} of a model file stored by coefficients."""
    d = len(model_json["features"])
    out = {}
    for pairs, value in zip(model_json["functions"], model_json["function_coefficients"]):
        k = [0] * d
        for j, kj in pairs:
            k[j] = kj
        out[tuple(k)] = value
    return out


def _decision_by_definition(model_json, X):
    """b + sum_k c_k prod_j p_{k_j}(z_j), from scipy's polynomials."""
    kernel = model_json["kernel"]
    Z = scaled(model_json, X)
    total = np.full(len(X), model_json["bias"])
    for k, c in _functions(model_json).items():
        term = np.full(len(X), c)
        for j, kj in enumerate(k):
            term = term * orthonormal(kernel, kj, Z[:, j])
        total += term
    return total


@pytest.mark.parametrize("params", [dict(max_order=2, C=10.0), dict(degree=4, C=1.0),
                                    dict(family="jacobi", alpha=1.5, beta=0.5, max_order=2, degree=2)])
def test_coefficients_are_the_support_vectors_function(params):
    X, y = _task()
    by_sv = OrcaSVC(store="support-vectors", **params).fit(X, y)
    by_c = OrcaSVC(store="coefficients", **params).fit(X, y)
    assert by_c.model_.stored_by_coefficients and not by_sv.model_.stored_by_coefficients
    assert by_c.support_vectors_.shape == (0, 4) and by_c.dual_coef_.shape == (1, 0)
    assert by_c.function_coefficients_.shape == (1, len(by_c.model_.function_coefficients))
    assert not hasattr(by_sv, "function_coefficients_")
    assert by_c.model_.summary["support_vectors"] == len(by_sv.support_vectors_)
    sv_json, c_json = json.loads(by_sv.model_.to_json()), json.loads(by_c.model_.to_json())
    assert "support_vectors" not in c_json and len(c_json["functions"]) == len(c_json["function_coefficients"])
    # Every c_k by its definition from the support vectors (scipy), and the decision function.
    reference = coefficients(sv_json)
    stored = _functions(c_json)
    assert set(stored) == set(reference)
    scale = max(abs(v) for v in reference.values())
    assert max(abs(stored[k] - reference[k]) for k in reference) <= 1e-10 * scale
    np.testing.assert_allclose(by_c.decision_function(X), _decision_by_definition(c_json, X), atol=1e-9)
    np.testing.assert_allclose(by_c.decision_function(X), by_sv.decision_function(X), atol=1e-9)
    assert (by_c.predict(X) == by_sv.predict(X)).all()
    # The analysis: every index by direct summation over the stored coefficients.
    report = by_c.analyze(coefficients="all")
    ref = indices(stored, 4, total_degree=sum(c_json["kernel"]["degrees"]))
    assert report.energy == pytest.approx(ref["energy"], rel=1e-12)
    np.testing.assert_allclose(report.order, ref["order"][:len(report.order)], atol=1e-12)  # q <= Q listed
    assert ref["order"][len(report.order):].sum() == 0.0
    np.testing.assert_allclose(report.spectrum, ref["spectrum"][:len(report.spectrum)], atol=1e-12)
    assert ref["spectrum"][len(report.spectrum):].sum() == 0.0
    np.testing.assert_allclose(report.marginal.to_numpy(), ref["marginal"], atol=1e-12)
    np.testing.assert_allclose(report.pairwise.to_numpy(), ref["pairwise"], atol=1e-12)
    np.testing.assert_allclose(report.total_effect.to_numpy(), ref["total_effect"], atol=1e-12)
    assert len(report.coefficients) == len(stored)
    assert json.loads(report._raw["json"])["energy_kernel_apart"] is False
    assert "not computed apart" in str(report)
    other = by_sv.analyze()
    np.testing.assert_allclose(report.marginal.to_numpy(), other.marginal.to_numpy(), atol=1e-10)
    np.testing.assert_allclose(report.spectrum, other.spectrum, atol=1e-10)
    # Explanations and shape functions as the support vectors give them.
    np.testing.assert_allclose(by_c.explain(X[:50]).to_numpy(), by_sv.explain(X[:50]).to_numpy(), atol=1e-9)
    np.testing.assert_allclose(by_c.shape_functions(grid=11)["h"], by_sv.shape_functions(grid=11)["h"], atol=1e-9)
    if params.get("max_order") == 2:
        np.testing.assert_allclose(by_c.pair_surface(0, 1, grid=7).to_numpy(),
                                   by_sv.pair_surface(0, 1, grid=7).to_numpy(), atol=1e-9)


def test_regression_probability_and_multiclass(tmp_path):
    X, y = _task(m=400)
    z = np.where(y == "yes", 1.0, 0.0) + X[:, 0]
    a, b = OrcaSVR(store="support-vectors", max_order=2).fit(X, z), OrcaSVR(store="coefficients", max_order=2).fit(X, z)
    np.testing.assert_allclose(b.predict(X), a.predict(X), atol=1e-9)
    assert b.function_coefficients_.shape == (1, len(b.model_.function_coefficients))
    X3, y3 = _task(m=450, classes=3)
    for strategy in ("ovo", "ovr"):
        params = dict(max_order=2, multi_class=strategy, probability=True)
        by_sv, by_c = OrcaSVC(store="support-vectors", **params).fit(X3, y3), OrcaSVC(store="coefficients",
                                                                                        **params).fit(X3, y3)
        np.testing.assert_allclose(by_c.decision_function(X3), by_sv.decision_function(X3), atol=1e-9)
        np.testing.assert_allclose(by_c.predict_proba(X3), by_sv.predict_proba(X3), atol=1e-9)
        machines = 3
        assert by_c.function_coefficients_.shape[0] == machines
        assert by_c.dual_coef_.shape == ((2, 0) if strategy == "ovo" else (3, 0))
        np.testing.assert_allclose(by_c.explain(X3[:20], target=1).to_numpy(),
                                   by_sv.explain(X3[:20], target=1).to_numpy(), atol=1e-9)
        # The file, loading and pickling keep the form.
        path = tmp_path / f"{strategy}.json"
        by_c.save(path)
        loaded = OrcaSVC.load(path)
        assert loaded.model_.stored_by_coefficients and loaded.store == "coefficients"  # its python section
        np.testing.assert_allclose(loaded.predict_proba(X3), by_c.predict_proba(X3), atol=0)
        again = pickle.loads(pickle.dumps(by_c))
        np.testing.assert_allclose(again.decision_function(X3), by_c.decision_function(X3), atol=0)
        assert path.stat().st_size < len(by_sv.model_.to_json())


def test_refusals_are_value_errors():
    X, y = _task(m=100, d=8)
    with pytest.raises(ValueError, match="store coefficients: the basis keeps 65536 functions"):
        OrcaSVC(store="coefficients", max_order=None).fit(X, y)
    with pytest.raises(ValueError, match="store"):
        OrcaSVC(store="dual").fit(X, y)
    X, y = _task(m=100)
    clf = OrcaSVC(store="coefficients").fit(X, y)
    with pytest.raises(ValueError, match="support vectors"):
        clf.analyze(method="pairs")


def test_cli_reads_and_writes_the_same_form(orca, tmp_path):
    X, y = _task(m=300)
    data = tmp_path / "d.csv"
    rows = (",".join(repr(float(v)) for v in row) + f",{t}" for row, t in zip(X, y))  # plain numbers (numpy 2)
    data.write_text("a,b,c,d,y\n" + "\n".join(rows))
    model = tmp_path / "m.json"
    orca("fit", "--data", data, "--target", "y", "--max-order", "2", "--store", "coefficients", "--model", model,
         "--quiet")
    cli = OrcaSVC.load(model)
    assert cli.model_.stored_by_coefficients
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(X, columns=list("abcd"))
    ours = OrcaSVC(max_order=2, store="coefficients").fit(frame, y)
    np.testing.assert_allclose(cli.decision_function(frame), ours.decision_function(frame), atol=1e-12)
    out = tmp_path / "p.csv"
    ours.save(tmp_path / "py.json")
    orca("predict", "--model", tmp_path / "py.json", "--data", data, "--output", out, "--quiet")
    values = np.loadtxt(out, delimiter=",", skiprows=1, usecols=1)
    np.testing.assert_allclose(values, ours.decision_function(frame), atol=1e-12)


def test_dask_models_stored_by_coefficients_gather_no_support_vectors(client, monkeypatch):
    da = pytest.importorskip("dask.array")
    from orca_svm import _dask_ipm
    from orca_svm.dask import DaskOrcaSVC, DaskOrcaSVR
    X, y = _task(m=800, classes=3)
    Xd, yd = da.from_array(X, chunks=(200, 4)), da.from_array(y, chunks=200)
    params = dict(max_order=2, C=10.0, tol=1e-4)
    by_sv = DaskOrcaSVC(client=client, store="support-vectors", **params).fit(Xd, yd)

    def gathered(actors):
        raise AssertionError("support vectors were gathered for a model stored by coefficients")

    monkeypatch.setattr(_dask_ipm, "support_vectors", gathered)
    by_c = DaskOrcaSVC(client=client, store="coefficients", **params).fit(Xd, yd)
    assert by_c.model_.stored_by_coefficients and not by_sv.model_.stored_by_coefficients
    # The same machines: decision values to the rounding of c = sum a phi, and the same counts.
    np.testing.assert_allclose(by_c.decision_function(X), by_sv.decision_function(X), atol=1e-9)
    assert by_c.model_.summary["support_vectors"] == by_sv.model_.summary["support_vectors"]
    distinct = len(np.unique(by_sv.support_vectors_, axis=0))
    assert by_c.model_.summary["support_vectors"] == distinct
    local = OrcaSVC(store="coefficients", **params).fit(X, y)
    values, theirs = local.decision_function(X), by_c.decision_function(X)
    assert np.abs(values - theirs).max() <= 1e-3 * (values.max() - values.min())
    z = X[:, 0] + 0.5 * X[:, 1] * X[:, 2]
    reg = DaskOrcaSVR(client=client, store="coefficients", **params).fit(Xd, da.from_array(z, chunks=200))
    assert reg.model_.stored_by_coefficients
    near = OrcaSVR(store="coefficients", **params).fit(X, z).predict(X)
    assert np.abs(reg.predict(X) - near).max() <= 1e-3 * (near.max() - near.min())
    assert reg.to_local().model_.stored_by_coefficients


def test_decision_plot_says_the_support_vectors_are_not_kept():
    pytest.importorskip("matplotlib")
    from orca_svm.plots import plot_decision_function
    X, y = _task(m=300)
    X = X[:, :2]
    ax = plot_decision_function(OrcaSVC(store="coefficients").fit(X, y), X, y)
    assert ax.get_title().endswith("support vectors, not kept)")
    assert "support vectors" not in [t.get_text() for t in ax.get_legend().get_texts()]
