"""``scaling="quantile"`` on Dask: each numeric feature's quantile knots, the very knots a local fit
draws (the engine's rule, ``orca::quantile_grid_step``), found by counting on the partitions, so
that no step gathers a column.

The rule: a feature of at most K = ``_core.MAX_QUANTILE_KNOTS`` distinct values keeps every one;
beyond, its smallest and largest values and, for k = 1 .. K - 1, the first distinct value whose
mid-rank (values below + half its ties) / m reaches k / K, i.e. K (2 below + ties) >= 2 k m in
integers. With G(t) = #values < t + #values <= t (non-decreasing in t, and 2 below + ties at a
value), the k-th knot is the smallest value present at or above the smallest double t with
K G(t) >= 2 k m. That t is found by bisection over the doubles in their order (their bits as
integers), PROBES points per query a round, each partition counting with ``searchsorted`` on its
sorted column: about 16 rounds for any data, each sending a few numbers per query. Two more
rounds give each knot's value and its counts.

Each partition's sorted columns (its rows of weight > 0, the values present) are held on its
worker for the search: as much memory again as its numeric columns, released after it.
"""
from __future__ import annotations

import numpy as np

from . import _core

# Points probed per query and round: each round narrows a query's interval 16-fold.
PROBES = 15
_SIGN = np.uint64(1 << 63)
_LOW_BITS = np.int64(0x7FFFFFFFFFFFFFFF)


# --- on the workers ---------------------------------------------------------------------------------
def sorted_columns(X, w, columns: list[int]) -> list[np.ndarray]:
    """The partition's values present in each of these columns among its rows of weight > 0, sorted."""
    X = np.asarray(X, dtype=np.float64)
    if w is not None:
        X = X[np.asarray(w, dtype=np.float64) > 0]
    return [np.sort(c[~np.isnan(c)]) for c in X[:, columns].T]


def distinct_counts(columns: list[np.ndarray], cap: int) -> list:
    """Per column its distinct values and their counts, or None when it has more than cap."""
    out = []
    for c in columns:
        values, counts = np.unique(c, return_counts=True)
        out.append((values, counts) if len(values) <= cap else None)
    return out


def twice_ranks(columns: list[np.ndarray], points: list[np.ndarray]) -> list[np.ndarray]:
    """Per column G(t) = #values < t + #values <= t at each of its points."""
    return [np.searchsorted(c, t, "left") + np.searchsorted(c, t, "right") for c, t in zip(columns, points)]


def first_at_or_above(columns: list[np.ndarray], points: list[np.ndarray]) -> list[np.ndarray]:
    """Per column the smallest value present at or above each of its points (inf: none)."""
    out = []
    for c, t in zip(columns, points):
        at = np.searchsorted(c, t, "left")
        out.append(np.where(at < len(c), c[np.minimum(at, len(c) - 1)] if len(c) else np.inf, np.inf))
    return out


def below_and_ties(columns: list[np.ndarray], points: list[np.ndarray]) -> list[np.ndarray]:
    """Per column, at each of its points: the values below it and equal to it (2 x n)."""
    out = []
    for c, t in zip(columns, points):
        below = np.searchsorted(c, t, "left")
        out.append(np.stack([below, np.searchsorted(c, t, "right") - below]))
    return out


# --- on the client ----------------------------------------------------------------------------------
def _order_key(x: np.ndarray) -> np.ndarray:
    """Doubles as unsigned integers in the same order (-0.0 just below 0.0)."""
    bits = np.asarray(x, dtype=np.float64).view(np.int64)
    return (bits ^ ((bits >> 63) & _LOW_BITS)).view(np.uint64) ^ _SIGN


def _from_order_key(key: np.ndarray) -> np.ndarray:
    bits = (np.asarray(key, dtype=np.uint64) ^ _SIGN).view(np.int64)
    return (bits ^ ((bits >> 63) & _LOW_BITS)).view(np.float64)


def _summed(client, function, columns, points) -> list[np.ndarray]:
    """function over every partition's sorted columns at the same points, summed over partitions
    (the points sent once to each worker, not once a partition)."""
    [shared] = client.scatter([points], broadcast=True, hash=False)
    parts = client.gather(client.map(function, columns, points=shared, pure=False))
    return [sum(p[j] for p in parts) for j in range(len(points))]


