"""One partition of a Dask fit, on its worker (orca_svm._dask_ipm drives it): its rows in kernel
coordinates, the state of the machine being trained on them (a two-class machine, or an
epsilon-SVR's), and its share of each pass of the interior-point method and of SMO's polish. Each
pass takes the state and what the client broadcast, and returns the state and its reductions
(p-vectors, p x p sums, a few scalars).

The state is LIBSVM's form of the dual, min 1/2 a'Qa + l'a subject to y'a = 0 and 0 <= a <= upper:
a C-SVC has one variable a row (l = -1); an epsilon-SVR two, alpha_t and alpha_t* (y = +1 and -1,
l = eps - z_t and eps + z_t), both on their row's features (kept or computed once a row: the passes
fold the variables onto their points and expand them back, as the engine does).

Categorical columns travel as level codes (``encoded_frame``): first by the levels any row holds,
renumbered by ``partition_rows`` over the levels rows of weight > 0 hold, which the model keeps
(as a local fit drops the others).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

# Within this fraction of C_t of a bound, the method's alpha is put on the bound (the engine's).
ROUND_TO = 1e-6
TAU = 1e-12  # LIBSVM's floor of a pair's curvature
# Rows whose features are computed at a time when they are not kept (memory O(block p)).
BLOCK_ROWS = 8192


def frame_levels(frame) -> list[set]:
    """Per column of a partition (a pandas DataFrame of categorical columns), the level names its
    values present hold, as the local estimator names them (their text)."""
    return [set(frame[c][frame[c].notna()].astype(str)) for c in frame.columns]


def encoded_frame(frame, levels: list[list[str]]):
    """A partition (pandas DataFrame) as float64 columns: a categorical column's values as their
    codes in levels (the column's entry; [] for a numeric column), a gap (NaN, None, pandas' NA) as
    NaN."""
    import pandas as pd

    from ._base import _encode_levels
    coded, _ = _encode_levels(frame, levels)
    return pd.DataFrame({c: coded[c].to_numpy(dtype=np.float64, na_value=np.nan) for c in coded.columns},
                        index=frame.index)


def partition_statistics(X: np.ndarray, y: np.ndarray, w: np.ndarray | None, classes: np.ndarray | None,
                         level_sizes: list[int] | None = None) -> dict:
    """What the settings need of a partition's rows of weight > 0: per feature the count, range,
    mean and sum of squared deviations of the values present (merged by Chan's formula), the
    missing values, and the rows per class (classes None: a regression's target, as one more
    column: its range, mean and squared deviations, and whether it holds a value that is not a
    finite number). level_sizes: per feature, a categorical one's level count (0: numeric); its
    rows per level code are then counted too."""
    X = np.asarray(X, dtype=np.float64)
    weights = np.ones(len(X)) if w is None else np.asarray(w, dtype=np.float64)
    keep = weights > 0
    X, y, weights = X[keep], np.asarray(y)[keep], weights[keep]
    out = {**_column_moments(X), "missing": np.isnan(X).sum(axis=0), "infinite": np.isinf(X).any(axis=0)}
    if level_sizes is not None:
        out["level_counts"] = [np.bincount(X[~np.isnan(X[:, j]), j].astype(np.int64), minlength=size)[:size]
                               .astype(np.float64) if size else np.zeros(0) for j, size in enumerate(level_sizes)]
    if classes is None:
        z = np.asarray(y, dtype=np.float64)
        finite = bool(np.isfinite(z).all())
        out.update(class_rows=np.array([float(len(z))]), largest_weight=np.array([weights.max(initial=0.0)]),
                   target=_column_moments((z if finite else np.zeros(len(z)))[:, None]), bad_target=not finite)
    else:
        codes = np.searchsorted(classes, y)
        largest_weight = np.zeros(len(classes))
        np.maximum.at(largest_weight, codes, weights)
        out.update(class_rows=np.bincount(codes, minlength=len(classes)).astype(np.float64),
                   largest_weight=largest_weight)
    return {**out,
            "bad_weights": w is not None and not bool(np.all(np.isfinite(np.asarray(w, dtype=np.float64))
                                                             & (np.asarray(w, dtype=np.float64) >= 0)))}


def _column_moments(X: np.ndarray) -> dict:
    """Per column of X, over the values present (not NaN): their count n, range, mean and sum of
    squared deviations m2."""
    present = ~np.isnan(X)
    n = present.sum(axis=0).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        lo = np.where(n > 0, np.nanmin(np.where(present, X, np.inf), axis=0, initial=np.inf), np.nan)
        hi = np.where(n > 0, np.nanmax(np.where(present, X, -np.inf), axis=0, initial=-np.inf), np.nan)
        mean = np.where(n > 0, np.nansum(X, axis=0) / np.maximum(n, 1), 0.0)
        m2 = np.nansum(np.where(present, (X - mean) ** 2, 0.0), axis=0)
    return {"n": n, "min": lo, "max": hi, "mean": mean, "m2": m2}


def _merged_moments(a: dict, b: dict) -> dict:
    """The moments of two sets of values (_column_moments' keys), by Chan's formula."""
    n = a["n"] + b["n"]
    delta = b["mean"] - a["mean"]
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(n > 0, b["n"] / np.maximum(n, 1), 0.0)
    return {"n": n, "min": np.fmin(a["min"], b["min"]), "max": np.fmax(a["max"], b["max"]),
            "mean": a["mean"] + delta * share, "m2": a["m2"] + b["m2"] + delta ** 2 * a["n"] * share}


def _with_sd(moments: dict) -> dict:
    """The moments with the population standard deviation sd (0 where no value is present)."""
    return {**moments, "sd": np.sqrt(np.where(moments["n"] > 0, moments["m2"] / np.maximum(moments["n"], 1), 0.0))}


def merge_statistics(parts: list[dict]) -> dict:
    """The partitions' statistics as one table's (in partition order)."""
    with np.errstate(invalid="ignore", over="ignore"):  # an infinite value is refused after the merge
        return _merged(parts)


def _merged(parts: list[dict]) -> dict:
    total = dict(parts[0])
    for p in parts[1:]:
        total.update(_merged_moments(total, p))
        for key in ("missing", "class_rows"):
            total[key] = total[key] + p[key]
        if "level_counts" in total:
            total["level_counts"] = [a + b for a, b in zip(total["level_counts"], p["level_counts"])]
        total["infinite"] = total["infinite"] | p["infinite"]
        total["largest_weight"] = np.maximum(total["largest_weight"], p["largest_weight"])
        total["bad_weights"] = total["bad_weights"] or p["bad_weights"]
        if "target" in total:
            total["target"] = _merged_moments(total["target"], p["target"])
            total["bad_target"] = total["bad_target"] or p["bad_target"]
    if "target" in total:
        total["target"] = _with_sd(total["target"])
    return _with_sd(total)


def partition_rows(X, y, w, index: int, space, classes: np.ndarray | None, recode: dict | None = None) -> dict:
    """A partition's rows of weight > 0 in kernel coordinates, their weights, and their class codes
    with each class's box bound C times its class weight (classes None: a regression's targets,
    and the box bound C). recode: per categorical feature (its index), each code's code among the
    levels the model keeps."""
    X = np.asarray(X, dtype=np.float64)
    weights = np.ones(len(X)) if w is None else np.asarray(w, dtype=np.float64)
    keep = weights > 0
    if recode:
        X = X.copy()
        for j, codes in recode.items():
            present = ~np.isnan(X[:, j]) & keep
            X[present, j] = np.asarray(codes, dtype=np.float64)[X[present, j].astype(np.int64)]
    base = {"index": index, "space": space, "points": space.scaled(np.ascontiguousarray(X[keep]), "a partition of X"),
            "weights": weights[keep]}
    if classes is None:
        return {**base, "z": np.asarray(y, dtype=np.float64)[keep], "class_upper": np.array([space.upper(0)])}
    return {**base, "codes": np.searchsorted(classes, np.asarray(y)[keep]),
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
    z = v = 1; the features sqrt(C_max) phi of its points kept when they take at most
    keep_bytes."""
    space, codes = base["space"], base["codes"]
    rows = np.flatnonzero(np.isin(codes, negative) | np.isin(codes, positive))
    held = np.zeros(0, dtype=np.int64)
    if held_out is not None:
        fold, folds, seed = held_out
        in_fold = cv_folds(len(rows), folds, list(seed) + [base["index"]]) == fold
        rows, held = rows[~in_fold], rows[in_fold]
    is_positive = np.isin(codes[rows], positive)
    upper = base["class_upper"][codes[rows]] * base["weights"][rows]
    y = np.where(is_positive, 1.0, -1.0)
    return _start(base, rows, held, base["points"][rows], y, -np.ones(len(y)), upper, c_max, keep_bytes, twin=False)


def regression_start(base: dict, c_max: float, keep_bytes: float) -> dict:
    """A partition's state at the start of an epsilon-SVR machine on the target standardised as the
    space says ((z - shift) / scale): two variables a row, alpha_t then alpha_t*, over the rows'
    points (and their features) once."""
    space = base["space"]
    z = (base["z"] - space.target_shift) / space.target_scale
    n = len(z)
    rows = np.arange(n)
    upper = base["class_upper"][0] * base["weights"]
    state = _start(base, np.concatenate([rows, rows]), np.zeros(0, dtype=np.int64),
                   base["points"], np.concatenate([np.ones(n), -np.ones(n)]),
                   np.concatenate([space.epsilon - z, space.epsilon + z]), np.concatenate([upper, upper]), c_max,
                   keep_bytes, twin=True)
    state["target"] = z
    return state


def _start(base, rows, held, points, y, lin, upper, c_max, keep_bytes, twin, kept=None) -> dict:
    """The method's starting point for variables of labels y, linear term lin and bounds upper
    (twin: two variables a row, alpha_t then alpha_t*, over the points given once), and the kept
    features of the points when they fit (kept: those features, already computed)."""
    space = base["space"]
    ub = upper / c_max
    base.setdefault("seen", np.zeros(len(base["points"]), dtype=bool))
    state = {"index": base["index"], "rows": rows, "held": held, "points": points, "y": y, "lin": lin, "twin": twin,
             "seen": base["seen"], "keep_bytes": keep_bytes,
             "upper": upper, "ub": ub, "root": math.sqrt(c_max), "space": space}
    method_start(state)
    state["P"] = kept
    if kept is None and len(points) * space.size * 8.0 <= keep_bytes:
        state["P"] = _features(state, 0, len(points))
    state["largest"] = float(_times_each(state, lambda P: np.abs(P).max(axis=1, initial=0.0)).max(initial=0.0))
    return state


def method_start(state: dict) -> None:
    """The interior-point method's starting point: a = s = ub / 2, z = v = 1 (the best point a)."""
    ub = state["ub"]
    state.update(a=ub / 2.0, z=np.ones(len(ub)), v=np.ones(len(ub)))
    state["s"] = ub - state["a"]
    state["best"] = state["a"].copy()


def correct_classes(base: dict, model, coefficients: np.ndarray, biases: np.ndarray) -> int:
    """Rows whose class the model predicts right, from every machine's decision values
    phi(x) . c_m + b_m (each machine's own over its support vectors, to rounding)."""
    correct = 0
    for lo in range(0, len(base["codes"]), BLOCK_ROWS):
        phi = base["space"].features(base["points"][lo:lo + BLOCK_ROWS])
        labels, _ = model.predict_classes(phi @ coefficients + biases)
        correct += int((np.asarray(labels) == base["codes"][lo:lo + BLOCK_ROWS]).sum())
    return correct


# The method's matrix is U = diag(y) P sqrt(C_max) Phi: one row per variable, P sending a variable
# to its point (itself; for an epsilon-SVR's twin variables t and n + t, point t). A partition
# computes or keeps sqrt(C_max) Phi of its points once, and folds and expands the variables around
# it: an epsilon-SVR's step costs a classifier's on as many rows (y = +-1: the same bits as
# multiplying the rows themselves).
def _features(state: dict, lo: int, hi: int) -> np.ndarray:
    """sqrt(C_max) phi of the points lo .. hi."""
    P = state["space"].features(state["points"][lo:hi])
    P *= state["root"]  # in place: a block of every pass, when the features are not kept
    return P


def _blocks(state: dict):
    """(first point, sqrt(C_max) phi of a block of points): the kept matrix at once, or blocks
    computed anew."""
    if state["P"] is not None:
        yield 0, state["P"]
        return
    points = len(state["points"])
    for lo in range(0, points, BLOCK_ROWS):
        yield lo, _features(state, lo, min(lo + BLOCK_ROWS, points))


def _fold(state: dict, T: np.ndarray) -> np.ndarray:
    """P' diag(y) T's rows summed per point: variables x k -> points x k (U'T = Phi' of it)."""
    F = state["y"][:, None] * T
    if state["twin"]:
        n = len(F) // 2
        return F[:n] + F[n:]
    return F


def _expand(state: dict, Q: np.ndarray) -> np.ndarray:
    """Per point -> per variable, signed by y: diag(y) P Q."""
    if state["twin"]:
        Q = np.concatenate([Q, Q])
    return state["y"][:, None] * Q


def _transposed_times(state: dict, T: np.ndarray) -> np.ndarray:
    F = _fold(state, T)
    out = np.zeros((state["space"].size, T.shape[1]))
    for lo, P in _blocks(state):
        out += P.T @ F[lo:lo + len(P)]
    return out


def _times(state: dict, W: np.ndarray) -> np.ndarray:
    if not len(state["points"]):
        return np.zeros((len(state["y"]), W.shape[1]))
    return _expand(state, np.concatenate([P @ W for _, P in _blocks(state)]))


def _times_each(state: dict, per_block: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """per_block(P) of every block of points, one value per point (a value the sign of y does not
    change), given to each of its variables."""
    parts = [per_block(P) for _, P in _blocks(state)]
    values = np.concatenate(parts) if parts else np.zeros(0)
    return np.concatenate([values, values]) if state["twin"] else values


def _per_point(state: dict, d: np.ndarray) -> np.ndarray:
    """A diagonal over the variables summed per point: U'DU = Phi' diag(of it) Phi."""
    if state["twin"]:
        n = len(d) // 2
        return d[:n] + d[n:]
    return d


def _size(state: dict) -> dict:
    """The machine's variables and the rows they stand for."""
    variables = len(state["y"])
    return {"variables": variables, "rows": variables // 2 if state["twin"] else variables}


def machine_size(state: dict) -> tuple[dict, dict]:
    """The machine's variables, its rows and the kept functions: what decides its route."""
    return state, {**_size(state), "functions": state["space"].size}


def point_sums(state: dict, step: float = 0.0) -> tuple[dict, dict]:
    """Takes the step of the last direction (if any), then what the client needs of the point:
    U'a, l'a, y'a, sum(a z + s v), the variables and the rows they stand for."""
    if step > 0.0:
        for key, sign in (("a", 1.0), ("s", -1.0)):
            state[key] = state[key] + sign * step * state["da"]
        state["z"] = state["z"] + step * state["dz"]
        state["v"] = state["v"] + step * state["dv"]
    a = state["a"]
    return state, {"Ua": _transposed_times(state, a[:, None])[:, 0], "lin_a": float(state["lin"] @ a),
                   "ya": float(state["y"] @ a),
                   "complementarity": float((a * state["z"] + state["s"] * state["v"]).sum()),
                   "largest": state["largest"], **_size(state), "ub_max": float(state["ub"].max(initial=0.0))}


def newton_system(state: dict, w: np.ndarray, b: float) -> tuple[dict, dict]:
    """The residual, D^-1, the predictor's right-hand sides T = D^-1 [r, y]; returns U'D^-1 U,
    U'T, y'T and the residual's largest entry."""
    a, s, z, v, y = state["a"], state["s"], state["z"], state["v"], state["y"]
    rd = _times(state, w[:, None])[:, 0] + state["lin"] + b * y - z + v
    dinv = 1.0 / (z / a + v / s)
    c1, c2 = -a * z, -s * v
    T = np.column_stack([-rd + c1 / a - c2 / s, y]) * dinv[:, None]
    from scipy.linalg.blas import dsyrk
    p = state["space"].size
    gram, UT = np.zeros((p, p), order="F"), np.zeros((p, 2))
    dinv_points, F = _per_point(state, dinv), _fold(state, T)
    for lo, P in _blocks(state):
        B = P * np.sqrt(dinv_points[lo:lo + len(P)])[:, None]
        # B'B by BLAS's symmetric rank-k update: half the multiply-adds of a product, upper triangle.
        gram = dsyrk(1.0, B.T, beta=1.0, c=gram, overwrite_c=True)
        UT += P.T @ F[lo:lo + len(P)]
    gram = np.triu(gram) + np.triu(gram, 1).T
    state.update(rd=rd, dinv=dinv, T=T)
    finite = bool(np.isfinite(rd).all())
    return state, {"gram": gram, "UT": UT, "yT": y @ T,
                   "rd": float(np.abs(rd).max(initial=0.0)) if finite else math.inf}


def triangular_factor(state: dict) -> tuple[dict, np.ndarray]:
    """R of the QR of D^-1/2 U: where I + U'D^-1 U has no Cholesky factor in double precision,
    the client's QR of these stacked (and I) gives the same factor stably (the engine's fallback)."""
    R = np.zeros((0, state["space"].size))
    dinv_points = _per_point(state, state["dinv"])
    for lo, P in _blocks(state):
        block = np.vstack([R, P * np.sqrt(dinv_points[lo:lo + len(P)])[:, None]])
        R = np.linalg.qr(block, mode="r")
    return state, R


def _direction(state: dict, h_r: np.ndarray, db: float, c1: np.ndarray, c2: np.ndarray) -> None:
    """da = h_r - db h_y and the dual slacks' dz, dv it implies for the targets c1, c2."""
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
    _direction(state, H[:, 0], db, -a * z, -s * v)
    da, dz, dv = state["da"], state["dz"], state["dv"]
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
    h_r = state["T0"] - state["dinv"] * _times(state, W[:, None])[:, 0]
    _direction(state, h_r, db, state["c1"], state["c2"])
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


def _phi_of(state: dict, variables: np.ndarray) -> np.ndarray:
    """phi of each variable's point (twin variables t and n + t: point t), from the kept features
    where there are any."""
    points = variables % len(state["points"]) if state["twin"] else variables
    if state["P"] is not None:
        return state["P"][points] / state["root"]
    return state["space"].features(state["points"][points])


def _apply_updates(state: dict, updates: list) -> None:
    for partition, t, value in updates:
        if partition == state["index"]:
            state["alpha"][t] = value


def _gradient(state: dict, w: np.ndarray) -> np.ndarray:
    """G = y (w . phi(x)) + l, the dual's gradient at the alpha whose sum of alpha y phi is w."""
    return _times(state, w[:, None])[:, 0] / state["root"] + state["lin"]  # U w = y sqrt(C_max) (w . phi)


def up_low(y: np.ndarray, alpha: np.ndarray, upper: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """LIBSVM's I_up and I_low: the variables that may move up (down) along y."""
    up = ((y > 0) & (alpha < upper)) | ((y < 0) & (alpha > 0))
    low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < upper))
    return up, low


def polish_rows(state: dict, w: np.ndarray, updates: list, count: int) -> tuple[dict, dict]:
    """SMO's polish, one pass (orca_svm._dask_polish): applies the client's new alphas, then
    returns LIBSVM's maximal violation terms over the partition (the largest -yG over I_up, the
    least over I_low) and its `count` most violating variables of each set, with their features,
    labels, alphas, bounds and gradients: the rows the client's next SMO iterations run on."""
    _apply_updates(state, updates)
    G = _gradient(state, w)
    up, low = up_low(state["y"], state["alpha"], state["upper"])
    violation = -state["y"] * G
    ups, lows = np.flatnonzero(up), np.flatnonzero(low)
    out = {"gmax": float(np.max(violation[ups], initial=-math.inf)),
           "gmin": float(np.min(violation[lows], initial=math.inf))}
    if len(ups) > count:
        ups = ups[np.argpartition(-violation[ups], count - 1)[:count]]
    if len(lows) > count:
        lows = lows[np.argpartition(violation[lows], count - 1)[:count]]
    t = np.union1d(ups, lows)
    out["rows"] = {"partition": np.full(len(t), state["index"]), "t": t, "phi": _phi_of(state, t),
                   "y": state["y"][t], "alpha": state["alpha"][t].copy(), "upper": state["upper"][t], "G": G[t]}
    return state, out


def alpha_sums(state: dict, updates: list) -> tuple[dict, np.ndarray]:
    """Applies the last pair's alphas; returns sum alpha y phi afresh (the polish keeps it by
    updates)."""
    _apply_updates(state, updates)
    return state, _transposed_times(state, state["alpha"][:, None])[:, 0] / state["root"]


def certificate_sums(state: dict, c: np.ndarray) -> tuple[dict, dict]:
    """With f = c . phi(x) and G = y f + l (the dual's gradient): what LIBSVM's threshold, its
    maximal violating pair and the dual objective need."""
    y, alpha, upper = state["y"], state["alpha"], state["upper"]
    yf = _times(state, c[:, None])[:, 0] / state["root"]  # U c = y sqrt(C_max) (c . phi)
    G, f = yf + state["lin"], y * yf  # the gradient as _gradient gives it, and c . phi(x)
    yg = y * G
    free = (alpha > 0) & (alpha < upper)
    to_ub = (~free) & ((alpha >= upper) == (y < 0))
    to_lb = (~free) & ~to_ub
    up, low = up_low(state["y"], state["alpha"], state["upper"])
    state.update(f=f, G=G)
    return state, {"free_sum": float(yg[free].sum()), "free": int(free.sum()),
                   "ub": float(np.min(yg[to_ub], initial=math.inf)), "lb": float(np.max(yg[to_lb], initial=-math.inf)),
                   "gmax": float(np.max(-yg[up], initial=-math.inf)), "gmin": float(np.min(-yg[low], initial=math.inf)),
                   "objective": float((alpha * (G + state["lin"])).sum()) / 2.0}


def _machine_a(state: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The solved machine's a_t = alpha_t y_t (a regression: alpha_t - alpha_t*, one a row) with
    the rows' bounds, partition row numbers and points."""
    alpha, upper = state["alpha"], state["upper"]
    if state["twin"]:
        n = len(alpha) // 2
        return alpha[:n] - alpha[n:], upper[:n], state["rows"][:n], state["points"]
    return alpha * state["y"], upper, state["rows"], state["points"]


def machine_part(state: dict, rho: float, final: bool) -> tuple[dict, dict]:
    """The primal's hinge terms for the bias -rho, the training accuracy (a regression: its squared
    residuals and its targets' sum and sum of squares, for R^2) and the support vectors' count;
    a final machine (not a probability fold's) marks its support rows in the partition's "seen"
    (a row once however many machines use it)."""
    y, alpha, G, upper = state["y"], state["alpha"], state["G"], state["upper"]
    duality = float((alpha * G + upper * np.maximum(0.0, y * rho - G)).sum())
    out = {"duality": duality}
    if state["twin"]:
        n = len(alpha) // 2
        z = state["target"]
        out.update(residual=float(((z - (state["f"][:n] - rho)) ** 2).sum()), z_sum=float(z.sum()),
                   z_squares=float((z ** 2).sum()))
    else:
        out["correct"] = int(((state["f"] - rho > 0) == (y > 0)).sum())
    a, upper, rows, _ = _machine_a(state)
    sv = a != 0
    if final:
        state["seen"][rows[sv]] = True
    return state, {**out, "bounded": int((np.abs(a[sv]) >= upper[sv]).sum()), "count": int(sv.sum())}


def support_part(state: dict) -> tuple[dict, dict]:
    """The solved machine's support vectors (kernel coordinates) and their a_t: what a model that
    keeps its support vectors needs from this partition."""
    a, _, _, points = _machine_a(state)
    sv = a != 0
    return state, {"points": points[sv], "a": a[sv]}
