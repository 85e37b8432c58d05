"""Built-in data sets: the paper's double spiral and the UCI echocardiogram data."""
from __future__ import annotations

from importlib import resources

import numpy as np
import pandas as pd
from sklearn.utils import Bunch

from . import _core


def make_double_spiral(points_per_arm: int = 150, turns: float = 1.75, noise: float = 0.2,
                       random_state: int = 20260415, *, as_frame: bool = False):
    """The double spiral of the paper's first experiment (the same points as ``orca demo``).

    Arm A has points ``(t cos t, t sin t)`` at angles evenly spaced over
    ``[pi/2, pi/2 + turns * 2 pi]``; arm B is ``-A``; Gaussian noise of standard deviation
    ``noise`` is added to every coordinate. The engine's own generator draws the noise, so the
    data are identical on every platform and to the CLI's for the same seed.

    Returns
    -------
    X : ndarray of shape (2 * points_per_arm, 2), or with ``as_frame=True`` a DataFrame with
        the columns x1 and x2 (the names the CLI's demo and the docs use)
    y : ndarray of str, "A" or "B", or with ``as_frame=True`` a Series named "arm"
    """
    X, y = _core.double_spiral(int(points_per_arm), float(turns), float(noise), int(random_state))
    if as_frame:
        return pd.DataFrame(X, columns=["x1", "x2"]), pd.Series(np.asarray(y), name="arm")
    return X, np.asarray(y)


def _data_text(name: str) -> str:
    return (resources.files(__package__) / "data" / name).read_text(encoding="utf-8")


def load_echocardiogram(*, return_X_y: bool = False, as_frame: bool = False):
    """The UCI echocardiogram data as the paper's second experiment uses it (CC BY 4.0; UCI
    Machine Learning Repository, donated by Steven Salzberg, collected by Dr. Evlin Kinney).

    Features age-at-heart-attack, fractional-shortening, epss, lvdd and wall-motion-index;
    target still-alive (0 or 1). Rows with any of these six fields missing, and the distributed
    file's broken line 50, are dropped: 108 rows remain (75 with 0, 33 with 1), the same rows
    ``orca experiment echocardiogram`` uses. The data ship with the package; nothing is downloaded.

    Parameters
    ----------
    return_X_y : bool, default=False
        Return ``(data, target)`` instead of a Bunch.
    as_frame : bool, default=False
        ``data`` as a pandas DataFrame and ``target`` as a Series (and ``frame`` holding both)
        instead of numpy arrays.

    Returns
    -------
    Bunch with ``data``, ``target`` (int 0/1), ``frame`` (DataFrame or None), ``feature_names``,
    ``target_names`` (the target's values), ``target_column``, ``DESCR`` (the UCI description and
    the attribution) and ``filename``; or ``(data, target)`` with ``return_X_y=True``.
    """
    X, labels, names, target_name = _core.echocardiogram("")
    y = np.asarray([int(v) for v in labels])
    frame = None
    if as_frame:
        import pandas as pd
        X = pd.DataFrame(X, columns=list(names))
        y = pd.Series(y, name=target_name)
        frame = pd.concat([X, y], axis=1)
    if return_X_y:
        return X, y
    descr = _data_text("SOURCE.md") + "\n" + _data_text("echocardiogram.names")
    return Bunch(data=X, target=y, frame=frame, feature_names=list(names), target_names=np.array([0, 1]),
                 target_column=target_name, DESCR=descr,
                 filename=str(resources.files(__package__) / "data" / "echocardiogram.data"))
