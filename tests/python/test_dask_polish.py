"""SMO's polish on Dask (orca_svm._dask_polish): each pass over the partitions brings their most
violating variables to the client, which runs SMO's iterations on them alone. From alpha = 0 (the
whole solve left to the polish) the machine must be the local fit's and scikit-learn's on the same
kernel, in far fewer passes than iterations; a pass must return the variables a sort over every row
finds; and a pair's step must be the minimiser of the dual along its constraint line."""
import numpy as np
import pytest
from sklearn.svm import SVC

from orca_svm import OrcaSVC, _dask_ipm, _dask_partition, _dask_polish

pytest.importorskip("distributed")
from partitions_here import partitions, task  # noqa: E402


def _from_zero(monkeypatch):
    """The interior-point method replaced by alpha = 0 on every partition (its point, rounded)."""
    def nothing(parts, progress=None, **_):
        for actor in parts.actors:
            actor.partition.state["a"] = np.zeros(len(actor.partition.state["y"]))
        return {"converged": True, "stalled": False, "steps": 0}
    monkeypatch.setattr(_dask_ipm, "interior_point", nothing)
    monkeypatch.setattr(_dask_ipm._dask_screened, "screens", lambda *args: False)


class _Counted(_dask_ipm.Partitions):
    passes = 0

    def run(self, function, **broadcast):
        _Counted.passes += function is _dask_partition.polish_rows
        return super().run(function, **broadcast)


def _counted(monkeypatch):
    monkeypatch.setattr(_dask_ipm, "Partitions", _Counted)
    _Counted.passes = 0


@pytest.mark.parametrize("C, keep_bytes", [(1.0, 1e9), (10.0, 0.0)])
def test_the_polish_after_the_interior_point_method_is_the_local_fit(monkeypatch, C, keep_bytes):
    """The whole problem by the interior-point method (no screen), stopped early (at a duality
    measure of 1e-4, not 1e-9, as on many rows it may stop at its stall rule), its rounded point
    polished: many iterations in one pass (the former polish took two passes an iteration).
    keep_bytes 0: features computed at every pass, in blocks of 500 rows."""
    monkeypatch.setattr(_dask_partition, "BLOCK_ROWS", 500)
    monkeypatch.setattr(_dask_ipm, "TARGET", 1e-4)
    monkeypatch.setattr(_dask_ipm._dask_screened, "screens", lambda *args: False)
    _counted(monkeypatch)
    X, y = task(3000, seed=7)
    space, actors, c_max = partitions(X, y, 4, C=C, keep_bytes=keep_bytes)
    lines = []
    result = _dask_ipm.solve(actors, c_max, space.tolerance, lambda *line: lines.append(line))
    summary = result["summary"]
    assert summary["gap"] < space.tolerance
    assert summary["iterations"] > 20 and 2 <= _Counted.passes <= 3  # the last pass finds nothing to do
    polished = [line for line in lines if line[2] == "SMO polish, pass"]
    assert [line[0] for line in polished] == list(range(1, _Counted.passes + 1))
    assert polished[0][1] >= space.tolerance > polished[-1][1] == pytest.approx(summary["gap"])
    phi = space.features(space.scaled(X, "X"))
    ours = phi @ result["c"] + result["bias"]
    local = OrcaSVC(max_order=2, C=C).fit(X, y).decision_function(X)
    assert np.abs(ours - local).max() <= 1e-3 * (local.max() - local.min())


