"""A two-class machine of many rows screened on Dask as the engine screens it
(src/training/screened_interior_point.hpp; its rule and constants from _core.screens() and
_core.screening()):

1. every variable's reduced gradient estimated from the smoothed hinge's minimiser
   (hinge_estimate.hpp), found by Newton's method over the partitions: each step one pass for the
   gradient and the band Hessian's update (the partitions keep their rows' band, so a step sends
   only the rows that entered or left it, summed to (p + 1) x (p + 1)), one for the direction's
   change of every decision value with the objective's slope along it on a grid of steps, and
   about three more narrowing the grid;
2. variables whose estimate is beyond the margin held on their bound; the interior-point method
   (orca_svm._dask_ipm) on the partitions' working rows only, with the held variables folded into
   their linear term and into y'a = rhs;
3. the held variables checked against the result; those held wrongly join the working set and it
   is solved again (the set only grows), or, when the first round finds more of them than the
   working set holds, the whole problem is solved.

The result goes to SMO's polish and certificate over every row, as an unscreened one does.

An epsilon-SVR, which the engine screens from a coarse fit on every few rows, is solved whole:
on Dask, where each Newton step costs five round trips to the partitions, the coarse fits' steps
cost more than the working set saves (measured with the additive model, 31 functions: 200,000
rows 9.5 s screened against 6.0 s whole, 2,000,000 rows 39.1 s against 32.3 s; the working set
kept 83 % of the rows and the whole method took 16 Newton steps).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from . import _core
from ._dask_hinge import hinge_direction, hinge_end, hinge_gradient, hinge_slope, hinge_start
from ._dask_partition import alpha_sums, final_alpha
from ._dask_screen import (held_sums, held_violations, screen, screen_end, screen_fill, working_merge,
                           working_start)

# The line search's steps: the slope of the objective along the direction is evaluated at many
# steps in one pass over the partitions; the bracket where it changes sign is cut into
# LINE_SEARCH_POINTS again until it is narrower than LINE_SEARCH_WIDTH of its end, and the zero
# is interpolated in it (the slope is piecewise linear). The first pass, with the direction's, tries
# 0 to 2 (Newton's step is 1) and powers of 2 beyond.
LINE_SEARCH_POINTS = 64
LINE_SEARCH_WIDTH = 1e-6
LINE_SEARCH_PASSES = 30
FIRST_STEPS = np.concatenate([np.linspace(0.0, 2.0, LINE_SEARCH_POINTS + 1), 2.0 ** np.arange(2, 41)])


def rule() -> dict[str, Any]:
    """The engine's screening constants."""
    return _core.screening()


def screens(rows: int, variables: int, p: int) -> bool:
    """Whether this machine is screened: a two-class one (one variable a row) that the engine
    screens; not an epsilon-SVR (two variables a row; see above)."""
    return variables == rows and _core.screens(rows, p, False)


def _newton_direction(band: np.ndarray, gradient: np.ndarray) -> np.ndarray:
    """(diag(I_p, 0) + band) d = -gradient, the bias nudged as the engine nudges it."""
    from scipy.linalg import LinAlgError, cho_factor, cho_solve
    p = len(gradient) - 1
    H = band.copy()
    H[np.arange(p), np.arange(p)] += 1.0
    H[p, p] += 1e-12 * (1.0 + H.diagonal().max())
    try:
        return -cho_solve(cho_factor(H, lower=True), gradient)
    except LinAlgError:
        return -np.linalg.lstsq(H, gradient, rcond=None)[0]


def _exact_step(partitions, w: np.ndarray, dw: np.ndarray, slopes: np.ndarray) -> float:
    """The step minimising the objective along the direction: the zero of its slope
    w.dw + t |dw|^2 + (the partitions' hinge terms, `slopes` at FIRST_STEPS), as the engine's
    exact step finds it, in a few passes (the bracket narrowed by grids)."""
    w_dw, dw_dw = float(w @ dw), float(dw @ dw)
    steps = FIRST_STEPS
    lo, slope_lo = 0.0, None
    for _ in range(LINE_SEARCH_PASSES):
        slope = w_dw + steps * dw_dw + slopes
        rising = np.flatnonzero(slope >= 0.0)
        if len(rising) == 0:  # still falling at the last step: look beyond it
            lo, slope_lo = float(steps[-1]), float(slope[-1])
            steps = lo * 2.0 ** np.arange(1, LINE_SEARCH_POINTS + 1)
        else:
            k = int(rising[0])
            if k > 0:
                lo, slope_lo = float(steps[k - 1]), float(slope[k - 1])
            hi, slope_hi = float(steps[k]), float(slope[k])
            if slope_hi == 0.0:
                return hi
            if slope_lo is None:  # the slope at 0 is not negative: no descent along the direction
                return 0.0
            if hi - lo <= LINE_SEARCH_WIDTH * hi:
                return lo + (hi - lo) * -slope_lo / (slope_hi - slope_lo)
            steps = np.linspace(lo, hi, LINE_SEARCH_POINTS + 1)[1:-1]
            if not len(steps) or steps[0] == lo:
                return lo + (hi - lo) * -slope_lo / (slope_hi - slope_lo)
        slopes = np.sum(partitions.run(hinge_slope, steps=steps), axis=0)
    return lo


