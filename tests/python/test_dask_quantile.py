"""scaling="quantile" on Dask: the knots counted on the partitions (orca_svm._dask_quantiles) are
the knots a local fit draws from the same rows, bit for bit (skewed, tied, zero-inflated and
few-valued columns; gaps; rows of weight 0; a categorical column beside them), and the model then
is the local one to the solver's tolerance. The search is checked against the rule computed by
brute force on columns built to reach its corners."""
import json

import numpy as np
import pytest

from orca_svm import OrcaSVC, OrcaSVR, _core

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")
from orca_svm import _dask_quantiles  # noqa: E402
from orca_svm.dask import DaskOrcaSVC, DaskOrcaSVR  # noqa: E402

K = _core.MAX_QUANTILE_KNOTS


def _rule(values: np.ndarray):
    """The knots of docs/scaling.md by brute force: every distinct value of at most K, else the ends
    and, per k, the first distinct value whose mid-rank reaches k / K (in exact integers)."""
    v = np.sort(values[~np.isnan(values)])
    distinct = np.unique(v)
    below = np.searchsorted(v, distinct, "left")
    ties = np.searchsorted(v, distinct, "right") - below
    if len(distinct) <= K:
        kept = np.arange(len(distinct))
    else:
        m = len(v)
        kept = {0, len(distinct) - 1}
        for k in range(1, K):
            reached = np.flatnonzero(K * (2 * below + ties) >= 2 * k * m)
            if len(reached):
                kept.add(int(reached[0]))
        kept = np.array(sorted(kept))
    return distinct[kept].tolist(), below[kept].astype(float).tolist(), ties[kept].astype(float).tolist()


def _columns(m=4000, seed=5):
    """Skewed (all distinct), tied and zero-inflated (about 1,300 distinct, a third of the rows at
    0), few values (40), and negative to positive with gaps; labels from all four."""
    rng = np.random.default_rng(seed)
    skewed = rng.lognormal(0.0, 1.5, m)
    inflated = np.where(rng.random(m) < 0.35, 0.0, np.round(rng.exponential(2.0, m), 2))
    few = rng.integers(0, 40, m).astype(float)
    signed = rng.normal(0.0, 3.0, m)
    signed[::17] = np.nan
    X = np.column_stack([skewed, inflated, few, signed])
    score = np.log(skewed) + 0.5 * (inflated > 0) - 0.03 * few + 0.2 * np.nan_to_num(signed) + rng.normal(0, .5, m)
    return X, score


def _knots(model):
    scaler = json.loads(model.to_json())["scaler"]
    return scaler["knot_x"], scaler["knot_z"]


def test_the_search_finds_the_rules_knots_in_its_corners(client):
    """Ends with ties that reach many thresholds (the smallest) or leave the last ones unreached
    (the largest), values of either sign and both zeros, magnitudes from 1e-300 to 1e300, an
    empty partition and one of a single value."""
    rng = np.random.default_rng(1)
    m = 6000
    heavy_ends = np.concatenate([np.full(900, -2.0), rng.normal(0, 1, m - 1800), np.full(900, 7.5)])
    wide = rng.choice([-1e300, -1e-300, -0.0, 0.0, 1e-300, 1e300], m) * rng.uniform(0.5, 1.0, m)
    tiny_range = 1.0 + rng.integers(0, 3000, m) * np.finfo(float).eps
    X = np.column_stack([heavy_ends, wide, tiny_range])
    X = X[rng.permutation(m)]
    blocks = [X[:0], X[:1], X[1:2500], X[2500:]]
    futures = client.scatter(blocks)
    w = [None] * len(blocks)
    lo, hi = np.nanmin(X, axis=0), np.nanmax(X, axis=0)
    knot_x, knot_below, knot_ties = _dask_quantiles.quantile_knots(client, futures, w, [0, 1, 2], 3, lo, hi)
    for j in range(3):
        x, below, ties = _rule(X[:, j])
        assert len(np.unique(X[:, j])) > K
        assert knot_x[j] == x, j
        assert knot_below[j] == below and knot_ties[j] == ties, j
    assert len(knot_x[0]) < K - 100  # the tied ends cover many thresholds


