"""Built-in data sets of the paper's experiments."""
from __future__ import annotations

import numpy as np

from . import _core


def make_double_spiral(points_per_arm: int = 150, turns: float = 1.75, noise: float = 0.2,
                       random_state: int = 20260415) -> tuple[np.ndarray, np.ndarray]:
    """The double spiral of the paper's first experiment (the same points as ``orca demo``).

    Arm A has points ``(t cos t, t sin t)`` at angles evenly spaced over
    ``[pi/2, pi/2 + turns * 2 pi]``; arm B is ``-A``; Gaussian noise of standard deviation
    ``noise`` is added to every coordinate. The engine's own generator draws the noise, so the
    data are identical on every platform and to the CLI's for the same seed.

    Returns
    -------
    X : ndarray of shape (2 * points_per_arm, 2)
    y : ndarray of str, "A" or "B"
    """
    X, y = _core.double_spiral(int(points_per_arm), float(turns), float(noise), int(random_state))
    return X, np.asarray(y)


def load_echocardiogram(path: str) -> tuple["pd.DataFrame", "pd.Series"]:  # noqa: F821
    """The UCI echocardiogram data as the paper's experiment uses it: features
    age-at-heart-attack, fractional-shortening, epss, lvdd, wall-motion-index; target
    still-alive (0/1); rows with any of these missing, and the file's broken line 50, dropped
    (108 rows remain: 75 / 33). ``path`` is ``.../echocardiogram.data``."""
    import pandas as pd
    cols = {"age-at-heart-attack": 2, "fractional-shortening": 4, "epss": 5, "lvdd": 6, "wall-motion-index": 8}
    rows = []
    with open(path, encoding="ascii") as f:
        for line in f:
            fields = line.strip().split(",")
            if len(fields) != 13:
                continue
            picked = [fields[c] for c in cols.values()] + [fields[1]]
            if any(v.strip() in ("", "?") for v in picked):
                continue
            rows.append([float(v) for v in picked])
    df = pd.DataFrame(rows, columns=[*cols, "still-alive"])
    return df.drop(columns="still-alive"), df["still-alive"].astype(int).rename("still-alive")
