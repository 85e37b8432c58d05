"""Training on Dask (orca_svm.dask.DaskOrcaSVC): the interior-point method and SMO's polish run
data-parallel over the partitions of a 2-worker LocalCluster. The model must be the local fit's
(OrcaSVC on the same rows) to the solver's tolerance, its certificate the one recomputed here
from scipy's polynomials, and its optimum scikit-learn's SVC's on the same Gram matrix."""
import json
import pickle
import warnings

import numpy as np
import pytest
from sklearn.svm import SVC

from orca_reference import gram, scaled
from orca_svm import OrcaSVC

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
from orca_svm.dask import DaskOrcaSVC  # noqa: E402


def _task(m=1200, d=5, seed=4):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + rng.normal(0, 0.3, m)
    return X, (f > np.median(f)).astype(int)


def _violation(model, X, y01):
    """LIBSVM's maximal violating pair m - M, -y_t G_t = y_t - g_t over I_up and I_low, with g from
    the Gram matrix of scipy's polynomials and alpha_t matched to the rows."""
    Z = scaled(model, X)
    sv, a = np.asarray(model["support_vectors"]), np.asarray(model["coefficients"])
    y = np.where(y01 == 1, 1.0, -1.0)
    alpha = np.zeros(len(y))
    for s, coef in zip(sv, a):
        alpha[np.flatnonzero(np.abs(Z - s).max(axis=1) < 1e-12)] = abs(coef)
    C = model["training"]["C"]
    v = y - gram(model, Z, sv) @ a
    up = ((y > 0) & (alpha < C)) | ((y < 0) & (alpha > 0))
    low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < C))
    return v[up].max() - v[low].min()


def _close_to(local, theirs, X_local, X_dask=None):
    """Decision values within 1e-3 of the local model's range."""
    ours = local.decision_function(X_local)
    other = theirs.decision_function(X_local if X_dask is None else X_dask)
    other = other.compute() if hasattr(other, "compute") else other
    assert np.abs(ours - other).max() <= 1e-3 * (ours.max() - ours.min())


@pytest.mark.parametrize("degree, max_order, C", [(3, "auto", 1.0), (1, "auto", 1000.0), (2, 2, 100.0),
                                                  (3, 2, 1000.0)])
def test_dask_fit_is_the_local_fit_and_svcs_optimum(client, degree, max_order, C):
    X, y = _task(m=600)
    Xd, yd = da.from_array(X, chunks=(150, 5)), da.from_array(y, chunks=150)
    clf = DaskOrcaSVC(degree=degree, max_order=max_order, C=C, tol=1e-4, client=client).fit(Xd, yd)
    summary = clf.model_.summary
    assert summary["interior_point_steps"] > 0 and summary["rows"] == len(y)
    assert clf.fit_status_ == 0 and summary["converged"] and summary["gap"] < 1e-4
    model = json.loads(clf.model_.to_json())
    assert summary["gap"] == pytest.approx(_violation(model, X, y), rel=1e-6, abs=1e-9)
    local = OrcaSVC(degree=degree, max_order=max_order, C=C, tol=1e-4).fit(X, y)
    _close_to(local, clf, X)
    Z = scaled(model, X)
    K = gram(model, Z, Z)
    ref = SVC(kernel="precomputed", C=C, tol=1e-6, max_iter=-1).fit(K, y)
    a = np.zeros(len(y))
    a[ref.support_] = ref.dual_coef_.ravel()
    f_ref = 0.5 * a @ K @ a - np.abs(a).sum()
    assert summary["objective"] <= f_ref + 1e-6 * abs(f_ref)
    theirs, ours = ref.decision_function(K), clf.decision_function(X)
    clear = np.abs(theirs) > 1e-2
    assert np.array_equal(ours[clear] > 0, theirs[clear] > 0)
    np.testing.assert_allclose(ours, theirs, atol=2e-2, rtol=1e-2)


