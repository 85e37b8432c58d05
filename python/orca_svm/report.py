"""OkcReport: every OKC index of a model, as numpy/pandas objects, text and JSON."""
from __future__ import annotations

import json
from typing import Any

import numpy as np
import pandas as pd


class OkcReport:
    """The exact ORCA analysis of a fitted model (see ``docs/analysis.md``).

    Attributes
    ----------
    method : str
        "enumeration" or "pairs": the exact algorithm that ran.
    energy : float
        E = ||h||^2 = sum_k c_k^2; every index is a share of it.
    order : ndarray, shape (d + 1,)
        OKC(q), q = 0..d.
    spectrum, cumulative : ndarray, shape (sum n_j + 1,)
        OKC_N and F(N).
    block : pandas.DataFrame
        C_N^(q) / E, rows q, columns N.
    peak : int
        N*, the spectral peak.
    thresholds : dict[float, int]
        T_eps for each eps.
    parity : dict[str, float]
        {"even": M_even, "odd": M_odd}.
    marginal, total_effect : pandas.Series
        OKC_i and T_i, indexed by feature name.
    pairwise : pandas.DataFrame
        OKC_ij, features x features.
    max_order : int
        The basis' interaction order Q (d for the full tensor product): OKC(q) is 0 above it.
    subsets : pandas.DataFrame
        The largest subset shares S_u (columns "features", "share").
    coefficients : pandas.DataFrame
        The largest coefficients (columns "index", "term", "value", "share"); empty when the
        pair algorithm ran.
    """

    def __init__(self, raw: dict[str, Any], feature_names: list[str]):
        """raw: the engine's views of one report ("json", "text", "html"); every attribute is
        read from its JSON, the serialisation ``orca analyze --json`` writes."""
        self._raw = raw
        self.feature_names = list(feature_names)
        names = self.feature_names
        doc = json.loads(raw["json"])
        self.method: str = doc["method"]
        self.energy: float = doc["energy"]
        self.energy_kernel: float = doc["energy_kernel"]
        self.constant: float = doc["constant_coefficient"]
        self.order = np.asarray(doc["order"], dtype=float)
        self.spectrum = np.asarray(doc["spectrum"], dtype=float)
        self.cumulative = np.asarray(doc["cumulative"], dtype=float)
        self.block = pd.DataFrame(np.asarray(doc["block"], dtype=float),
                                  index=pd.Index(range(len(self.order)), name="q"),
                                  columns=pd.Index(range(len(self.spectrum)), name="N"))
        self.peak: int = doc["peak"]
        self.thresholds: dict[float, int] = {t["eps"]: t["T"] for t in doc["thresholds"]}
        self.parity: dict[str, float] = dict(doc["parity"])
        self.marginal = pd.Series(doc["marginal"], index=names, name="OKC_i", dtype=float)
        self.total_effect = pd.Series(doc["total_effect"], index=names, name="T_i", dtype=float)
        self.pairwise = pd.DataFrame(np.asarray(doc["pairwise"], dtype=float).reshape(len(names), len(names)),
                                     index=names, columns=names)
        self.max_subset_order: int = doc["max_subset_order"]
        self.max_order: int = doc["model"]["max_order"]  # the basis' interaction order Q (d: untruncated)
        self.subsets = pd.DataFrame([(tuple(s["features"]), s["share"]) for s in doc["top_subsets"]],
                                    columns=["features", "share"])
        self.coefficients = pd.DataFrame(
            [(tuple(c["index"]), _term(c["index"], names), c["value"], c["share"]) for c in doc["coefficients"]],
            columns=["index", "term", "value", "share"])

    def __str__(self) -> str:
        return self._raw["text"]

    def __repr__(self) -> str:
        return (f"<OkcReport method={self.method} E={self.energy:.6g} OKC(q)={np.round(self.order, 4).tolist()} "
                f"N*={self.peak}>")

    def to_json(self) -> str:
        """Every index plus the model's settings, as the CLI's ``analyze --json`` writes them."""
        return self._raw["json"]

    def _repr_html_(self) -> str:
        """A notebook's view: the indices as small inline figures and tables (the engine's)."""
        return self._raw["html"]

    def to_frame(self) -> dict[str, pd.DataFrame]:
        """Tidy DataFrames: order, spectrum, features, pairs, subsets, coefficients."""
        d = len(self.feature_names)
        pairs = [(self.feature_names[i], self.feature_names[j], self.pairwise.iat[i, j])
                 for i in range(d) for j in range(i + 1, d)]
        return {
            "order": pd.DataFrame({"q": range(len(self.order)), "OKC": self.order}),
            "spectrum": pd.DataFrame({"N": range(len(self.spectrum)), "OKC_N": self.spectrum, "F": self.cumulative}),
            "features": pd.DataFrame({"feature": self.feature_names, "OKC_i": self.marginal.values,
                                      "T_i": self.total_effect.values}),
            "pairs": pd.DataFrame(pairs, columns=["feature_i", "feature_j", "OKC_ij"]),
            "subsets": self.subsets.copy(),
            "coefficients": self.coefficients.copy(),
        }

    def plot(self, figsize: tuple[float, float] = (12.0, 8.0), title: str | None = None):
        """The standard ORCA figure: OKC(q), spectrum, marginals and the pairwise heatmap."""
        from .plots import plot_report
        return plot_report(self, figsize=figsize, title=title)


