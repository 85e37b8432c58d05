"""What OrcaSVC and OrcaSVR share: the kernel's parameters, training through the engine, the
exact analysis, local explanations, and the model file."""
from __future__ import annotations

import json
from collections import Counter
import os
import time
import warnings
from numbers import Integral, Real
from typing import Any, Mapping, Sequence

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from . import _core
from ._compat import SKLEARN_HAS_VALIDATE_DATA, finiteness, validate_data
from ._progress import Progress
from .model_report import ModelReport
from .report import MulticlassOkcReport, OkcReport

# The engine's settings table: the estimators' parameters that are training settings, their
# names there, defaults and the models they apply to.
_SETTINGS = _core.training_settings()


class OrcaBase(BaseEstimator):
    """Base class; use OrcaSVC or OrcaSVR. Subclasses list every parameter in __init__."""

    _task = "classification"

    # --- parameters ----------------------------------------------------------------------
    def _check_params(self) -> None:
        """What only Python's conventions need; the settings' own rules are the engine's."""
        if self.out_of_range not in _core.NAMES["out_of_range"]:
            raise ValueError(f"out_of_range must be one of {_core.NAMES['out_of_range']}, got {self.out_of_range!r}")
        if self.missing not in _core.NAMES["missing"]:  # before the data's check, which depends on it
            raise ValueError(f"missing must be one of {_core.NAMES['missing']}, got {self.missing!r}")
        if not isinstance(self.max_iter, Integral) or (self.max_iter < 1 and self.max_iter != -1):
            raise ValueError(f"max_iter must be a positive integer or -1, got {self.max_iter!r}")
        _max_order_setting(self.max_order)
        _max_total_degree_setting(self.max_total_degree)

    def _rows(self, X) -> np.ndarray:
        """Rows to predict, explain or report on: checked against the fitted features; NaN (a
        missing value) passes where the fitted model integrates missing values out."""
        check_is_fitted(self, "model_")
        X, _ = _encode_levels(X, self.model_.levels, self.model_.missing)
        return np.ascontiguousarray(validate_data(self, X, dtype=np.float64, reset=False,
                                                  **finiteness(self.model_.missing != "error")))

    # Missing values (NaN) are accepted unless missing="error": scikit-learn's checks read it here.
    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = self.missing != "error"
        return tags

    if not SKLEARN_HAS_VALIDATE_DATA:  # scikit-learn < 1.6 reads tags from _more_tags
        def _more_tags(self):
            return {"allow_nan": self.missing != "error"}

    def _engine_settings(self, names: list[str], **task_values) -> dict[str, str]:
        """The training request: every setting this estimator has a parameter for, as the engine
        reads it (its table's names; Python's None, -1 and "auto" in the engine's spelling).
        A family's own parameter given with another family is said to be ignored, not refused
        as the CLI does: scikit-learn's own checks set `alpha` on every regressor."""
        params = self._get_param_names()
        values = {row["python"]: getattr(self, row["python"]) for row in _SETTINGS if row["python"] in params}
        values.update(degree=self._degrees(names), max_order=_max_order_setting(self.max_order),
                      max_total_degree=_max_total_degree_setting(self.max_total_degree),
                      max_iter=max(self.max_iter, 0), **task_values)
        if values["max_order"] == _core.AUTO_MAX_ORDER:
            values["max_order"] = "auto"
        settings = {"task": self._task}
        for row in _SETTINGS:
            keyword = row["python"]
            if keyword not in values or values[keyword] is None:
                continue
            if row["applies_to"]:
                on, wanted = row["applies_to"].split(" ")
                actual = settings.get(on, getattr(self, on, None))
                if actual != wanted:
                    if not _is_default(row, values[keyword]):
                        warnings.warn(f"{keyword} applies to {on}={wanted!r} only and is ignored with "
                                      f"{on}={actual!r}", UserWarning)
                    continue
            settings[row["name"]] = _setting_text(values[keyword])
        return settings

    def _feature_names(self) -> list[str]:
        if hasattr(self, "feature_names_in_"):
            return [str(n) for n in self.feature_names_in_]
        return [f"x{j}" for j in range(self.n_features_in_)]

    def _degrees(self, names: list[str]) -> list[int]:
        deg = self.degree
        if isinstance(deg, Integral):
            return [_degree_value(deg, "degree")]
        if isinstance(deg, Mapping):
            unknown = set(deg) - set(names) - {"*"}
            if unknown:
                raise ValueError(f"degree names unknown features: {sorted(unknown)} (features: {names})")
            missing = [n for n in names if n not in deg and "*" not in deg]
            if missing:
                raise ValueError(f"degree gives no degree for features {missing}; add them or a default under '*'")
            return [_degree_value(deg.get(n, deg.get("*")), f"degree[{n!r}]") for n in names]
        if isinstance(deg, (str, bytes)) or not hasattr(deg, "__iter__"):
            raise ValueError(f"degree must be an integer, one per feature, or a {{name: degree}} mapping, got {deg!r}")
        deg = list(deg)
        if len(deg) != len(names):
            raise ValueError(f"degree has {len(deg)} entries for {len(names)} features")
        return [_degree_value(n, f"degree[{j}]") for j, n in enumerate(deg)]

    def _train(self, X: np.ndarray, y: np.ndarray, sample_weight: list[float], levels=None, **task_values) -> None:
        """Fits self.model_ through the engine (y: class codes or regression targets; levels:
        per feature, a categorical one's level names, X holding their codes)."""
        names = self._feature_names()
        self.model_ = _core.fit(np.ascontiguousarray(X), [float(v) for v in y], names,
                                settings=self._engine_settings(names, **task_values), sample_weight=sample_weight,
                                verbose=bool(self.verbose), levels=levels or [])
        if self.model_.constant_features_warning:
            warnings.warn(self.model_.constant_features_warning, UserWarning)
        if self.model_.basis_warning:
            warnings.warn(self.model_.basis_warning, UserWarning)
        if self.model_.convergence_warning:
            warnings.warn(self.model_.convergence_warning, ConvergenceWarning)

    @classmethod
    def _params_of(cls, model) -> dict[str, Any]:
        """The parameters of a model file written without Python's own (by ``orca fit``): every
        setting the model keeps that the estimator takes, in Python's conventions."""
        names = cls._get_param_names()
        params = {row["python"]: getattr(model, row["python"]) for row in _SETTINGS
                  if row["kept_in_model"] and row["python"] in names}
        params["max_order"] = params["max_order"] or None  # the resolved order: the same model on refit
        params["max_total_degree"] = params["max_total_degree"] or None
        if "class_weight" in params and all(w == 1.0 for w in params["class_weight"].values()):
            params["class_weight"] = None
        return params

    def _set_machine_attributes(self) -> None:
        """The fitted attributes derived from model_ (after fit, load and renaming classes)."""
        summary = self.model_.summary
        # Every route's iterations: SMO's, the interior-point method's Newton steps and the passes
        # of coordinate descent (SMO often certifies the others' result with none of its own).
        self.n_iter_ = (summary["iterations"] + summary.get("interior_point_steps", 0)
                        + summary.get("feature_space_passes", 0))
        self.fit_status_ = {"converged": 0, "iteration cap": 1, "precision": 2}[summary["stop"]]
        machines = self.model_.machines
        self.intercept_ = np.array([m.bias for m in machines])
        if self._task == "classification":
            self.machine_names_ = list(self.model_.machine_names)
        self.__dict__.pop("function_coefficients_", None)  # a refit or load: the new model says
        if self.model_.stored_by_coefficients:  # no support vectors kept: empty, as their count is not
            self.function_coefficients_ = np.vstack([m.function_coefficients for m in machines])
            rows = (1 if len(machines) == 1 else len(machines) if self.model_.multi_class == "ovr"
                    else len(self.model_.classes) - 1)
            self.support_vectors_ = np.zeros((0, len(self.model_.feature_names)))
            self.dual_coef_ = np.zeros((rows, 0))
            if len(machines) > 1:
                self.n_support_ = (None if self.model_.multi_class == "ovr"
                                   else np.zeros(len(self.model_.classes), dtype=np.int32))
        elif len(machines) == 1:
            self.support_vectors_ = self.model_.support_vectors
            self.dual_coef_ = self.model_.coefficients.reshape(1, -1)
        else:
            self.support_vectors_, self.dual_coef_, self.n_support_ = _multiclass_layout(
                machines, len(self.model_.classes), self.model_.multi_class)

    # --- prediction ----------------------------------------------------------------------
    def _machine_values(self, X) -> np.ndarray:
        """Every machine's decision values: shape (n,) for one machine, (n, machines) otherwise."""
        X = self._rows(X)
        values, clipping = self.model_.decision_function(X, self.out_of_range)
        _warn_when_notable(clipping, X.shape[0])
        return values

    def clipping(self, X) -> dict[str, Any]:
        """What prediction does to the rows of X outside the training range: ``rows`` (of X),
        ``clipped_rows`` (rows with a value clipped to the range) and ``excess`` (how far the
        farthest value lay outside, in training spans max - min of its feature). Prediction warns
        only when this is notable: more than a quarter of the rows, or a value more than one span
        outside; new data just beyond the range is normal."""
        X = self._rows(X)
        _, clipping = self.model_.decision_function(X, "clip")
        return {"rows": X.shape[0], "clipped_rows": clipping.rows, "excess": clipping.excess}

    # --- analysis ------------------------------------------------------------------------
    def analyze(self, method: str = "auto", eps: Sequence[float] = (0.01, 0.05, 0.10),
                coefficients: str | int = "auto", memory_mb: float = 4096.0, top_subsets: int = 10,
                target=None, verbose: int = 0) -> OkcReport | MulticlassOkcReport:
        """Every OKC index of the fitted model, computed exactly.

        Parameters
        ----------
        method : {"auto", "enumeration", "pairs"}
            Enumeration of every coefficient, sums over support-vector pairs, or the cheaper.
        eps : sequence of float in (0, 1)
            Levels of the thresholds T_eps.
        coefficients : "auto", "all", "none" or int
            Largest coefficients to list: 20 where enumeration runs (auto), every one, none, or K.
        memory_mb : float
            Refuse enumerations that would need more memory than this.
        top_subsets : int
            Number of the largest subset shares S_u to keep.
        target : class label, optional
            Classifiers: analyse this class's score instead of the machines (see docs/multiclass.md).
        verbose : int, default=0
            > 0: say on stderr what is analysed and how long it took.

        Returns
        -------
        OkcReport for a model with one machine (two classes, regression, or a class score);
        MulticlassOkcReport (per machine and aggregated) for more than two classes.
        """
        check_is_fitted(self, "model_")
        if coefficients == "auto":
            top, if_cheap = 20, True
        elif coefficients == "all":
            top, if_cheap = -1, False
        elif coefficients == "none":
            top, if_cheap = 0, False
        elif isinstance(coefficients, Integral) and coefficients >= 1:
            top, if_cheap = int(coefficients), False
        else:
            raise ValueError(f"coefficients must be 'auto', 'all', 'none' or an integer >= 1, got {coefficients!r}")
        model = self.model_ if target is None else self._explained_model(target)
        progress = Progress("analyze", verbose)
        progress.note(f"{len(model.machines)} machine(s), {len(model.feature_names)} features, method {method}")
        raw = _core.analyze(model, method, [float(e) for e in eps], top, if_cheap, float(memory_mb), _count("top_subsets", top_subsets))
        progress.note(f"done in {time.perf_counter() - progress.start:.2f} s")
        names = list(self.model_.feature_names)
        if len(raw["machines"]) == 1:
            return OkcReport(raw["machines"][0], names)
        return MulticlassOkcReport(raw, names)

    def report(self, X=None, y=None, rows: Sequence[int] | None = None, title: str | None = None,
               eps: Sequence[float] = (0.01, 0.05, 0.10), sweep=None, stability=None,
               verbose: int = 0) -> ModelReport:
        """One self-contained HTML page about the fitted model (the CLI's ``orca report``).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features), optional
            Data to show the model on: a rug of its values under each shape function, and the
            rows to explain. Without X the rug shows the support vectors and no row is explained.
        y : array-like of shape (n_samples,), optional
            X's labels (targets): the model card then gives the accuracy (R^2 and RMSE) on X.
        rows : sequence of int, optional
            Positions of the rows of X to explain with exact Shapley waterfalls (numbered from 0,
            as ``X.iloc``); default: the first three.
        title : str, optional
            The page's title (default: "ORCA model report: <target>").
        eps : sequence of float in (0, 1)
            Levels of the thresholds T_eps.
        sweep, stability : SweepResult, StabilityResult, optional
            Results of :func:`orca_svm.sweep` / :func:`orca_svm.stability` to add, with their
            plots and tables.
        verbose : int, default=0
            > 0: say on stderr how long the report took.

        Returns
        -------
        ModelReport: ``.to_html(path)`` writes the page; a notebook displays it.
        """
        check_is_fitted(self, "model_")
        data = None
        labels: list[str] = []
        if X is not None:
            data = self._rows(X)
            if y is not None:
                y = np.asarray(y)
                if y.shape != (data.shape[0],):
                    raise ValueError(f"y must have one label per row of X ({data.shape[0]}), got shape {y.shape}")
                labels = ([repr(float(v)) for v in y] if self._task == "regression"
                          else [str(v) for v in y])
        elif y is not None:
            raise ValueError("y needs X: the labels of the rows of X")
        positions: list[int] = []
        for r in (rows or []):
            if not isinstance(r, Integral) or isinstance(r, bool) or r < 0:
                raise ValueError(f"rows must be row positions (integers >= 0), got {r!r}")
            positions.append(int(r))
        diagnostics = {}
        for name, result in (("sweep", sweep), ("stability", stability)):
            if result is not None:
                if not hasattr(result, "to_json"):
                    raise ValueError(f"{name} must be the result of orca_svm.{name}(), got {type(result).__name__}")
                diagnostics[f"{name}_json"] = result.to_json()
        progress = Progress("report", verbose)
        html = _core.html_report(self.model_, data, labels, positions, title or "", [float(e) for e in eps],
                                 **diagnostics)
        progress.note(f"{len(html) / 1024:.0f} kB in {time.perf_counter() - progress.start:.2f} s")
        return ModelReport(html)

    # --- local explanations --------------------------------------------------------------
    def _explained_model(self, target):
        """The single-machine model whose decision function is explained."""
        if target is None:
            if self.model_.is_multiclass:
                raise ValueError("a multi-class model is explained one class at a time: pass target=<label> "
                                 f"(one of {self.classes_.tolist()})")
            return self.model_
        if self._task == "regression":
            raise ValueError("target selects a class; a regression model has none")
        matches = np.flatnonzero(self.classes_ == target)
        if len(matches) != 1:
            shown = target.item() if isinstance(target, np.generic) else target  # 3, not np.int64(3)
            raise ValueError(f"target {shown!r} is not a class of the model (classes: {self.classes_.tolist()})")
        return self.model_.class_model(int(matches[0]))

    _EXPLAIN_CHUNK = 2000  # rows per engine call when progress is shown

    def _explain(self, X, components: bool, interactions: bool, target, verbose: int = 0) -> tuple[dict, Any]:
        check_is_fitted(self, "model_")
        model = self._explained_model(target)
        index = X.index if isinstance(X, pd.DataFrame) else None
        X = self._rows(X)
        progress = Progress("explain", verbose)
        if not progress.enabled or len(X) <= self._EXPLAIN_CHUNK:
            raw = _core.explain(model, X, components, interactions, self.out_of_range)
        else:  # rows are explained independently: chunks give the same values
            parts = []
            for start in range(0, len(X), self._EXPLAIN_CHUNK):
                parts.append(_core.explain(model, X[start:start + self._EXPLAIN_CHUNK], components, interactions,
                                           self.out_of_range))
                progress(min(start + self._EXPLAIN_CHUNK, len(X)), len(X))
            raw = {key: np.concatenate([p[key] for p in parts]) if isinstance(value, np.ndarray) else value
                   for key, value in parts[0].items()}
            raw["clipped"] = _core.Clipping()
            for p in parts:
                raw["clipped"] += p["clipped"]
        _warn_when_notable(raw["clipped"], X.shape[0])
        return raw, index

    def explain(self, X, target=None, verbose: int = 0) -> pd.DataFrame:
        """Exact Shapley values phi_j(x) of every row (columns: feature names).

        The game is v(S) = E_mu[h(x_S, X_-S)] with X ~ mu, the family's product measure on the
        scaled domain (uniform for Legendre), so each row satisfies
        ``phi.sum() == decision - base`` exactly (efficiency). A missing value (NaN, under
        missing="marginalize") is integrated out, so its feature's phi is 0. ``df.attrs`` holds
        ``"base"`` (b + h_empty, the decision function's mean under mu) and ``"decision"``.
        With more than two classes, ``target`` names the class whose score is explained.
        ``verbose`` > 0 prints a progress line on stderr for many rows.
        """
        raw, index = self._explain(X, components=False, interactions=False, target=target, verbose=verbose)
        df = pd.DataFrame(raw["shapley"], columns=list(self.model_.feature_names), index=index)
        df.attrs["base"] = raw["base"]
        df.attrs["decision"] = raw["decision"]
        return df

    def explain_shap(self, X, target=None, verbose: int = 0):
        """The exact Shapley values of :meth:`explain` as a ``shap.Explanation``, so that SHAP's
        plots (``shap.plots.waterfall``, ``beeswarm``, ``bar``, ``scatter``, ...) draw them.

        ``values`` (rows, features) are ORCA's phi_j(x), ``base_values`` the decision function's
        mean under the kernel's product measure mu (one per row, all equal), ``data`` the rows as
        given (original units) and ``feature_names`` the model's. ``values.sum(1) + base_values``
        is the decision value (for a multi-class model, ``target``'s class score). The game is
        v(S) = E_mu[h(x_S, X_-S)]: interventional Shapley values with mu as the background, where
        SHAP's explainers use a background data set (docs/explain.md compares the two).
        Needs the optional package ``shap`` (``pip install shap``).
        """
        try:
            import shap
        except ImportError as err:
            raise ImportError("explain_shap needs the optional package shap: pip install shap "
                              "(or pip install 'orca-svm[shap]')") from err
        phi = self.explain(X, target=target, verbose=verbose)
        data = X.to_numpy(dtype=np.float64) if isinstance(X, pd.DataFrame) else np.asarray(X, dtype=np.float64)
        return shap.Explanation(values=phi.to_numpy(), base_values=np.full(len(phi), phi.attrs["base"]), data=data,
                                feature_names=list(self.model_.feature_names))

    def explain_components(self, X, target=None, verbose: int = 0) -> pd.DataFrame:
        """Functional-ANOVA components of every row: columns ``main:<f>`` (h_j), ``pair:<f>*<g>``
        (h_jk), ``remainder`` (all higher orders), plus ``base`` and ``decision``; the components
        and the base sum exactly to the decision value."""
        raw, index = self._explain(X, components=True, interactions=False, target=target, verbose=verbose)
        names = list(self.model_.feature_names)
        pairs = [f"pair:{names[j]}*{names[k]}" for j in range(len(names)) for k in range(j + 1, len(names))]
        df = pd.DataFrame(np.column_stack([raw["main"], raw["pair"], raw["remainder"]]),
                          columns=[f"main:{n}" for n in names] + pairs + ["remainder"], index=index)
        df["base"] = raw["base"]
        df["decision"] = raw["decision"]
        return df

    def shapley_interactions(self, X, target=None, verbose: int = 0) -> np.ndarray:
        """Shapley interaction values, shape (n_rows, d, d), in SHAP's convention: off the
        diagonal I_jk / 2 (I the Shapley interaction index), on it phi_j minus its row's
        off-diagonal sum, so every row of a matrix sums to phi_j."""
        raw, _ = self._explain(X, components=False, interactions=True, target=target, verbose=verbose)
        values = raw["interaction"] / 2.0
        d = values.shape[1]
        diag = raw["shapley"] - values.sum(axis=2)
        values[:, np.arange(d), np.arange(d)] = diag
        return values

    def shape_functions(self, grid: int = 100, target=None) -> pd.DataFrame:
        """The exact main-effect curves h_j over each feature's training range (long format:
        columns feature, x, h). A categorical feature's curve is its value at each level: x is the
        level's code and a column ``level`` names it (present when the model has such features).
        A numeric feature with a gap function (``missing="level"``, gaps in training) has one more
        row, last, with x NaN: its value at a gap."""
        check_is_fitted(self, "model_")
        model = self._explained_model(target)
        names = list(self.model_.feature_names)
        levels = self.model_.levels
        grid = _count("grid", grid)
        parts = []
        for j, x, h in _core.shape_functions(model, grid):
            part = pd.DataFrame({"feature": names[j], "x": x, "h": h})
            if any(levels):
                part["level"] = [levels[j][int(v)] for v in x] if levels[j] else None
            parts.append(part)
        return pd.concat(parts, ignore_index=True)

    def pair_surface(self, first, second, grid: int = 40, target=None) -> pd.DataFrame:
        """The exact pair component h_jk on a grid (index: first feature's values, columns: the
        second's). Features by name or position. A feature with a gap function has a gap last on
        its axis, labelled NaN."""
        check_is_fitted(self, "model_")
        model = self._explained_model(target)
        names = list(self.model_.feature_names)
        j, k = _feature_position(first, names), _feature_position(second, names)
        if j == k:
            raise ValueError(f"pair_surface needs two different features, got {names[j]!r} twice")
        x, y, h = _core.pair_surface(model, j, k, _count("grid", grid))
        levels = self.model_.levels  # a categorical feature's grid is its levels: named
        x = [levels[j][int(v)] for v in x] if levels[j] else x
        y = [levels[k][int(v)] for v in y] if levels[k] else y
        return pd.DataFrame(h, index=pd.Index(x, name=names[j]), columns=pd.Index(y, name=names[k]))

    # --- persistence ---------------------------------------------------------------------
    def save(self, path: str | os.PathLike) -> None:
        """Write the model file (the CLI's JSON format, readable by ``orca predict``)."""
        check_is_fitted(self, "model_")
        doc = json.loads(self.model_.to_json())
        doc["python"] = {"feature_names_in": hasattr(self, "feature_names_in_"),
                         "params": {k: _plain(v) for k, v in self.get_params().items()}}
        if hasattr(self, "classes_"):
            doc["python"]["classes"] = [_plain(c) for c in self.classes_]
        _write_atomically(os.fspath(path), json.dumps(doc, indent=1) + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike):
        """Read a model file written by :meth:`save` or by ``orca fit``."""
        path = os.fspath(path)
        if os.path.exists(path):  # a missing one is open()'s FileNotFoundError, as Python's files are
            _core.check_model_file(path)  # the CLI's refusals: a directory, a pipe, a file too large
        try:
            with open(path, encoding="utf-8-sig") as f:  # a byte-order mark, as the engine, read past
                text = f.read()
        except UnicodeDecodeError as e:
            raise ValueError(f"{path}: not a model file (not UTF-8 text at byte {e.start})") from None
        model = _core.Model.from_json(text, path)
        if model.task != cls._task:
            raise ValueError(f"{path}: holds a {model.task} model; load it with "
                             f"{'OrcaSVR' if model.task == 'regression' else 'OrcaSVC'}")
        extra = json.loads(text).get("python", {})
        if not isinstance(extra, dict):
            raise ValueError(f"{path}: python: expected an object (what OrcaSVC.save writes), got {type(extra).__name__}")
        params = extra.get("params") or cls._params_of(model)
        if not isinstance(params, dict):
            raise ValueError(f"{path}: python.params: expected an object of parameters")
        unknown = sorted(set(params) - set(cls._get_param_names()))
        if unknown:
            raise ValueError(f"{path}: python.params: {', '.join(map(repr, unknown))} is not a parameter of "
                             f"{cls.__name__} (parameters: {', '.join(cls._get_param_names())})")
        est = cls(**params)
        est.model_ = model
        if cls._task == "classification":
            classes = extra.get("classes", list(model.classes))
            # Python's labels (numbers stay numbers) in the model's order: the engine's classes are
            # their text, so anything else would rename or swap what predict returns.
            if not isinstance(classes, list) or [_label_text(c) for c in classes] != list(model.classes):
                raise ValueError(f"{path}: python.classes {classes!r} are not the model's classes "
                                 f"{list(model.classes)} in their order")
            est.classes_ = np.array(classes)
        est.n_features_in_ = len(model.feature_names)
        if extra.get("feature_names_in", "python" not in json.loads(text)):
            est.feature_names_in_ = np.array(model.feature_names, dtype=object)
        est._set_machine_attributes()
        return est