@pytest.mark.parametrize("multi_class", ["ovo", "ovr"])
def test_more_classes_train_every_machine_as_the_local_fit(client, multi_class):
    X, _ = _task(m=900, seed=8)
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2]
    y = np.select([f < -0.4, f < 0.4], ["low", "mid"], "high")
    Xd, yd = da.from_array(X, chunks=(300, 5)), da.from_array(y, chunks=300)
    # Platt's folds on the partitions cost 5 fits a machine: tried on one-vs-one, whose machines
    # train on two classes' rows (test_platt_sigmoid_from_the_partitions_folds tries two classes);
    # the classes' coupling is the engine's, tested on local fits.
    probability = multi_class == "ovo"
    params = dict(max_order=2, degree=2, C=20.0, multi_class=multi_class, class_weight="balanced",
                  probability=probability)
    clf = DaskOrcaSVC(client=client, **params).fit(Xd, yd)
    local = OrcaSVC(**params).fit(X, y)
    assert clf.machine_names_ == local.machine_names_ and list(clf.classes_) == list(local.classes_)
    summary, reference = clf.model_.summary, local.model_.summary
    assert summary["converged"] and summary["rows"] == reference["rows"] == len(y)
    for mine, theirs in zip(clf.model_.machines, local.model_.machines):  # each machine its local twin
        g, h = theirs.decision_function(X)[0], mine.decision_function(X)[0]
        assert np.abs(g - h).max() <= 1e-3 * (g.max() - g.min())
    assert summary["training_accuracy"] == pytest.approx(np.mean(clf.predict(X) == y), abs=1e-12)
    every = np.vstack([m.support_vectors for m in clf.model_.machines])
    assert summary["support_vectors"] == len(np.unique(every, axis=0))
    decisions = clf.decision_function(Xd)
    assert decisions.compute().shape == (len(y), 3)
    np.testing.assert_array_equal(clf.predict(Xd).compute(), clf.to_local().predict(X))
    assert clf.model_.has_probability == probability
    if not probability:
        return
    # Every machine has its sigmoid (folds of its own rows): the classes' probabilities are coupled.
    probabilities = clf.predict_proba(Xd).compute()
    assert probabilities.shape == (len(y), 3)
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, rtol=1e-9)
    assert np.mean(clf.classes_[probabilities.argmax(axis=1)] == local.predict(X)) > 0.95


def test_weights_gaps_and_hermite_as_the_local_fit(client):
    X, y = _task(seed=7)
    X[::17, 1] = np.nan  # missing values, integrated out
    w = np.random.default_rng(0).uniform(0.2, 3.0, len(y))
    w[::11] = 0.0  # rows of weight 0 are left out
    Xd, yd, wd = da.from_array(X, chunks=(250, 5)), da.from_array(y, chunks=250), da.from_array(w, chunks=250)
    for params in (dict(C=10.0, class_weight="balanced", max_order=2, degree=2),
                   dict(C=3.0, family="hermite", degree=2, class_weight={0: 2.0, 1: 1.0})):
        clf = DaskOrcaSVC(client=client, **params).fit(Xd, yd, sample_weight=wd)
        local = OrcaSVC(**params).fit(X, y, sample_weight=w)
        assert clf.model_.summary["converged"]
        assert clf.model_.class_weight == pytest.approx(local.model_.class_weight)
        _close_to(local, clf, X)


