"""A machine's dual (a two-class machine's or an epsilon-SVR's, in LIBSVM's form) solved on a Dask
cluster by the engine's interior-point method
(src/training/interior_point.cpp), data-parallel over the partitions: each partition keeps its
rows' dual variables on its worker and returns p-vectors and p x p sums; the client holds only
those, the bias and a few scalars. No step gathers rows on one machine, but the last, which brings
the support vectors home (the model is a support-vector model, as a local fit's).

Each Newton step makes five passes over the partitions (the engine's step needs eight
reductions; three are merged through y'h = y'T - (U'D^-1 y)'W). The method's constants and its
stopping, best-point and stall rules are the engine's, so that the same problem gives the same
point to the solver's tolerance. Where the engine then polishes with SMO, the driver runs SMO's
iterations in w = sum_t alpha_t y_t phi(x_t) (orca_svm._dask_polish: on each partition's most
violating rows, many iterations a pass) until the maximal KKT violation is below the tolerance.
The certificate (maximal KKT violation and duality gap, LIBSVM's definitions) and the bias are
computed from w over the partitions and stored; a fit that ends above the tolerance says so
(ConvergenceWarning).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from . import _dask_screened
from ._dask_partition import (affine_direction, alpha_sums, certificate_sums, corrector_direction, corrector_rhs,
                              final_alpha, machine_part, machine_size, newton_system, point_sums, support_part,
                              triangular_factor)
from ._dask_polish import polish

# The engine's constants (src/training/interior_point.cpp); tests hold the fits equal.
MAX_STEPS = 80
STALL_STEPS = 3
SHORT_STEP = 1e-2
STALL_NEAR = 1e3
STEP_FRACTION = 0.99
TARGET = 1e-9  # kInteriorPointTarget


class Partitions:
    """The partitions' actors. run(f, **broadcast) applies f to every partition's state where it
    lives and returns what each gives back, in partition order."""

    def __init__(self, actors: list):
        self.actors = actors

    def run(self, function: Callable, **broadcast) -> list:
        calls = [actor.run(function.__name__, broadcast) for actor in self.actors]
        return [call.result() for call in calls]


def _factor(gram: np.ndarray, partitions: Partitions):
    """A solver of (I + U'D^-1 U) W = B: Cholesky, or where double precision has none (near the
    end D^-1 spans 30 orders of magnitude), the QR of [D^-1/2 U; I] from the partitions' R."""
    from scipy.linalg import cho_factor, cho_solve, solve_triangular
    p = gram.shape[0]
    M = np.eye(p) + gram
    try:
        factor = cho_factor(M, lower=True)
        return lambda B: cho_solve(factor, B)
    except np.linalg.LinAlgError:
        blocks = partitions.run(triangular_factor)
        R = np.linalg.qr(np.vstack(blocks + [np.eye(p)]), mode="r")
        return lambda B: solve_triangular(R, solve_triangular(R, B, trans="T"))


def solve(actors: list, c_max: float, tolerance: float,
          progress: Callable[..., None] | None = None, final: bool = True) -> dict[str, Any]:
    """Runs the interior-point method over the partitions' states (a two-class machine of many
    rows: screened as the engine screens it, orca_svm._dask_screened), then SMO's polish until the
    maximal KKT violation is below tolerance; returns the machine (c = sum a_t phi(x_t) over the
    kept functions, the bias, its support vectors' count) and its certificate. final: a model's
    machine, whose support rows the partitions mark (not a probability fold's). progress:
    (steps, measure[, what, measure's name, target])."""
    partitions = Partitions(actors)
    sizes = partitions.run(machine_size)  # no pass over the rows: a screened machine starts elsewhere
    m, n, p = sum(r["rows"] for r in sizes), sum(r["variables"] for r in sizes), sizes[0]["functions"]
    screening: dict[str, Any] = {}
    if _dask_screened.screens(m, n, p):
        fit = _dask_screened.screened(partitions, m, p, c_max, tolerance, progress, interior_point)
        screening = fit["screening"]
        w = np.sum(partitions.run(alpha_sums, updates=[]), axis=0)
    else:
        fit = interior_point(partitions, progress)
        w = np.sum([r["c"] for r in partitions.run(final_alpha, c_max=c_max, current=fit["converged"])], axis=0)
    updates, iterations = polish(partitions, w, tolerance, progress)
    c = np.sum(partitions.run(alpha_sums, updates=updates), axis=0)
    parts = partitions.run(certificate_sums, c=c)
    free = sum(r["free"] for r in parts)
    rho = (sum(r["free_sum"] for r in parts) / free if free > 0
           else (min(r["ub"] for r in parts) + max(r["lb"] for r in parts)) / 2.0)
    gap = max(r["gmax"] for r in parts) - min(r["gmin"] for r in parts)
    machine = partitions.run(machine_part, rho=rho, final=final)
    if "residual" in machine[0]:  # an epsilon-SVR: R^2 of its training predictions (standardised target)
        z_sum = sum(r["z_sum"] for r in machine)
        total = sum(r["z_squares"] for r in machine) - z_sum * z_sum / m
        residual = sum(r["residual"] for r in machine)
        fit_measure = {"training_r2": 1.0 - residual / total if total > 0 else float(residual == 0.0)}
    else:
        fit_measure = {"training_accuracy": sum(r["correct"] for r in machine) / m}
    return {"bias": -rho, "c": c,
            "summary": {"rows": m, "support_vectors": sum(r["count"] for r in machine),
                        "bounded_support_vectors": sum(r["bounded"] for r in machine),
                        "interior_point_steps": fit["steps"], "iterations": iterations, "gap": max(gap, 0.0),
                        "objective": sum(r["objective"] for r in parts),
                        "duality_gap": max(0.0, sum(r["duality"] for r in machine)), **fit_measure},
            "converged_method": fit["converged"], "stalled": fit["stalled"], "screening": screening}


