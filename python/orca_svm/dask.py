"""Training on a Dask cluster: ``DaskOrcaSVC`` fits an ``OrcaSVC`` and ``DaskOrcaSVR`` an
``OrcaSVR`` whose rows stay in their partitions (dask arrays or DataFrames in, as LightGBM's and
XGBoost's Dask estimators).

The basis must be small enough to list (``max_order`` 1 or 2, or a ``max_total_degree``: the
default additive model is): each worker computes its partitions' explicit features and the
interior-point method runs data-parallel over them (``orca_svm._dask_ipm``), the client holding
p-vectors and p x p sums only. The fitted estimator is an ``OrcaSVC`` (``OrcaSVR``): analysis,
explanations, reports and the model file are the local ones; ``to_local()`` returns the plain
estimator; ``predict`` (and the classifier's ``decision_function`` and ``predict_proba``) of a dask
collection run on the cluster.
See docs/scale-out.md.
"""
from __future__ import annotations

import math
import time
import warnings
from typing import Mapping, Sequence

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.metaestimators import available_if

from . import _core, _dask_actor, _dask_ipm, _dask_partition, _dask_quantiles
from ._base import _is_categorical, _label_text, _level_order, _refuse_repeated_columns
from .estimator import OrcaSVC
from .regressor import OrcaSVR

# A partition keeps its explicit features between passes when they take at most this many bytes
# (else each pass computes them again, in blocks of _dask_partition.BLOCK_ROWS rows: memory
# O(block p)).
DEFAULT_FEATURE_CACHE_MB = 512.0
# Platt's internal folds, as the engine's (TrainOptions::probability_folds).
PLATT_FOLDS = 5


def _dask_modules():
    try:
        import dask.array as da
        import distributed
    except ImportError as e:  # pragma: no cover - the extra is documented
        raise ImportError("orca_svm.dask needs dask[array] and distributed: pip install 'orca-svm[dask]'") from e
    return da, distributed


class _HeldActors(list):
    """The partitions' actors with the futures that made them. Dask releases an actor with its last
    future, and an actor handle gathered into a process that runs workers (a LocalCluster of
    threads, Client(processes=False)) holds none: without these, the first call found the actor
    gone and waited for ever."""

    def __init__(self, actors: list, futures: list):
        super().__init__(actors)
        self.futures = futures