def test_dataframe_in_dask_arrays_out_and_a_plain_local_model(client, tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    pd = pytest.importorskip("pandas")
    X, y = _task(m=800)
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(5)])
    Xd = dd.from_pandas(frame, npartitions=3)
    yd = dd.from_pandas(pd.Series(np.where(y == 1, "yes", "no"), name="outcome"), npartitions=3)
    clf = DaskOrcaSVC(client=client, max_order=2, degree=2, C=5.0).fit(Xd, yd)
    assert list(clf.feature_names_in_) == list(frame.columns) and list(clf.classes_) == ["no", "yes"]
    assert clf.model_.target_name == "outcome"
    predicted = clf.predict(Xd)
    assert hasattr(predicted, "compute")  # computed on the cluster
    local = clf.to_local()
    assert type(local) is OrcaSVC and "client" not in local.get_params()
    np.testing.assert_array_equal(predicted.compute(), local.predict(frame))
    np.testing.assert_allclose(clf.decision_function(Xd).compute(), local.decision_function(frame), rtol=1e-12)
    again = pickle.loads(pickle.dumps(local))
    np.testing.assert_array_equal(again.decision_function(frame), local.decision_function(frame))
    path = tmp_path / "dask.json"
    clf.save(path)
    np.testing.assert_array_equal(OrcaSVC.load(path).decision_function(frame), local.decision_function(frame))
    with pytest.raises(ValueError, match=r"numeric and categorical columns; \['when'\] are neither"):
        dated = frame.assign(when=pd.Timestamp("2026-12-04") + pd.to_timedelta(np.arange(len(y)), unit="D"))
        DaskOrcaSVC(client=client).fit(dd.from_pandas(dated, npartitions=2), yd)
    # The exact analysis: its invariants, and the shares of a local fit on the same rows.
    report = clf.analyze()
    assert report.energy == pytest.approx(report.energy_kernel, rel=1e-9)
    assert report.order.sum() == pytest.approx(1.0, abs=1e-12)
    reference = OrcaSVC(max_order=2, degree=2, C=5.0).fit(frame, np.where(y == 1, "yes", "no")).analyze()
    np.testing.assert_allclose(report.order, reference.order, atol=1e-3)
    np.testing.assert_allclose(report.marginal, reference.marginal, atol=1e-3)


def test_an_empty_partition_and_unknown_chunk_sizes(client):
    X, y = _task(m=800, seed=5)
    w = np.ones(len(y))
    w[200:400] = 0.0  # the second partition has no row of weight > 0
    Xd, yd, wd = da.from_array(X, chunks=(200, 5)), da.from_array(y, chunks=200), da.from_array(w, chunks=200)
    clf = DaskOrcaSVC(client=client, max_order=2, degree=2, C=5.0).fit(Xd, yd, sample_weight=wd)
    _close_to(OrcaSVC(max_order=2, degree=2, C=5.0).fit(X, y, sample_weight=w), clf, X)
    keep = da.from_array(X[:, 0] > -0.8, chunks=200)  # boolean indexing leaves chunk sizes unknown
    clf = DaskOrcaSVC(client=client, max_order=2, degree=2, C=5.0).fit(Xd[keep], yd[keep])
    _close_to(OrcaSVC(max_order=2, degree=2, C=5.0).fit(X[X[:, 0] > -0.8], y[X[:, 0] > -0.8]), clf, X)


def test_features_computed_again_give_the_same_model(client):
    X, y = _task(m=900, seed=3)
    Xd, yd = da.from_array(X, chunks=(300, 5)), da.from_array(y, chunks=300)
    kept = DaskOrcaSVC(client=client, max_order=2, C=50.0).fit(Xd, yd)
    computed = DaskOrcaSVC(client=client, max_order=2, C=50.0, feature_cache_mb=0).fit(Xd, yd)
    assert computed.model_.summary["interior_point_steps"] == kept.model_.summary["interior_point_steps"]
    np.testing.assert_allclose(computed.decision_function(X), kept.decision_function(X), rtol=1e-9, atol=1e-9)


def test_clone_shares_the_client(client):
    import sklearn
    from sklearn.base import clone
    assert clone(DaskOrcaSVC(C=2.0)).client is None  # the default client, on every release
    if tuple(int(v) for v in sklearn.__version__.split(".")[:2]) < (1, 3):
        pytest.skip("scikit-learn before 1.3 deep-copies every parameter (no __sklearn_clone__)")
    est = DaskOrcaSVC(client=client, C=3.0, max_order=2, class_weight={0: 2.0})
    twin = clone(est)
    assert twin is not est and twin.client is client
    assert twin.get_params()["class_weight"] == {0: 2.0} and twin.class_weight is not est.class_weight


