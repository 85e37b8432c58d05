"""Real tables on Dask: a dask DataFrame's categorical columns (category, object, string, bool)
and gaps go through DaskOrcaSVC and DaskOrcaSVR as a pandas frame goes through OrcaSVC and
OrcaSVR. The levels (those rows of weight > 0 hold, in the local order), their frequencies, the
gap level of missing="level" (a categorical column's level, a numeric column's gap function), the decision values (to the solver's tolerance), the predictions on
the cluster and the OKC shares must be the local fit's on the same rows."""
import json

import numpy as np
import pytest

from orca_svm import OrcaSVC, OrcaSVR

distributed = pytest.importorskip("distributed")
dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")
from orca_svm.dask import DaskOrcaSVC, DaskOrcaSVR  # noqa: E402


def _table(m=900, seed=3):
    """Four kinds of columns with gaps; a level ('rare') that only rows of weight 0 hold."""
    rng = np.random.default_rng(seed)
    color = rng.choice(["red", "green", "blue"], m, p=[0.5, 0.3, 0.2]).astype(object)
    color[::13] = None
    grade = pd.Categorical(rng.choice(["1", "2", "3", "10"], m), categories=["1", "2", "3", "10"])
    smoker = rng.random(m) < 0.3
    size = rng.uniform(0, 10, m)
    size[::19] = np.nan
    weight = rng.uniform(0.5, 2.0, m)
    weight[::23] = 0.0
    color[::23] = "rare"
    frame = pd.DataFrame({"color": color, "grade": grade, "smoker": smoker, "size": size})
    frame["color"] = frame["color"].astype("string")
    effect = (pd.Series(color).map({"red": 1.0, "green": -0.5, "blue": 0.3}).fillna(0.8).to_numpy()
              + 0.4 * grade.codes - 0.8 * smoker + 0.3 * np.nan_to_num(size - 5.0, nan=1.0)
              + rng.normal(0, 0.5, m))
    return frame, effect, weight


def _frequencies(model):
    return json.loads(model.to_json())["kernel"]["level_weights"]


