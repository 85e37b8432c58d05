"""The two-class dual solved on a Dask cluster by the engine's interior-point method
(src/training/interior_point.cpp), data-parallel over the partitions: each partition keeps its
rows' dual variables on its worker and returns p-vectors and p x p sums; the client holds only
those, the bias and a few scalars. No step gathers rows on one machine, but the last, which brings
the support vectors home (the model is a support-vector model, as a local fit's).

Each Newton step makes five passes over the partitions (the engine's step needs eight
reductions; three are merged through y'h = y'T - (U'D^-1 y)'W). The method's constants and its
stopping, best-point and stall rules are the engine's, so that the same problem gives the same
point to the solver's tolerance. Where the engine then polishes with SMO, the driver runs SMO's
iterations in w = sum_t alpha_t y_t phi(x_t), LIBSVM's pair chosen over all partitions (two passes
an iteration), until the maximal KKT violation is below the tolerance. The certificate (maximal
KKT violation and duality gap, LIBSVM's definitions) and the bias are computed from w over the
partitions and stored; a fit that ends above the tolerance says so (ConvergenceWarning).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

# The engine's constants (src/training/interior_point.cpp); tests hold the fits equal.
MAX_STEPS = 80
STALL_STEPS = 3
SHORT_STEP = 1e-2
STALL_NEAR = 1e3
STEP_FRACTION = 0.99
ROUND_TO = 1e-6
TARGET = 1e-9  # kInteriorPointTarget
TAU = 1e-12  # LIBSVM's floor of a pair's curvature
# SMO iterations the polish may take (two passes each), where the engine's SMO has millions: past
# them the fit is returned with its certificate and a ConvergenceWarning.
MAX_POLISH_ITERATIONS = 2000
# Rows whose features are computed at a time when they are not kept (memory O(block p)).
BLOCK_ROWS = 8192


# --- on the workers: one partition's state and its share of each pass ----------------------------
def partition_statistics(X: np.ndarray, y: np.ndarray, w: np.ndarray | None, classes: np.ndarray) -> dict:
    """What the settings need of a partition's rows of weight > 0: per feature the count, range,
    mean and sum of squared deviations of the values present (merged by Chan's formula), the
    missing values, and the rows per class."""
    X = np.asarray(X, dtype=np.float64)
    weights = np.ones(len(X)) if w is None else np.asarray(w, dtype=np.float64)
    keep = weights > 0
    X, y, weights = X[keep], np.asarray(y)[keep], weights[keep]
    present = ~np.isnan(X)
    n = present.sum(axis=0).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        lo = np.where(n > 0, np.nanmin(np.where(present, X, np.inf), axis=0, initial=np.inf), np.nan)
        hi = np.where(n > 0, np.nanmax(np.where(present, X, -np.inf), axis=0, initial=-np.inf), np.nan)
        mean = np.where(n > 0, np.nansum(X, axis=0) / np.maximum(n, 1), 0.0)
        m2 = np.nansum(np.where(present, (X - mean) ** 2, 0.0), axis=0)
    infinite = np.isinf(X).any(axis=0)
    codes = np.searchsorted(classes, y)
    largest_weight = np.zeros(len(classes))
    np.maximum.at(largest_weight, codes, weights)
    return {"n": n, "min": lo, "max": hi, "mean": mean, "m2": m2, "missing": (~present).sum(axis=0),
            "infinite": infinite, "class_rows": np.bincount(codes, minlength=len(classes)).astype(np.float64),
            "largest_weight": largest_weight,
            "bad_weights": w is not None and not bool(np.all(np.isfinite(np.asarray(w, dtype=np.float64))
                                                             & (np.asarray(w, dtype=np.float64) >= 0)))}


def merge_statistics(parts: list[dict]) -> dict:
    """The partitions' statistics as one table's (in partition order)."""
    with np.errstate(invalid="ignore", over="ignore"):  # an infinite value is refused after the merge
        return _merged(parts)


def _merged(parts: list[dict]) -> dict:
    total = dict(parts[0])
    for p in parts[1:]:
        n = total["n"] + p["n"]
        delta = p["mean"] - total["mean"]
        with np.errstate(invalid="ignore", divide="ignore"):
            share = np.where(n > 0, p["n"] / np.maximum(n, 1), 0.0)
        total["m2"] = total["m2"] + p["m2"] + delta ** 2 * total["n"] * share
        total["mean"] = total["mean"] + delta * share
        total["n"] = n
        total["min"] = np.fmin(total["min"], p["min"])
        total["max"] = np.fmax(total["max"], p["max"])
        for key in ("missing", "class_rows"):
            total[key] = total[key] + p[key]
        total["infinite"] = total["infinite"] | p["infinite"]
        total["largest_weight"] = np.maximum(total["largest_weight"], p["largest_weight"])
        total["bad_weights"] = total["bad_weights"] or p["bad_weights"]
    total["sd"] = np.sqrt(np.where(total["n"] > 0, total["m2"] / np.maximum(total["n"], 1), 0.0))
    return total


def partition_rows(X, y, w, index: int, space, classes: np.ndarray) -> dict:
    """A partition's rows of weight > 0 in kernel coordinates, their class codes and weights, and
    each class's box bound C times its class weight."""
    X = np.asarray(X, dtype=np.float64)
    weights = np.ones(len(X)) if w is None else np.asarray(w, dtype=np.float64)
    keep = weights > 0
    return {"index": index, "space": space, "points": space.scaled(np.ascontiguousarray(X[keep]), "a partition of X"),
            "codes": np.searchsorted(classes, np.asarray(y)[keep]), "weights": weights[keep],
            "class_upper": np.array([space.upper(c) for c in range(len(classes))])}


def cv_folds(n: int, folds: int, seed: list) -> np.ndarray:
    """The fold of each of a partition's n rows for Platt's internal cross-validation: a
    permutation drawn from seed (the fit's seed, the machine, the partition) cut into `folds`
    runs of (almost) equal length."""
    fold = np.empty(n, dtype=np.int64)
    fold[np.random.default_rng(seed).permutation(n)] = np.arange(n) * folds // max(n, 1)
    return fold


def machine_start(base: dict, negative: list, positive: list, c_max: float, keep_bytes: float,
                  held_out: tuple | None = None) -> dict:
    """A partition's state at the start of one two-class machine (its rows of the classes
    `negative` and `positive`; held_out = (fold, folds, seed): without that fold's rows, kept aside
    in "held"): y = +-1, the box bounds scaled by the machine's largest C, a = s = ub / 2,
    z = v = 1; the features U = y sqrt(C_max) phi kept when they take at most keep_bytes."""
    space, codes = base["space"], base["codes"]
    rows = np.flatnonzero(np.isin(codes, negative) | np.isin(codes, positive))
    held = np.zeros(0, dtype=np.int64)
    if held_out is not None:
        fold, folds, seed = held_out
        in_fold = cv_folds(len(rows), folds, list(seed) + [base["index"]]) == fold
        rows, held = rows[~in_fold], rows[in_fold]
    is_positive = np.isin(codes[rows], positive)
    upper = base["class_upper"][codes[rows]] * base["weights"][rows]
    ub = upper / c_max
    state = {"index": base["index"], "rows": rows, "held": held, "points": base["points"][rows],
             "y": np.where(is_positive, 1.0, -1.0), "upper": upper, "ub": ub, "root": math.sqrt(c_max),
             "space": space, "a": ub / 2.0, "z": np.ones(len(ub)), "v": np.ones(len(ub))}
    state["s"] = ub - state["a"]
    state["best"] = state["a"].copy()
    state["U"] = None
    if len(ub) * space.size * 8.0 <= keep_bytes:
        state["U"] = _features(state, 0, len(ub))
    state["largest"] = float(_times_each(state, lambda U: np.abs(U).max(axis=1, initial=0.0)).max(initial=0.0))
    return state


def correct_classes(base: dict, model, coefficients: np.ndarray, biases: np.ndarray) -> int:
    """Rows whose class the model predicts right, from every machine's decision values
    phi(x) . c_m + b_m (each machine's own over its support vectors, to rounding)."""
    correct = 0
    for lo in range(0, len(base["codes"]), BLOCK_ROWS):
        phi = base["space"].features(base["points"][lo:lo + BLOCK_ROWS])
        labels, _ = model.predict_classes(phi @ coefficients + biases)
        correct += int((np.asarray(labels) == base["codes"][lo:lo + BLOCK_ROWS]).sum())
    return correct


def _features(state: dict, lo: int, hi: int) -> np.ndarray:
    phi = state["space"].features(state["points"][lo:hi])
    return phi * (state["y"][lo:hi] * state["root"])[:, None]


def _blocks(state: dict):
    """(first row, U of a block of rows): the kept matrix at once, or blocks computed anew."""
    if state["U"] is not None:
        yield 0, state["U"]
        return
    for lo in range(0, len(state["y"]), BLOCK_ROWS):
        yield lo, _features(state, lo, min(lo + BLOCK_ROWS, len(state["y"])))


def _transposed_times(state: dict, T: np.ndarray) -> np.ndarray:
    out = np.zeros((state["space"].size, T.shape[1]))
    for lo, U in _blocks(state):
        out += U.T @ T[lo:lo + len(U)]
    return out


def _times(state: dict, W: np.ndarray) -> np.ndarray:
    return np.concatenate([U @ W for _, U in _blocks(state)]) if len(state["y"]) else np.zeros((0, W.shape[1]))


def _times_each(state: dict, per_block: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """per_block(U) of every block, one value per row, joined."""
    parts = [per_block(U) for _, U in _blocks(state)]
    return np.concatenate(parts) if parts else np.zeros(0)


def point_sums(state: dict, step: float = 0.0) -> tuple[dict, dict]:
    """Takes the step of the last direction (if any), then what the client needs of the point:
    U'a, sum a, y'a, sum(a z + s v)."""
    if step > 0.0:
        for key, sign in (("a", 1.0), ("s", -1.0)):
            state[key] = state[key] + sign * step * state["da"]
        state["z"] = state["z"] + step * state["dz"]
        state["v"] = state["v"] + step * state["dv"]
    a = state["a"]
    return state, {"Ua": _transposed_times(state, a[:, None])[:, 0], "sum_a": float(a.sum()),
                   "ya": float(state["y"] @ a),
                   "complementarity": float((a * state["z"] + state["s"] * state["v"]).sum()),
                   "largest": state["largest"], "rows": len(a),
                   "ub_max": float(state["ub"].max(initial=0.0))}


def newton_system(state: dict, w: np.ndarray, b: float) -> tuple[dict, dict]:
    """The residual, D^-1, the predictor's right-hand sides T = D^-1 [r, y]; returns U'D^-1 U,
    U'T, y'T and the residual's largest entry."""
    a, s, z, v, y = state["a"], state["s"], state["z"], state["v"], state["y"]
    rd = _times(state, w[:, None])[:, 0] - 1.0 + b * y - z + v
    dinv = 1.0 / (z / a + v / s)
    c1, c2 = -a * z, -s * v
    T = np.column_stack([-rd + c1 / a - c2 / s, y]) * dinv[:, None]
    from scipy.linalg.blas import dsyrk
    p = state["space"].size
    gram, UT = np.zeros((p, p), order="F"), np.zeros((p, 2))
    for lo, U in _blocks(state):
        B = U * np.sqrt(dinv[lo:lo + len(U)])[:, None]
        # B'B by BLAS's symmetric rank-k update: half the multiply-adds of a product, upper triangle.
        gram = dsyrk(1.0, B.T, beta=1.0, c=gram, overwrite_c=True)
        UT += U.T @ T[lo:lo + len(U)]
    gram = np.triu(gram) + np.triu(gram, 1).T
    state.update(rd=rd, dinv=dinv, T=T)
    finite = bool(np.isfinite(rd).all())
    return state, {"gram": gram, "UT": UT, "yT": y @ T,
                   "rd": float(np.abs(rd).max(initial=0.0)) if finite else math.inf}


def triangular_factor(state: dict) -> tuple[dict, np.ndarray]:
    """R of the QR of D^-1/2 U: where I + U'D^-1 U has no Cholesky factor in double precision,
    the client's QR of these stacked (and I) gives the same factor stably (the engine's fallback)."""
    R = np.zeros((0, state["space"].size))
    for lo, U in _blocks(state):
        block = np.vstack([R, U * np.sqrt(state["dinv"][lo:lo + len(U)])[:, None]])
        R = np.linalg.qr(block, mode="r")
    return state, R


def _direction(state: dict, rhs: np.ndarray, W: np.ndarray, db: float, c1: np.ndarray, c2: np.ndarray) -> None:
    h_r = rhs - state["dinv"] * _times(state, W[:, None])[:, 0]
    da = h_r - db * state["h_y"]
    state.update(da=da, dz=(c1 - state["z"] * da) / state["a"], dv=(c2 + state["v"] * da) / state["s"])


def _longest(state: dict) -> float:
    def max_step(x, dx):
        falling = dx < 0
        return float(np.min(-x[falling] / dx[falling], initial=1.0))
    da = state["da"]
    return min(max_step(state["a"], da), max_step(state["s"], -da), max_step(state["z"], state["dz"]),
               max_step(state["v"], state["dv"]))


def affine_direction(state: dict, W: np.ndarray, db: float, is_best: bool) -> tuple[dict, dict]:
    """The predictor's direction from the client's W = M^-1 U'T; returns its longest step and the
    sums that give the complementarity at any step along it."""
    if is_best:
        state["best"] = state["a"].copy()
    a, s, z, v, T, dinv = state["a"], state["s"], state["z"], state["v"], state["T"], state["dinv"]
    H = T - dinv[:, None] * _times(state, W)
    state["h_y"] = H[:, 1]
    da = H[:, 0] - db * H[:, 1]
    c1, c2 = -a * z, -s * v
    state.update(da=da, dz=(c1 - z * da) / a, dv=(c2 + v * da) / s)
    dz, dv = state["dz"], state["dv"]
    sums = [float((a * z + s * v).sum()), float((a * dz + z * da + s * dv - v * da).sum()),
            float((da * dz - da * dv).sum())]
    state.update(affine=(da, dz, dv))
    return state, {"longest": _longest(state), "sums": sums}


def corrector_rhs(state: dict, sigma_mu: float) -> tuple[dict, dict]:
    """Mehrotra's corrector: the right-hand side for the targets sigma mu with the predictor's
    second-order terms; returns U'D^-1 r and y'D^-1 r."""
    a, s, z, v = state["a"], state["s"], state["z"], state["v"]
    da, dz, dv = state.pop("affine")
    c1 = sigma_mu - a * z - da * dz
    c2 = sigma_mu - s * v + da * dv
    T0 = (-state["rd"] + c1 / a - c2 / s) * state["dinv"]
    state.update(c1=c1, c2=c2, T0=T0)
    return state, {"UT": _transposed_times(state, T0[:, None])[:, 0], "yT": float(state["y"] @ T0)}


def corrector_direction(state: dict, W: np.ndarray, db: float) -> tuple[dict, float]:
    """The corrected direction; returns its longest step."""
    _direction(state, state["T0"], W, db, state["c1"], state["c2"])
    for key in ("c1", "c2", "T0", "T", "rd"):
        state.pop(key, None)
    return state, _longest(state)


def final_alpha(state: dict, c_max: float, current: bool) -> tuple[dict, dict]:
    """alpha = the best point (current: the point itself, which met the stopping rule) rounded
    onto the bounds (within 1e-6 C_t); returns w = sum alpha y phi."""
    upper = state["upper"]
    alpha = (state["a"] if current else state["best"]) * c_max
    alpha = np.where(alpha < ROUND_TO * upper, 0.0, np.where(alpha > (1.0 - ROUND_TO) * upper, upper, alpha))
    for key in ("a", "s", "z", "v", "da", "dz", "dv", "h_y", "dinv", "best"):
        state.pop(key, None)
    state["alpha"] = alpha
    c = _transposed_times(state, alpha[:, None])[:, 0] / state["root"]  # U = y sqrt(C_max) phi
    return state, {"c": c}


def _phi(state: dict, t: int) -> np.ndarray:
    return state["space"].features(state["points"][t:t + 1])[0]


def _apply_updates(state: dict, updates: list) -> None:
    for partition, t, value in updates:
        if partition == state["index"]:
            state["alpha"][t] = value


def _gradient(state: dict, w: np.ndarray) -> np.ndarray:
    """G = y (w . phi(x)) - 1, the dual's gradient at the alpha whose sum of alpha y phi is w."""
    return _times(state, w[:, None])[:, 0] / state["root"] - 1.0  # U w = y sqrt(C_max) (w . phi)


def _up_low(state: dict) -> tuple[np.ndarray, np.ndarray]:
    y, alpha, upper = state["y"], state["alpha"], state["upper"]
    up = ((y > 0) & (alpha < upper)) | ((y < 0) & (alpha > 0))
    low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < upper))
    return up, low