def _warn_when_notable(clipping, rows: int) -> None:
    """The UserWarning for rows clipped to the training range, when the engine calls it notable."""
    if clipping.notable(rows):
        warnings.warn(clipping.note(rows), UserWarning)


def _refuse_repeated_columns(X) -> None:
    """A model file names each feature once (the CLI could never read a model of repeated
    names); said before scikit-learn's own check, whose words differ between its releases."""
    columns = getattr(X, "columns", None)
    if columns is None:
        return
    repeated = sorted(str(n) for n, times in Counter(map(str, columns)).items() if times > 1)
    if repeated:
        raise ValueError(f"duplicate feature names {repeated}: give each column its own name")


def _label_text(label) -> str:
    """A class label as the engine holds it (what fit stores: str of the label)."""
    return str(label)


def _count(name: str, value) -> int:
    """A whole number >= 0 given for `name` (numpy integers too), or ValueError naming it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Integral) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    return int(value)


def _feature_position(feature, names: list[str]) -> int:
    """A feature given by name or by position (negative positions are not taken: -1 is more
    likely a mistake than the last feature)."""
    if isinstance(feature, str):
        if feature not in names:
            raise ValueError(f"{feature!r} is not a feature of the model (features: {', '.join(names)})")
        return names.index(feature)
    if isinstance(feature, (bool, np.bool_)) or not isinstance(feature, Integral) or not 0 <= feature < len(names):
        raise ValueError(f"a feature is a name or a position from 0 to {len(names) - 1}, got {feature!r}")
    return int(feature)


def _is_default(row: dict, value) -> bool:
    """Whether a parameter holds its setting's default (numbers compared as numbers)."""
    if row["kind"] == "real" and isinstance(value, Real) and not isinstance(value, bool):
        return float(value) == float(row["default"])
    return _setting_text(value) == row["default"]


