"""SMO's polish of a machine solved on Dask (orca_svm._dask_ipm), where the engine polishes the
interior-point method's rounded point with SMO: the iterations run in w = sum alpha y phi, by
decomposition. Each pass over the partitions (_dask_partition.polish_rows) applies the last pass's
new alphas, computes every variable's gradient from w and returns LIBSVM's maximal violation and
each partition's most violating variables of I_up and I_low with their features; the client then
runs SMO's iterations (LIBSVM's pair choice, second-order rule, and step) on those variables alone,
the others held, until they violate by less than the tolerance. The pass's variables hold the
maximal violating pair, so each pass decreases the dual (a decomposition method's working set), and
the polish ends when the pass finds the maximal violation over every row below the tolerance: what
the engine's SMO certifies.

One pass over the rows carries many iterations: the former polish, one pair an iteration picked
over every row, took two passes an iteration (29 iterations, 58 passes, on 10,000,000 rows of
pairs, where a pass computes every row's features again).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from ._dask_partition import polish_rows, up_low

TAU = 1e-12  # LIBSVM's floor of a pair's curvature
# Variables a pass brings to the client, over all partitions (their features: p doubles each), and
# at least this many a partition.
POLISH_ROWS = 2048
MIN_ROWS_PER_PARTITION = 16
# SMO iterations on a pass's variables, per variable, before the next pass; and passes over the
# rows in all, past which the fit is returned with its certificate and a ConvergenceWarning.
STEPS_PER_ROW = 50
MAX_POLISH_PASSES = 200


def polish(partitions, w: np.ndarray, tolerance: float,
           progress: Callable[..., None] | None = None) -> tuple[list, int]:
    """SMO from the alphas the partitions hold (w = sum alpha y phi over them) until the maximal
    KKT violation over every row is below `tolerance` or after MAX_POLISH_PASSES passes. Returns
    the new alphas not yet applied (the next pass applies them) and the SMO iterations taken.
    progress: (passes, the maximal violation, what, the measure's name, its target) after a pass."""
    count = max(MIN_ROWS_PER_PARTITION, math.ceil(POLISH_ROWS / (2 * len(partitions.actors))))
    updates: list = []
    iterations = 0
    for done in range(MAX_POLISH_PASSES + 1):
        parts = partitions.run(polish_rows, w=w, updates=updates, count=count)
        updates = []
        gmax, gmin = max(r["gmax"] for r in parts), min(r["gmin"] for r in parts)
        if progress is not None:
            progress(done + 1, gmax - gmin, "SMO polish, pass", "maximal KKT violation", tolerance)
        if gmax - gmin < tolerance or done == MAX_POLISH_PASSES:
            break
        rows = {key: np.concatenate([r["rows"][key] for r in parts]) for key in parts[0]["rows"]}
        start = rows["alpha"].copy()
        steps = _smo(rows, tolerance, STEPS_PER_ROW * len(start))
        if steps == 0:
            break  # no pair moves: the violation is what precision allows
        iterations += steps
        moved = np.flatnonzero(rows["alpha"] != start)
        w = w + rows["phi"][moved].T @ ((rows["alpha"][moved] - start[moved]) * rows["y"][moved])
        updates = [(int(rows["partition"][k]), int(rows["t"][k]), float(rows["alpha"][k])) for k in moved]
    return updates, iterations


def _smo(rows: dict, tolerance: float, limit: int) -> int:
    """LIBSVM's SMO on the given variables, the others held (their part of each gradient is in G):
    updates rows["alpha"] and rows["G"] in place; returns the iterations taken."""
    phi, y, alpha, upper, G = rows["phi"], rows["y"], rows["alpha"], rows["upper"], rows["G"]
    diagonal = np.einsum("ij,ij->i", phi, phi)
    for step in range(limit):
        up, low = up_low(y, alpha, upper)
        violation = -y * G
        if not up.any() or not low.any():
            return step
        i = int(np.flatnonzero(up)[np.argmax(violation[up])])
        gmax = violation[i]
        if gmax - violation[low].min() < tolerance:
            return step
        # j by the second-order rule: the largest decrease b^2 / a, b = gmax + y_j G_j > 0.
        K_i = phi @ phi[i]
        b = gmax + y * G
        candidates = np.flatnonzero(low & (b > 0))
        if len(candidates) == 0:
            return step
        a = diagonal[i] + diagonal[candidates] - 2.0 * K_i[candidates]
        j = int(candidates[np.argmin(-(b[candidates] ** 2) / np.where(a > 0, a, TAU))])
        ai, aj = pair_step(float(y[i]), float(y[j]), float(alpha[i]), float(alpha[j]), float(upper[i]),
                           float(upper[j]), float(G[i]), float(G[j]),
                           float(diagonal[i] + diagonal[j] - 2.0 * K_i[j]))
        di, dj = ai - alpha[i], aj - alpha[j]
        if di == 0.0 and dj == 0.0:
            return step
        G += y * (di * y[i] * K_i + dj * y[j] * (phi @ phi[j]))  # G_t = y_t sum_s alpha_s y_s K_ts + l_t
        alpha[i], alpha[j] = ai, aj
    return limit


def pair_step(yi: float, yj: float, ai: float, aj: float, Ci: float, Cj: float, Gi: float, Gj: float,
              quad: float) -> tuple[float, float]:
    """LIBSVM's update of the pair (i, j): the clipped Newton step along y_i a_i + y_j a_j = const
    (quad = K_ii + K_jj - 2 K_ij)."""
    quad = quad if quad > 0 else TAU
    if yi != yj:
        delta = (-Gi - Gj) / quad
        diff = ai - aj
        ai, aj = ai + delta, aj + delta
        if diff > 0:
            if aj < 0:
                aj, ai = 0.0, diff
        elif ai < 0:
            ai, aj = 0.0, -diff
        if diff > Ci - Cj:
            if ai > Ci:
                ai, aj = Ci, Ci - diff
        elif aj > Cj:
            aj, ai = Cj, Cj + diff
    else:
        delta = (Gi - Gj) / quad
        total = ai + aj
        ai, aj = ai - delta, aj + delta
        if total > Ci:
            if ai > Ci:
                ai, aj = Ci, total - Ci
        elif aj < 0:
            aj, ai = 0.0, total
        if total > Cj:
            if aj > Cj:
                aj, ai = Cj, total - Cj
        elif ai < 0:
            ai, aj = 0.0, total
    return ai, aj
