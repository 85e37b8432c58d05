"""The model you would actually train: C and degree (ORCA) or C and gamma (RBF SVC) chosen by
5-fold cross-validation with scikit-learn's GridSearchCV, on the same data and the same folds, then
the final fit on all rows with the chosen setting. Prints a markdown table of search times (with
their ratio), the chosen settings, their CV accuracy and the final fits' time and iterations;
bench/run_all.sh puts it into docs/benchmarks.md.

Both searches use n_jobs=2 (the machine's two cores): scikit-learn runs two fits at once, and
ORCA's fits also share their kernel rows between threads, which is the oversubscribed case the
thread team is built for.

Usage: python bench/bench_grid_search.py [MxD ...]   (default: 2000x5 2000x10; run_all.sh adds
20000x5, some 10 minutes on two cores)
"""
import sys
import time

import numpy as np
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.svm import SVC

from orca_svm import OrcaSVC

C_GRID = [0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]
DEGREES = [1, 2, 3, 4, 5, 6]
GAMMA_FACTORS = [0.03, 0.1, 0.3, 1.0, 3.0, 10.0]  # times scikit-learn's gamma="scale"


def dataset(m, d, seed=0):
    """The training benchmark's synthetic task: a main effect, a pair, a square and a line."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + 0.3 * X[:, 4] + rng.normal(0, 0.3, m)
    return X, np.where(f > np.median(f), 1, 0)


def search(estimator, grid, X, y, folds):
    start = time.perf_counter()
    gs = GridSearchCV(estimator, grid, cv=folds, n_jobs=2, refit=False).fit(X, y)
    seconds = time.perf_counter() - start
    best = gs.best_params_
    final = estimator.set_params(**best)
    start = time.perf_counter()
    final.fit(X, y)
    fit_seconds = time.perf_counter() - start
    iterations = int(np.sum(final.n_iter_))
    return seconds, best, gs.best_score_, fit_seconds, iterations


def main():
    sizes = sys.argv[1:] or ["2000x5", "2000x10"]
    print("| data (m x d) | model | grid (5 folds) | search (s) | / RBF | chosen | CV accuracy | final fit (s) "
          "| iterations |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size in sizes:
        m, d = (int(v) for v in size.split("x"))
        X, y = dataset(m, d)
        folds = list(StratifiedKFold(5, shuffle=True, random_state=0).split(X, y))
        scale = 1.0 / (d * X.var())
        rbf = search(SVC(kernel="rbf"), {"C": C_GRID, "gamma": [g * scale for g in GAMMA_FACTORS]}, X, y, folds)
        orca = search(OrcaSVC(), {"C": C_GRID, "degree": DEGREES}, X, y, folds)
        # The same number of settings, with pairs allowed and without the hard-margin C values.
        orca_q = search(OrcaSVC(), {"C": [0.1, 1.0, 10.0], "degree": DEGREES, "max_order": [1, 2]}, X, y, folds)
        rows = (("ORCA (additive: the default max_order for d > 2)", "6 C x 6 degrees", orca),
                ("ORCA", "3 C (0.1-10) x 6 degrees x max_order 1, 2", orca_q),
                ("RBF SVC (scikit-learn)", "6 C x 6 gamma", rbf))
        for name, grid, (seconds, best, score, fit_seconds, iterations) in rows:
            chosen = ", ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in sorted(best.items()))
            print(f"| {m:,} x {d} | {name} | {grid} | {seconds:.1f} | {seconds / rbf[0]:.2f} | {chosen} "
                  f"| {score:.3f} | {fit_seconds:.2f} | {iterations:,} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