def test_the_qr_fallback_gives_the_same_model(client, monkeypatch):
    """Where I + U'D^-1 U has no Cholesky factor in double precision, the client factors the
    stacked R of the partitions' QRs (TSQR) and I: forced here at every step."""
    import scipy.linalg
    X, y = _task(m=600, seed=9)
    Xd, yd = da.from_array(X, chunks=(150, 5)), da.from_array(y, chunks=150)
    plain = DaskOrcaSVC(client=client, max_order=2, degree=2, C=100.0, tol=1e-4).fit(Xd, yd)

    def no_factor(*args, **kwargs):
        raise np.linalg.LinAlgError("forced")
    monkeypatch.setattr(scipy.linalg, "cho_factor", no_factor)
    by_qr = DaskOrcaSVC(client=client, max_order=2, degree=2, C=100.0, tol=1e-4).fit(Xd, yd)
    assert by_qr.model_.summary["converged"]
    g, h = plain.decision_function(X), by_qr.decision_function(X)
    assert np.abs(g - h).max() <= 1e-6 * (g.max() - g.min())


def _separable_task(m, seed):
    """Labels without noise, which pairs of degree 2 nearly separate: at large C a fold's
    interior-point steps break down numerically (the best point is kept, as in the engine)."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, 5))
    return X, (np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] > 0).astype(int)


@pytest.mark.parametrize("task, C, seed, tol", [(lambda: _task(m=600, seed=2), 3.0, 4, 1e-5),
                                                (lambda: _separable_task(600, 8), 20.0, 0, 1e-3)],
                         ids=["noisy", "separable"])
def test_platt_sigmoid_from_the_partitions_folds(client, task, C, seed, tol):
    """probability=True: each fold's machine (over the partitions, without the fold) gives the
    held-out decision values scikit-learn's SVC gives on the same Gram matrix and rows; Platt's
    (A, B) is the engine's fit of them."""
    from orca_svm import _core, _dask_partition
    X, y = task()
    Xd, yd = da.from_array(X, chunks=(200, 5)), da.from_array(y, chunks=200)
    clf = DaskOrcaSVC(client=client, probability=True, max_order=2, degree=2, C=C, tol=tol,
                      random_state=seed).fit(Xd, yd)
    model = json.loads(clf.model_.to_json())
    Z = scaled(model, X)
    K = gram(model, Z, Z)
    fold = np.concatenate([_dask_partition.cv_folds(200, 5, [seed, 0, k]) for k in range(3)])
    held = np.zeros(len(y))
    for f in range(5):
        train, test = fold != f, fold == f
        ref = SVC(kernel="precomputed", C=C, tol=1e-7).fit(K[np.ix_(train, train)], y[train])
        held[test] = ref.decision_function(K[np.ix_(test, train)])
    A, B = _core.fit_sigmoid(held.tolist(), np.where(y == 1, 1.0, -1.0).tolist())
    assert clf.model_.sigmoid == pytest.approx((A, B), rel=1e-3, abs=1e-4)
    probabilities = clf.predict_proba(Xd).compute()
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(probabilities, clf.to_local().predict_proba(X), rtol=1e-12)
    assert not hasattr(DaskOrcaSVC(), "predict_proba")  # only with probability=True


def test_progress_lines(client, capsys):
    X, y = _task(m=600)
    DaskOrcaSVC(client=client, verbose=1).fit(da.from_array(X, chunks=(200, 5)), da.from_array(y, chunks=200))
    err = capsys.readouterr().err
    assert "fit on Dask: Newton step 1," in err and "KKT violation" in err  # the first step's line, then the end


@pytest.mark.parametrize("params, X_of, y_of, message", [
    (dict(), None, lambda y: np.zeros_like(y), "greater than one; got 1 class"),
    (dict(max_order=None, degree=4, family="legendre"), lambda X: np.hstack([X, X[:, :2] ** 2]), None,
     "more than the 10000"),
    (dict(missing="error"), lambda X: np.where(np.arange(len(X))[:, None] == 5, np.nan, X), None,
     "feature 'x0' has 1 missing"),
    (dict(), lambda X: np.where(np.arange(len(X))[:, None] == 5, np.inf, X), None, "infinite value"),
])
def test_refusals_name_what_to_change(client, params, X_of, y_of, message):
    X, y = _task(m=300)
    X = X_of(X) if X_of else X
    y = y_of(np.arange(len(y))) if y_of else y
    with pytest.raises(ValueError, match=message):
        DaskOrcaSVC(client=client, **params).fit(da.from_array(X, chunks=(100, X.shape[1])),
                                                 da.from_array(y, chunks=100))


