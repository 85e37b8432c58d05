"""More than two classes: one-vs-one and one-vs-rest against scikit-learn's SVC (LIBSVM) on the
same precomputed Gram matrix, the analysis per machine and aggregated against brute force, the
per-class explanations, and CLI/Python parity."""
import io
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_iris, load_wine, make_blobs
from sklearn.svm import SVC

from conftest import read_csv_exact
from orca_reference import coefficients, gram, held, scaled
from orca_svm import MulticlassOkcReport, OkcReport, OrcaSVC, _core


@pytest.fixture(scope="module")
def iris():
    data = load_iris(as_frame=True)
    X = data.data.set_axis(["sl", "sw", "pl", "pw"], axis=1)
    return X, np.asarray(data.target_names)[data.target]


def model_doc(clf):
    return json.loads(clf.model_.to_json())


@pytest.mark.parametrize("family, degree, class_weight, weighted", [
    ("legendre", 3, None, False), ("jacobi", 4, "balanced", False), ("hermite", 3, {"setosa": 2.0}, False),
    ("chebyshev1", 3, "balanced", True)])
def test_one_vs_one_matches_sklearn_svc(iris, family, degree, class_weight, weighted):
    X, y = iris
    sw = np.random.default_rng(2).uniform(0.2, 3.0, len(y)) if weighted else None
    exponents = {"alpha": 1.5, "beta": 0.5} if family == "jacobi" else {}
    ours = OrcaSVC(family=family, degree=degree, C=3.0, tol=1e-6, class_weight=class_weight,
                   decision_function_shape="ovo", **exponents).fit(X, y, sample_weight=sw)
    doc = model_doc(ours)
    Xs = scaled(doc, X)
    K = gram(doc, Xs, Xs)
    ref = SVC(kernel="precomputed", C=3.0, tol=1e-6, class_weight=class_weight,
              decision_function_shape="ovo").fit(K, y, sample_weight=sw)
    # scikit-learn's pair (i, j) is positive for class i; ours for j (the later, as in two-class models).
    np.testing.assert_allclose(ours.decision_function(X), -ref.decision_function(K), rtol=2e-4, atol=2e-4)
    assert ours.machine_names_ == ["versicolor vs setosa", "virginica vs setosa", "virginica vs versicolor"]
    # Same labels but for rows where the three votes tie (LIBSVM then takes the first class).
    agree = ours.predict(X) == ref.predict(K)
    assert agree.mean() >= 0.99


def test_one_vs_rest_machines_match_sklearn_binary_svcs(iris):
    X, y = iris
    ours = OrcaSVC(degree=4, C=2.0, tol=1e-6, multi_class="ovr").fit(X, y)
    doc = model_doc(ours)
    Xs = scaled(doc, X)
    K = gram(doc, Xs, Xs)
    scores = ours.decision_function(X)
    assert scores.shape == (150, 3)
    for c, label in enumerate(ours.classes_):
        ref = SVC(kernel="precomputed", C=2.0, tol=1e-6).fit(K, y == label)  # True is the positive class
        np.testing.assert_allclose(scores[:, c], ref.decision_function(K), rtol=2e-4, atol=2e-4)
    np.testing.assert_array_equal(ours.predict(X), ours.classes_[scores.argmax(axis=1)])
    assert ours.machine_names_ == [f"{c} vs rest" for c in ours.classes_]


def test_ovr_shaped_decision_of_one_vs_one_is_votes_plus_bounded_confidence(iris):
    X, y = iris
    clf = OrcaSVC(degree=3).fit(X, y)
    raw = clf.set_params(decision_function_shape="ovo").decision_function(X)
    shaped = clf.set_params(decision_function_shape="ovr").decision_function(X)
    votes = np.zeros((len(X), 3))
    conf = np.zeros((len(X), 3))
    for p, (i, j) in enumerate([(0, 1), (0, 2), (1, 2)]):
        votes[:, j] += raw[:, p] > 0
        votes[:, i] += raw[:, p] <= 0
        conf[:, j] += raw[:, p]
        conf[:, i] -= raw[:, p]
    np.testing.assert_allclose(shaped, votes + conf / (3 * (np.abs(conf) + 1)), rtol=1e-13, atol=1e-13)
    np.testing.assert_array_equal(clf.predict(X), clf.classes_[shaped.argmax(axis=1)])


def order_shares(coefs, d):
    out = np.zeros(d + 1)
    for k, c in coefs.items():
        out[sum(1 for v in k if v > 0)] += c * c
    return out