def smo_first(state: dict, w: np.ndarray, updates: list) -> tuple[dict, dict]:
    """SMO's polish, first half of an iteration: applies the last pair's new alphas and returns the
    partition's most violating row of I_up (LIBSVM's i) and the least -yG over I_low."""
    _apply_updates(state, updates)
    G = _gradient(state, w)
    state["G"] = G
    up, low = _up_low(state)
    violation = -state["y"] * G
    out = {"gmin": float(np.min(violation[low], initial=math.inf)), "gmax": -math.inf}
    if up.any():
        t = int(np.flatnonzero(up)[np.argmax(violation[up])])
        out.update(gmax=float(violation[t]), row=_row(state, t))
    return state, out


def _row(state: dict, t: int) -> dict:
    return {"partition": state["index"], "t": t, "phi": _phi(state, t), "y": float(state["y"][t]),
            "alpha": float(state["alpha"][t]), "upper": float(state["upper"][t]), "G": float(state["G"][t])}


def smo_second(state: dict, phi_i: np.ndarray, gmax: float) -> tuple[dict, dict]:
    """Second half: the partition's best partner j for i by LIBSVM's second-order rule (the
    largest decrease b^2 / a of the objective, b = gmax + y_j G_j > 0, a = K_ii + K_jj - 2 K_ij)."""
    _, low = _up_low(state)
    b = gmax + state["y"] * state["G"]
    candidates = np.flatnonzero(low & (b > 0))
    if len(candidates) == 0:
        return state, {"score": math.inf}
    K_i = _times(state, phi_i[:, None])[:, 0] * state["y"] / state["root"]  # phi_t . phi_i
    diagonal = _diagonal(state)
    a = float(phi_i @ phi_i) + diagonal[candidates] - 2.0 * K_i[candidates]
    a = np.where(a > 0, a, TAU)
    score = -(b[candidates] ** 2) / a
    k = int(np.argmin(score))
    row = _row(state, int(candidates[k]))
    row["K_ij"] = float(K_i[candidates[k]])
    return state, {"score": float(score[k]), "row": row}


