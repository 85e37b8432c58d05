"""Plots of exact local explanations. Each draws on a given Axes (or a new one) and returns it."""
from __future__ import annotations

import numpy as np
import pandas as pd


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots()
    return ax


def plot_shapley_bar(shapley: pd.DataFrame, row=0, ax=None, max_features: int = 15):
    """Waterfall of one row's Shapley values: bars from the base value to the decision value,
    largest |phi_j| at the top. ``shapley`` is what ``OrcaSVC.explain`` returns; ``row`` is a
    position."""
    ax = _axes(ax)
    phi = shapley.iloc[row]
    base = shapley.attrs.get("base", 0.0)
    order = phi.abs().sort_values(ascending=True).index[-max_features:]
    rest = phi.drop(order).sum()
    items = ([("other features", rest)] if len(phi) > len(order) else []) + [(n, phi[n]) for n in order]
    lefts, widths = [], []
    running = base
    for _, v in items:
        lefts.append(running if v >= 0 else running + v)
        widths.append(abs(v))
        running += v
    y = np.arange(len(items))
    colors = ["tab:red" if v >= 0 else "tab:blue" for _, v in items]
    ax.barh(y, widths, left=lefts, color=colors)
    ax.set_yticks(y)
    ax.set_yticklabels([n for n, _ in items])
    ax.axvline(base, color="gray", linestyle=":", linewidth=1, label=f"base = {base:.3g}")
    ax.axvline(running, color="black", linewidth=1, label=f"decision = {running:.3g}")
    # The base value and the decision value are on the axis even where no bar reaches them.
    ends = [base, running] + lefts + [a + w for a, w in zip(lefts, widths)]
    lo, hi = min(ends), max(ends)
    pad = 0.06 * (hi - lo or 1.0)
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_xlabel("decision value")
    ax.set_title(f"Shapley values, row {shapley.index[row]}")
    ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_shapley_summary(shapley: pd.DataFrame, X=None, ax=None, seed: int = 0):
    """Beeswarm-style summary: one row per feature (sorted by mean |phi|), one dot per data row
    at its Shapley value, coloured by the feature's value when X is given."""
    ax = _axes(ax)
    order = shapley.abs().mean().sort_values().index
    rng = np.random.default_rng(seed)
    Xf = pd.DataFrame(X, columns=shapley.columns) if X is not None and not isinstance(X, pd.DataFrame) else X
    for pos, name in enumerate(order):
        values = shapley[name].to_numpy()
        jitter = rng.uniform(-0.3, 0.3, len(values))
        colour = None
        if Xf is not None:
            col = Xf[name].to_numpy(dtype=float)
            span = np.ptp(col) or 1.0
            colour = (col - col.min()) / span
        ax.scatter(values, pos + jitter, c=colour, cmap="coolwarm", s=8, vmin=0, vmax=1)
    ax.axvline(0.0, color="gray", linewidth=0.8)
    ax.set_yticks(range(len(order)))
    ax.set_yticklabels(list(order))
    ax.set_xlabel("Shapley value phi_j (effect on the decision value)")
    ax.set_title("Shapley values over rows" + (" (colour: feature value, low to high)" if Xf is not None else ""))
    return ax


def plot_shape_functions(clf, X=None, features=None, grid: int = 100, axes=None, target=None):
    """The exact main-effect curves h_j with a rug of the data; returns the Figure. ``target``:
    the class whose score is drawn (required with more than two classes)."""
    import matplotlib.pyplot as plt
    shapes = clf.shape_functions(grid, target=target)
    names = list(dict.fromkeys(shapes["feature"])) if features is None else list(features)
    if axes is None:
        cols = min(3, len(names))
        rows = int(np.ceil(len(names) / cols))
        fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3 * rows), squeeze=False)
        axes = axes.ravel()
    else:
        axes = np.ravel(axes)
        fig = axes[0].figure
    Xf = pd.DataFrame(X, columns=list(clf.model_.feature_names)) if X is not None and not isinstance(X, pd.DataFrame) else X
    for ax, name in zip(axes, names):
        part = shapes[shapes["feature"] == name]
        categorical = "level" in part and part["level"].notna().all()
        if categorical:  # a bar per level: the codes have no order or distance to draw a line over
            names_of_levels = part["level"].astype(str)
            ax.bar(names_of_levels, part["h"], color="tab:blue")
            ax.tick_params(axis="x", labelrotation=45 if names_of_levels.str.len().max() > 6 else 0)
        else:
            gap = part["x"].isna()  # a gap function's value (missing="level"): drawn as a level
            ax.plot(part["x"][~gap], part["h"][~gap], color="tab:blue")
            if gap.any():
                h_gap = float(part["h"][gap].iloc[0])
                ax.axhline(h_gap, color="tab:orange", linestyle="--", linewidth=1.2, label=f"at a gap: {h_gap:.3g}")
                ax.legend(fontsize="small")
        ax.axhline(0.0, color="gray", linewidth=0.6)
        if Xf is not None and not categorical:
            lo, hi = ax.get_ylim()
            ax.plot(Xf[name], np.full(len(Xf), lo), "|", color="black", alpha=0.4, markersize=8)
            ax.set_ylim(lo, hi)
        ax.set_xlabel(name)
        ax.set_ylabel(f"h_{name}")
    for ax in axes[len(names):]:
        ax.set_axis_off()
    fig.suptitle("Main effects (exact shape functions)" + ("" if target is None else f" of class {target}"))
    fig.tight_layout()
    return fig


def plot_pair_surface(clf, first, second, grid: int = 40, ax=None, target=None):
    """Heatmap of the exact pair component h_jk over the two features' training ranges
    (``target``: the class whose score is drawn, required with more than two classes)."""
    ax = _axes(ax)
    surface = clf.pair_surface(first, second, grid, target=target)
    # A gap function's row or column (labelled NaN) has no place on the axes: left out here.
    surface = surface.loc[~pd.isna(surface.index), ~pd.isna(surface.columns)]
    x, y = surface.index.to_numpy(), surface.columns.to_numpy()
    limit = np.abs(surface.to_numpy()).max() or 1.0
    mesh = ax.pcolormesh(x, y, surface.to_numpy().T, cmap="RdBu_r", vmin=-limit, vmax=limit, shading="auto")
    ax.set_xlabel(surface.index.name)
    ax.set_ylabel(surface.columns.name)
    ax.set_title(f"Pair component h({surface.index.name}, {surface.columns.name})")
    ax.figure.colorbar(mesh, ax=ax)
    return ax