def quantile_knots(client, x_blocks, w_blocks, features: list[int], d: int, minimum, maximum):
    """Per feature of d, its knots and the values below and at each (empty lists for a feature not
    in ``features``, the numeric features that vary): ColumnStatistics' knot_x, knot_below and
    knot_ties. minimum and maximum: each feature's, over the same values."""
    K = _core.MAX_QUANTILE_KNOTS
    knot_x, knot_below, knot_ties = ([[] for _ in range(d)] for _ in range(3))
    if not features:
        return knot_x, knot_below, knot_ties
    columns = client.map(sorted_columns, x_blocks, w_blocks, columns=features, pure=False)
    try:
        found = client.gather(client.map(distinct_counts, columns, cap=K, pure=False))
        many = []
        for f, j in enumerate(features):
            if all(part[f] is not None for part in found):
                values, inverse = np.unique(np.concatenate([part[f][0] for part in found]), return_inverse=True)
                if len(values) <= K:
                    ties = np.bincount(inverse, weights=np.concatenate([part[f][1] for part in found]))
                    knot_x[j], knot_below[j], knot_ties[j] = (values.tolist(), (np.cumsum(ties) - ties).tolist(),
                                                              ties.tolist())
                    continue
            many.append(f)
        if many:
            _grid_knots(client, columns, features, many, minimum, maximum, (knot_x, knot_below, knot_ties))
    finally:
        client.cancel(columns)
    return knot_x, knot_below, knot_ties


def _grid_knots(client, columns, features: list[int], many: list[int], minimum, maximum, out) -> None:
    """The knots of the features (indices into ``features``) with more than K distinct values."""
    K = _core.MAX_QUANTILE_KNOTS
    n = len(features)
    empty = [np.zeros(0)] * n

    def at(points_of: dict) -> list[np.ndarray]:
        return [points_of.get(f, np.zeros(0)) for f in range(n)]

    ends = _summed(client, below_and_ties, columns,
                   at({f: np.array([minimum[features[f]], maximum[features[f]]]) for f in many}))
    queries = {}  # f -> (2 k m of each open search, its lo and hi keys, m): K G(lo) < 2 k m <= K G(hi)
    answers = {}  # f -> the searches the smallest value settles
    for f in many:
        (below_lo, below_hi), (ties_lo, ties_hi) = ends[f]
        m = int(below_hi + ties_hi)
        k = np.arange(1, K, dtype=np.int64)
        need = 2 * k * m  # K G(t) >= need
        at_min = K * int(ties_lo) >= need  # the smallest value reaches these thresholds
        at_max = K * (2 * int(below_hi) + int(ties_hi)) >= need
        answers[f] = [np.full(int(at_min.sum()), minimum[features[f]])]
        open_ = ~at_min & at_max  # beyond the largest value's mid-rank: no knot
        lo = np.full(int(open_.sum()), _order_key(np.array([minimum[features[f]]]))[0])
        hi = np.full(len(lo), _order_key(np.array([maximum[features[f]]]))[0])
        queries[f] = (need[open_], lo, hi, m)
    while any(len(q[1]) and np.any(q[2] - q[1] > 1) for q in queries.values()):
        probes = {}
        for f, (need, lo, hi, _) in queries.items():
            step = np.maximum((hi - lo) // np.uint64(PROBES + 1), np.uint64(1))
            i = np.arange(1, PROBES + 1, dtype=np.uint64)
            probes[f] = np.minimum(lo[:, None] + step[:, None] * i, np.maximum(hi, lo + np.uint64(1))[:, None] -
                                   np.uint64(1))
        counted = _summed(client, twice_ranks, columns,
                          at({f: _from_order_key(p.ravel()) for f, p in probes.items()}))
        for f, (need, lo, hi, m) in queries.items():
            p = probes[f]
            reached = K * counted[f].reshape(p.shape) >= need[:, None]
            first = np.where(reached.any(axis=1), reached.argmax(axis=1), PROBES)
            rows = np.arange(len(lo))
            new_hi = np.where(first < PROBES, p[rows, np.minimum(first, PROBES - 1)], hi)
            new_lo = np.where(first > 0, p[rows, np.maximum(first - 1, 0)], lo)
            queries[f] = (need, np.maximum(new_lo, lo), new_hi, m)
    smallest = [np.full(0, np.inf)] * n
    if any(len(q[1]) for q in queries.values()):
        parts = client.gather(client.map(first_at_or_above, columns,
                                         points=at({f: _from_order_key(q[2]) for f, q in queries.items()}),
                                         pure=False))
        smallest = [np.minimum.reduce([p[f] for p in parts]) if len(parts) else empty[f] for f in range(n)]
    values = {f: np.unique(np.concatenate([*answers[f], smallest[f] if f in queries else np.zeros(0),
                                           [minimum[features[f]], maximum[features[f]]]])) for f in many}
    counts = _summed(client, below_and_ties, columns, at(values))
    knot_x, knot_below, knot_ties = out
    for f in many:
        j = features[f]
        knot_x[j], knot_below[j], knot_ties[j] = (values[f].tolist(), counts[f][0].astype(float).tolist(),
                                                  counts[f][1].astype(float).tolist())
