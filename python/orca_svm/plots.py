"""Plots of an ORCA analysis. Each function draws on a given Axes (or a new one) and returns it."""
from __future__ import annotations

import numpy as np

from .report import OkcReport


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots()
    return ax


def plot_order(report: OkcReport, ax=None):
    """Bars of OKC(q) against the interaction order q."""
    ax = _axes(ax)
    # Orders beyond the basis' interaction order Q are zero by construction: not drawn.
    q = np.arange(min(len(report.order), report.max_order + 1))
    ax.bar(q, report.order[q], color="tab:blue")
    ax.set_xticks(q)
    ax.set_xlabel("interaction order q")
    ax.set_ylabel("OKC(q)")
    ax.set_title("Energy by interaction order")
    ax.set_ylim(0, max(1e-12, report.order.max()) * 1.1)
    return ax


def plot_spectrum(report: OkcReport, ax=None):
    """Bars of OKC_N with N* and each T_eps marked, and F(N) on a second axis."""
    ax = _axes(ax)
    # Up to the last degree with mass (a cap on order or degree leaves the rest at zero).
    nonzero = np.flatnonzero(report.spectrum > 0)
    N = np.arange((nonzero[-1] if len(nonzero) else 0) + 2)[:len(report.spectrum)]
    ax.bar(N, report.spectrum[N], color="tab:orange", label="OKC_N")
    ax.axvline(report.peak, color="black", linestyle="-", linewidth=1, label=f"N* = {report.peak}")
    styles = ["--", ":", "-."]
    for k, (eps, T) in enumerate(sorted(report.thresholds.items())):
        ax.axvline(T, color="tab:red", linestyle=styles[k % 3], linewidth=1, label=f"T_{eps:g} = {T}")
    ax.set_xlabel("total degree N")
    ax.set_ylabel("OKC_N")
    ax.set_title("Spectrum by total degree")
    twin = ax.twinx()
    twin.plot(N, report.cumulative[N], color="tab:green", marker=".", label="F(N)")
    twin.set_ylim(0, 1.05)
    twin.set_ylabel("cumulative F(N)")
    ax.legend(loc="center right", fontsize="small")
    return ax


