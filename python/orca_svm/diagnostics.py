"""Structural diagnostics: sweeps with cross-validation and the OKC profile, stability over
resamples, and the Occam selection rule. The engine does the work (in parallel, GIL released);
these functions arrange its results as pandas objects and plots."""
from __future__ import annotations

import json
from typing import Iterable, Sequence

import numpy as np
import pandas as pd
from sklearn.utils.multiclass import check_classification_targets, type_of_target
from sklearn.utils.validation import check_X_y

from . import _core
from ._compat import boxplot, finiteness
from ._base import _max_order_setting, _max_total_degree_setting, _setting_text
from ._html import view
from ._progress import Progress


def _as_list(value) -> list:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return [value]
    return list(value)


def _settings(family, degree, C, alpha, beta, lam, measure, max_order, d: int, max_total_degree=None,
              scaling="range") -> list[dict]:
    """The grid, built by the engine from lists of the settings table's texts (its rules, its
    pairing of alpha and beta lists); max_order resolved for d features."""
    def listed(values, convert=lambda v: v) -> str:
        return ",".join(_setting_text(convert(v)) for v in _as_list(values))

    def order_text(value) -> str:
        q = _max_order_setting(value)
        return "auto" if q == _core.AUTO_MAX_ORDER else str(q)

    lists = {"family": _setting_text(family), "measure": _setting_text(measure), "alpha": listed(alpha),
             "beta": listed(beta), "lambda": listed(lam), "degree": listed(degree),
             "max_order": ",".join(order_text(q) for q in _as_list(max_order)),
             "max_total_degree": listed(max_total_degree, _max_total_degree_setting), "C": listed(C),
             "scaling": listed(scaling)}
    return _core.grid_settings(lists, d)


def _task(y, task) -> str:
    """The task a diagnostic runs: as given, or inferred from y. A target of floating-point numbers
    is a regression (diabetes' whole-number floats included, which scikit-learn's type_of_target
    would call 214 classes); integers, text, booleans and categories are classes."""
    if task is None:
        y = np.asarray(y)
        return "regression" if y.dtype.kind == "f" or type_of_target(y) == "continuous" else "classification"
    if task not in ("classification", "regression"):
        raise ValueError(f"task must be 'classification', 'regression' or None (inferred), got {task!r}")
    return task


def _data(X, y, task=None):
    """X as the engine takes it, the target as text (class codes in sorted order, or the numbers
    of a regression, exactly), the feature names and the task."""
    names = [str(c) for c in X.columns] if isinstance(X, pd.DataFrame) else None
    # NaN is a missing value: a grid's fits integrate it out (the missing setting's default).
    X, y = check_X_y(X, y, dtype=np.float64, y_numeric=task == "regression", **finiteness(True))
    task = _task(y, task)
    names = names or [f"x{j}" for j in range(X.shape[1])]
    if task == "regression":
        labels = [repr(float(v)) for v in np.asarray(y, dtype=np.float64)]
    else:
        check_classification_targets(y)
        classes = np.unique(y)
        if len(classes) < 2:
            raise ValueError(f"diagnostics need at least two classes; got {len(classes)}")
        labels = [str(int(k)) for k in np.searchsorted(classes, y)]
    return np.ascontiguousarray(X), labels, names, task


