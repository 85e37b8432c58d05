"""Screening on Dask (orca_svm._dask_screened, _dask_screen, _dask_hinge): a two-class machine of
at least the engine's 5,000 rows is solved from the smoothed hinge's minimiser, on the rows left
near their margin, as the engine solves it. The passes run here on partitions held in this process
(the driver's code, without a cluster), and once on a 2-worker LocalCluster; the model must be the
local fit's, the smoothed hinge's minimiser scipy's, and the line search's slope the sum over the
rows."""
import numpy as np
import pytest
from scipy.optimize import minimize

from orca_svm import OrcaSVC, _core, _dask_ipm, _dask_hinge, _dask_partition, _dask_screened

pytest.importorskip("distributed")
from orca_svm.dask import DaskOrcaSVC  # noqa: E402
from partitions_here import partitions as _partitions, task as _task  # noqa: E402


def test_the_line_searchs_slope_is_the_sum_over_the_rows():
    rng = np.random.default_rng(0)
    n = 4000
    r, dr, C = rng.normal(0, 1, n), rng.normal(0, 1, n), rng.uniform(0.5, 2.0, n)
    dr[:40] = 0.0
    r[40:60] = 0.0  # rows on a breakpoint at step 0
    width = 0.4
    state = {"hinge": {"pieces": _dask_hinge._slope_pieces(r, dr, C, width)}}
    steps = np.concatenate([[0.0, 1e-9], rng.uniform(0, 3, 300), [10.0, 1e6]])
    _, ours = _dask_hinge.hinge_slope(state, steps)
    brute = np.array([(C * dr * np.clip((r + s * dr) / width, 0, 1)).sum() for s in steps])
    # Rounding of the running sums: far below one row's part (a wrong piece is off by C dr ~ 1).
    np.testing.assert_allclose(ours, brute, rtol=0, atol=1e-9 * np.abs(C * dr).sum())


def test_the_hinge_estimate_is_the_smoothed_primals_minimiser():
    """Newton's steps over the partitions against scipy's L-BFGS on the same smoothed primal
    1/2 |w|^2 + sum C H_h(1 - y (phi . w + b)) at the last width."""
    X, y = _task(3000, seed=6)
    space, actors, _ = _partitions(X, y, 3, C=2.0)
    w, bias, _, steps = _dask_screened.hinge_estimate(_dask_ipm.Partitions(actors), space.size, None)
    assert steps > 0
    width = _core.screening()["widths"][-1]
    phi = np.vstack([space.features(a.partition.state["points"]) for a in actors])
    sign = np.concatenate([a.partition.state["y"] for a in actors])

    def objective(x):
        r = 1.0 - sign * (phi @ x[:-1] + x[-1])
        loss = np.where(r <= 0, 0.0, np.where(r < width, r * r / (2 * width), r - width / 2))
        slope = 2.0 * np.clip(r / width, 0.0, 1.0)  # C H'(r)
        grad = np.append(x[:-1] - phi.T @ (slope * sign), -(slope * sign).sum())
        return 0.5 * x[:-1] @ x[:-1] + 2.0 * loss.sum(), grad

    ref = minimize(objective, np.zeros(space.size + 1), jac=True, method="L-BFGS-B",
                   options={"maxiter": 20000, "ftol": 1e-15, "gtol": 1e-10})
    ours, theirs = phi @ w + bias, phi @ ref.x[:-1] + ref.x[-1]
    assert objective(np.append(w, bias))[0] <= ref.fun * (1 + 1e-7)
    assert np.abs(ours - theirs).max() < 5e-3  # the estimate stops when no value moves by 1e-3


@pytest.mark.parametrize("C, keep_bytes, weighted", [(1.0, 1e9, False), (30.0, 1e9, False), (1.0, 0.0, False),
                                                     (3.0, 1e9, True)])
