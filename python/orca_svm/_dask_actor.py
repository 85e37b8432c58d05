"""A partition of a Dask fit held on its worker as an actor: its rows (orca_svm._dask_partition),
the state of the machine being trained on them, and the passes the client's drivers call by name
(the interior-point method's and SMO's in _dask_partition, the screen's in _dask_screen and
_dask_hinge)."""
from __future__ import annotations

import numpy as np

from . import _dask_hinge, _dask_screen
from ._dask_partition import (affine_direction, alpha_sums, certificate_sums, correct_classes, corrector_direction,
                              corrector_rhs, final_alpha, machine_part, machine_size, machine_start, newton_system,
                              partition_rows, point_sums, polish_rows, regression_start, support_part,
                              triangular_factor)


class Partition:
    """One partition, held on its worker as a Dask actor: its rows, and the state of the machine
    being trained. The method's passes call it directly (no scheduler round trip) and only their
    reductions travel."""

    def __init__(self, X, y, w, index: int, space, classes: np.ndarray | None, keep_bytes: float,
                 recode: dict | None = None):
        self.base = partition_rows(X, y, w, index, space, classes, recode)
        self.keep_bytes = keep_bytes
        self.state = None

    def begin(self, negative: list, positive: list, c_max: float, held_out: tuple | None = None) -> tuple[int, int]:
        """Starts a machine (on all its rows, or without one fold's); returns its rows and positives."""
        self.state = None  # the last machine's state goes first
        self.state = machine_start(self.base, negative, positive, c_max, self.keep_bytes, held_out)
        return len(self.state["y"]), int((self.state["y"] > 0).sum())

    def begin_regression(self, c_max: float) -> int:
        """Starts the epsilon-SVR machine on all the partition's rows; returns their number."""
        self.state = None
        self.state = regression_start(self.base, c_max, self.keep_bytes)
        return len(self.base["z"])

    def held_out(self, c: np.ndarray | None, bias: float) -> None:
        """The decision values of the rows the machine was trained without (c None: the constant
        bias, as the engine gives a fold whose training rows hold one class)."""
        held = self.state["held"]
        if "cv" not in self.base:
            self.base["cv"] = np.full(len(self.base["codes"]), np.nan)
        if c is None:
            self.base["cv"][held] = bias
        elif len(held):
            self.base["cv"][held] = self.base["space"].features(self.base["points"][held]) @ c + bias

    def cv_decisions(self, negative: list, positive: list) -> tuple[np.ndarray, np.ndarray]:
        """The machine's rows' held-out decision values and labels (+-1), in row order."""
        codes = self.base["codes"]
        rows = np.flatnonzero(np.isin(codes, negative) | np.isin(codes, positive))
        values = self.base.pop("cv", np.full(len(codes), np.nan))[rows]
        return values, np.where(np.isin(codes[rows], positive), 1.0, -1.0)

    def distinct_support(self) -> int:
        """The partition's rows that are a support vector of some final machine."""
        return int(self.base["seen"].sum()) if "seen" in self.base else 0

    def run(self, name: str, broadcast: dict):
        self.state, out = _PASSES[name](self.state, **broadcast)
        return out

    def correct(self, model, coefficients: np.ndarray, biases: np.ndarray) -> int:
        self.state = None
        return correct_classes(self.base, model, coefficients, biases)


_PASSES = {f.__name__: f for f in (point_sums, newton_system, triangular_factor, affine_direction, corrector_rhs,
                                   corrector_direction, final_alpha, polish_rows, alpha_sums,
                                   certificate_sums, machine_part, support_part, machine_size) + _dask_hinge.PASSES
         + _dask_screen.PASSES}