class SweepResult:
    """One row per setting: the cross-validated score (accuracy, or R^2 for a regression: ``task``)
    and the OKC profile of the model fitted on all data. ``table`` is a DataFrame; ``str()`` is the
    CLI's table; ``plot()`` draws indices against the swept parameter."""

    def __init__(self, raw: dict):
        self._raw = raw
        doc = json.loads(raw["json"])
        self.features: list[str] = doc["features"]
        self.task: str = doc.get("task", "classification")  # what cv_mean is: accuracy, or R^2
        self.rows: list[dict] = doc["rows"]
        records = []
        for r in self.rows:
            rec = {"setting": r["setting"]["label"], "family": r["setting"]["family"], "alpha": r["setting"]["alpha"],
                   "beta": r["setting"]["beta"], "degree": r["setting"]["degrees"][0], "C": r["setting"]["C"],
                   "scaling": r["setting"].get("scaling", "range"),
                   "cv_mean": r["cv_mean"], "cv_sd": r["cv_sd"], "train_accuracy": r["train_accuracy"],
                   "support_vectors": r["support_vectors"], "mean_order": r["mean_order"]}
            if self.task == "regression":
                rec["cv_rmse"] = r["cv_rmse"]
            for q in range(len(self.features) + 1):  # orders above the row's max_order are 0: it has none
                rec[f"OKC({q})"] = r["order"][q] if q < len(r["order"]) else 0.0
            rec["N*"] = r["peak"]
            for t in r["thresholds"]:
                rec[f"T_{t['eps']:g}"] = t["T"]
            rec["M_even"], rec["M_odd"] = r["parity"]["even"], r["parity"]["odd"]
            for name, v in zip(self.features, r["marginal"]):
                rec[f"OKC_i[{name}]"] = v
            rec["overfitting"] = r["overfitting"]
            records.append(rec)
        self.table = pd.DataFrame(records)
        self.chosen: int = raw["chosen"]
        self.candidates: list[int] = list(raw["candidates"])
        self.reason: str = raw["reason"]
        self.title: str = raw.get("title", "")

    @property
    def overfitting(self) -> dict[str, str]:
        """Settings flagged by the overfitting signal, with the reason in words."""
        return {r["setting"]["label"]: r["overfitting"] for r in self.rows if r["overfitting"]}

    @property
    def best_params(self) -> dict:
        """Parameters of the setting chosen by the Occam rule (for OrcaSVC(**best_params))."""
        s = self.rows[self.chosen]["setting"]
        params = {"family": s["family"], "degree": s["degrees"][0], "C": s["C"], "measure": s["measure"]}
        if s.get("max_order"):
            params["max_order"] = s["max_order"]
        if s.get("max_total_degree"):
            params["max_total_degree"] = s["max_total_degree"]
        if s["family"] == "jacobi":
            params.update(alpha=s["alpha"], beta=s["beta"])
        if s["family"] == "gegenbauer":
            params["lam"] = s["lambda"]
        if s.get("scaling", "range") != "range":
            params["scaling"] = s["scaling"]
        return params

    def __str__(self) -> str:
        return self._raw["text"]

    def to_csv(self) -> str:
        return self._raw["csv"]

    def _repr_html_(self) -> str:
        """A notebook's view: the plot against the swept parameter and the table."""
        swept = [c for c in ("degree", "C") if self.table[c].nunique() > 1]
        chosen = f"chosen: {self.rows[self.chosen]['setting']['label']} ({self.reason})" if self.rows else ""
        return view(self.title or "ORCA sweep", [chosen], self.table,
                    self.plot(against=swept[0] if len(swept) == 1 else "setting"))

    def to_json(self) -> str:
        return self._raw["json"]

    def plot(self, against: str = "degree", indices: Sequence[str] | None = None, axes=None):
        """Accuracy and OKC indices against a swept parameter ("degree", "C", or "setting");
        returns the Figure."""
        import matplotlib.pyplot as plt
        t = self.table
        orders = [c for c in t.columns if c.startswith("OKC(") and c != "OKC(0)"]
        thresholds = [c for c in t.columns if c.startswith("T_")]
        if axes is None:
            fig, axes = plt.subplots(1, 3, figsize=(15, 4))
        else:
            fig = axes[0].figure
        # One line per value of the other swept parameters (two values of C: two lines against the
        # degree), each in the order of the parameter drawn along x.
        others = [c for c in ("family", "alpha", "beta", "degree", "C") if c != against and t[c].nunique() > 1]
        groups = [(None, t)] if against == "setting" or not others else list(
            t.groupby(others[0] if len(others) == 1 else others, sort=False))
        signal_labelled = False
        for key, g in groups:
            g = g.sort_values(against) if against != "setting" else g
            x = g[against] if against != "setting" else g.index.to_numpy()
            tag = "" if key is None else " (" + ", ".join(
                f"{c}={v}" for c, v in zip(others, key if isinstance(key, tuple) else (key,))) + ")"
            score = "R²" if self.task == "regression" else "accuracy"
            axes[0].errorbar(x, g["cv_mean"], yerr=g["cv_sd"], marker="o", label=f"CV {score}" + tag)
            axes[0].plot(x, g["train_accuracy"], marker=".", linestyle="--", label=f"training {score}" + tag)
            flagged = g["overfitting"].astype(bool)
            label = "overfitting signal" if flagged.any() and not signal_labelled else None
            signal_labelled = signal_labelled or flagged.any()
            axes[0].scatter(np.asarray(x)[flagged], g["cv_mean"][flagged], s=120, facecolors="none",
                            edgecolors="red", label=label)
            for c in indices or orders:
                axes[1].plot(x, g[c], marker="o", label=c + tag)
            axes[2].plot(x, g["N*"], marker="o", label="N*" + tag)
            for c in thresholds:
                axes[2].plot(x, g[c], marker=".", linestyle="--", label=c + tag)
        axes[0].set_ylabel("R²" if self.task == "regression" else "accuracy")
        axes[0].legend(fontsize="small")
        axes[1].set_ylabel("share of E")
        axes[1].legend(fontsize="small")
        axes[2].set_ylabel("total degree")
        axes[2].legend(fontsize="small")
        for ax in axes:
            ax.set_xlabel(against)
            if against == "setting":
                ax.set_xticks(range(len(t)))
                ax.set_xticklabels(t["setting"], rotation=60, ha="right", fontsize="x-small")
        fig.suptitle(self.title or "ORCA sweep")
        fig.tight_layout()
        return fig