def test_a_screened_machine_is_the_local_fit(monkeypatch, C, keep_bytes, weighted):
    """keep_bytes 0: no features kept, every pass computes them in blocks (of 1,000 rows here);
    weighted: rows of sample weights 0.2 to 3 (their box bounds C w_t), and a partition without
    rows."""
    monkeypatch.setattr(_dask_partition, "BLOCK_ROWS", 1000)
    X, y = _task(6000, seed=2)
    weights = np.random.default_rng(1).uniform(0.2, 3.0, len(y)) if weighted else None
    space, actors, c_max = _partitions(X, y, 4, C=C, keep_bytes=keep_bytes, weights=weights, empty=weighted)
    assert all((a.partition.state["P"] is None) == (keep_bytes == 0.0) for a in actors if len(a.partition.state["y"]))
    result = _dask_ipm.solve(actors, c_max, space.tolerance)
    screening = result["screening"]
    assert screening["hinge_steps"] > 0 and screening["working_points"] < len(y) and not screening["screen_fell_back"]
    assert result["summary"]["gap"] < space.tolerance
    local = OrcaSVC(max_order=2, C=C).fit(X, y, sample_weight=weights).decision_function(X)
    ours = space.features(space.scaled(X, "X")) @ result["c"] + result["bias"]
    assert np.abs(ours - local).max() <= 1e-3 * (local.max() - local.min())


@pytest.mark.parametrize("margin, fell_back", [(0.0, True), (0.1, False), (1e9, False)])
def test_variables_held_wrongly_join_the_working_set(monkeypatch, margin, fell_back):
    """With the working set's least size cut to 50 rows: a margin of 0 holds every variable but
    those 50, and the first round finds more held wrongly than that (the whole problem is solved
    instead); a narrow one holds some wrongly, which a second round frees; a wide one holds none."""
    rule = {**_core.screening(), "hinge_margin": margin, "min_working_points": 50}
    monkeypatch.setattr(_dask_screened, "rule", lambda: rule)
    X, y = _task(6000, seed=3)
    space, actors, c_max = _partitions(X, y, 3, C=10.0)
    result = _dask_ipm.solve(actors, c_max, space.tolerance)
    screening = result["screening"]
    assert screening["screen_fell_back"] == fell_back
    if margin == 0.1:
        assert screening["screen_rounds"] > 1 and screening["working_points"] < len(y)
    if margin == 1e9:
        assert screening["working_points"] == len(y) and screening["screen_rounds"] == 1
    assert result["summary"]["gap"] < space.tolerance
    local = OrcaSVC(max_order=2, C=10.0).fit(X, y).decision_function(X)
    ours = space.features(space.scaled(X, "X")) @ result["c"] + result["bias"]
    assert np.abs(ours - local).max() <= 1e-3 * (local.max() - local.min())


def test_the_engines_rule_decides_what_is_screened():
    """Two-class machines from the engine's 5,000 rows; epsilon-SVRs, which the engine screens from
    a coarse fit, are solved whole on Dask (two variables a row)."""
    assert _core.screens(5000, 436, False) and not _core.screens(4999, 436, False)
    assert _dask_screened.screens(5000, 5000, 436) and not _dask_screened.screens(4999, 4999, 436)
    assert _core.screens(20000, 31, True) and not _dask_screened.screens(20000, 40000, 31)


def test_on_a_cluster_with_probabilities(client, capsys):
    """DaskOrcaSVC on 2 workers: its progress names the smoothed hinge, and its model (every
    probability fold's machine screened too) is the local fit's."""
    da = pytest.importorskip("dask.array")
    X, y = _task(7000, seed=5)
    Xd, yd = da.from_array(X, chunks=(1750, 5)), da.from_array(y, chunks=1750)
    clf = DaskOrcaSVC(client=client, max_order=2, C=3.0, probability=True, random_state=1, verbose=1).fit(Xd, yd)
    err = capsys.readouterr().err
    assert "smoothed hinge, Newton step 1," in err and "working set (" in err
    assert clf.model_.summary["converged"]
    local = OrcaSVC(max_order=2, C=3.0).fit(X, y).decision_function(X)
    ours = clf.decision_function(X)
    assert np.abs(ours - local).max() <= 1e-3 * (local.max() - local.min())
    probabilities = clf.predict_proba(Xd).compute()
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, rtol=1e-12)