class _OnDask:
    """What both Dask estimators share: the client, the collections, progress and the local model."""

    _local: type = OrcaSVC

    def __getstate__(self):
        state = super().__getstate__() if hasattr(super(), "__getstate__") else dict(self.__dict__)
        state = dict(state)
        state["client"] = None  # a client does not travel; the unpickled estimator uses the default one
        return state

    def __sklearn_clone__(self):
        """scikit-learn's clone (1.3 and later): the clone shares the client, a connection that
        cannot be copied, and copies every other parameter. (Older releases deep-copy every
        parameter: there clone an estimator of client=None, which uses the default client.)"""
        from sklearn.base import clone
        params = self.get_params(deep=False)
        client = params.pop("client")
        return type(self)(**{name: clone(value, safe=False) for name, value in params.items()}, client=client)

    def _client(self):
        _, distributed = _dask_modules()
        return self.client if self.client is not None else distributed.default_client()

    def _check_dask_params(self) -> None:
        self._check_params()
        if not (isinstance(self.feature_cache_mb, (int, float)) and self.feature_cache_mb >= 0):
            raise ValueError(f"feature_cache_mb must be a number >= 0, got {self.feature_cache_mb!r}")

    def _set_inputs(self, X, names) -> None:
        if X.shape[0] < 2:
            raise ValueError(f"Found array with {X.shape[0]} sample(s) while a minimum of 2 is required")
        self.n_features_in_ = X.shape[1]
        if names is not None:
            self.feature_names_in_ = np.array(names, dtype=object)
        elif hasattr(self, "feature_names_in_"):
            del self.feature_names_in_

    @staticmethod
    def _blocks(client, X, y, w) -> tuple[list, list, list]:
        """Each partition's X, y and weights (None without weights) as futures on the workers."""
        blocks = [client.compute(part) for part in (X.to_delayed().ravel().tolist(), y.to_delayed().ravel().tolist(),
                                                     w.to_delayed().ravel().tolist() if w is not None else None)
                  if part is not None]
        return blocks[0], blocks[1], blocks[2] if w is not None else [None] * len(blocks[0])

    def _actors(self, client, space, blocks: tuple, classes, recode: dict) -> list:
        """One Dask actor a partition, on the worker that holds its blocks (classes None: a
        regression's; recode: _level_rows'); sets basis_size_."""
        self.basis_size_ = space.size
        keep_bytes = float(self.feature_cache_mb) * 2.0 ** 20
        futures = [client.submit(_dask_actor.Partition, xb, yb, wb, k, space, classes, keep_bytes, recode,
                                 actor=True, pure=False)
                   for k, (xb, yb, wb) in enumerate(zip(*blocks))]
        return _HeldActors(client.gather(futures), futures)

    def _check_feature_statistics(self, stats: dict) -> None:
        names = self._feature_names()
        if stats["bad_weights"]:
            raise ValueError("sample_weight holds negative or non-finite values")
        infinite = [names[j] for j in np.flatnonzero(stats["infinite"])]
        if infinite:
            raise ValueError(f"X: feature '{infinite[0]}' holds an infinite value")
        if self.missing == "error":
            gaps = [names[j] for j in np.flatnonzero(stats["missing"])]
            if gaps:
                raise ValueError(f"X: feature '{gaps[0]}' has {int(stats['missing'][names.index(gaps[0])])} missing "
                                 "values (missing='error' refuses them; 'marginalize' integrates the feature out)")

    def _finish(self, started: float) -> None:
        """Progress's last line, the model's warnings, the fitted attributes."""
        summary = self.model_.summary
        if self.verbose:
            import sys
            sys.stderr.write(f"\rfit on Dask: {summary['interior_point_steps']} Newton steps, "
                             f"{summary['iterations']} SMO iterations, KKT violation "
                             f"{summary['gap']:.3g}, {time.perf_counter() - started:.1f} s\n")
        for warning in (self.model_.constant_features_warning, self.model_.basis_warning):
            if warning:
                warnings.warn(warning, UserWarning)
        if self.model_.convergence_warning:
            warnings.warn(self.model_.convergence_warning, ConvergenceWarning)
        self._set_machine_attributes()

    def _progress_line(self, started: float, stage: str = ""):
        if not self.verbose:
            return None
        import sys

        last, width = [-math.inf], [0]

        def progress(steps: int, value: float, what: str = "Newton step", measure: str = "duality measure",
                     target: float = _dask_ipm.TARGET) -> None:
            now = time.perf_counter()
            if now - last[0] < 1.0:  # at most a line a second, as the engine's progress
                return
            last[0] = now
            line = (f"fit on Dask: {stage}{what} {steps}, {measure} {value:.2e} (target {target:g}), "
                    f"{now - started:.1f} s")
            sys.stderr.write("\r" + line.ljust(width[0]))  # spaces over a longer line's end
            width[0] = len(line)
            sys.stderr.flush()
        return progress

    def _collections(self, X, y, sample_weight):
        """X as a dask array of float64 rows (one chunk across the columns; a categorical column's
        values as level codes), y and the weights chunked as its rows; the DataFrame's column names;
        per column the levels its codes count (None: no categorical column)."""
        da, _ = _dask_modules()
        names = None
        levels = None
        if hasattr(X, "to_dask_array"):  # a dask DataFrame
            _refuse_repeated_columns(X._meta)
            from pandas.api.types import is_numeric_dtype
            categorical = [c for c in X.columns if _is_categorical(X._meta[c])]
            neither = [str(c) for c, t in X.dtypes.items() if not (is_numeric_dtype(t) or c in categorical)]
            if neither:
                raise ValueError(f"{type(self).__name__} takes numeric and categorical columns; {neither} are "
                                 "neither")
            if all(isinstance(c, str) for c in X.columns):
                names = [str(c) for c in X.columns]
            X, levels = self._coded(X, categorical)
            X = X.to_dask_array(lengths=True)
        if not isinstance(X, da.Array):
            raise ValueError(f"X must be a dask array or DataFrame, got {type(X).__name__} (for data in memory use "
                             f"{self._local.__name__})")
        if X.ndim != 2 or X.shape[1] == 0:
            raise ValueError(f"X must be 2-D with at least one feature, got shape {X.shape}")
        X = X.astype(np.float64).rechunk({1: -1})
        if any(np.isnan(c) for c in X.chunks[0]):  # rows of unknown count per partition (a filter's)
            X = X.compute_chunk_sizes()
        if hasattr(y, "to_dask_array"):
            with warnings.catch_warnings():  # labels of pandas' string dtype become objects: what they should
                warnings.filterwarnings("ignore", message=".*converting pandas extension dtypes", category=UserWarning)
                y = y.to_dask_array(lengths=True)
        if not isinstance(y, da.Array) or y.ndim != 1:
            raise ValueError("y must be a 1-D dask array or Series")
        if any(np.isnan(c) for c in y.chunks[0]):
            y = y.compute_chunk_sizes()
        if y.shape[0] != X.shape[0]:
            raise ValueError(f"y has {y.shape[0]} labels for {X.shape[0]} rows of X")
        y = y.rechunk((X.chunks[0],))
        w = None
        if sample_weight is not None:
            if hasattr(sample_weight, "to_dask_array"):
                sample_weight = sample_weight.to_dask_array(lengths=True)
            if not isinstance(sample_weight, da.Array) or sample_weight.shape != (X.shape[0],):
                raise ValueError("sample_weight must be a 1-D dask array with one weight per row of X")
            w = sample_weight.astype(np.float64).rechunk((X.chunks[0],))
        return X, names, y, w, levels

    def _coded(self, X, categorical: list):
        """A dask DataFrame as float64 columns: its categorical columns as codes of the levels any
        of its rows holds (one pass over those columns gathers their names), a gap as NaN (also
        pandas' NA of a nullable column); those levels per column ([] for a numeric one), or None
        without categorical columns."""
        import pandas as pd
        levels = None
        if categorical:
            import dask
            client = self._client()
            found = client.gather(client.compute([dask.delayed(_dask_partition.frame_levels)(part)
                                                  for part in X[categorical].to_delayed()]))
            named = {c: _level_order([name for part in found for name in part[k]])
                     for k, c in enumerate(categorical)}
            levels = [named.get(c, []) for c in X.columns]
        meta = pd.DataFrame({c: pd.Series(dtype=np.float64) for c in X.columns})
        coded = X.map_partitions(_dask_partition.encoded_frame, levels or [[] for _ in X.columns], meta=meta)
        return coded, levels

    def _quantile_knots(self, client, x_blocks, w_blocks, stats: dict, levels: list | None) -> dict:
        """Under scaling="quantile", FeatureSpace's knots of every numeric feature that varies,
        counted on the partitions as a local fit would draw them (``_dask_quantiles``); else none."""
        if self.scaling != "quantile":
            return {}
        d = len(stats["min"])
        varies = [j for j in range(d) if not (levels and levels[j]) and stats["min"][j] < stats["max"][j]]
        started = time.perf_counter()
        knot_x, knot_below, knot_ties = _dask_quantiles.quantile_knots(client, x_blocks, w_blocks, varies, d,
                                                                       stats["min"], stats["max"])
        if self.verbose:
            import sys
            sys.stderr.write(f"\rfit on Dask: quantile knots of {len(varies)} features counted on the partitions, "
                             f"{time.perf_counter() - started:.1f} s\n")
        return {"knot_x": knot_x, "knot_below": knot_below, "knot_ties": knot_ties}

    @staticmethod
    def _level_rows(stats: dict, levels: list | None) -> tuple[list, list, dict]:
        """Per feature its levels and their rows of weight > 0 (the engine keeps the levels with
        rows, as a local fit does); and per categorical feature (its index) each code's code
        among those kept (NaN: a level only rows of weight 0 hold)."""
        if levels is None:
            return [], [], {}
        counts = [rows.tolist() for rows in stats["level_counts"]]
        recode = {}
        for j, (names, rows) in enumerate(zip(levels, stats["level_counts"])):
            if names:
                kept = np.flatnonzero(rows > 0)
                recode[j] = np.full(len(names), np.nan)
                recode[j][kept] = np.arange(len(kept))
        return levels, counts, recode

    def to_local(self):
        """The fitted model as the plain estimator (``OrcaSVC`` or ``OrcaSVR``; no cluster needed to
        use or pickle it)."""
        from sklearn.utils.validation import check_is_fitted
        check_is_fitted(self, "model_")
        params = {k: v for k, v in self.get_params().items() if k not in ("client", "feature_cache_mb")}
        local = self._local(**params)
        for attribute in ("model_", "classes_", "n_features_in_", "feature_names_in_"):
            if hasattr(self, attribute):
                setattr(local, attribute, getattr(self, attribute))
        local._set_machine_attributes()
        return local

    def _gather_support(self, space, actors, result: dict, held: float) -> float:
        """Counts the machine just solved into the numbers its support vectors would hold (d each)
        and gathers them to the client while the store setting keeps support vectors at that
        count: never more than it allows (auto: 10^6 numbers), so no step gathers the rows."""
        held += result["summary"]["support_vectors"] * len(self._feature_names())
        if not space.stores_coefficients(held):
            result.update(_dask_ipm.support_vectors(actors))
        return held

    @staticmethod
    def _machine_parts(space, result: dict, held: float) -> tuple:
        """A solved machine as FeatureSpace.model takes it: its support vectors and a_t, or, when
        the model is stored by coefficients, None and c over the kept functions."""
        if space.stores_coefficients(held):
            return None, result["c"].tolist(), result["bias"], result["summary"]
        return result["support_vectors"], result["coefficients"].tolist(), result["bias"], result["summary"]

    def save(self, path) -> None:
        """Write the model file as the local estimator would (``OrcaSVC.load`` / ``OrcaSVR.load``
        read it)."""
        self.to_local().save(path)