def _sweep_unit(setting: dict, X, labels, names, cv, seed, tol, eps, task="classification") -> str:
    """One work unit of a distributed sweep: one setting (its folds and the fit on all data), on
    one thread of the worker that runs it. Returns the engine's JSON."""
    return _core.sweep(X, labels, names, [setting], cv, seed, tol, 1, eps, None, None, task)["json"]


def sweep(X, y, degree=range(1, 9), C=1.0, family: str = "legendre", alpha=0.0, beta=0.0, lam=0.5,
          measure: str = "probability", cv: int = 5, seed: int = 1, tol: float = 1e-3, n_jobs: int = 0,
          eps: Sequence[float] = (0.01, 0.05, 0.10), tolerance: float | None = None, client=None,
          verbose: int = 0, max_order="auto", max_total_degree=None, task: str | None = None,
          scaling="range") -> SweepResult:
    """Cross-validated score and the OKC profile of every setting of
    the grid degree x max_order x C x (alpha, beta) pairs x scaling (the same results as ``orca
    sweep``; ``max_order`` "auto", None for the full tensor product, Q, or a list of them; likewise
    ``max_total_degree``, None or N; ``scaling`` "range", "quantile" or both, as the estimators
    take it). ``task`` "classification" (two or more classes: accuracy over
    stratified folds; the OKC profile of several machines is their energy-weighted aggregate) or
    "regression" (R^2 and RMSE over shuffled folds); None infers it from y as scikit-learn does
    (non-integer numbers: regression). The Occam
    selection among the settings within ``tolerance`` of the best (default: one standard error)
    is in ``best_params`` and ``reason``.

    With ``client`` (a ``distributed.Client``), each setting is one task on the cluster (the data
    are scattered to the workers once); the results are identical to the local run. ``verbose``
    > 0 prints a progress line (fits done, time to go) on stderr."""
    if not isinstance(cv, int) or cv < 2:
        raise ValueError(f"cv must be an integer >= 2, got {cv!r}")
    Xc, labels, names, task = _data(X, y, task)
    settings = _settings(family, degree, C, alpha, beta, lam, measure, max_order, Xc.shape[1], max_total_degree,
                         scaling)
    eps = [float(e) for e in eps]
    tolerance = None if tolerance is None else float(tolerance)
    _core.check_selection_tolerance(tolerance)  # before the sweep, not after it
    if client is None:
        progress = Progress("sweep", verbose).callback()
        return SweepResult(_core.sweep(Xc, labels, names, settings, cv, seed, tol, n_jobs, eps, tolerance, progress,
                                       task))
    data = client.scatter([Xc, labels], broadcast=True, hash=False)  # fresh keys: no race with a release
    futures = client.map(_sweep_unit, settings, X=data[0], labels=data[1], names=names, cv=cv, seed=seed, tol=tol,
                         eps=eps, task=task, pure=False)
    _wait(futures, Progress("sweep", verbose))
    return SweepResult(_core.finish_sweep(client.gather(futures), tolerance))


def select(X, y, tolerance: float | None = None, **grid) -> SweepResult:
    """``sweep`` followed by the Occam rule; read ``best_params`` and ``reason`` of the result."""
    return sweep(X, y, tolerance=tolerance, **grid)