@pytest.mark.parametrize("strategy", ["ovo", "ovr"])
def test_analysis_per_machine_and_aggregated_against_brute_force(iris, strategy):
    X, y = iris
    clf = OrcaSVC(degree=[2, 3, 2, 3], multi_class=strategy).fit(X, y)
    rep = clf.analyze()
    assert isinstance(rep, MulticlassOkcReport)
    assert list(rep.machines) == clf.machine_names_
    doc = model_doc(clf)
    masses = []
    for machine, name in zip(doc["machines"], clf.machine_names_):
        brute = order_shares(coefficients({**doc, **machine}), 4)
        masses.append(brute)
        r = rep.machines[name]
        assert isinstance(r, OkcReport)
        np.testing.assert_allclose(r.order, held(brute / brute.sum(), r.order), atol=1e-10)
        np.testing.assert_allclose(r.energy, r.energy_kernel, rtol=1e-10)
        assert abs(r.constant) < 1e-10
    masses = np.array(masses)
    np.testing.assert_allclose(rep.energy_weighted.order, held(masses.sum(axis=0) / masses.sum(),
                                                               rep.energy_weighted.order), atol=1e-10)
    np.testing.assert_allclose(rep.mean.order, held((masses / masses.sum(axis=1, keepdims=True)).mean(axis=0),
                                                    rep.mean.order), atol=1e-10)
    for agg in (rep.energy_weighted, rep.mean):
        assert agg.spectrum.sum() == pytest.approx(1.0, abs=1e-12)
        assert agg.marginal.sum() == pytest.approx(agg.order[1], abs=1e-12)
        assert agg.coefficients.empty
    frames = rep.to_frame()
    assert list(frames["order"].columns) == clf.machine_names_ + ["energy-weighted", "mean"]
    text = str(rep)
    assert "energy-weighted" in text and "plain mean" in text and clf.machine_names_[0] in text
    assert set(json.loads(rep.to_json())["aggregated"]) == {"energy_weighted", "mean"}


@pytest.mark.parametrize("strategy", ["ovo", "ovr"])
def test_explanations_per_class_sum_to_the_class_score(iris, strategy):
    X, y = iris
    clf = OrcaSVC(degree=3, multi_class=strategy, decision_function_shape="ovo").fit(X, y)
    raw = clf.decision_function(X)
    with pytest.raises(ValueError, match="one class at a time"):
        clf.explain(X)
    with pytest.raises(ValueError, match="not a class"):
        clf.explain(X, target="tulip")
    pairs = [(0, 1), (0, 2), (1, 2)]
    for c, label in enumerate(clf.classes_):
        if strategy == "ovr":
            score = raw[:, c]
        else:
            score = sum(raw[:, p] * (1 if j == c else -1) for p, (i, j) in enumerate(pairs) if c in (i, j))
        phi = clf.explain(X, target=label)
        np.testing.assert_allclose(phi.attrs["decision"], score, rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(phi.sum(axis=1) + phi.attrs["base"], score, rtol=1e-10, atol=1e-10)
        comp = clf.explain_components(X, target=label)
        parts = comp.drop(columns=["base", "decision"]).sum(axis=1) + comp["base"]
        np.testing.assert_allclose(parts, score, rtol=1e-10, atol=1e-10)
        shapes = clf.shape_functions(grid=5, target=label)
        assert set(shapes["feature"]) == {"sl", "sw", "pl", "pw"}
        assert isinstance(clf.analyze(target=label), OkcReport)


def test_cli_and_python_give_the_same_multiclass_model(iris, orca, tmp_path):
    X, y = iris
    frame = X.assign(species=y)
    frame.to_csv(tmp_path / "iris.csv", index=False)
    orca("fit", "--data", str(tmp_path / "iris.csv"), "--target", "species", "--degree", "3", "--multi-class", "ovr",
         "--probability", "--seed", "7", "--model", str(tmp_path / "cli.json"), "-q")
    clf = OrcaSVC(degree=3, multi_class="ovr", probability=True, random_state=7).fit(X, y)
    cli_doc = json.loads((tmp_path / "cli.json").read_text())
    assert cli_doc["machines"] == model_doc(clf)["machines"]
    out = orca("predict", "--model", str(tmp_path / "cli.json"), "--data", str(tmp_path / "iris.csv"))
    pred = read_csv_exact(io.StringIO(out.stdout))
    np.testing.assert_array_equal(pred["label"], clf.predict(X))
    np.testing.assert_array_equal(pred[[f"decision:{c}" for c in clf.classes_]].to_numpy(), clf.decision_function(X))
    np.testing.assert_array_equal(pred[[f"p:{c}" for c in clf.classes_]].to_numpy(), clf.predict_proba(X))
    orca("analyze", "--model", str(tmp_path / "cli.json"), "--json", str(tmp_path / "a.json"))
    assert json.loads((tmp_path / "a.json").read_text())["machines"] == json.loads(clf.analyze().to_json())["machines"]
    expl = orca("explain", "--model", str(tmp_path / "cli.json"), "--data", str(tmp_path / "iris.csv"),
                "--class", "virginica", "--no-components")
    table = read_csv_exact(io.StringIO(expl.stdout))
    np.testing.assert_allclose(table[[f"phi:{n}" for n in X.columns]].to_numpy(),
                               clf.explain(X, target="virginica").to_numpy(), rtol=0, atol=0)


def test_save_load_and_pickle_keep_every_machine(iris, tmp_path):
    import pickle
    X, y = iris
    clf = OrcaSVC(degree=3, probability=True).fit(X, y)
    clf.save(tmp_path / "m.json")
    for back in (OrcaSVC.load(tmp_path / "m.json"), pickle.loads(pickle.dumps(clf))):
        np.testing.assert_array_equal(back.decision_function(X), clf.decision_function(X))
        np.testing.assert_array_equal(back.predict_proba(X), clf.predict_proba(X))
        assert back.machine_names_ == clf.machine_names_


def test_wine_thirteen_features_trains_and_analyses():
    X, y = load_wine(return_X_y=True)
    clf = OrcaSVC(degree=2, C=10.0).fit(X, y)
    assert clf.score(X, y) > 0.95
    rep = clf.analyze()
    assert rep.energy_weighted.order.sum() == pytest.approx(1.0, abs=1e-12)
    assert len(rep.machines) == 3


@pytest.mark.parametrize("strategy", ["ovo", "ovr"])
def test_multiclass_support_vectors_and_dual_coef_rebuild_every_machine(strategy):
    from sklearn.datasets import load_iris
    X, y = load_iris(return_X_y=True)
    clf = OrcaSVC(degree=3, multi_class=strategy).fit(X, y)
    k = len(clf.classes_)
    machines = clf.model_.machines
    sv, dual = clf.support_vectors_, clf.dual_coef_
    assert len(np.unique(sv, axis=0)) == len(sv)  # each vector once
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)] if strategy == "ovo" else None
    if strategy == "ovo":
        assert dual.shape == (k - 1, len(sv)) and clf.n_support_.sum() == len(sv)
        cls = np.repeat(np.arange(k), clf.n_support_)  # vectors grouped by class
    else:
        assert dual.shape == (k, len(sv)) and clf.n_support_ is None
    for m, machine in enumerate(machines):
        # The machine's own (vector, coefficient) pairs, rebuilt from the shared layout.
        if strategy == "ovo":
            i, j = pairs[m]
            rebuilt = {(sv[s].tobytes(), dual[j - 1, s]) for s in np.flatnonzero(cls == i) if dual[j - 1, s] != 0}
            rebuilt |= {(sv[s].tobytes(), dual[i, s]) for s in np.flatnonzero(cls == j) if dual[i, s] != 0}
        else:
            rebuilt = {(sv[s].tobytes(), dual[m, s]) for s in np.flatnonzero(dual[m])}
        own = {(v.tobytes(), a) for v, a in zip(machine.support_vectors, machine.coefficients)}
        assert rebuilt == own


