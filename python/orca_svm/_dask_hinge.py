"""One partition's share of the smoothed hinge's minimiser on Dask (orca_svm._dask_screened drives
it), the engine's estimate of a two-class machine's bounds (src/training/hinge_estimate.hpp):
its rows' decision values, shortfalls and band kept in the state between Newton's steps; each
pass returns a p-vector, a (p + 1) x (p + 1) update of the band's Hessian or the objective's slope
along the direction at a few steps.
"""
from __future__ import annotations

import numpy as np

from ._dask_partition import BLOCK_ROWS, _blocks
from ._dask_screen import decisions


def hinge_start(state: dict) -> tuple[dict, int]:
    """Every decision value 0 and the band empty; returns the rows. The interior-point method's
    start is dropped meanwhile (memory: five numbers a row; screen_end makes it again)."""
    for key in ("a", "s", "z", "v", "best"):
        state.pop(key, None)
    state["hinge"] = {"f": np.zeros(len(state["y"])), "band": np.zeros(len(state["y"]), dtype=bool)}
    return state, len(state["y"])


def hinge_gradient(state: dict, bias: float, width: float, reset: bool, step: float) -> tuple[dict, dict]:
    """Takes the last direction's step, then the rows' shortfalls r = -l - y (f + b) at the width
    h: returns sum y alpha phi over the rows short of their margin (alpha = C clip(r / h, 0, 1)),
    sum y alpha, and the change of the band's Hessian sum (C / h) [phi; 1][phi; 1]' over
    0 < r < h since the last pass (reset: the band starts empty at this width)."""
    H = state["hinge"]
    H.pop("pieces", None)  # the last line search's
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
            picked = np.flatnonzero(moved)
            for first in range(0, len(picked), BLOCK_ROWS):  # O(BLOCK_ROWS p) memory
                chunk = picked[first:first + BLOCK_ROWS]
                Z = np.empty((len(chunk), p + 1))
                Z[:, :p] = P[chunk]
                Z[:, :p] /= state["root"]
                Z[:, p] = 1.0
                Z *= np.sqrt(C[lo + chunk] / width)[:, None]
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
    H["change"] = decisions(state, dw)
    df = H["change"] + db
    H["pieces"] = _slope_pieces(H.pop("r"), -state["y"] * df, state["upper"], width)
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


def hinge_end(state: dict, step: float) -> tuple[dict, None]:
    """Takes the last step: the decision values phi . w of the estimate are the screen's."""
    H = state.pop("hinge")
    state["estimate"] = H["f"] + step * H["change"] if step else H["f"]
    return state, None


PASSES = (hinge_start, hinge_gradient, hinge_direction, hinge_slope, hinge_end)
