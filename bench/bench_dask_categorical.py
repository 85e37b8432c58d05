"""A table with categorical columns and gaps on Dask, side by side in one run: DaskOrcaSVC on the
dask DataFrame as it is (categorical columns and gaps taken as a local fit takes them), the same
Dask fit with the categorical columns given as numeric codes (what a user had to do before: one
pass less, a different model), the local OrcaSVC on the pandas frame, and
HistGradientBoostingClassifier with its native categorical support. Prints fit seconds, test
accuracy, and the largest difference between the Dask and the local model's decision values over
the decision range (target: 1e-3).

    python bench/bench_dask_categorical.py [--rows 100000] [--partitions 8] [--max-order 1]
"""
import argparse
import time

import numpy as np
import pandas as pd

TEST_ROWS = 50000


def table(m, seed=0):
    """Six numeric columns (one with gaps), two categorical ones of 5 and 12 levels with gaps, a
    label from main effects and one interaction."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, 6))
    plan = rng.choice(["a", "b", "c", "d", "e"], m, p=[0.4, 0.25, 0.15, 0.1, 0.1]).astype(object)
    region = rng.choice([f"r{k}" for k in range(12)], m).astype(object)
    effect = {"a": 0.0, "b": 0.6, "c": -0.4, "d": 1.0, "e": -0.8}
    f = (np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + np.vectorize(effect.get)(plan)
         + 0.3 * (np.char.str_len(region.astype(str)) - 2.5) + rng.normal(0, 0.3, m))
    plan[rng.random(m) < 0.05] = None
    region[rng.random(m) < 0.05] = None
    X[rng.random(m) < 0.05, 4] = np.nan
    frame = pd.DataFrame(X, columns=[f"x{j}" for j in range(6)]).assign(plan=plan, region=region)
    return frame, (f > np.median(f)).astype(int)


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100000)
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--max-order", type=int, default=1)
    args = parser.parse_args()
    import dask.dataframe as dd
    import distributed
    from sklearn.ensemble import HistGradientBoostingClassifier

    from orca_svm import OrcaSVC
    from orca_svm.dask import DaskOrcaSVC

    frame, y = table(args.rows + TEST_ROWS)
    train, test, y_train, y_test = frame.iloc[:args.rows], frame.iloc[args.rows:], y[:args.rows], y[args.rows:]
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    params = dict(max_order=args.max_order)
    Xd = dd.from_pandas(train, npartitions=args.partitions)
    yd = dd.from_pandas(pd.Series(y_train, name="y"), npartitions=args.partitions)
    coded = train.assign(plan=train["plan"].astype("category").cat.codes.replace(-1, np.nan),
                         region=train["region"].astype("category").cat.codes.replace(-1, np.nan))
    Xc = dd.from_pandas(coded, npartitions=args.partitions)
    rows = []
    clf, seconds = timed(lambda: DaskOrcaSVC(client=client, **params).fit(Xd, yd))
    rows.append(("DaskOrcaSVC, categorical columns", seconds, clf.score(test, y_test), clf))
    codes, seconds = timed(lambda: DaskOrcaSVC(client=client, **params).fit(Xc, yd))
    test_coded = test.assign(plan=pd.Categorical(test["plan"], categories=sorted(train["plan"].dropna().unique()))
                             .codes.astype(float), region=pd.Categorical(
                                 test["region"], categories=sorted(train["region"].dropna().unique())).codes
                             .astype(float))
    test_coded = test_coded.replace({"plan": {-1.0: np.nan}, "region": {-1.0: np.nan}})
    rows.append(("DaskOrcaSVC, the same columns as numeric codes", seconds, codes.score(test_coded, y_test), None))
    local, seconds = timed(lambda: OrcaSVC(**params).fit(train, y_train))
    rows.append(("OrcaSVC (local), categorical columns", seconds, local.score(test, y_test), None))
    typed = train.astype({"plan": "category", "region": "category"})
    hgb, seconds = timed(lambda: HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=0)
                         .fit(typed, y_train))
    rows.append(("HistGradientBoosting (native categories)", seconds,
                 hgb.score(test.astype({"plan": typed["plan"].dtype, "region": typed["region"].dtype}), y_test), None))
    ours, theirs = clf.decision_function(test), local.decision_function(test)
    difference = np.abs(ours - theirs).max() / (theirs.max() - theirs.min())
    print(f"# {args.rows} training rows ({args.partitions} partitions, 2 workers), {TEST_ROWS} test rows, "
          f"max_order={args.max_order}, basis {clf.basis_size_} functions")
    print("| model | fit s | test accuracy | fit / local OrcaSVC |")
    print("|---|---|---|---|")
    local_seconds = rows[2][1]
    for name, seconds, accuracy, _ in rows:
        print(f"| {name} | {seconds:.2f} | {accuracy:.4f} | {seconds / local_seconds:.2f} |")
    print(f"Dask against local decision values: largest difference {difference:.1e} of the range; levels equal: "
          f"{clf.model_.levels == local.model_.levels}")
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()