class DaskOrcaSVC(_OnDask, OrcaSVC):
    """``OrcaSVC`` trained on a Dask cluster, data-parallel over the partitions of X: each two-class
    machine (one, or one per pair or per class as ``multi_class`` says) in turn.

    Parameters are ``OrcaSVC``'s, plus:

    client : distributed.Client or None, default=None
        The cluster to train on (None: ``distributed.default_client()``). A clone shares it
        (scikit-learn 1.3 and later; on older releases clone an estimator of client=None).
    feature_cache_mb : float, default=512
        A partition keeps its explicit features (rows x p doubles) between the method's passes
        when they take at most this many MiB; otherwise each pass computes them again in blocks,
        keeping a worker's memory to its rows and their dual variables.

    The solver's own caps apply (80 Newton steps, then at most 2,000 SMO iterations of polish);
    ``max_iter``, ``cache_mb`` and ``shrinking`` are SMO's on one machine and are not read here.

    Attributes are ``OrcaSVC``'s, plus ``basis_size_``: the functions the basis keeps (p).

    ``probability=True`` fits each machine's Platt sigmoid as the engine does, on an internal 5-fold
    cross-validation whose folds are drawn per partition (so they differ from a local fit's, and
    the sigmoid with them); five more fits per machine over the partitions.

    A dask DataFrame's categorical columns (pandas category, object, string, bool) and gaps are
    taken as ``OrcaSVC`` takes a pandas frame's: one feature a column, its levels those its rows
    of weight > 0 hold, ``missing`` as there.

    ``scaling="quantile"`` takes the knots a local fit draws from the same rows, found by counting
    on the partitions (``orca_svm._dask_quantiles``: about 20 rounds, no column gathered).

    Not taken here (ValueError): a basis of more than 10,000 functions.
    """

    def __init__(self, family: str = "legendre", degree: int | Sequence[int] | Mapping[str, int] = 3, C: float = 1.0,
                 alpha: float = 0.0, beta: float = 0.0, lam: float = 0.5, measure: str = "probability",
                 tol: float = 1e-3, cache_mb: float = 200.0, shrinking: bool = True, max_iter: int = -1,
                 out_of_range: str = "clip", class_weight=None, multi_class: str = "ovo",
                 decision_function_shape: str = "ovr", probability: bool = False, random_state: int | None = None,
                 max_order: int | str | None = "auto",
                 max_total_degree: int | None = None, scaling: str = "range", missing: str = "marginalize",
                 store: str = "auto", verbose: int = 0, client=None,
                 feature_cache_mb: float = DEFAULT_FEATURE_CACHE_MB):
        super().__init__(family=family, degree=degree, C=C, alpha=alpha, beta=beta, lam=lam, measure=measure,
                         tol=tol, cache_mb=cache_mb, shrinking=shrinking, max_iter=max_iter,
                         out_of_range=out_of_range, class_weight=class_weight, multi_class=multi_class,
                         decision_function_shape=decision_function_shape, probability=probability,
                         random_state=random_state, max_order=max_order, max_total_degree=max_total_degree,
                         scaling=scaling, missing=missing, store=store, verbose=verbose)
        self.client = client
        self.feature_cache_mb = feature_cache_mb

    # --- fitting -------------------------------------------------------------------------
    def fit(self, X, y, sample_weight=None) -> "DaskOrcaSVC":
        """Fit on X (a dask array of n_samples x n_features, or a dask DataFrame of numeric and
        categorical columns) and y (a dask array or Series of labels, two or more classes),
        partition by partition; ``sample_weight`` (a dask array) multiplies C per row. The rows are
        never gathered: the support vectors come to the client only while ``store`` keeps them
        (auto: up to 10^6 numbers; beyond, the model is stored by its basis coefficients)."""
        self._check_dask_params()
        if self.decision_function_shape not in ("ovr", "ovo"):
            raise ValueError(f"decision_function_shape must be 'ovr' or 'ovo', got {self.decision_function_shape!r}")
        seed = 0 if self.random_state is None else self.random_state
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"random_state must be None or an integer >= 0, got {self.random_state!r}")
        started = time.perf_counter()
        client = self._client()
        target_name = _target_name(y)
        X, names, y, w, levels = self._collections(X, y, sample_weight)
        self._set_inputs(X, names)
        x_blocks, y_blocks, w_blocks = self._blocks(client, X, y, w)
        classes = np.unique(np.concatenate(client.gather(client.map(_distinct, y_blocks, pure=False))))
        if len(classes) < 2:
            raise ValueError(f"The number of classes has to be greater than one; got {len(classes)} class")
        self.classes_ = classes
        stats = _dask_partition.merge_statistics(client.gather(client.map(
            _dask_partition.partition_statistics, x_blocks, y_blocks, w_blocks, classes=classes,
            level_sizes=_level_sizes(levels), pure=False)))
        self._check_statistics(stats)
        level_names, level_counts, recode = self._level_rows(stats, levels)
        names = self._feature_names()
        class_weight = self._class_weights()
        settings = self._engine_settings(names, class_weight=class_weight, random_state=0)
        space = _core.FeatureSpace(settings, names, [str(k) for k in range(len(classes))],
                                   list(stats["class_rows"]), list(stats["min"]), list(stats["max"]),
                                   list(stats["mean"]), list(stats["sd"]), list(stats["missing"].astype(float)),
                                   levels=level_names, level_counts=level_counts,
                                   **self._quantile_knots(client, x_blocks, w_blocks, stats, levels))
        actors = self._actors(client, space, (x_blocks, y_blocks, w_blocks), classes, recode)
        del x_blocks, y_blocks, w_blocks  # each partition's actor holds its rows now
        solved, held = [], 0.0
        machines = space.machine_classes
        for m, (negative, positive) in enumerate(machines):
            c_max = max(space.upper(c) * stats["largest_weight"][c] for c in negative + positive)
            for call in [actor.begin(negative, positive, c_max) for actor in actors]:
                call.result()
            stage = f"machine {m + 1} of {len(machines)}, " if len(machines) > 1 else ""
            result = _dask_ipm.solve(actors, c_max, space.tolerance, self._progress_line(started, stage))
            result["summary"]["converged"] = bool(result["summary"]["gap"] < space.tolerance)
            held = self._gather_support(space, actors, result, held)  # before the folds replace the machine
            result["sigmoid"] = (self._platt(actors, negative, positive, c_max, [seed, m], space.tolerance, started,
                                             stage) if self.probability else None)
            solved.append(result)
        rows = int(stats["class_rows"].sum())
        distinct = sum(call.result() for call in [actor.distinct_support() for actor in actors])
        parts = [self._machine_parts(space, r, held) + (r["sigmoid"],) for r in solved]
        if len(solved) == 1:
            accuracy = solved[0]["summary"]["training_accuracy"]
        else:  # the model's class predictions, from every machine's w on the partitions
            model = space.model(parts, rows, distinct, 0.0)
            coefficients = np.column_stack([r["c"] for r in solved])
            biases = np.array([r["bias"] for r in solved])
            accuracy = sum(call.result() for call in [actor.correct(model, coefficients, biases)
                                                      for actor in actors]) / rows
        del actors
        self.model_ = space.model(parts, rows, distinct, accuracy)
        self.model_.classes = [_label_text(c) for c in self.classes_]
        self.model_.target_name = target_name
        self._finish(started)
        return self

    def _platt(self, actors, negative, positive, c_max, seed, tolerance, started, stage):
        """Platt's sigmoid of one machine, as the engine fits it (LIBSVM's -b 1): decision values of
        an internal 5-fold cross-validation, the folds drawn per partition from (random_state, the
        machine, the partition), each fold's machine trained over the partitions without it; then
        the engine's fit of (A, B) to those values (gathered: one number and one label a row)."""
        folds = PLATT_FOLDS
        for fold in range(folds):
            counts = [call.result() for call in [actor.begin(negative, positive, c_max, (fold, folds, seed))
                                                 for actor in actors]]
            rows, positives = sum(c[0] for c in counts), sum(c[1] for c in counts)
            if positives in (0, rows):  # one class left: the engine's constant decision
                for call in [actor.held_out(None, 1.0 if positives else -1.0) for actor in actors]:
                    call.result()
                continue
            result = _dask_ipm.solve(actors, c_max, tolerance,
                                     self._progress_line(started, f"{stage}probability fold {fold + 1} of {folds}, "),
                                     final=False)
            for call in [actor.held_out(result["c"], result["bias"]) for actor in actors]:
                call.result()
        decisions = [call.result() for call in [actor.cv_decisions(negative, positive) for actor in actors]]
        values = np.concatenate([d[0] for d in decisions])
        labels = np.concatenate([d[1] for d in decisions])
        return _core.fit_sigmoid(values.tolist(), labels.tolist())

    def _check_statistics(self, stats: dict) -> None:
        self._check_feature_statistics(stats)
        for k, label in enumerate(self.classes_):
            if stats["class_rows"][k] == 0:
                raise ValueError(f"every row of class '{label}' has sample weight 0, which leaves the class out of "
                                 "training; give its rows weights > 0")

    # --- the fitted model ------------------------------------------------------------------
    def decision_function(self, X):
        """A dask collection's decision values computed on the cluster (a dask array); rows in
        memory as ``OrcaSVC.decision_function``."""
        return self._per_partition(X, "decision_function")

    def predict(self, X):
        """A dask collection's labels computed on the cluster (a dask array); rows in memory as
        ``OrcaSVC.predict``."""
        return self._per_partition(X, "predict")

    @available_if(OrcaSVC._check_proba)
    def predict_proba(self, X):
        """A dask collection's class probabilities computed on the cluster (a dask array of
        n_samples x n_classes); rows in memory as ``OrcaSVC.predict_proba``."""
        return self._per_partition(X, "predict_proba")

    def _per_partition(self, X, method: str):
        if not (hasattr(X, "to_dask_array") or hasattr(X, "map_blocks")):
            return getattr(super(), method)(X)
        local = self.to_local()
        if method == "predict":
            return _mapped(X, local, method, self.classes_.dtype)
        k = len(self.classes_)
        if method == "predict_proba":
            return _mapped(X, local, method, np.float64, k)
        if k == 2:
            return _mapped(X, local, method, np.float64)
        columns = k * (k - 1) // 2 if self.decision_function_shape == "ovo" and self.multi_class == "ovo" else k
        return _mapped(X, local, method, np.float64, columns)


