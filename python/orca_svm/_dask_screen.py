"""One partition's share of screening a two-class machine's dual on Dask (orca_svm._dask_screened
drives it), as the engine screens it (src/training/screened_interior_point.hpp): every variable's
reduced gradient estimated from the smoothed hinge's decision values (orca_svm._dask_hinge), the
variables far from zero held on their bound, the interior-point method on the rows left near
their margin, the held variables checked against its result.

Each pass takes the partition's machine state (orca_svm._dask_partition; one variable a row) and
what the client broadcast, and returns the state and its reductions. The working set's problem
replaces the state for a while: a state of the same form over the working rows, the whole
machine's waiting in it under "outer" until the merge.
"""
from __future__ import annotations

import numpy as np

from ._dask_partition import _start, _times_each, _transposed_times, method_start

FREE, AT_ZERO, AT_UPPER = 0, 1, 2


def decisions(state: dict, w: np.ndarray) -> np.ndarray:
    """phi(x_t) . w of every row (the kept features are sqrt(C_max) phi)."""
    return _times_each(state, lambda P: P @ w) / state["root"]


def screen(state: dict, bias: float, margin: float, least: int) -> tuple[dict, dict]:
    """Each variable's estimated reduced gradient g = y (f + b) + l, f the smoothed hinge's decision
    value; those beyond +-margin held on their bound (0 above, C below), the others' rows the
    working set. Returns its rows and the `least` smallest distances |g| of the other rows (for a
    working set that must grow to the engine's least size)."""
    g = state["y"] * (state.pop("estimate") + bias) + state["lin"]
    on_bound = np.where(g > margin, AT_ZERO, np.where(g < -margin, AT_UPPER, FREE)).astype(np.int8)
    working = on_bound == FREE
    state.update(on_bound=on_bound, working=working, screen_g=np.abs(g))
    others = state["screen_g"][~working]
    nearest = np.partition(others, least - 1)[:least] if len(others) > least else others
    return state, {"working": int(working.sum()), "nearest": nearest}


def screen_fill(state: dict, threshold: float) -> tuple[dict, int]:
    """The rows within `threshold` of their margin join the working set; returns its rows."""
    state["working"] |= state.pop("screen_g") <= threshold
    return state, int(state["working"].sum())


def held_sums(state: dict) -> tuple[dict, dict]:
    """alpha held on the bounds outside the working set (0 in it): returns sum alpha y phi,
    sum alpha y and sum l alpha, what the working set's problem takes of the held variables."""
    state.pop("screen_g", None)
    alpha = np.where(state["working"], 0.0, np.where(state["on_bound"] == AT_UPPER, state["upper"], 0.0))
    state["alpha"] = alpha
    w = _transposed_times(state, alpha[:, None])[:, 0] / state["root"]  # U = y sqrt(C_max) phi
    return state, {"w": w, "y_alpha": float(state["y"] @ alpha), "lin_alpha": float(state["lin"] @ alpha),
                   "working": int(state["working"].sum())}


def working_start(state: dict, w_held: np.ndarray, c_max: float) -> tuple[dict, int]:
    """The interior-point method's state over the working rows, the held variables' part of their
    gradient y phi . w_held added to their linear term; returns its rows. Its features are taken
    from the whole machine's when kept there, and otherwise computed at every pass as the whole
    machine's are (keeping them anew would add the working rows' features to every partition a
    worker holds: 10,000,000 rows of pairs on 2 workers, over their 2 GB)."""
    outer = state
    rows = np.flatnonzero(outer["working"])
    shift = decisions(outer, w_held)[rows] * outer["y"][rows]
    base = {"space": outer["space"], "index": outer["index"], "seen": outer["seen"], "points": outer["points"]}
    kept = None if outer["P"] is None else outer["P"][rows]  # sqrt(C_max) phi: the same C_max
    working = _start(base, outer["rows"][rows], np.zeros(0, dtype=np.int64), outer["points"][rows],
                     outer["y"][rows], outer["lin"][rows] + shift, outer["upper"][rows], c_max, 0.0,
                     twin=False, kept=kept)
    working["outer"], working["taken"] = outer, rows
    return working, len(rows)


def working_merge(state: dict) -> tuple[dict, None]:
    """The working rows' alpha (final_alpha's) into the whole machine's, which becomes the state."""
    outer = state["outer"]
    outer["alpha"][state["taken"]] = state["alpha"]
    return outer, None


def held_violations(state: dict, w: np.ndarray, bias: float, tolerance: float) -> tuple[dict, dict]:
    """The held variables against the working set's solution (w = sum alpha y phi over every row,
    its bias): those that violate their optimality by more than half the tolerance join the
    working set. Returns how many, and the working set's rows."""
    g = state["y"] * (decisions(state, w) + bias) + state["lin"]
    on_bound = state["on_bound"]
    wrong = ~state["working"] & (((on_bound == AT_ZERO) & (g < -0.5 * tolerance)) |
                                 ((on_bound == AT_UPPER) & (g > 0.5 * tolerance)))
    state["working"] |= wrong
    return state, {"violations": int(wrong.sum()), "working": int(state["working"].sum())}


def screen_end(state: dict) -> tuple[dict, None]:
    """The screen's marks dropped and the interior-point method's start made again: the machine
    is whole again (and can be solved whole)."""
    for key in ("on_bound", "working"):
        state.pop(key)
    if "a" not in state:
        method_start(state)
    return state, None


PASSES = (screen, screen_fill, held_sums, working_start, working_merge, held_violations, screen_end)
