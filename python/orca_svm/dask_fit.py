"""Training on a Dask cluster from the shell: ``python -m orca_svm.dask_fit``.

Reads CSV (or Parquet) files on the workers with dask.dataframe, fits ``DaskOrcaSVC`` (or, with
``--task regression``, ``DaskOrcaSVR``) over their partitions and writes the model file ``orca
predict``, ``orca analyze`` and ``OrcaSVC.load`` (``OrcaSVR.load``) read. Settings are the
estimator's parameters (the settings table's Python names), given as ``--set NAME=VALUE``. Columns
of text, and those ``--categorical`` names, are categorical features, as ``orca fit`` reads them.
Errors are one line on stderr and exit code 2; the model file is written only when the fit
succeeded.

    python -m orca_svm.dask_fit --data 'rows-*.csv' --target y --model model.json \\
        [--task regression] [--categorical zip,grade] [--scheduler tcp://host:8786 | --workers 2] \\
        [--set max_order=2 --set C=10] [--quiet]
"""
from __future__ import annotations

import argparse
import ast
import os
import sys


def _setting(text: str) -> tuple[str, object]:
    """NAME=VALUE with VALUE a Python literal (10, 0.5, None, 'ovr', {'a': 2.0}) or a bare word."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise ValueError(f"--set takes NAME=VALUE, got {text!r}")
    try:
        return name.strip(), ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return name.strip(), value


def _read(pattern: str, target: str, categorical: list[str]):
    """The features and the target column; the columns named in categorical read as text (a CSV's
    as written, so level names are the CLI's), which the estimator takes as categories."""
    import dask.dataframe as dd

    from ._compat import exact_csv_numbers
    if pattern.endswith(".parquet"):
        frame = dd.read_parquet(pattern)
    else:
        frame = dd.read_csv(pattern, dtype={name: "object" for name in categorical}, **exact_csv_numbers())
    for name in [target] + categorical:
        if name not in frame.columns:
            raise ValueError(f"{pattern}: no column '{name}' (columns: {', '.join(map(str, frame.columns))})")
    if target in categorical:
        raise ValueError(f"--categorical names the target '{target}'; it takes feature columns")
    if pattern.endswith(".parquet") and categorical:
        frame = frame.astype({name: "string" for name in categorical})
    return frame.drop(columns=[target]), frame[target]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m orca_svm.dask_fit", description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, help="CSV files (a glob) or a Parquet folder ending in .parquet")
    parser.add_argument("--target", required=True, help="the label column (a regression: the numeric target)")
    parser.add_argument("--task", choices=["classification", "regression"], default="classification",
                        help="what is learnt: classification (DaskOrcaSVC) or regression (DaskOrcaSVR)")
    parser.add_argument("--model", required=True, help="the model file to write")
    parser.add_argument("--categorical", default="", help="comma-separated feature columns read as categories "
                                                           "(columns of text are categorical anyway)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a running scheduler's address, e.g. tcp://host:8786")
    where.add_argument("--workers", type=int, help="a LocalCluster of this many one-thread workers "
                                                    "(default: one per core)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a parameter of the estimator (repeatable), e.g. max_order=2, C=10, "
                             "class_weight='balanced'")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    try:
        from distributed import Client, LocalCluster

        from . import _core
        from .dask import DaskOrcaSVC, DaskOrcaSVR
        params = dict(_setting(text) for text in args.set)
        estimator = DaskOrcaSVR() if args.task == "regression" else DaskOrcaSVC()
        unknown = sorted(set(params) - set(estimator.get_params()) | ({"client"} & set(params)))
        if unknown:
            raise ValueError(f"--set {unknown[0]}: not a parameter of {type(estimator).__name__} (parameters: "
                             f"{', '.join(p for p in estimator.get_params() if p != 'client')})")
        if args.workers is not None and args.workers < 1:
            raise ValueError(f"--workers must be at least 1, got {args.workers}")
        _core.check_output_path(args.model)
        cluster = None
        if args.scheduler:
            client = Client(args.scheduler)
        else:
            cluster = LocalCluster(n_workers=args.workers or os.cpu_count() or 1, threads_per_worker=1,
                                   host="127.0.0.1", dashboard_address=":0", silence_logs=40)
            client = Client(cluster)
        try:
            X, y = _read(args.data, args.target, [c for c in args.categorical.split(",") if c])
            estimator.set_params(**params, client=client, verbose=0 if args.quiet else 1)
            estimator.fit(X, y)
            estimator.save(args.model)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        s = estimator.model_.summary
        fit = (f"training R^2 {s['training_r2']:.4f}" if args.task == "regression"
               else f"training accuracy {s['training_accuracy']:.4f}")
        print(f"wrote {args.model}: {s['rows']} rows, {s['support_vectors']} support vectors, {fit}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