class DaskOrcaSVR(_OnDask, OrcaSVR):
    """``OrcaSVR`` trained on a Dask cluster, data-parallel over the partitions of X: the epsilon-SVR
    dual's two variables a row (alpha_t, alpha_t*) by the same interior-point method and polish as
    ``DaskOrcaSVC``'s machines, on the target standardised from its mean and standard deviation
    reduced over the partitions (``target_scaling="standardize"``, the default; "none": the
    target itself).

    Parameters are ``OrcaSVR``'s, plus ``client`` and ``feature_cache_mb`` as for
    ``DaskOrcaSVC``. A partition keeps (or computes) each row's features once for its two
    variables, so a step costs what a classifier's does on as many rows.

    Categorical columns, gaps and ``scaling="quantile"`` as ``DaskOrcaSVC``. Not taken here
    (ValueError): a basis of more than 10,000 functions.
    """

    _local = OrcaSVR

    def __init__(self, family: str = "legendre", degree: int | Sequence[int] | Mapping[str, int] = 3, C: float = 1.0,
                 epsilon: float = 0.1, alpha: float = 0.0, beta: float = 0.0, lam: float = 0.5,
                 measure: str = "probability", tol: float = 1e-3, cache_mb: float = 200.0, shrinking: bool = True,
                 max_iter: int = -1, out_of_range: str = "clip", max_order: int | str | None = "auto",
                 max_total_degree: int | None = None, scaling: str = "range", missing: str = "marginalize",
                 target_scaling: str = "standardize", store: str = "auto", verbose: int = 0, client=None,
                 feature_cache_mb: float = DEFAULT_FEATURE_CACHE_MB):
        super().__init__(family=family, degree=degree, C=C, epsilon=epsilon, alpha=alpha, beta=beta, lam=lam,
                         measure=measure, tol=tol, cache_mb=cache_mb, shrinking=shrinking, max_iter=max_iter,
                         out_of_range=out_of_range, max_order=max_order, max_total_degree=max_total_degree,
                         scaling=scaling, missing=missing, target_scaling=target_scaling, store=store,
                         verbose=verbose)
        self.client = client
        self.feature_cache_mb = feature_cache_mb

    def fit(self, X, y, sample_weight=None) -> "DaskOrcaSVR":
        """Fit on X (a dask array of n_samples x n_features, or a dask DataFrame of numeric and
        categorical columns) and numeric targets y (a dask array or Series), partition by
        partition; ``sample_weight`` (a dask array) multiplies C per row. The rows are never
        gathered: the support vectors come to the client only while ``store`` keeps them (auto: up
        to 10^6 numbers; beyond, the model is stored by its basis coefficients)."""
        self._check_dask_params()
        started = time.perf_counter()
        client = self._client()
        target_name = _target_name(y)
        X, names, y, w, levels = self._collections(X, y, sample_weight)
        if not np.issubdtype(y.dtype, np.number) or np.issubdtype(y.dtype, np.complexfloating):
            raise ValueError(f"y must hold numbers for a regression, got dtype {y.dtype}")
        y = y.astype(np.float64)
        self._set_inputs(X, names)
        x_blocks, y_blocks, w_blocks = self._blocks(client, X, y, w)
        stats = _dask_partition.merge_statistics(client.gather(client.map(
            _dask_partition.partition_statistics, x_blocks, y_blocks, w_blocks, classes=None,
            level_sizes=_level_sizes(levels), pure=False)))
        self._check_feature_statistics(stats)
        if stats["bad_target"]:
            raise ValueError(f"target '{target_name}' holds a value that is not a finite number (regression needs "
                             "finite numeric targets)")
        level_names, level_counts, recode = self._level_rows(stats, levels)
        count, lo, hi, mean, sd = (float(stats["target"][key][0]) for key in ("n", "min", "max", "mean", "sd"))
        if count < 2:
            raise ValueError(f"{int(count)} row(s) of weight > 0: a regression needs at least 2")
        names = self._feature_names()
        # A regression's rows as one class: the shares of gaps (missing="level") are over them.
        space = _core.FeatureSpace(self._engine_settings(names), names, [], [count], list(stats["min"]),
                                   list(stats["max"]), list(stats["mean"]), list(stats["sd"]),
                                   list(stats["missing"].astype(float)),
                                   target=[lo, hi, mean, sd], target_name=target_name, levels=level_names,
                                   level_counts=level_counts,
                                   **self._quantile_knots(client, x_blocks, w_blocks, stats, levels))
        actors = self._actors(client, space, (x_blocks, y_blocks, w_blocks), None, recode)
        del x_blocks, y_blocks, w_blocks  # each partition's actor holds its rows now
        c_max = space.upper(0) * float(stats["largest_weight"][0])
        for call in [actor.begin_regression(c_max) for actor in actors]:
            call.result()
        result = _dask_ipm.solve(actors, c_max, space.tolerance, self._progress_line(started))
        held = self._gather_support(space, actors, result, 0.0)
        del actors
        summary = result["summary"]
        summary["converged"] = bool(summary["gap"] < space.tolerance)
        self.model_ = space.regression_model(self._machine_parts(space, result, held), summary["training_r2"])
        self.model_.target_name = target_name
        self._finish(started)
        return self

    def predict(self, X):
        """A dask collection's predictions computed on the cluster (a dask array); rows in memory as
        ``OrcaSVR.predict``."""
        if not (hasattr(X, "to_dask_array") or hasattr(X, "map_blocks")):
            return super().predict(X)
        return _mapped(X, self.to_local(), "predict", np.float64)