@pytest.mark.parametrize("strategy", ["ovo", "ovr"])
def test_each_machine_is_a_model_of_its_own_and_the_whole_refuses_single_machine_reads(iris, strategy, tmp_path):
    X, y = iris
    clf = OrcaSVC(degree=2, multi_class=strategy, class_weight={"setosa": 2.0}).fit(X, y)
    model = clf.model_
    whole = model_doc(clf)
    g = model.decision_function(np.asarray(X, dtype=float))[0]
    per_machine = _core.analyze(model)["machines"]
    for k, machine in enumerate(model.machines):
        # Analysed on its own, a machine gives the multi-class analysis' section for it.
        assert _core.analyze(machine)["json"] == per_machine[k]["json"]
        assert not machine.is_multiclass
        assert machine.classes == whole["machines"][k]["classes"]
        np.testing.assert_array_equal(machine.coefficients, whole["machines"][k]["coefficients"])
        np.testing.assert_array_equal(machine.decision_function(np.asarray(X, dtype=float))[0], g[:, k])
        path = tmp_path / f"machine{k}.json"
        machine.save(str(path))  # a machine saved on its own loads back as it was
        assert type(model).load(str(path)).to_json() == machine.to_json()
    for name in ("bias", "support_vectors", "coefficients", "sigmoid"):
        with pytest.raises(ValueError, match="multi-class model has .* machines: read them from Model.machines"):
            getattr(model, name)


def test_summary_is_the_model_files_training_record(iris):
    X, y = iris
    for clf in (OrcaSVC(degree=2).fit(X, y), OrcaSVC(degree=2).fit(X, y == "setosa")):
        assert clf.model_.summary == model_doc(clf)["training"]


def test_class_names_in_messages_read_as_the_user_wrote_them():
    # numpy 2 prints np.int64(0) for an integer class; a message names it as 0.
    X, y = make_blobs(n_samples=90, centers=3, random_state=0)
    clf = OrcaSVC(degree=2).fit(X, y)
    with pytest.raises(ValueError, match=r"pass target=<label> \(one of \[0, 1, 2\]\)"):
        clf.explain(X[:3])
    with pytest.raises(ValueError, match=r"target 7 is not a class of the model \(classes: \[0, 1, 2\]\)"):
        clf.explain(X[:3], target=np.int64(7))