@pytest.mark.parametrize("missing", ["marginalize", "level"])
def test_a_frame_with_categories_and_gaps_is_the_local_fit(client, missing):
    frame, effect, weight = _table()
    y = np.where(effect > np.median(effect), "high", "low")
    Xd = dd.from_pandas(frame, npartitions=3)
    yd, wd = dd.from_pandas(pd.Series(y, name="outcome"), npartitions=3), dd.from_pandas(pd.Series(weight),
                                                                                        npartitions=3)
    params = dict(max_order=2, degree=2, C=3.0, missing=missing, tol=1e-4)
    clf = DaskOrcaSVC(client=client, **params).fit(Xd, yd, sample_weight=wd.to_dask_array(lengths=True))
    local = OrcaSVC(**params).fit(frame, y, sample_weight=weight)
    assert clf.model_.summary["converged"]
    assert clf.model_.levels == local.model_.levels
    assert "rare" not in clf.model_.levels[0]  # only rows of weight 0 hold it
    assert ("(missing)" in clf.model_.levels[0]) == (missing == "level")
    assert clf.model_.levels[1] == ["1", "2", "3", "10"] and clf.model_.levels[2] == ["False", "True"]
    for ours, theirs in zip(_frequencies(clf.model_), _frequencies(local.model_)):
        if theirs is None:
            assert ours is None
        else:
            np.testing.assert_allclose(ours, theirs, rtol=1e-14)
    # Under missing="level" the numeric 'size' has a gap function, its share the local one.
    gap_weights = json.loads(clf.model_.to_json())["kernel"].get("gap_weights")
    assert gap_weights == json.loads(local.model_.to_json())["kernel"].get("gap_weights")
    assert (gap_weights is not None and gap_weights[3] > 0) == (missing == "level")
    ours, theirs = clf.decision_function(frame), local.decision_function(frame)
    assert np.abs(ours - theirs).max() <= 1e-3 * (theirs.max() - theirs.min())
    # On the cluster, partitions as they are: the same values as the local estimator's.
    np.testing.assert_allclose(clf.decision_function(Xd).compute(), ours, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(clf.predict(Xd).compute(), clf.to_local().predict(frame))
    report, reference = clf.analyze(), local.analyze()
    assert report.order.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(report.marginal, reference.marginal, atol=2e-3)
    explained = clf.explain(frame.head(20))
    assert list(explained.columns) == list(frame.columns)  # one value a feature, not a dummy
    np.testing.assert_allclose(explained.sum(axis=1) + explained.attrs["base"], ours[:20], atol=1e-9)


def test_a_regression_on_categories_is_the_local_fit(client):
    frame, effect, weight = _table(m=700, seed=9)
    Xd = dd.from_pandas(frame, npartitions=2)
    yd = dd.from_pandas(pd.Series(effect, name="effect"), npartitions=2)
    params = dict(degree=3, C=2.0, missing="level", tol=1e-4)
    reg = DaskOrcaSVR(client=client, **params).fit(Xd, yd)
    local = OrcaSVR(**params).fit(frame, effect)
    assert reg.model_.levels == local.model_.levels
    gap_weights = json.loads(reg.model_.to_json())["kernel"]["gap_weights"]  # 'size' has gaps
    assert gap_weights == json.loads(local.model_.to_json())["kernel"]["gap_weights"] and gap_weights[3] > 0
    ours, theirs = reg.predict(frame), local.predict(frame)
    assert np.abs(ours - theirs).max() <= 1e-3 * (theirs.max() - theirs.min())
    np.testing.assert_allclose(reg.predict(Xd).compute(), ours, rtol=1e-12, atol=1e-12)


def test_a_level_named_as_the_gap_level_is_refused(client):
    frame, effect, _ = _table(m=200)
    frame["color"] = frame["color"].fillna(pd.NA).where(frame.index % 7 != 1, "(missing)")
    Xd = dd.from_pandas(frame, npartitions=2)
    yd = dd.from_pandas(pd.Series(effect > 0), npartitions=2)
    with pytest.raises(ValueError, match=r"feature 'color' has a level named '\(missing\)'"):
        DaskOrcaSVC(client=client, missing="level").fit(Xd, yd)


def test_from_the_shell_text_and_named_columns_are_categories_as_orca_fit_reads_them(tmp_path):
    """python -m orca_svm.dask_fit on CSV files: a column of text (with empty cells) and a column of
    numeric codes named by --categorical are categorical features, their levels named as the
    orca CLI names them; the model is orca fit's on the same rows."""
    import subprocess
    import sys

    from conftest import orca_binary
    frame, effect, _ = _table(m=600, seed=5)
    kept = ~frame["color"].eq("rare").fillna(False).to_numpy(dtype=bool)
    frame, effect = frame[kept].reset_index(drop=True), effect[kept]
    rows = pd.DataFrame({"color": frame["color"], "grade": frame["grade"].astype(int), "size": frame["size"],
                         "label": np.where(effect > np.median(effect), "high", "low")})
    for k in range(2):
        rows.iloc[k * 300:(k + 1) * 300].to_csv(tmp_path / f"rows-{k}.csv", index=False)
    rows.to_csv(tmp_path / "all.csv", index=False)
    command = [sys.executable, "-m", "orca_svm.dask_fit", "--data", str(tmp_path / "rows-*.csv"), "--target",
               "label", "--workers", "1", "--categorical", "grade", "--set", "missing='level'", "--quiet"]
    proc = subprocess.run(command + ["--model", str(tmp_path / "dask.json")], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([str(orca_binary()), "fit", "--data", str(tmp_path / "all.csv"), "--target", "label",
                    "--categorical", "grade", "--missing", "level", "--model", str(tmp_path / "cli.json"), "-q"],
                   check=True)
    ours, theirs = OrcaSVC.load(tmp_path / "dask.json"), OrcaSVC.load(tmp_path / "cli.json")
    assert ours.model_.levels == theirs.model_.levels
    assert ours.model_.levels[0][-1] == "(missing)" and ours.model_.levels[1] == ["1", "2", "3", "10"]
    X = rows.drop(columns="label").astype({"grade": str})
    mine, reference = ours.decision_function(X), theirs.decision_function(X)
    assert np.abs(mine - reference).max() <= 1e-3 * (reference.max() - reference.min())
    bad = subprocess.run(command + ["--categorical", "label", "--model", str(tmp_path / "bad.json")],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "--categorical names the target 'label'" in bad.stderr
    assert not (tmp_path / "bad.json").exists()


@pytest.mark.parametrize("missing", ["marginalize", "level"])
def test_a_column_whose_levels_only_rows_of_weight_0_hold_is_constant_as_locally(client, missing):
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, 400)
    y = (x > 0.1).astype(int)
    weight = np.ones(400)
    weight[::10] = 0.0
    lone = np.array([None] * 400, dtype=object)
    lone[::10] = "unweighted"
    frame = pd.DataFrame({"lone": lone, "x": x})
    clf = DaskOrcaSVC(client=client, missing=missing).fit(
        dd.from_pandas(frame, npartitions=2), dd.from_pandas(pd.Series(y), npartitions=2),
        sample_weight=dd.from_pandas(pd.Series(weight), npartitions=2))
    local = OrcaSVC(missing=missing).fit(frame, y, sample_weight=weight)
    assert clf.model_.levels == local.model_.levels
    assert clf.model_.levels[0] == (["(missing)"] if missing == "level" else ["unweighted"])
    ours, theirs = clf.decision_function(frame), local.decision_function(frame)
    assert np.abs(ours - theirs).max() <= 1e-3 * (theirs.max() - theirs.min())


@pytest.mark.parametrize("with_flag", [False, True])
def test_nullable_columns_with_pandas_na_are_gaps_as_locally(client, with_flag):
    """pandas' nullable Int64, Float64 and boolean columns (as Parquet files give them): NA is a gap."""
    rng = np.random.default_rng(2)
    n = 500
    age = pd.array(rng.integers(20, 80, n), dtype="Int64")
    age[::7] = pd.NA
    bmi = pd.array(rng.uniform(18, 35, n), dtype="Float64")
    bmi[::5] = pd.NA
    frame = pd.DataFrame({"age": age, "bmi": bmi})
    if with_flag:
        flag = pd.array(rng.random(n) < 0.4, dtype="boolean")
        flag[::9] = pd.NA
        frame["flag"] = flag
    y = (np.nan_to_num(bmi.to_numpy(dtype=float, na_value=np.nan), nan=25.0) + rng.normal(0, 3, n) > 26).astype(int)
    clf = DaskOrcaSVC(client=client, tol=1e-4).fit(dd.from_pandas(frame, npartitions=2),
                                                   dd.from_pandas(pd.Series(y), npartitions=2))
    local = OrcaSVC(tol=1e-4).fit(frame, y)
    assert clf.model_.levels == local.model_.levels
    assert clf.model_.summary["rows"] == n
    ours, theirs = clf.decision_function(frame), local.decision_function(frame)
    assert np.abs(ours - theirs).max() <= 1e-3 * (theirs.max() - theirs.min())
