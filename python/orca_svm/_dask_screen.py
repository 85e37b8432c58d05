"""One partition's share of screening a machine's dual on Dask (orca_svm._dask_screened drives it),
as the engine screens it (src/training/screened_interior_point.hpp): every variable's reduced
gradient estimated (from the smoothed hinge's decision values, orca_svm._dask_hinge, or from a
coarse fit's w), the variables far from zero held on their bound, the interior-point method on
the points left near their margin, the held variables checked against its result.

Each pass takes the partition's machine state (orca_svm._dask_partition: a two-class machine's,
one variable a point, or an epsilon-SVR's, alpha_t and alpha_t* on point t) and what the client
broadcast, and returns the state and its reductions. A smaller problem (the working set's, or a
coarse fit's on every few points) replaces the state for a while: a state of the same form over
some of the points, the state it came from waiting in it under "outer" until it is merged back or
dropped.
"""
from __future__ import annotations

import math

import numpy as np

from ._dask_partition import _blocks, _start, _transposed_times

FREE, AT_ZERO, AT_UPPER = 0, 1, 2


def decisions(state: dict, w: np.ndarray) -> np.ndarray:
    """phi(x_t) . w of every point (the kept features are sqrt(C_max) phi)."""
    parts = [P @ w for _, P in _blocks(state)]
    return (np.concatenate(parts) if parts else np.zeros(0)) / state["root"]


def _per_variable(state: dict, values: np.ndarray) -> np.ndarray:
    """A value per point given to each of its variables."""
    return np.concatenate([values, values]) if state["twin"] else values


def _per_point(state: dict, flags: np.ndarray, reduce) -> np.ndarray:
    """The variables' values reduced over each point's variables (reduce: np.any, np.min)."""
    return reduce(flags.reshape(2, -1), axis=0) if state["twin"] else flags


def _variables(state: dict, points: np.ndarray) -> np.ndarray:
    """The variables of some points."""
    return np.concatenate([points, points + len(state["points"])]) if state["twin"] else points


def _smaller(outer: dict, points: np.ndarray, c_max: float, upper_scale: float = 1.0,
             shift: np.ndarray | None = None) -> dict:
    """The machine over some of the outer state's points (all their variables), bounds times
    upper_scale and `shift` (one per variable) added to the linear term; the method's start, its
    features taken from the outer state's when kept there."""
    v = _variables(outer, points)
    base = {"space": outer["space"], "index": outer["index"], "seen": outer["seen"], "points": outer["points"]}
    kept = None
    if outer["P"] is not None:
        kept = outer["P"][points] * math.sqrt(c_max / outer["root"] ** 2)
    lin = outer["lin"][v] + (0.0 if shift is None else shift)
    state = _start(base, outer["rows"][v], np.zeros(0, dtype=np.int64), outer["points"][points], outer["y"][v], lin,
                   outer["upper"][v] * upper_scale, c_max, outer["keep_bytes"], twin=outer["twin"], kept=kept)
    state["outer"], state["taken"] = outer, v
    return state


def target_spread(state: dict) -> tuple[dict, tuple[int, float, float]]:
    """An epsilon-SVR's linear terms l_t = epsilon - z_t (one a point): their count, sum and sum of
    squares, for the standard deviation that is the coarse screen's unit."""
    lin = state["lin"][:len(state["points"])]
    return state, (len(lin), float(lin.sum()), float(lin @ lin))


def coarse_start(state: dict, stride: int, scale: float, c_max: float) -> tuple[dict, int]:
    """The machine (of largest bound c_max) on every stride-th point, its bounds and c_max times
    scale, the rows' count over the kept ones: a coarse fit whose primal weighs its loss as the
    whole problem's does. Returns its points."""
    points = np.arange(0, len(state["points"]), stride)
    return _smaller(state, points, c_max * scale, upper_scale=scale), len(points)


def coarse_end(state: dict) -> tuple[dict, None]:
    """Drops the coarse fit: the outer machine is the state again."""
    return state["outer"], None


