"""Stress test of the engine's parallel paths: large multi-threaded fits on every training route
(training on Dask included), predictions, explanations and sweeps, repeated from Python and from
the CLI while other processes keep every core busy. Each repetition must give the same result bit for bit (the engine's results
do not depend on the number of threads or on timing) and nothing may crash or hang.

A race in the thread team once killed 3 of 12 fits of 50,000 rows from Python (issue 27). The
C++ test with stretched hand-over windows (tests/cpp/test_work_team.cpp) shows such a race at
once; this one checks that the whole engine holds up where users run it: under load, from Python
threads and from the CLI. `make test` runs it (`make test-stress` alone); about 3 minutes on 2
cores.

Usage: python tests/stress/stress.py --cli build/orca [--rounds 2] [--threads 4] [--quick]
"""
import argparse
import faulthandler
import hashlib
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
import warnings
from concurrent.futures import ThreadPoolExecutor


def spin():  # a core-loading process: the machine's other work (another fit, a Dask worker)
    while True:
        pass


def table(m, d, target, seed):
    import numpy as np
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] - 0.5 * X[:, d - 1] ** 2 + rng.normal(0, 0.3, m)
    if target == "two":
        return X, np.where(f > 0, "yes", "no")
    if target == "three":
        return X, np.select([f < -0.3, f < 0.4], ["low", "mid"], "high")
    return X, f


# The data of the routes that run from Python and from the CLI alike: rows at full scale,
# features, target, seed.
ROUTE_DATA = {"smo": (6000, 5, "two", 1), "interior-point": (20000, 10, "two", 2),
              "multi-class": (4000, 4, "three", 3), "regression": (4000, 4, "regression", 4)}


_CLUSTER = []


def dask_client():
    """A 2-worker LocalCluster, started at the first use and closed at the end."""
    if not _CLUSTER:
        import distributed
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                           dashboard_address=None, silence_logs=40)
        _CLUSTER.extend([cluster, distributed.Client(cluster)])
    return _CLUSTER[1]


def route_data(route, scale):
    rows, d, target, seed = ROUTE_DATA[route]
    return table(int(rows * scale), d, target, seed)


def digest(*parts) -> str:
    """sha256 of arrays (their bytes) and texts."""
    import numpy as np
    h = hashlib.sha256()
    for part in parts:
        if isinstance(part, str):
            part = part.encode()
        h.update(part if isinstance(part, bytes) else np.ascontiguousarray(part).tobytes())
    return h.hexdigest()


