"""epsilon-SVR on Dask (orca_svm.dask.DaskOrcaSVR): the interior-point method and SMO's polish
over the partitions of a 2-worker LocalCluster, each row's two dual variables kept where the row
lives. The model must be the local fit's (OrcaSVR on the same rows) to the solver's tolerance, and
optimal by the conditions checked here on the Gram matrix of scipy's polynomials."""
import json

import numpy as np
import pytest

from orca_reference import gram, scaled, svr_on_points, svr_optimality_gap
from orca_svm import OrcaSVR

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
from orca_svm.dask import DaskOrcaSVR  # noqa: E402


def _task(m=800, d=4, seed=4):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    return X, 3.0 * np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + 10.0 + rng.normal(0, 0.3, m)


def _close_to(local, theirs, X):
    """Predictions within 1e-3 of the local model's range."""
    ours, other = local.predict(X), theirs.predict(X)
    assert np.abs(ours - other).max() <= 1e-3 * (ours.max() - ours.min())


@pytest.mark.parametrize("degree, max_order, C, epsilon, target_scaling", [
    (3, "auto", 1.0, 0.1, "standardize"), (2, 2, 100.0, 0.05, "standardize"), (3, 2, 30.0, 0.1, "none")])
def test_dask_fit_is_the_local_fit_and_optimal(client, degree, max_order, C, epsilon, target_scaling):
    X, z = _task()
    Xd, zd = da.from_array(X, chunks=(200, 4)), da.from_array(z, chunks=200)
    params = dict(degree=degree, max_order=max_order, C=C, epsilon=epsilon, target_scaling=target_scaling, tol=1e-4)
    reg = DaskOrcaSVR(client=client, **params).fit(Xd, zd)
    summary = reg.model_.summary
    assert summary["interior_point_steps"] > 0 and summary["rows"] == len(z)
    assert reg.fit_status_ == 0 and summary["converged"] and summary["gap"] < 1e-4
    local = OrcaSVR(**params).fit(X, z)
    assert reg.model_.target_scale == pytest.approx(local.model_.target_scale, rel=1e-12)
    _close_to(local, reg, X)
    assert summary["objective"] == pytest.approx(local.model_.summary["objective"], rel=1e-5)
    predicted = reg.predict(X)
    r2 = 1.0 - ((z - predicted) ** 2).sum() / ((z - z.mean()) ** 2).sum()
    assert summary["training_r2"] == pytest.approx(r2, abs=1e-9)
    # The optimality conditions on the problem the machine solved (the standardised target or z).
    model = json.loads(reg.model_.to_json())
    Z = scaled(model, X)
    K = gram(model, Z, Z)
    s = reg.model_.target_scale
    zs = (z - z.mean()) / s if target_scaling == "standardize" else z
    a = svr_on_points(reg, Z)
    assert svr_optimality_gap(K, a, zs, C, epsilon) < 2e-4
    assert abs(a.sum()) < 1e-9 * C * len(z)