def screen(state: dict, bias: float, margin: float, least: int, w: np.ndarray | None = None) -> tuple[dict, dict]:
    """Each variable's estimated reduced gradient g = y (f + b) + l, f = phi . w (w None: the
    smoothed hinge's decision values); those beyond +-margin held on their bound (0 above, C below),
    the points with any other variable the working set. Returns its points and the `least`
    smallest distances |g| of the other points (for a working set that must grow to the engine's
    least size)."""
    f = state.pop("estimate") if w is None else decisions(state, w)
    g = state["y"] * (_per_variable(state, f) + bias) + state["lin"]
    on_bound = np.where(g > margin, AT_ZERO, np.where(g < -margin, AT_UPPER, FREE)).astype(np.int8)
    working = _per_point(state, on_bound == FREE, np.any)
    distance = _per_point(state, np.abs(g), np.min)
    state.update(on_bound=on_bound, working=working, screen_g=distance)
    others = distance[~working]
    nearest = np.partition(others, least - 1)[:least] if len(others) > least else others
    return state, {"working": int(working.sum()), "nearest": nearest}


def screen_fill(state: dict, threshold: float) -> tuple[dict, int]:
    """The points within `threshold` of their margin join the working set; returns its points."""
    state["working"] |= state.pop("screen_g") <= threshold
    return state, int(state["working"].sum())


def held_sums(state: dict) -> tuple[dict, dict]:
    """alpha held on the bounds outside the working set (0 in it): returns sum alpha y phi,
    sum alpha y and sum l alpha, what the working set's problem takes of the held variables."""
    state.pop("screen_g", None)
    upper = state["on_bound"] == AT_UPPER
    alpha = np.where(_per_variable(state, state["working"]), 0.0, np.where(upper, state["upper"], 0.0))
    state["alpha"] = alpha
    w = _transposed_times(state, alpha[:, None])[:, 0] / state["root"]  # U = y sqrt(C_max) phi
    return state, {"w": w, "y_alpha": float(state["y"] @ alpha), "lin_alpha": float(state["lin"] @ alpha),
                   "working": int(state["working"].sum())}


def working_start(state: dict, w_held: np.ndarray, c_max: float) -> tuple[dict, int]:
    """The interior-point method's state over the working points, the held variables' part of
    their gradient y phi . w_held added to their linear term; returns its points."""
    points = np.flatnonzero(state["working"])
    v = _variables(state, points)
    shift = _per_variable(state, decisions(state, w_held))[v] * state["y"][v]
    return _smaller(state, points, c_max, shift=shift), len(points)


def working_merge(state: dict) -> tuple[dict, None]:
    """The working variables' alpha (final_alpha's) into the outer machine's, which becomes the
    state."""
    outer = state["outer"]
    outer["alpha"][state["taken"]] = state["alpha"]
    return outer, None


def held_violations(state: dict, w: np.ndarray, bias: float, tolerance: float) -> tuple[dict, dict]:
    """The held variables against the working set's solution (w = sum alpha y phi over every
    variable, its bias): the points of those that violate their optimality by more than half the
    tolerance join the working set. Returns how many variables, and the working set's points."""
    g = state["y"] * (_per_variable(state, decisions(state, w)) + bias) + state["lin"]
    on_bound = state["on_bound"]
    wrong = ~_per_variable(state, state["working"]) & (((on_bound == AT_ZERO) & (g < -0.5 * tolerance)) |
                                                       ((on_bound == AT_UPPER) & (g > 0.5 * tolerance)))
    state["working"] |= _per_point(state, wrong, np.any)
    return state, {"violations": int(wrong.sum()), "working": int(state["working"].sum())}


def screen_end(state: dict) -> tuple[dict, None]:
    """The screen's marks dropped: the machine is whole again."""
    for key in ("on_bound", "working", "screen_g", "estimate", "hinge"):
        state.pop(key, None)
    return state, None


PASSES = (target_spread, coarse_start, coarse_end, screen, screen_fill, held_sums, working_start, working_merge,
          held_violations, screen_end)
