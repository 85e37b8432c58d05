"""One partition's share of screening a two-class machine's dual on Dask (orca_svm._dask_screened
drives it), as the engine screens it (src/training/screened_interior_point.hpp): the smoothed
hinge's Newton steps on every row (hinge_estimate.hpp), then the working set's interior-point
method on the rows left near their margin, the others held on a bound.

Each pass takes the partition's machine state (orca_svm._dask_partition) and what the client
broadcast, and returns the state and its reductions: p-vectors, a (p + 1) x (p + 1) update of the
hinge's band Hessian, a few scalars. For the working set's method the state is replaced by one
over the working rows only (its linear term carrying the held rows' part of the gradient), and
the whole machine's state waits in it under "full" until the merge.
"""
from __future__ import annotations

import numpy as np

from ._dask_partition import _blocks, _start

FREE, AT_ZERO, AT_UPPER = 0, 1, 2


def _decisions(state: dict, w: np.ndarray) -> np.ndarray:
    """phi(x_t) . w of every row (the kept features are sqrt(C_max) phi)."""
    parts = [P @ w for _, P in _blocks(state)]
    return (np.concatenate(parts) if parts else np.zeros(0)) / state["root"]


def hinge_start(state: dict) -> tuple[dict, int]:
    """Every decision value 0 and the band empty; returns the rows."""
    state["hinge"] = {"f": np.zeros(len(state["y"])), "band": np.zeros(len(state["y"]), dtype=bool)}
    return state, len(state["y"])


def hinge_gradient(state: dict, bias: float, width: float, reset: bool, step: float) -> tuple[dict, dict]:
    """Takes the last direction's step, then the rows' shortfalls r = -l - y (f + b) at the width
    h: returns sum y alpha phi over the rows short of their margin (alpha = C clip(r / h, 0, 1)),
    sum y alpha, and the change of the band's Hessian sum (C / h) [phi; 1][phi; 1]' over
    0 < r < h since the last pass (reset: the band starts empty at this width)."""
    H = state["hinge"]
    if step:
        H["f"] += step * H.pop("change")
    y, C = state["y"], state["upper"]
    r = -state["lin"] - y * (H["f"] + bias)
    ya = y * C * np.clip(r / width, 0.0, 1.0)
    if reset:
        H["band"][:] = False
    now = (r > 0.0) & (r < width)
    entered, left = now & ~H["band"], H["band"] & ~now
    H["band"] = now
    H["r"] = r
    from scipy.linalg.blas import dsyrk
    p = state["space"].size
    gradient, band = np.zeros(p), np.zeros((p + 1, p + 1), order="F")
    for lo, P in _blocks(state):
        rows = slice(lo, lo + len(P))
        gradient += P.T @ ya[rows]  # ya = 0 on the rows beyond their margin
        for moved, sign in ((entered[rows], 1.0), (left[rows], -1.0)):
            if moved.any():
                Z = np.empty((int(moved.sum()), p + 1))
                Z[:, :p] = P[moved]
                Z[:, :p] /= state["root"]
                Z[:, p] = 1.0
                Z *= np.sqrt(C[rows][moved] / width)[:, None]
                # Z'Z by BLAS's symmetric rank-k update (upper triangle): half a product's work.
                band = dsyrk(sign, Z.T, beta=1.0, c=band, overwrite_c=True)
    changed = bool(entered.any() or left.any())
    return state, {"gradient": gradient / state["root"], "ya_sum": float(ya.sum()),
                   "band": np.triu(band) + np.triu(band, 1).T if changed else None}


def hinge_direction(state: dict, dw: np.ndarray, db: float, steps: np.ndarray, width: float) -> tuple[dict, dict]:
    """The change of every decision value along (dw, db), kept for the step, and the hinge terms'
    part of the objective's slope along it as a function of the step (_slope_pieces); returns the
    change's largest size and that slope at each of `steps`."""
    H = state["hinge"]
    H["change"] = _decisions(state, dw)
    df = H["change"] + db
    H["pieces"] = _slope_pieces(H["r"], -state["y"] * df, state["upper"], width)
    _, slopes = hinge_slope(state, steps)
    return state, {"largest": float(np.abs(df).max(initial=0.0)), "slopes": slopes}


def _slope_pieces(r: np.ndarray, dr: np.ndarray, C: np.ndarray, width: float) -> tuple:
    """sum_t C_t dr_t clip((r_t + s dr_t) / h, 0, 1) as a function of the step s >= 0: piecewise
    linear, a + b s between breakpoints (where a row's r + s dr crosses 0 or h). Returns the
    breakpoints in order with the running sums of the changes of (a, b) at them, and (a, b) at 0."""
    c = C * dr
    with np.errstate(divide="ignore", invalid="ignore"):
        t0, t1 = -r / dr, (width - r) / dr  # crosses 0, crosses h (inf or nan where dr = 0)
    line = (c * r / width, c * dr / width)
    # The piece just after step 0 (a row on a breakpoint at 0 takes the one it moves into).
    above = (r > width) | ((r == width) & (dr >= 0.0))
    inside = ~above & ((r > 0.0) | ((r == 0.0) & (dr > 0.0)))
    a0 = np.where(above, c, np.where(inside, line[0], 0.0))
    b0 = np.where(inside, line[1], 0.0)
    rising = dr > 0.0
    # Rising: 0 -> line at t0, line -> C dr at t1; falling: C dr -> line at t1, line -> 0 at t0.
    at0 = (np.where(rising, line[0], -line[0]), np.where(rising, line[1], -line[1]))
    at1 = (np.where(rising, c - line[0], line[0] - c), np.where(rising, -line[1], line[1]))
    ahead0, ahead1 = (t0 > 0.0) & np.isfinite(t0), (t1 > 0.0) & np.isfinite(t1)
    points = np.concatenate([t0[ahead0], t1[ahead1]])
    order = np.argsort(points, kind="stable")
    da = np.concatenate([at0[0][ahead0], at1[0][ahead1]])[order]
    db = np.concatenate([at0[1][ahead0], at1[1][ahead1]])[order]
    return points[order], np.cumsum(da), np.cumsum(db), float(a0.sum()), float(b0.sum())


