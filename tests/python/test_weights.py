"""Class and sample weights: the same solution as scikit-learn's SVC on the same (precomputed)
Gram matrix with the same weights; zero weights equal removal; CLI and Python agree."""
import numpy as np
import pandas as pd
import pytest
from sklearn.svm import SVC

from conftest import read_csv_exact
from orca_reference import gram
from orca_svm import OrcaSVC, load_echocardiogram


@pytest.fixture(scope="module")
def echo():
    return load_echocardiogram(return_X_y=True, as_frame=True)


@pytest.mark.parametrize("class_weight, use_sample_weight", [
    ("balanced", False), ({0: 1.0, 1: 3.5}, False), (None, True), ("balanced", True)])
def test_weights_match_sklearn_on_the_same_gram(echo, class_weight, use_sample_weight):
    import json
    X, y = echo
    sw = np.random.default_rng(1).uniform(0.2, 3.0, len(y)) if use_sample_weight else None
    ours = OrcaSVC(degree=3, C=2.0, tol=1e-6, class_weight=class_weight).fit(X, y, sample_weight=sw)
    doc = json.loads(ours.model_.to_json())
    lo, hi = np.array(doc["scaler"]["min"]), np.array(doc["scaler"]["max"])
    Xs = 2 * (X.to_numpy() - lo) / (hi - lo) - 1
    K = gram(doc, Xs, Xs)
    ref = SVC(kernel="precomputed", C=2.0, tol=1e-6, class_weight=class_weight).fit(K, y, sample_weight=sw)
    g_ref = ref.decision_function(K)
    g_ours = ours.decision_function(X)
    # Two SMO runs stopped at tol 1e-6 agree to ~1e-4 relative on decision values of up to ~10.
    np.testing.assert_allclose(g_ours, g_ref, rtol=2e-4, atol=2e-4)
    clear = np.abs(g_ref) > 1e-3
    np.testing.assert_array_equal(np.sign(g_ours[clear]), np.sign(g_ref[clear]))


def test_zero_weight_rows_are_the_same_as_removing_them(echo):
    X, y = echo
    sw = np.ones(len(y))
    sw[::4] = 0.0
    a = OrcaSVC(degree=3).fit(X, y, sample_weight=sw)
    b = OrcaSVC(degree=3).fit(X[sw > 0], y[sw > 0])
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


def test_cli_weights_equal_python(orca, tmp_path, echo):
    X, y = echo
    sw = np.round(np.random.default_rng(2).uniform(0.5, 2.0, len(y)), 3)
    X.assign(w=sw, alive=y).to_csv(tmp_path / "d.csv", index=False, float_format="%.17g")
    orca("fit", "--data", tmp_path / "d.csv", "--target", "alive", "--sample-weight", "w", "--class-weight", "0=1,1=2.5",
         "--degree", "3", "--model", tmp_path / "m.json", "-q")
    cli = OrcaSVC.load(tmp_path / "m.json")
    df = read_csv_exact(tmp_path / "d.csv")
    py = OrcaSVC(degree=3, class_weight={0: 1.0, 1: 2.5}).fit(df.drop(columns=["w", "alive"]), df["alive"],
                                                              sample_weight=df["w"])
    Xr = df.drop(columns=["w", "alive"])
    np.testing.assert_array_equal(cli.decision_function(Xr), py.decision_function(Xr))
    info = orca("info", "--model", tmp_path / "m.json").stdout
    assert "x class weights ('0': 1, '1': 2.5) x sample weights" in info
    for args, message in [(["--class-weight", "7=2"], "class_weight names '7', which is not a class"),
                          (["--class-weight", "heavy"], "class_weight takes 'balanced' or LABEL=WEIGHT pairs"),
                          (["--sample-weight", "nope"], "no sample-weight column 'nope'")]:
        proc = orca("fit", "--data", tmp_path / "d.csv", "--target", "alive", *args, "--model", tmp_path / "x.json",
                    check=False)
        assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    (tmp_path / "neg.csv").write_text("a,w,y\n1,1,p\n2,-1,n\n3,1,p\n")
    proc = orca("fit", "--data", tmp_path / "neg.csv", "--target", "y", "--sample-weight", "w", "--model",
                tmp_path / "x.json", check=False)
    assert proc.returncode == 2 and "neg.csv:3:2: negative sample weight '-1'" in proc.stderr, proc.stderr


def test_bad_python_weights(echo):
    X, y = echo
    with pytest.raises(ValueError, match="not classes"):
        OrcaSVC(class_weight={5: 2.0}).fit(X, y)
    with pytest.raises(ValueError, match="class_weight must be"):
        OrcaSVC(class_weight="heavy").fit(X, y)
    with pytest.raises(ValueError):
        OrcaSVC().fit(X, y, sample_weight=np.ones(3))