def test_data_in_memory_is_refused_with_the_local_estimator_named(client):
    X, y = _task(m=100)
    with pytest.raises(ValueError, match="use OrcaSVC"):
        DaskOrcaSVC(client=client).fit(X, y)


def test_from_the_shell_to_the_cli(tmp_path):
    """python -m orca_svm.dask_fit: CSV files read on the workers, a model file orca predict reads,
    the model Python's DaskOrcaSVC fits on the same partitions; bad input is one line and exit 2."""
    import subprocess
    import sys

    from conftest import orca_binary
    X, y = _task(m=900, seed=12)
    labels = np.where(y == 1, "yes", "no")
    for k in range(3):
        with open(tmp_path / f"rows-{k}.csv", "w") as f:
            f.write("a,b,c,d,e,label\n")
            for r in range(300 * k, 300 * (k + 1)):
                f.write(",".join(repr(float(v)) for v in X[r]) + f",{labels[r]}\n")
    command = [sys.executable, "-m", "orca_svm.dask_fit", "--data", str(tmp_path / "rows-*.csv"), "--target",
               "label", "--workers", "2", "--set", "max_order=2", "--set", "C=10.0"]
    proc = subprocess.run(command + ["--model", str(tmp_path / "m.json")], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "fit on Dask" in proc.stderr and "wrote" in proc.stderr
    predicted = subprocess.run([str(orca_binary()), "predict", "--model", str(tmp_path / "m.json"), "--data",
                                str(tmp_path / "rows-0.csv"), "-q"], capture_output=True, text=True, check=True)
    cli = np.array([float(line.split(",")[1]) for line in predicted.stdout.splitlines()[1:]])
    loaded = OrcaSVC.load(tmp_path / "m.json")
    np.testing.assert_allclose(cli, loaded.decision_function(X[:300]), rtol=1e-12, atol=1e-12)
    local = OrcaSVC(max_order=2, C=10.0).fit(X, labels)
    _close_to(local, loaded, X)
    for extra, says in ((["--set", "degre=3"], "--set degre: not a parameter"),
                        (["--target", "lab"], "no column 'lab'")):
        bad = subprocess.run(command + extra + ["--model", str(tmp_path / "bad.json")], capture_output=True,
                             text=True, timeout=300)
        assert bad.returncode == 2 and says in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "bad.json").exists()


def test_a_cluster_of_threads_in_the_clients_process():
    """Client(processes=False), common in notebooks: the workers run in the client's process, where a
    gathered actor handle does not keep its actor alive; the fit used to wait for ever on an actor
    the scheduler had released. A classifier and a regression train as locally (in a thread given
    two minutes, so that a regression fails here instead of hanging the suite)."""
    import threading
    distributed = pytest.importorskip("distributed")
    from orca_svm import OrcaSVR
    from orca_svm.dask import DaskOrcaSVR
    X, y = _task(m=600, seed=3)
    target = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2]
    fitted, failure = {}, []

    def fit():
        try:
            with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                          silence_logs=40) as cluster, distributed.Client(cluster) as threads:
                Xd = da.from_array(X, chunks=(200, 5))
                fitted["svc"] = DaskOrcaSVC(client=threads, max_order=2, degree=2, C=10.0).fit(
                    Xd, da.from_array(y, chunks=200)).to_local()
                fitted["svr"] = DaskOrcaSVR(client=threads, degree=3, C=10.0).fit(
                    Xd, da.from_array(target, chunks=200)).to_local()
        except Exception as error:  # noqa: BLE001 (re-raised below, in the test's thread)
            failure.append(error)

    worker = threading.Thread(target=fit, daemon=True)
    worker.start()
    worker.join(120.0)
    assert not worker.is_alive(), "a fit on a cluster of threads did not end within two minutes"
    if failure:
        raise failure[0]
    _close_to(OrcaSVC(max_order=2, degree=2, C=10.0).fit(X, y), fitted["svc"], X)
    local = OrcaSVR(degree=3, C=10.0).fit(X, target).predict(X)
    assert np.abs(fitted["svr"].predict(X) - local).max() <= 1e-3 * np.ptp(local)