def test_the_polish_from_zero_over_many_passes(monkeypatch):
    """The whole solve left to the polish, 16 variables of each set a partition a pass: against
    scikit-learn's SVC on the same kernel, solved to 1e-8. SMO stops at a violation of 1e-3, which
    leaves the decision values about 1e-3 of their range from the exact ones (measured: 9.4e-4)."""
    _from_zero(monkeypatch)
    _counted(monkeypatch)
    monkeypatch.setattr(_dask_polish, "POLISH_ROWS", 64)
    X, y = task(800, seed=7)
    space, actors, c_max = partitions(X, y, 4, C=1.0, max_order=1)
    result = _dask_ipm.solve(actors, c_max, space.tolerance)
    summary = result["summary"]
    assert summary["gap"] < space.tolerance and summary["interior_point_steps"] == 0
    assert 10 < _Counted.passes < summary["iterations"] / 100
    phi = space.features(space.scaled(X, "X"))
    ours = phi @ result["c"] + result["bias"]
    exact = SVC(kernel="precomputed", C=1.0, tol=1e-8).fit(phi @ phi.T, y).decision_function(phi @ phi.T)
    assert np.abs(ours - exact).max() <= 2e-3 * (exact.max() - exact.min())


def test_a_pass_returns_each_partitions_most_violating_variables():
    X, y = task(2000, seed=8)
    space, actors, _ = partitions(X, y, 2, C=2.0)
    rng = np.random.default_rng(0)
    for actor in actors:
        state = actor.partition.state
        state["alpha"] = rng.choice([0.0, 1.0, 2.0], len(state["y"])) * state["upper"] / 2.0
    w = rng.normal(0, 1, space.size)
    for actor in actors:
        state = actor.partition.state
        out = actor.run("polish_rows", {"w": w, "updates": [], "count": 30}).result()
        phi = space.features(state["points"])
        violation = -state["y"] * (state["y"] * (phi @ w) - 1.0)  # -y G, G = y (w . phi) - 1
        alpha, upper, sign = state["alpha"], state["upper"], state["y"]
        up = np.flatnonzero(((sign > 0) & (alpha < upper)) | ((sign < 0) & (alpha > 0)))
        low = np.flatnonzero(((sign > 0) & (alpha > 0)) | ((sign < 0) & (alpha < upper)))
        expected = np.union1d(up[np.argsort(-violation[up])[:30]], low[np.argsort(violation[low])[:30]])
        np.testing.assert_array_equal(out["rows"]["t"], expected)
        assert out["gmax"] == pytest.approx(violation[up].max()) and out["gmin"] == pytest.approx(violation[low].min())
        np.testing.assert_allclose(out["rows"]["phi"], phi[expected], rtol=0, atol=1e-12)


def test_a_pairs_step_minimises_the_dual_on_its_line():
    """Brute force: the two-variable dual 1/2 a'Qa + g'a - (Q a0)'a on a fine grid of the segment
    y_i a_i + y_j a_j = const inside the boxes."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        yi, yj = rng.choice([-1.0, 1.0], 2)
        Ci, Cj = rng.uniform(0.5, 2.0, 2)
        ai, aj = rng.uniform(0, Ci), rng.uniform(0, Cj)
        Gi, Gj = rng.normal(0, 2, 2)
        v = rng.normal(0, 1, (2, 3))
        K = v @ v.T
        new_i, new_j = _dask_polish.pair_step(yi, yj, ai, aj, Ci, Cj, Gi, Gj, K[0, 0] + K[1, 1] - 2 * K[0, 1])
        assert yi * new_i + yj * new_j == pytest.approx(yi * ai + yj * aj)
        assert -1e-12 <= new_i <= Ci + 1e-12 and -1e-12 <= new_j <= Cj + 1e-12
        Q = np.outer([yi, yj], [yi, yj]) * K

        def dual(a):  # the change of the dual from (ai, aj), rows of points: G is its gradient there
            d = np.atleast_2d(a) - np.array([ai, aj])
            return d @ np.array([Gi, Gj]) + 0.5 * np.einsum("ij,ij->i", d @ Q, d)
        ts = np.linspace(-4, 4, 80001)
        line = np.stack([ai + ts, aj - yi * yj * ts], axis=1)
        inside = line[(line[:, 0] >= 0) & (line[:, 0] <= Ci) & (line[:, 1] >= 0) & (line[:, 1] <= Cj)]
        assert dual(np.array([new_i, new_j]))[0] <= dual(inside).min() + 1e-6