def _diagonal(state: dict) -> np.ndarray:
    """K(x_t, x_t) = |phi(x_t)|^2, computed once."""
    if "diagonal" not in state:
        state["diagonal"] = _times_each(state, lambda U: np.einsum("ij,ij->i", U, U)) / state["root"] ** 2
    return state["diagonal"]


def alpha_sums(state: dict, updates: list) -> tuple[dict, np.ndarray]:
    """Applies the last pair's alphas; returns sum alpha y phi afresh (the polish keeps it by
    updates)."""
    _apply_updates(state, updates)
    return state, _transposed_times(state, state["alpha"][:, None])[:, 0] / state["root"]


def certificate_sums(state: dict, c: np.ndarray) -> tuple[dict, dict]:
    """With f = c . phi(x) and G = y f - 1 (the dual's gradient): what LIBSVM's threshold, its
    maximal violating pair and the dual objective need."""
    y, alpha, upper = state["y"], state["alpha"], state["upper"]
    f = _times(state, c[:, None])[:, 0] * y / state["root"]  # U c = y sqrt(C_max) (c . phi)
    G = y * f - 1.0
    yg = y * G
    free = (alpha > 0) & (alpha < upper)
    at_upper = alpha >= upper
    at_lower = alpha <= 0
    to_ub = (~free) & (at_upper == (y < 0))
    to_lb = (~free) & ~to_ub
    up = ((y > 0) & ~at_upper) | ((y < 0) & ~at_lower)
    low = ((y > 0) & ~at_lower) | ((y < 0) & ~at_upper)
    state.update(f=f, G=G)
    return state, {"free_sum": float(yg[free].sum()), "free": int(free.sum()),
                   "ub": float(np.min(yg[to_ub], initial=math.inf)), "lb": float(np.max(yg[to_lb], initial=-math.inf)),
                   "gmax": float(np.max(-yg[up], initial=-math.inf)), "gmin": float(np.min(-yg[low], initial=math.inf)),
                   "objective": float((alpha * (G - 1.0)).sum()) / 2.0}