def plot_marginal(report: OkcReport, ax=None, total: bool = True):
    """Horizontal bars of OKC_i per feature, sorted, with T_i behind them when total=True."""
    ax = _axes(ax)
    order = report.total_effect.sort_values().index if total else report.marginal.sort_values().index
    y = np.arange(len(order))
    if total:
        ax.barh(y, report.total_effect[order].values, color="lightgray", label="T_i (total)")
    ax.barh(y, report.marginal[order].values, color="tab:purple", height=0.5, label="OKC_i (main effect)")
    ax.set_yticks(y)
    ax.set_yticklabels(list(order))
    ax.set_xlabel("share of E")
    ax.set_title("Per-feature shares")
    ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_pairwise(report: OkcReport, ax=None):
    """Heatmap of OKC_ij; a model without pair terms (max order 1) gets a sentence saying so
    instead of a square of zeros."""
    ax = _axes(ax)
    if report.max_order < 2:
        ax.text(0.5, 0.5, "No pairs: max order Q = 1\n(an additive model has no terms\nof two features)",
                ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        ax.set_title("Pairwise interaction shares OKC_ij")
        return ax
    values = report.pairwise.values
    image = ax.imshow(values, cmap="viridis", vmin=0.0)
    names = list(report.pairwise.index)
    ax.set_xticks(range(len(names)))
    ax.set_yticks(range(len(names)))
    ax.set_xticklabels(names, rotation=45, ha="right")
    ax.set_yticklabels(names)
    ax.set_title("Pairwise interaction shares OKC_ij")
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    return ax


def plot_decision_function(clf, X, y=None, ax=None, resolution: int = 200):
    """Decision map of a two-feature model with the data and the support vectors: the decision
    value with its zero contour (two classes), the predicted class regions (more classes), or
    the prediction (regression)."""
    ax = _axes(ax)
    X = np.asarray(X, dtype=float)
    if X.shape[1] != 2:
        raise ValueError(f"plot_decision_function needs two features, got {X.shape[1]}")
    lo, hi = X.min(axis=0), X.max(axis=0)
    g0, g1 = np.meshgrid(np.linspace(lo[0], hi[0], resolution), np.linspace(lo[1], hi[1], resolution))
    grid = np.column_stack([g0.ravel(), g1.ravel()])
    import pandas as pd
    if hasattr(clf, "feature_names_in_"):
        grid = pd.DataFrame(grid, columns=clf.feature_names_in_)
    model = clf.model_
    if model.task == "regression":
        values = clf.predict(grid).reshape(g0.shape)
        mesh = ax.contourf(g0, g1, values, levels=20, cmap="viridis", alpha=0.8)
        label = "prediction"
    elif model.is_multiclass:
        k = len(clf.classes_)
        index = {c: i for i, c in enumerate(clf.classes_)}
        values = np.array([index[c] for c in clf.predict(grid)], dtype=float).reshape(g0.shape)
        mesh = ax.contourf(g0, g1, values, levels=np.arange(k + 1) - 0.5, cmap="tab10", vmin=0, vmax=9, alpha=0.35)
        ax.contour(g0, g1, values, levels=np.arange(k) + 0.5, colors="black", linewidths=1.0)
        label = "predicted class"
    else:
        values = clf.decision_function(grid).reshape(g0.shape)
        limit = np.abs(values).max() or 1.0
        mesh = ax.contourf(g0, g1, values, levels=20, cmap="RdBu_r", vmin=-limit, vmax=limit, alpha=0.8)
        ax.contour(g0, g1, values, levels=[0.0], colors="black", linewidths=1.5)
        label = "decision value"
    if y is not None:
        y = np.asarray(y)
        if model.task == "regression":
            ax.scatter(X[:, 0], X[:, 1], c=y, cmap="viridis", s=12, edgecolors="k", linewidths=0.3, label="data")
        else:
            for c, marker in zip(clf.classes_, "osD^vPX*<>"):
                sel = y == c
                ax.scatter(X[sel, 0], X[sel, 1], marker=marker, s=12, edgecolors="k", linewidths=0.3, label=str(c))
    ax.figure.colorbar(mesh, ax=ax, fraction=0.046, pad=0.04, label=label)
    if model.stored_by_coefficients:  # no support vectors kept to mark
        ax.set_title(f"Decision function ({model.summary['support_vectors']} support vectors, not kept)")
    else:  # every machine's support vectors, each point once
        sv = np.unique(np.vstack([m.support_vectors_raw for m in model.machines]), axis=0)
        ax.scatter(sv[:, 0], sv[:, 1], s=60, facecolors="none", edgecolors="gold", linewidths=1.2,
                   label="support vectors")
        ax.set_title(f"Decision function ({len(sv)} support vectors)")
    ax.legend(fontsize="small")
    return ax


def plot_report(report: OkcReport, figsize=(12.0, 8.0), title: str | None = None):
    """OKC(q), spectrum, marginals and pairwise heatmap in one figure; returns the Figure.
    ``title`` names what is drawn (the multi-class report passes the aggregate or machine)."""
    import matplotlib.pyplot as plt
    # Constrained layout keeps the heatmap's rotated labels and colour bar clear of the titles.
    fig, axes = plt.subplots(2, 2, figsize=figsize, layout="constrained")
    plot_order(report, axes[0, 0])
    plot_spectrum(report, axes[0, 1])
    plot_marginal(report, axes[1, 0])
    if len(report.feature_names) >= 2:
        plot_pairwise(report, axes[1, 1])
    else:
        axes[1, 1].set_axis_off()
    fig.suptitle(f"{title or 'ORCA analysis'} ({report.method}, E = {report.energy:.4g})")
    return fig
