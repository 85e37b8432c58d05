"""Built-in data sets of the paper's experiments."""
from __future__ import annotations

import numpy as np


def make_double_spiral(points_per_arm: int = 150, turns: float = 1.75, noise: float = 0.2,
                       random_state: int | None = 20260415) -> tuple[np.ndarray, np.ndarray]:
    """The double spiral of the paper's first experiment.

    Arm A has points ``(t cos t, t sin t)`` at angles evenly spaced over
    ``[pi/2, pi/2 + turns * 2 pi]``; arm B is ``-A``; Gaussian noise of standard deviation
    ``noise`` is added to every coordinate (numpy's generator, so the draws differ from the CLI
    demo's, which uses its own generator).

    Returns
    -------
    X : ndarray of shape (2 * points_per_arm, 2)
    y : ndarray of str, "A" or "B"
    """
    rng = np.random.default_rng(random_state)
    t = np.linspace(np.pi / 2, np.pi / 2 + turns * 2 * np.pi, points_per_arm)
    arm = np.stack([t * np.cos(t), t * np.sin(t)], axis=1)
    X = np.concatenate([arm, -arm]) + rng.normal(0.0, noise, (2 * points_per_arm, 2))
    y = np.array(["A"] * points_per_arm + ["B"] * points_per_arm)
    return X, y