def machine_part(state: dict, rho: float, support_vectors: bool) -> tuple[dict, dict]:
    """The primal's hinge terms for the bias -rho, the training accuracy, and (when asked) the
    partition's support vectors (kernel coordinates) with a_t = alpha_t y_t."""
    y, alpha, G, upper = state["y"], state["alpha"], state["G"], state["upper"]
    duality = float((alpha * G + upper * np.maximum(0.0, y * rho - G)).sum())
    correct = int(((state["f"] - rho > 0) == (y > 0)).sum())
    sv = alpha > 0 if support_vectors else np.zeros(len(alpha), bool)
    return state, {"duality": duality, "correct": correct, "bounded": int((alpha[alpha > 0] >= upper[alpha > 0]).sum()),
                   "points": state["points"][sv], "a": (alpha * y)[sv], "rows": state["rows"][sv]}


# --- on the client: the method's loop over passes -------------------------------------------------
class Partition:
    """One partition, held on its worker as a Dask actor: its rows, and the state of the machine
    being trained. The method's passes call it directly (no scheduler round trip) and only their
    reductions travel."""

    def __init__(self, X, y, w, index: int, space, classes: np.ndarray, keep_bytes: float):
        self.base = partition_rows(X, y, w, index, space, classes)
        self.keep_bytes = keep_bytes
        self.state = None

    def begin(self, negative: list, positive: list, c_max: float, held_out: tuple | None = None) -> tuple[int, int]:
        """Starts a machine (on all its rows, or without one fold's); returns its rows and positives."""
        self.state = None  # the last machine's state goes first
        self.state = machine_start(self.base, negative, positive, c_max, self.keep_bytes, held_out)
        return len(self.state["y"]), int((self.state["y"] > 0).sum())

    def held_out(self, c: np.ndarray | None, bias: float) -> None:
        """The decision values of the rows the machine was trained without (c None: the constant
        bias, as the engine gives a fold whose training rows hold one class)."""
        held = self.state["held"]
        if "cv" not in self.base:
            self.base["cv"] = np.full(len(self.base["codes"]), np.nan)
        if c is None:
            self.base["cv"][held] = bias
        elif len(held):
            self.base["cv"][held] = self.base["space"].features(self.base["points"][held]) @ c + bias

    def cv_decisions(self, negative: list, positive: list) -> tuple[np.ndarray, np.ndarray]:
        """The machine's rows' held-out decision values and labels (+-1), in row order."""
        codes = self.base["codes"]
        rows = np.flatnonzero(np.isin(codes, negative) | np.isin(codes, positive))
        values = self.base.pop("cv", np.full(len(codes), np.nan))[rows]
        return values, np.where(np.isin(codes[rows], positive), 1.0, -1.0)

    def run(self, name: str, broadcast: dict):
        self.state, out = _PASSES[name](self.state, **broadcast)
        return out

    def correct(self, model, coefficients: np.ndarray, biases: np.ndarray) -> int:
        self.state = None
        return correct_classes(self.base, model, coefficients, biases)


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
          progress: Callable[[int, float], None] | None = None, support_vectors: bool = True) -> dict[str, Any]:
    """Runs the interior-point method over the partitions' states, then SMO's polish until the
    maximal KKT violation is below tolerance; returns the machine (support vectors in kernel
    coordinates, a_t, bias) and its certificate."""
    partitions = Partitions(actors)
    sums = partitions.run(point_sums)
    m = sum(r["rows"] for r in sums)
    largest = max(r["largest"] for r in sums)
    ub_max = max(r["ub_max"] for r in sums)
    b, steps, short_steps = 0.0, 0, 0
    best_distance = math.inf
    converged = stalled = False
    while steps < MAX_STEPS:
        w = np.sum([r["Ua"] for r in sums], axis=0)
        rp = sum(r["ya"] for r in sums)
        mu = sum(r["complementarity"] for r in sums) / (2.0 * m)
        objective = 0.5 * float(w @ w) - sum(r["sum_a"] for r in sums)
        if not math.isfinite(objective):
            break
        system = partitions.run(newton_system, w=w, b=b)
        rd_max = max(r["rd"] for r in system)
        if not math.isfinite(rd_max):
            break  # numerical breakdown: keep the best point
        duality = 2.0 * m * mu / (1.0 + abs(objective))
        if progress is not None and steps > 0:
            progress(steps, duality)
        rd_scale = 1.0 + largest * float(np.abs(w).max(initial=0.0))
        distance = max(rd_max / (1e-6 * rd_scale), abs(rp) / (1e-9 * (1.0 + ub_max)), duality / TARGET)
        is_best = distance < best_distance
        best_distance = min(best_distance, distance)
        if distance < 1.0:
            converged = True
            break
        solve_m = _factor(np.sum([r["gram"] for r in system], axis=0), partitions)
        UT = np.sum([r["UT"] for r in system], axis=0)
        yT = np.sum([r["yT"] for r in system], axis=0)
        W = solve_m(UT)
        g = UT[:, 1]  # U'D^-1 y: y'h = y'T - g'W for any right-hand side
        y_h_y = yT[1] - g @ W[:, 1]
        db = (yT[0] - g @ W[:, 0] + rp) / y_h_y
        affine = partitions.run(affine_direction, W=W, db=db, is_best=is_best)
        step_affine = min(r["longest"] for r in affine)
        S = np.sum([r["sums"] for r in affine], axis=0)
        mu_affine = (S[0] + step_affine * S[1] + step_affine ** 2 * S[2]) / (2.0 * m)
        sigma = (mu_affine / mu) ** 3
        corrector = partitions.run(corrector_rhs, sigma_mu=sigma * mu)
        UT0 = np.sum([r["UT"] for r in corrector], axis=0)
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
    w = np.sum([r["c"] for r in partitions.run(final_alpha, c_max=c_max, current=converged)], axis=0)
    updates, iterations = _polish(partitions, w, tolerance)
    c = np.sum(partitions.run(alpha_sums, updates=updates), axis=0)
    parts = partitions.run(certificate_sums, c=c)
    free = sum(r["free"] for r in parts)
    rho = (sum(r["free_sum"] for r in parts) / free if free > 0
           else (min(r["ub"] for r in parts) + max(r["lb"] for r in parts)) / 2.0)
    gap = max(r["gmax"] for r in parts) - min(r["gmin"] for r in parts)
    machine = partitions.run(machine_part, rho=rho, support_vectors=support_vectors)
    return {"support_vectors": np.vstack([r["points"] for r in machine]),
            "support_rows": [r["rows"] for r in machine],
            "coefficients": np.concatenate([r["a"] for r in machine]), "bias": -rho, "c": c,
            "summary": {"rows": m, "bounded_support_vectors": sum(r["bounded"] for r in machine),
                        "interior_point_steps": steps, "iterations": iterations, "gap": max(gap, 0.0),
                        "objective": sum(r["objective"] for r in parts),
                        "duality_gap": max(0.0, sum(r["duality"] for r in machine)),
                        "training_accuracy": sum(r["correct"] for r in machine) / m},
            "converged_method": converged, "stalled": stalled}