def interior_point(partitions: Partitions, progress: Callable[..., None] | None = None, rhs: float = 0.0,
                   offset: float = 0.0, whole: int = 0, what: str = "Newton step") -> dict:
    """The interior-point method over the partitions' states, in the scaled variables a = alpha /
    C_max (the engine's interior_point_dual): y'a = rhs, the objective offset by `offset` (a
    working set's: the held variables' part, scaled) and its duality measure counted over `whole`
    variables (0: these). Returns whether it converged or stalled, its steps, and the bias of the
    point final_alpha keeps."""
    sums = partitions.run(point_sums)
    n = sum(r["variables"] for r in sums)  # m, or 2m for an epsilon-SVR
    counted = whole or n
    largest = max(r["largest"] for r in sums)
    ub_max = max(r["ub_max"] for r in sums)
    b, best_b, steps, short_steps = 0.0, 0.0, 0, 0
    best_distance = math.inf
    converged = stalled = False
    while steps < MAX_STEPS:
        w = np.sum([r["Ua"] for r in sums], axis=0)
        rp = sum(r["ya"] for r in sums) - rhs
        mu = sum(r["complementarity"] for r in sums) / (2.0 * n)
        objective = 0.5 * float(w @ w) + sum(r["lin_a"] for r in sums) + offset
        if not math.isfinite(objective):
            break
        system = partitions.run(newton_system, w=w, b=b)
        rd_max = max(r["rd"] for r in system)
        if not math.isfinite(rd_max):
            break  # numerical breakdown: keep the best point
        duality = 2.0 * counted * mu / (1.0 + abs(objective))
        if progress is not None and steps > 0:
            progress(steps, duality, what)
        rd_scale = 1.0 + largest * float(np.abs(w).max(initial=0.0))
        distance = max(rd_max / (1e-6 * rd_scale), abs(rp) / (1e-9 * (1.0 + ub_max)), duality / TARGET)
        is_best = distance < best_distance
        if is_best:
            best_b = b
        best_distance = min(best_distance, distance)
        if distance < 1.0:
            converged = True
            break
        gram = np.sum([r["gram"] for r in system], axis=0)
        if not np.isfinite(gram).all():
            break
        solve_m = _factor(gram, partitions)
        UT = np.sum([r["UT"] for r in system], axis=0)
        yT = np.sum([r["yT"] for r in system], axis=0)
        W = solve_m(UT)
        g = UT[:, 1]  # U'D^-1 y: y'h = y'T - g'W for any right-hand side
        y_h_y = yT[1] - g @ W[:, 1]
        if not (np.isfinite(W).all() and math.isfinite(y_h_y) and y_h_y != 0.0):
            break  # numerical breakdown (the engine's direction turns NaN there and it stops): keep the best
        db = (yT[0] - g @ W[:, 0] + rp) / y_h_y
        affine = partitions.run(affine_direction, W=W, db=db, is_best=is_best)
        step_affine = min(r["longest"] for r in affine)
        S = np.sum([r["sums"] for r in affine], axis=0)
        mu_affine = (S[0] + step_affine * S[1] + step_affine ** 2 * S[2]) / (2.0 * n)
        sigma = (mu_affine / mu) ** 3
        corrector = partitions.run(corrector_rhs, sigma_mu=sigma * mu)
        UT0 = np.sum([r["UT"] for r in corrector], axis=0)
        if not np.isfinite(UT0).all():
            break
        W0 = solve_m(UT0[:, None])[:, 0]
        db = (sum(r["yT"] for r in corrector) - g @ W0 + rp) / y_h_y
        step = STEP_FRACTION * min(partitions.run(corrector_direction, W=W0, db=db))
        if not step > 0.0:
            break
        short_steps = short_steps + 1 if step < SHORT_STEP else 0
        if short_steps >= STALL_STEPS and best_distance < STALL_NEAR:
            stalled = True  # the best point is the result
            break
        sums = partitions.run(point_sums, step=step)
        b += step * db
        steps += 1
    return {"converged": converged, "stalled": stalled, "steps": steps, "bias": b if converged else best_b}


def support_vectors(actors: list) -> dict[str, np.ndarray]:
    """The machine just solved: its support vectors (kernel coordinates) and a_t, gathered from the
    partitions (only for a model that keeps them: the store setting bounds how many)."""
    parts = Partitions(actors).run(support_part)
    return {"support_vectors": np.vstack([r["points"] for r in parts]),
            "coefficients": np.concatenate([r["a"] for r in parts])}