def _target_name(y) -> str:
    """A dask Series' name; "y" for a dask array (whose name is the graph's key, not a column's)."""
    return str((y.name if hasattr(y, "to_dask_array") else None) or "y")


def _level_sizes(levels: list | None) -> list[int] | None:
    return None if levels is None else [len(names) for names in levels]


def _distinct(labels) -> np.ndarray:
    return np.unique(np.asarray(labels))


def _mapped(X, estimator, method: str, dtype, columns: int | None = None):
    """estimator.method of each partition of X, computed on the cluster: a dask array of one value a
    row (columns None) or of `columns` a row. A DataFrame's partitions go as they are (categorical
    columns as their text); an array's blocks as columns named as the model's features."""
    da, _ = _dask_modules()
    if hasattr(X, "to_dask_array"):
        import dask
        lengths = [int(n) for n in X.map_partitions(len).compute()]
        return da.concatenate([da.from_delayed(dask.delayed(_apply)(part, estimator, method, None),
                                               shape=(n,) if columns is None else (n, columns), dtype=dtype)
                               for part, n in zip(X.to_delayed(), lengths)])
    names = list(estimator.feature_names_in_) if hasattr(estimator, "feature_names_in_") else None
    X = X.rechunk({1: -1})
    if columns is None:
        return X.map_blocks(_apply, estimator, method, names, dtype=dtype, drop_axis=1)
    return X.map_blocks(_apply, estimator, method, names, dtype=dtype, chunks=(X.chunks[0], (columns,)))


def _apply(block, estimator, method: str, names):
    if names is not None:  # the columns by name, as the model was fitted
        import pandas as pd
        block = pd.DataFrame(block, columns=names)
    return getattr(estimator, method)(block)