def _pair_step(i: dict, j: dict) -> tuple[float, float]:
    """LIBSVM's update of the pair (i, j): the clipped Newton step along y_i a_i + y_j a_j = const."""
    Ci, Cj, ai, aj = i["upper"], j["upper"], i["alpha"], j["alpha"]
    if i["y"] != j["y"]:
        quad = i["K_ii"] + j["K_jj"] - 2.0 * j["K_ij"]
        delta = (-i["G"] - j["G"]) / (quad if quad > 0 else TAU)
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
        quad = i["K_ii"] + j["K_jj"] - 2.0 * j["K_ij"]
        delta = (i["G"] - j["G"]) / (quad if quad > 0 else TAU)
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


def _polish(partitions: Partitions, w: np.ndarray, tolerance: float) -> tuple[list, int]:
    """SMO from the interior-point method's rounded point, in w = sum alpha y phi: each iteration
    picks LIBSVM's pair over all partitions (two passes), steps on the client and sends the two
    new alphas with the next pass. Stops when the maximal violation is below tolerance (what the
    engine's SMO certifies) or after MAX_POLISH_ITERATIONS. Returns the pending updates."""
    updates: list = []
    for iteration in range(MAX_POLISH_ITERATIONS + 1):
        first = partitions.run(smo_first, w=w, updates=updates)
        updates = []
        gmin = min(r["gmin"] for r in first)
        best = max(first, key=lambda r: r["gmax"])
        if best["gmax"] - gmin < tolerance or iteration == MAX_POLISH_ITERATIONS:
            return updates, iteration
        i = best["row"]
        i["K_ii"] = float(i["phi"] @ i["phi"])
        second = partitions.run(smo_second, phi_i=i["phi"], gmax=best["gmax"])
        partner = min(second, key=lambda r: r["score"])
        if not math.isfinite(partner["score"]):
            return updates, iteration  # no pair would move: the violation is what precision allows
        j = partner["row"]
        j["K_jj"] = float(j["phi"] @ j["phi"])
        ai, aj = _pair_step(i, j)
        w = w + (ai - i["alpha"]) * i["y"] * i["phi"] + (aj - j["alpha"]) * j["y"] * j["phi"]
        updates = [(i["partition"], i["t"], ai), (j["partition"], j["t"], aj)]
    return updates, MAX_POLISH_ITERATIONS


_PASSES = {f.__name__: f for f in (point_sums, newton_system, triangular_factor, affine_direction, corrector_rhs,
                                   corrector_direction, final_alpha, smo_first, smo_second, alpha_sums,
                                   certificate_sums, machine_part)}