def _term(k, names) -> str:
    parts = [f"p{n}({names[j]})" for j, n in enumerate(k) if n > 0]
    return " ".join(parts) if parts else "1"


class MulticlassOkcReport:
    """The exact ORCA analysis of a model with more than two classes (see docs/multiclass.md).

    Attributes
    ----------
    machines : dict[str, OkcReport]
        One report per two-class machine, by name ("b vs a": one-vs-one, b positive; "c vs rest").
    energy_weighted : OkcReport
        Every share weighted by its machine's energy E_m: the analysis of all machines'
        coefficients stacked into one vector; machines with more energy count more.
    mean : OkcReport
        The plain mean of the machines' shares: every machine counts equally.

    In both aggregates N*, T_eps and the parity masses are recomputed from the aggregated
    spectrum, subset shares are listed for |u| <= 2, and no coefficients are listed.
    """

    def __init__(self, raw: dict[str, Any], feature_names: list[str]):
        self._raw = raw
        self.feature_names = list(feature_names)
        self.machines: dict[str, OkcReport] = {m["name"]: OkcReport(m, feature_names) for m in raw["machines"]}
        self.energy_weighted = OkcReport(raw["energy_weighted"], feature_names)
        self.mean = OkcReport(raw["mean"], feature_names)

    def __str__(self) -> str:
        return self._raw["text"]

    def __repr__(self) -> str:
        return (f"<MulticlassOkcReport machines={list(self.machines)} "
                f"energy-weighted OKC(q)={np.round(self.energy_weighted.order, 4).tolist()}>")

    def to_json(self) -> str:
        """Every machine's indices and both aggregates, as the CLI's ``analyze --json`` writes them."""
        return self._raw["json"]

    def _repr_html_(self) -> str:
        """A notebook's view: the energy-weighted aggregate, then each machine (folded)."""
        return self._raw["html"]

    def to_frame(self) -> dict[str, pd.DataFrame]:
        """Side-by-side tables, one column per machine and per aggregate: order (OKC(q)),
        spectrum (OKC_N) and features (OKC_i)."""
        reports = {**self.machines, "energy-weighted": self.energy_weighted, "mean": self.mean}
        return {
            "order": pd.DataFrame({k: r.order for k, r in reports.items()}).rename_axis("q"),
            "spectrum": pd.DataFrame({k: r.spectrum for k, r in reports.items()}).rename_axis("N"),
            "features": pd.DataFrame({k: r.marginal for k, r in reports.items()}),
        }

    def plot(self, aggregate: str = "energy_weighted", figsize: tuple[float, float] = (12.0, 8.0)):
        """The standard ORCA figure of one aggregate ("energy_weighted" or "mean") or machine."""
        n = len(self.machines)
        if aggregate == "energy_weighted":
            return self.energy_weighted.plot(figsize=figsize, title=f"ORCA analysis of {n} machines, energy-weighted")
        if aggregate == "mean":
            return self.mean.plot(figsize=figsize, title=f"ORCA analysis of {n} machines, plain mean")
        if aggregate in self.machines:
            return self.machines[aggregate].plot(figsize=figsize, title=f"ORCA analysis of machine {aggregate}")
        raise ValueError(f"aggregate must be 'energy_weighted', 'mean' or a machine name {list(self.machines)}")