def test_a_skewed_tied_and_gappy_table_gives_the_local_knots_and_model(client):
    X, score = _columns()
    y = np.where(score > np.median(score), "high", "low")
    weight = np.random.default_rng(2).uniform(0.5, 2.0, len(y))
    weight[::11] = 0.0
    params = dict(scaling="quantile", max_order=2, degree=2, C=2.0, tol=1e-4)
    clf = DaskOrcaSVC(client=client, **params).fit(da.from_array(X, chunks=(700, 4)), da.from_array(y, chunks=700),
                                                   sample_weight=da.from_array(weight, chunks=700))
    local = OrcaSVC(**params).fit(X, y, sample_weight=weight)
    ours, theirs = _knots(clf.model_), _knots(local.model_)
    assert ours == theirs  # the same knots and coordinates, bit for bit
    assert len(ours[0][0]) > K * 9 // 10 and len(ours[0][2]) == 40
    assert clf.model_.summary["converged"]
    ranged = np.ptp(local.decision_function(X))
    np.testing.assert_allclose(clf.decision_function(X), local.decision_function(X), atol=1e-5 * ranged)
    assert (clf.predict(X) == local.predict(X)).mean() > 0.999


def test_a_regression_on_a_frame_with_a_categorical_column(client):
    X, score = _columns(m=2500, seed=8)
    frame = pd.DataFrame(X, columns=["skewed", "inflated", "few", "signed"])
    frame["kind"] = pd.Categorical(np.random.default_rng(3).choice(["a", "b", "c"], len(frame)))
    params = dict(scaling="quantile", C=1.0, tol=1e-4)
    reg = DaskOrcaSVR(client=client, **params).fit(dd.from_pandas(frame, npartitions=4),
                                                   dd.from_pandas(pd.Series(score), npartitions=4))
    local = OrcaSVR(**params).fit(frame, score)
    ours, theirs = _knots(reg.model_), _knots(local.model_)
    assert ours == theirs and ours[0][4] == []  # the categorical column has none
    np.testing.assert_allclose(reg.predict(frame), local.predict(frame), atol=1e-5 * np.ptp(score))


def test_a_constant_column_has_no_knots(client):
    X, score = _columns(m=600)
    X[:, 2] = 4.0
    y = np.where(score > 0, 1, 0)
    with pytest.warns(UserWarning, match="feature 'x2' is constant"):
        clf = DaskOrcaSVC(client=client, scaling="quantile").fit(da.from_array(X, chunks=(200, 4)),
                                                                 da.from_array(y, chunks=200))
    with pytest.warns(UserWarning, match="feature 'x2' is constant"):
        local = OrcaSVC(scaling="quantile").fit(X, y)
    assert _knots(clf.model_) == _knots(local.model_) and _knots(clf.model_)[0][2] == []


def test_from_the_shell_the_knots_are_orca_fits(tmp_path):
    """python -m orca_svm.dask_fit --set scaling=quantile on CSV files: the same doubles as the CLI
    reads (correctly rounded, also under pandas before 3), so the same knots as orca fit's."""
    import subprocess
    import sys

    from conftest import orca_binary
    X, score = _columns(m=2400, seed=9)
    rows = pd.DataFrame(X, columns=["skewed", "inflated", "few", "signed"])
    rows["label"] = np.where(score > np.median(score), "high", "low")
    for k in range(3):
        rows.iloc[k * 800:(k + 1) * 800].to_csv(tmp_path / f"rows-{k}.csv", index=False)
    rows.to_csv(tmp_path / "all.csv", index=False)
    proc = subprocess.run([sys.executable, "-m", "orca_svm.dask_fit", "--data", str(tmp_path / "rows-*.csv"),
                           "--target", "label", "--workers", "1", "--set", "scaling='quantile'", "--quiet",
                           "--model", str(tmp_path / "dask.json")], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([str(orca_binary()), "fit", "--data", str(tmp_path / "all.csv"), "--target", "label",
                    "--scaling", "quantile", "--model", str(tmp_path / "cli.json"), "-q"], check=True)
    ours, theirs = (json.loads((tmp_path / name).read_text())["scaler"] for name in ("dask.json", "cli.json"))
    assert ours["knot_x"] == theirs["knot_x"] and ours["knot_z"] == theirs["knot_z"]
    assert len(ours["knot_x"][0]) > K * 9 // 10