def _setting_text(value) -> str:
    """A parameter's value as the engine reads settings: floats exactly (repr), booleans as
    true/false, sequences comma-separated."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, Real):
        return repr(float(value))
    if isinstance(value, Mapping):
        return ",".join(f"{k}={_setting_text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ",".join(_setting_text(v) for v in value)
    return str(value)


def _multiclass_layout(machines, k: int, strategy: str):
    """Every machine's support vectors as one table, in LIBSVM's (and scikit-learn's) layout.

    One-vs-one: the distinct support vectors grouped by class (n_support_ per class); row j - 1
    of dual_coef_ holds, for machine (i, j), the coefficients of class i's vectors, row i those of
    class j's (k - 1 rows). A vector's class follows from its sign (a_i > 0: the positive class j).
    ORCA's sign convention is kept: machine (i, j) is positive for class j (LIBSVM's for i).
    One-vs-rest: the distinct vectors in order of appearance, dual_coef_ with one row per
    machine; n_support_ is None (a vector counted as "rest" has no class of its own here).
    """
    rows: dict[bytes, int] = {}
    vectors, classes = [], []
    if strategy == "ovo":
        pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
        entries = []
        for (i, j), m in zip(pairs, machines):
            for v, a in zip(m.support_vectors, m.coefficients):
                c = j if a > 0 else i
                key = bytes([c]) + v.tobytes() if k < 256 else str(c).encode() + b"|" + v.tobytes()
                if key not in rows:
                    rows[key] = len(vectors)
                    vectors.append(v)
                    classes.append(c)
                entries.append((j - 1 if c == i else i, rows[key], a))
        order = np.argsort(np.asarray(classes), kind="stable")
        position = np.empty(len(order), dtype=int)
        position[order] = np.arange(len(order))
        dual = np.zeros((k - 1, len(vectors)))
        for r, s, a in entries:
            dual[r, position[s]] = a
        counts = np.bincount(np.asarray(classes, dtype=int), minlength=k).astype(np.int32)
        return np.asarray(vectors)[order], dual, counts
    entries = []
    for c, m in enumerate(machines):
        for v, a in zip(m.support_vectors, m.coefficients):
            key = v.tobytes()
            if key not in rows:
                rows[key] = len(vectors)
                vectors.append(v)
            entries.append((c, rows[key], a))
    dual = np.zeros((len(machines), len(vectors)))
    for r, s, a in entries:
        dual[r, s] = a
    return np.asarray(vectors), dual, None


def _degree_value(value, name: str) -> int:
    """One polynomial degree as an int (its range is the engine's rule)."""
    if not isinstance(value, Integral) or isinstance(value, bool):
        raise ValueError(f"{name} must be an integer in 0..{_core.MAX_DEGREE}, got {value!r}")
    return int(value)


def _max_order_setting(value) -> int:
    """The engine's max_order setting for the estimator's parameter ("auto", None or Q >= 1)."""
    if isinstance(value, str) and value == "auto":
        return _core.AUTO_MAX_ORDER
    if value is None:
        return 0
    if isinstance(value, Integral) and not isinstance(value, bool) and value >= 1:
        return int(value)
    raise ValueError(f"max_order must be 'auto', None (the full tensor product) or an integer >= 1, got {value!r}")


def _max_total_degree_setting(value) -> int:
    """The engine's max_total_degree setting for the estimator's parameter (None or N >= 1)."""
    if value is None:
        return 0
    if isinstance(value, Integral) and not isinstance(value, bool) and value >= 1:
        return int(value)
    raise ValueError(f"max_total_degree must be None (no cap) or an integer >= 1, got {value!r}")


def _target_name(y) -> str:
    """The target's name for the model file and reports: a pandas Series' name, else "y"."""
    name = getattr(y, "name", None)
    return str(name) if name is not None and str(name) else "y"


def _plain(value: Any) -> Any:
    """A JSON-serialisable version of a numpy scalar or a parameter value."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _write_atomically(path: str, text: str) -> None:
    """Writes through a new temporary file beside path, renamed over it; refuses (ValueError)
    to replace anything but a regular file. The engine's writer: the CLI's rules and messages."""
    _core.write_file(path, text)


def _is_categorical(column: pd.Series) -> bool:
    """A DataFrame column ORCA reads as categories: pandas' category, object, string and bool."""
    dtype = column.dtype
    return (isinstance(dtype, pd.CategoricalDtype) or pd.api.types.is_object_dtype(dtype)
            or pd.api.types.is_string_dtype(dtype) or pd.api.types.is_bool_dtype(dtype))


def _level_order(values: list[str]) -> list[str]:
    """Distinct level names sorted as the engine sorts classes and the CLI's levels: as numbers
    when every one is a number, else as text."""
    values = sorted(set(values))
    try:
        return sorted(values, key=float)
    except ValueError:
        return values


def _encode_levels(X, levels: list[list[str]] | None = None, missing: str = "marginalize"):
    """X with its categorical columns (pandas category, object, string, bool) as level codes,
    NaN for a missing value; and the levels, per column ([] for a numeric one). Fitting (levels
    None): a column's levels are its distinct values. Later: the model's levels; a value the model
    never saw is missing, or a ValueError under missing="error". Anything but a DataFrame is
    returned as it is (categories come as DataFrame columns)."""
    if not isinstance(X, pd.DataFrame):
        return X, None
    fitting = levels is None
    if not fitting and not any(levels):
        return X, levels
    columns = {}
    found: list[list[str]] = []
    for j, name in enumerate(X.columns):
        column = X[name]
        wanted = None if fitting else levels[j]
        if (fitting and not _is_categorical(column)) or (not fitting and not wanted):
            columns[name] = column
            found.append([])
            continue
        present = column.notna()
        text = column[present].astype(str)
        names = _level_order(list(text)) if fitting else wanted
        code = {level: float(k) for k, level in enumerate(names)}
        codes = text.map(code)
        if not fitting and codes.isna().any() and missing == "error":
            unseen = sorted(set(text[codes.isna()]))[:3]
            raise ValueError(f"column {name!r}: {unseen} not among the levels the model saw ({names[:10]}); "
                             "missing='error' refuses unseen levels")
        encoded = pd.Series(np.nan, index=column.index, dtype=np.float64)
        encoded[present] = codes.astype(np.float64)
        columns[name] = encoded
        found.append(names)
    return pd.DataFrame(columns, index=X.index), found