def hinge_estimate(partitions, p: int, progress: Callable[..., None] | None) -> tuple[np.ndarray, float, float, int]:
    """The smoothed hinge's minimiser over the partitions (their decision values kept there):
    returns its w and bias, the last step (the partitions take it in hinge_end) and the Newton
    steps over all widths."""
    constants = rule()
    w, bias, steps, step = np.zeros(p), 0.0, 0, 0.0
    band = np.zeros((p + 1, p + 1))
    partitions.run(hinge_start)
    widths = constants["widths"]
    for level, width in enumerate(widths):
        last = level + 1 == len(widths)
        reset = True
        while steps < constants["max_steps"]:
            parts = partitions.run(hinge_gradient, bias=bias, width=width, reset=reset, step=step)
            if reset:
                band[:] = 0.0
                reset = False
            for r in parts:
                if r["band"] is not None:
                    band += r["band"]
            gradient = np.append(w - np.sum([r["gradient"] for r in parts], axis=0), -sum(r["ya_sum"] for r in parts))
            d = _newton_direction(band, gradient)
            dw, db = d[:p], float(d[p])
            parts = partitions.run(hinge_direction, dw=dw, db=db, steps=FIRST_STEPS, width=width)
            largest = max(r["largest"] for r in parts)
            step = _exact_step(partitions, w, dw, np.sum([r["slopes"] for r in parts], axis=0))
            w += step * dw
            bias += step * db
            steps += 1
            moved = step * largest
            if progress is not None:
                progress(steps, moved, "smoothed hinge, Newton step", "largest change of a decision value",
                         constants["settled"])
            if not last or moved < constants["settled"]:
                break
    return w, bias, step, steps


def screened(partitions, rows: int, p: int, c_max: float, tolerance: float, progress: Callable[..., None] | None,
             interior_point: Callable[..., dict]) -> dict[str, Any]:
    """Screens the two-class machine of p functions in the partitions' states and solves it
    (interior_point: _dask_ipm's); the states end as the machine's with its alpha. Returns the
    last fit's convergence and bias, the Newton steps of every working-set fit, and the screen's
    counts."""
    constants = rule()
    _, bias, step, hinge_steps = hinge_estimate(partitions, p, progress)
    partitions.run(hinge_end, step=step)
    least = min(rows, constants["min_working_points"])
    parts = partitions.run(screen, bias=bias, margin=constants["hinge_margin"], least=least)
    working = sum(r["working"] for r in parts)
    if working < least:
        nearest = np.sort(np.concatenate([r["nearest"] for r in parts]))
        working = sum(partitions.run(screen_fill, threshold=float(nearest[least - working - 1])))
    steps, fell_back, fit = 0, False, {}
    for round_ in range(1, constants["rounds"] + 1):
        sums = partitions.run(held_sums)
        working = sum(r["working"] for r in sums)
        w_held = np.sum([r["w"] for r in sums], axis=0)
        rhs = -sum(r["y_alpha"] for r in sums)
        offset = 0.5 * float(w_held @ w_held) + sum(r["lin_alpha"] for r in sums)
        partitions.run(working_start, w_held=w_held, c_max=c_max)
        fit = interior_point(partitions, progress, rhs=rhs / c_max, offset=offset / c_max, whole=rows,
                             what=f"working set ({working:,} of {rows:,} rows), Newton step")
        steps += fit["steps"]
        partitions.run(final_alpha, c_max=c_max, current=fit["converged"])
        partitions.run(working_merge)
        w = np.sum(partitions.run(alpha_sums, updates=[]), axis=0)
        checks = partitions.run(held_violations, w=w, bias=fit["bias"], tolerance=tolerance)
        violations = sum(r["violations"] for r in checks)
        fell_back = round_ == 1 and violations > working
        if fell_back or violations == 0:
            break
    partitions.run(screen_end)
    if fell_back:  # the estimate was poor: the whole problem at once (the engine's rule)
        fit = interior_point(partitions, progress)
        partitions.run(final_alpha, c_max=c_max, current=fit["converged"])
        steps += fit["steps"]
        working = rows
    return {"converged": fit["converged"], "stalled": fit["stalled"], "steps": steps, "bias": fit["bias"],
            "screening": {"hinge_steps": hinge_steps, "working_points": working, "screen_rounds": round_,
                          "screen_fell_back": fell_back}}
