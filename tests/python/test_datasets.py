"""The data the package ships: the echocardiogram loader against an independent reader of the
repository's copy, and the Bunch as scikit-learn's loaders shape it."""
import hashlib

import numpy as np
import pandas as pd

from conftest import ECHOCARDIOGRAM_DATA
from orca_svm import load_echocardiogram


def test_echocardiogram_matches_an_independent_reader(echocardiogram_csv):
    reference = pd.read_csv(echocardiogram_csv)
    X, y = load_echocardiogram(return_X_y=True, as_frame=True)
    pd.testing.assert_frame_equal(X, reference.drop(columns="still-alive"))
    pd.testing.assert_series_equal(y, reference["still-alive"])
    assert y.value_counts().to_dict() == {0: 75, 1: 33}


def test_echocardiogram_bunch_like_sklearn_loaders():
    b = load_echocardiogram()
    assert isinstance(b.data, np.ndarray) and b.data.shape == (108, 5)
    assert isinstance(b.target, np.ndarray) and b.target.dtype.kind == "i"
    assert b.frame is None
    assert b.feature_names == ["age-at-heart-attack", "fractional-shortening", "epss", "lvdd", "wall-motion-index"]
    assert b.target_column == "still-alive"
    assert "CC BY 4.0" in b.DESCR and "Salzberg" in b.DESCR
    framed = load_echocardiogram(as_frame=True)
    assert list(framed.frame.columns) == [*b.feature_names, "still-alive"]
    np.testing.assert_array_equal(framed.data.to_numpy(), b.data)
    # The packaged file is the repository's, byte for byte.
    with open(b.filename, "rb") as packaged:
        assert hashlib.sha256(packaged.read()).digest() == hashlib.sha256(ECHOCARDIOGRAM_DATA.read_bytes()).digest()