class StabilityResult:
    """Each OKC index's mean, sd and 95% percentile interval over resamples, with a verdict by the
    documented rule (share: sd <= 0.05; degree: interval spans <= 2)."""

    def __init__(self, raw: dict):
        self._raw = raw
        doc = json.loads(raw["json"])
        self.setting: str = doc["setting"]
        self.resampling: str = doc["resampling"]
        self.table = pd.DataFrame([{k: v for k, v in i.items() if k != "values"} for i in doc["indices"]]).set_index("name")
        self.values = pd.DataFrame({i["name"]: i["values"] for i in doc["indices"]})

    def __str__(self) -> str:
        return self._raw["text"]

    def to_json(self) -> str:
        return self._raw["json"]

    def _repr_html_(self) -> str:
        """A notebook's view: box plots of the shares over resamples and the table."""
        return view(f"Stability of {self.setting} over {self.resampling}", [], self.table,
                    self.plot().figure)

    def plot(self, ax=None, shares: bool = True):
        """Box plots of the shares (or, with shares=False, of N* and T_eps) over resamples."""
        if ax is None:
            import matplotlib.pyplot as plt
            _, ax = plt.subplots(figsize=(10, 4))
        cols = [c for c in self.values.columns if self.table.loc[c, "is_degree"] != shares]
        boxplot(ax, [self.values[c] for c in cols], labels=cols)
        ax.tick_params(axis="x", rotation=60, labelsize="small")
        ax.set_ylabel("share of E" if shares else "total degree")
        ax.set_title(f"Stability of {self.setting} over {self.resampling}")
        return ax


def _stability_unit(rows, X, labels, names, setting, tol, eps, task="classification"):
    """One work unit of a distributed stability run: one refit and its indices."""
    return _core.stability_fit(X, labels, names, setting, rows, tol, eps, task)


def stability(X, y, degree: int = _core.DEFAULT_DEGREE, C: float = 1.0, family: str = "legendre", alpha: float = 0.0,
              beta: float = 0.0, lam: float = 0.5, measure: str = "probability", bootstrap: int | None = None,
              cv: int | None = None, seed: int = 1, tol: float = 1e-3, n_jobs: int = 0,
              eps: Sequence[float] = (0.01, 0.05, 0.10), client=None, verbose: int = 0,
              max_order: int | str | None = "auto", max_total_degree: int | None = None,
              task: str | None = None, scaling: str = "range") -> StabilityResult:
    """The OKC indices of one setting over ``bootstrap`` resamples or ``cv`` leave-one-fold-out
    refits (exactly one of them), as ``orca stability`` computes them, for ``task`` as ``sweep``
    takes it (several machines: their energy-weighted aggregate). With ``client`` (a
    ``distributed.Client``) every refit is one task on the cluster; the resamples are drawn
    up front from the seed, so the results are identical to the local run. ``verbose`` > 0 prints
    a progress line (refits done, time to go) on stderr."""
    if (bootstrap is None) == (cv is None):
        raise ValueError("give exactly one of bootstrap=N or cv=K")
    count = bootstrap if bootstrap is not None else cv
    if not isinstance(count, int) or count < 2:
        raise ValueError(f"bootstrap and cv need at least 2 resamples, got {count!r}")
    Xc, labels, names, task = _data(X, y, task)
    setting = _settings(family, degree, C, alpha, beta, lam, measure, max_order, Xc.shape[1], max_total_degree,
                        scaling)
    if len(setting) != 1:
        raise ValueError("stability takes one setting")
    kind = "bootstrap" if bootstrap is not None else "cv"
    eps = [float(e) for e in eps]
    if client is None:
        progress = Progress("stability", verbose).callback()
        return StabilityResult(_core.stability(Xc, labels, names, setting[0], kind, count, seed, tol, n_jobs, eps,
                                               progress, task))
    samples = _core.stability_resamples(labels, kind, count, seed, task)
    data = client.scatter([Xc, labels], broadcast=True, hash=False)  # fresh keys: no race with a release
    futures = client.map(_stability_unit, samples, X=data[0], labels=data[1], names=names, setting=setting[0], tol=tol,
                         eps=eps, task=task, pure=False)
    what = f"{count} bootstrap resamples" if kind == "bootstrap" else f"{count}-fold cross-validation"
    _wait(futures, Progress("stability", verbose))
    return StabilityResult(_core.stability_summary(setting[0], what, client.gather(futures)))


def _wait(futures, progress: Progress) -> None:
    """Reports the cluster's tasks as they finish (nothing to do when quiet: gather waits)."""
    if progress.enabled:
        from distributed import as_completed
        for done, _ in enumerate(as_completed(futures), start=1):
            progress(done, len(futures))


def experiment(name: str, data_path: str = "", cv: int = 5, n_jobs: int = 0) -> list[SweepResult]:
    """The paper's experiments, as ``orca experiment``: "spiral" or "echocardiogram" (the built-in
    copy of the data, or ``data_path`` to an echocardiogram.data file)."""
    return [SweepResult(r) for r in _core.experiment(name, data_path, cv, n_jobs)]