def python_cases(scale):
    """name -> a function returning the digest of its result. Each is one route of the engine."""
    from orca_svm import OrcaSVC, OrcaSVR, sweep
    from orca_svm.dask import DaskOrcaSVC, DaskOrcaSVR
    m = int(20000 * scale)

    def smo():  # the full tensor product of 5 features (3,125 functions): SMO alone, on kernel rows
        X, y = route_data("smo", scale)
        clf = OrcaSVC(degree=4, max_order=None, C=0.05).fit(X, y)
        assert clf.model_.summary["interior_point_steps"] == 0
        return digest(clf.decision_function(X), clf.model_.to_json())

    def interior_point():  # an additive basis at large C: the interior-point route
        X, y = route_data("interior-point", scale)
        clf = OrcaSVC(max_order=1, C=1000.0).fit(X, y)
        assert clf.model_.summary["interior_point_steps"] > 0
        return digest(clf.decision_function(X), clf.model_.to_json())

    def multiclass_probability():  # one-vs-one and one-vs-rest machines, Platt's internal folds
        X, y = route_data("multi-class", scale)
        out = []
        for strategy in ("ovo", "ovr"):
            clf = OrcaSVC(degree=3, max_order=2, C=0.5, multi_class=strategy, probability=True).fit(X, y)
            out += [clf.predict_proba(X), clf.model_.to_json()]
        return digest(*out)

    def regression():  # epsilon-SVR by the interior-point method on the explicit features (67 functions)
        X, f = route_data("regression", scale)
        reg = OrcaSVR(degree=3, max_order=2, C=0.5, epsilon=0.2).fit(X, f)
        assert reg.model_.summary["interior_point_steps"] > 0 or len(f) < 2000  # --quick: SMO first
        return digest(reg.predict(X), reg.model_.to_json())

    def refined_sums():  # pairs of 16 features (1,129 functions) on 6,000 rows: the interior-point
        # method's Newton sums in single precision, refined (from 1,024 functions and 4 rows a function)
        X, f = table(int(6000 * scale), 16, "regression", 10)
        reg = OrcaSVR(max_order=2, C=1.0, epsilon=0.2).fit(X, f)
        assert reg.model_.summary["interior_point_steps"] > 0
        return digest(reg.predict(X), reg.model_.to_json())

    def predict_explain_analyze():  # prediction, explanations and analysis on many rows
        X, y = table(3000, 5, "two", 5)
        clf = OrcaSVC(degree=3, max_order=None, C=1.0).fit(X, y)
        Xn, _ = table(m * 2, 5, "two", 6)
        phi = clf.explain(Xn[: m // 4]).to_numpy()
        interactions = clf.shapley_interactions(Xn[: m // 20])
        reports = [clf.analyze(method=method).to_json() for method in ("enumeration", "pairs")]
        # A model stored by its coefficients: the same readers on its other form.
        kept = OrcaSVC(degree=3, max_order=2, C=1.0, store="coefficients").fit(X, y)
        assert kept.model_.stored_by_coefficients
        by_c = [kept.decision_function(Xn), kept.explain(Xn[: m // 4]).to_numpy(), kept.analyze().to_json(),
                kept.shape_functions(grid=200)["h"].to_numpy(),  # numbers only: an object array hashes pointers
                kept.pair_surface(0, 1, grid=60).to_numpy(dtype=float)]
        return digest(clf.decision_function(Xn), phi, interactions, *reports, *by_c)

    def sweep_fits():  # a sweep: its fits shared out over the threads
        X, y = table(m // 5, 3, "two", 7)
        result = sweep(X, y, degree=[2, 3, 4], C=[0.1, 1.0], max_order=None, cv=3)
        return digest(repr(result.table.to_dict()))

    def two_fits_at_once():  # two Python threads fitting at once (joblib's threading backend)
        X, y = table(m * 2 // 5, 6, "two", 8)
        with ThreadPoolExecutor(2) as pool:
            fits = list(pool.map(lambda C: OrcaSVC(max_order=2, C=C).fit(X, y), (0.1, 10.0)))
        return digest(*[clf.decision_function(X) for clf in fits])

    def dask_training():  # DaskOrcaSVC and DaskOrcaSVR (a categorical frame, quantile knots): two workers
        import dask.array as da
        X, y = table(m // 2, 5, "two", 9)
        clf = DaskOrcaSVC(max_order=2, C=10.0, client=dask_client()).fit(
            da.from_array(X, chunks=(len(X) // 8, 5)), da.from_array(y, chunks=len(y) // 8))
        assert clf.model_.summary["converged"] and clf.model_.summary["interior_point_steps"] > 0
        Xr, f = route_data("regression", scale)
        reg = DaskOrcaSVR(max_order=2, C=0.5, epsilon=0.2, store="coefficients", client=dask_client()).fit(
            da.from_array(Xr, chunks=(len(Xr) // 4, Xr.shape[1])), da.from_array(f, chunks=len(f) // 4))
        assert reg.model_.summary["converged"] and reg.model_.summary["interior_point_steps"] > 0
        assert reg.model_.stored_by_coefficients
        # A dask DataFrame with a categorical column and gaps (its level names gathered first),
        # scaling quantile (its knots counted on the partitions, round by round).
        import dask.dataframe as dd
        import numpy as np
        import pandas as pd
        grade = np.array(["low", "mid", "high"], dtype=object)[np.digitize(X[:, 0], [-0.3, 0.3])]
        grade[::11] = None
        frame = pd.DataFrame(X[:, 1:], columns=["a", "b", "c", "d"]).assign(grade=grade)
        mixed = DaskOrcaSVC(missing="level", scaling="quantile", client=dask_client()).fit(
            dd.from_pandas(frame, npartitions=4), dd.from_pandas(pd.Series(y), npartitions=4))
        assert mixed.model_.levels[4] == ["high", "low", "mid", "(missing)"]
        return digest(clf.decision_function(X), clf.model_.to_json(), reg.predict(Xr), reg.model_.to_json(),
                      mixed.decision_function(frame), mixed.model_.to_json())

    return {"python smo": smo, "python interior-point": interior_point, "python dask training": dask_training,
            "python multi-class + probability": multiclass_probability, "python regression": regression,
            "python refined Newton sums": refined_sums,
            "python predict/explain/analyze": predict_explain_analyze, "python sweep": sweep_fits,
            "python two fits at once": two_fits_at_once}


def cli_cases(cli, threads, scale, folder):
    """The same routes through the orca tool: the model files must be the same byte for byte."""
    import numpy as np

    def write_csv(name, X, y):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(",".join(f"x{j}" for j in range(X.shape[1])) + ",y\n")
            for row, label in zip(X, y):
                f.write(",".join(repr(float(v)) for v in row) + f",{label}\n")
        return path

    smo_data = write_csv("smo.csv", *route_data("smo", scale))
    ip_data = write_csv("ip.csv", *route_data("interior-point", scale))
    three = write_csv("three.csv", *route_data("multi-class", scale))
    X, f = route_data("regression", scale)
    reg = write_csv("reg.csv", X, np.round(f, 12))

    def run(args):
        model = os.path.join(folder, "model.json")
        subprocess.run([cli, *args, "--threads", str(threads), "--target", "y", "--model", model, "-q"],
                       check=True, timeout=600)
        with open(model, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()

    return {
        "cli smo": lambda: run(["fit", "--data", smo_data, "--degree", "4", "--max-order", "0", "-C", "0.05"]),
        "cli interior-point": lambda: run(["fit", "--data", ip_data, "--max-order", "1", "-C", "1000"]),
        "cli multi-class + probability": lambda: run(["fit", "--data", three, "--degree", "3", "--max-order", "2",
                                                       "-C", "0.5", "--probability"]),
        "cli regression": lambda: run(["fit", "--data", reg, "--task", "regression", "--degree", "3",
                                       "--max-order", "2", "-C", "0.5", "--epsilon", "0.2"]),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the orca tool to run")
    parser.add_argument("--rounds", type=int, default=2, help="repetitions of every case")
    parser.add_argument("--threads", type=int, default=4, help="threads per fit (more than the cores on purpose)")
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2, help="core-loading processes")
    parser.add_argument("--quick", action="store_true", help="a quarter of the rows (for trying it out)")
    args = parser.parse_args()
    faulthandler.enable()  # a crash prints where it happened
    # New rows beyond the training range are clipped, as they should be; the note is not news here.
    warnings.filterwarnings("ignore", message=".*outside the training range")
    os.environ["OMP_NUM_THREADS"] = str(args.threads)  # before the engine reads its thread limit
    scale = 0.25 if args.quick else 1.0

    load = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.load)]
    for p in load:
        p.start()
    failures = 0
    try:
        with tempfile.TemporaryDirectory() as folder:
            cases = {**python_cases(scale), **cli_cases(args.cli, args.threads, scale, folder)}
            for name, case in cases.items():
                seen, times = [], []
                for _ in range(args.rounds):
                    t0 = time.perf_counter()
                    seen.append(case())
                    times.append(time.perf_counter() - t0)
                same = all(s == seen[0] for s in seen)
                failures += not same
                print(f"{'ok  ' if same else 'FAIL'} {name}: {args.rounds} runs, "
                      f"{' '.join(f'{t:.1f}' for t in times)} s" + ("" if same else ": results differ"), flush=True)
    finally:
        for item in reversed(_CLUSTER):
            item.close()
        for p in load:
            p.terminate()
        for p in load:
            p.join()
    total = len(cases)
    print(f"{total - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