def hinge_slope(state: dict, steps: np.ndarray) -> tuple[dict, np.ndarray]:
    """The hinge terms' part of the objective's slope along the direction at each of `steps`:
    sum C H'(r + step dr) dr, H' = clip(r / h, 0, 1), from its pieces."""
    points, da, db, a0, b0 = state["hinge"]["pieces"]
    steps = np.asarray(steps, dtype=np.float64)
    k = np.searchsorted(points, steps, side="right")  # breakpoints passed
    before = k > 0
    a = a0 + np.where(before, da[np.maximum(k - 1, 0)] if len(da) else 0.0, 0.0)
    b = b0 + np.where(before, db[np.maximum(k - 1, 0)] if len(db) else 0.0, 0.0)
    return state, a + b * steps


def screen(state: dict, step: float, bias: float, margin: float, least: int) -> tuple[dict, dict]:
    """Takes the last step, then holds each variable whose estimated reduced gradient
    g = y (f + b) + l is beyond +-margin on its bound (0 above, C below); the others' rows form
    the working set. Returns the working rows and the `least` smallest |g| of the other rows
    (for a working set that must grow to the engine's least size)."""
    H = state.pop("hinge")
    f = H["f"] + step * H["change"] if step else H["f"]
    g = state["y"] * (f + bias) + state["lin"]
    held = np.where(g > margin, AT_ZERO, np.where(g < -margin, AT_UPPER, FREE)).astype(np.int8)
    state.update(screen_g=np.abs(g), on_bound=held, working=held == FREE)
    others = state["screen_g"][~state["working"]]
    nearest = np.partition(others, least - 1)[:least] if len(others) > least else others
    return state, {"working": int(state["working"].sum()), "nearest": nearest}


def screen_fill(state: dict, threshold: float) -> tuple[dict, int]:
    """The rows within `threshold` of their margin join the working set; returns its rows."""
    state["working"] |= state.pop("screen_g") <= threshold
    return state, int(state["working"].sum())


def held_sums(state: dict) -> tuple[dict, dict]:
    """alpha held on the bounds outside the working set (0 in it): returns sum alpha y phi,
    sum alpha y and sum l alpha, what the working set's problem takes of the held rows."""
    state.pop("screen_g", None)
    alpha = np.where(state["working"], 0.0, np.where(state["on_bound"] == AT_UPPER, state["upper"], 0.0))
    state["alpha"] = alpha
    w = np.zeros(state["space"].size)
    for lo, P in _blocks(state):
        w += P.T @ (alpha * state["y"])[lo:lo + len(P)]
    return state, {"w": w / state["root"], "y_alpha": float(state["y"] @ alpha),
                   "lin_alpha": float(state["lin"] @ alpha), "working": int(state["working"].sum())}


def working_start(state: dict, w_held: np.ndarray, c_max: float) -> tuple[dict, int]:
    """The interior-point method's state over the working rows, the held rows' part of their
    gradient y phi . w_held added to their linear term; the whole machine waits under "full"."""
    full = state
    keep = np.flatnonzero(full["working"])
    shift = _decisions(full, w_held)[keep] * full["y"][keep]
    base = {"space": full["space"], "index": full["index"], "seen": full["seen"], "points": full["points"]}
    sub = _start(base, full["rows"][keep], np.zeros(0, dtype=np.int64), full["points"][keep], full["y"][keep],
                 full["lin"][keep] + shift, full["upper"][keep], c_max, full["keep_bytes"], twin=False,
                 kept=None if full["P"] is None else full["P"][keep])
    sub["full"], sub["keep"] = full, keep
    return sub, len(keep)


def working_merge(state: dict) -> tuple[dict, None]:
    """The working rows' alpha (final_alpha's) into the whole machine's, which becomes the state."""
    full = state["full"]
    full["alpha"][state["keep"]] = state["alpha"]
    return full, None


def held_violations(state: dict, w: np.ndarray, bias: float, tolerance: float) -> tuple[dict, dict]:
    """The held variables against the working set's solution (w = sum alpha y phi over every row,
    its bias): those that violate their optimality by more than half the tolerance join the
    working set. Returns how many, and the working set's rows."""
    g = state["y"] * (_decisions(state, w) + bias) + state["lin"]
    held = state["on_bound"]
    wrong = ~state["working"] & (((held == AT_ZERO) & (g < -0.5 * tolerance)) |
                                 ((held == AT_UPPER) & (g > 0.5 * tolerance)))
    state["working"] |= wrong
    return state, {"violations": int(wrong.sum()), "working": int(state["working"].sum())}


def screen_end(state: dict) -> tuple[dict, None]:
    """The screen's marks dropped: the machine is whole again."""
    for key in ("on_bound", "working", "screen_g", "hinge"):
        state.pop(key, None)
    return state, None


PASSES = (hinge_start, hinge_gradient, hinge_direction, hinge_slope, screen, screen_fill, held_sums, working_start,
          working_merge, held_violations, screen_end)