def test_weights_gaps_dataframes_and_the_local_model(client, tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    pd = pytest.importorskip("pandas")
    X, z = _task(m=900, seed=7)
    X[::13, 2] = np.nan  # missing values, integrated out
    w = np.random.default_rng(0).uniform(0.2, 3.0, len(z))
    w[::11] = 0.0  # rows of weight 0 are left out
    frame = pd.DataFrame(X, columns=["a", "b", "c", "d"])
    Xd = dd.from_pandas(frame, npartitions=3)
    zd = dd.from_pandas(pd.Series(z, name="price"), npartitions=3)
    wd = dd.from_pandas(pd.Series(w), npartitions=3)
    params = dict(max_order=2, degree=2, C=10.0, epsilon=0.05)
    reg = DaskOrcaSVR(client=client, **params).fit(Xd, zd, sample_weight=wd)
    local = OrcaSVR(**params).fit(frame, z, sample_weight=w)
    assert reg.model_.summary["converged"] and reg.model_.summary["rows"] == local.model_.summary["rows"]
    assert list(reg.feature_names_in_) == ["a", "b", "c", "d"] and reg.model_.target_name == "price"
    _close_to(local, reg, frame)
    predicted = reg.predict(Xd)
    assert hasattr(predicted, "compute")  # computed on the cluster
    plain = reg.to_local()
    assert type(plain) is OrcaSVR and "client" not in plain.get_params()
    np.testing.assert_array_equal(predicted.compute(), plain.predict(frame))
    path = tmp_path / "svr.json"
    reg.save(path)
    np.testing.assert_array_equal(OrcaSVR.load(path).predict(frame), plain.predict(frame))
    # The exact analysis: its invariants, and the shares of the local fit.
    report = reg.analyze()
    assert report.order.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(report.order, local.analyze().order, atol=1e-3)


def test_features_computed_again_give_the_same_model(client):
    X, z = _task(m=600, seed=3)
    Xd, zd = da.from_array(X, chunks=(200, 4)), da.from_array(z, chunks=200)
    kept = DaskOrcaSVR(client=client, max_order=2, C=20.0).fit(Xd, zd)
    computed = DaskOrcaSVR(client=client, max_order=2, C=20.0, feature_cache_mb=0).fit(Xd, zd)
    assert computed.model_.summary["interior_point_steps"] == kept.model_.summary["interior_point_steps"]
    np.testing.assert_allclose(computed.predict(X), kept.predict(X), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("change, message", [
    ("constant", "target 'y' is constant"),
    ("epsilon", "epsilon 5 standard deviations is at least half the range of target 'y'"),
    ("text", "y must hold numbers for a regression"),
    ("infinite", "target 'y' holds a value that is not a finite number"),
])
def test_refusals_name_what_to_change(client, change, message):
    X, z = _task(m=200)
    params = {"epsilon": 5.0} if change == "epsilon" else {}
    if change == "constant":
        z = np.full(len(z), 2.5)
    if change == "infinite":
        z[7] = np.inf
    y = np.where(z > 10, "big", "small") if change == "text" else z
    with pytest.raises(ValueError, match=message):
        DaskOrcaSVR(client=client, **params).fit(da.from_array(X, chunks=(100, 4)), da.from_array(y, chunks=100))


def test_data_in_memory_is_refused_with_the_local_estimator_named(client):
    X, z = _task(m=100)
    with pytest.raises(ValueError, match="for data in memory use OrcaSVR"):
        DaskOrcaSVR(client=client).fit(X, z)


def test_from_the_shell_to_the_cli(tmp_path):
    """python -m orca_svm.dask_fit --task regression: CSV files read on the workers, a model file
    orca predict reads, the local fit's model on the same rows."""
    import subprocess
    import sys

    import pandas as pd
    from conftest import orca_binary
    X, z = _task(m=600, seed=12)
    for k in range(2):
        with open(tmp_path / f"rows-{k}.csv", "w") as f:
            f.write("a,b,c,d,price\n")
            for r in range(300 * k, 300 * (k + 1)):
                f.write(",".join(repr(float(v)) for v in [*X[r], z[r]]) + "\n")
    proc = subprocess.run([sys.executable, "-m", "orca_svm.dask_fit", "--data", str(tmp_path / "rows-*.csv"),
                           "--target", "price", "--task", "regression", "--workers", "2", "--set", "max_order=2",
                           "--set", "C=10.0", "--model", str(tmp_path / "m.json")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "training R^2" in proc.stderr
    predicted = subprocess.run([str(orca_binary()), "predict", "--model", str(tmp_path / "m.json"), "--data",
                                str(tmp_path / "rows-0.csv"), "-q"], capture_output=True, text=True, check=True)
    cli = np.array([float(line) for line in predicted.stdout.splitlines()[1:]])
    loaded = OrcaSVR.load(tmp_path / "m.json")
    frame = pd.DataFrame(X, columns=["a", "b", "c", "d"])  # the model knows its columns by name
    np.testing.assert_allclose(cli, loaded.predict(frame[:300]), rtol=1e-12, atol=1e-12)
    _close_to(OrcaSVR(max_order=2, C=10.0).fit(frame, z), loaded, frame)
