"""OrcaSVR: epsilon-support vector regression over the ORCA engine."""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
from sklearn.base import RegressorMixin
from sklearn.utils.validation import _check_sample_weight

from ._base import _encode_levels, OrcaBase, _refuse_repeated_columns, _target_name
from ._compat import finiteness, validate_data


class OrcaSVR(RegressorMixin, OrcaBase):
    """epsilon-support vector regression with a truncated tensor-product orthogonal-polynomial
    kernel.

    The prediction f(x) = sum_i a_i K(x_i, x) + b, a_i = alpha_i - alpha_i*, is a finite sum of
    orthonormal tensor-product polynomials; the dual's equality constraint sum_i a_i = 0 makes
    its constant coefficient c_0 zero, so :meth:`analyze` splits ||f - b||^2 exactly as for the
    classifier.

    Parameters
    ----------
    epsilon : float, default=0.1
        Half-width of the insensitive tube (>= 0), in the unit ``target_scaling`` says.
    target_scaling : {"standardize", "none"}, default="standardize"
        What C and epsilon are measured in. standardize: units of the target's training standard
        deviation s, so the model is the one trained on the standardised target (z - mean) / s and
        scaled back (as ``TransformedTargetRegressor(SVR(), transformer=StandardScaler())``), and
        the defaults fit a target in dollars as well as one in [0, 1]; the certificate in
        ``model_.summary`` is that standardised problem's. none: the target's own units, as
        scikit-learn's SVR and LIBSVM.
    family, degree, C, alpha, beta, lam, measure, tol, cache_mb, shrinking, max_iter, out_of_range, max_order,
    max_total_degree, scaling, missing, store, verbose
        As for :class:`OrcaSVC`.

    Attributes
    ----------
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when fitted on a DataFrame with string column names.
    support_vectors_ : ndarray of shape (n_SV, n_features)
        Support vectors in the kernel's scaled coordinates (none, shape (0, n_features), for a
        model stored by coefficients).
    dual_coef_ : ndarray of shape (1, n_SV)
        a_i = alpha_i - alpha_i*.
    function_coefficients_ : ndarray of shape (1, n_functions)
        Only for a model stored by coefficients: c_k over the basis' kept functions.
    intercept_ : ndarray of shape (1,)
        The bias b.
    n_iter_ : int
        Solver iterations: SMO's, plus the coordinate-descent passes in the feature space when they
        ran (see ``model_.summary``).
    fit_status_ : int
        0: converged (the KKT violation, certified from a gradient recomputed from scratch, is below
        tol); 1: stopped at the iteration cap; 2: tol is below what double precision can certify for
        this kernel and C. Not converged fits warn (ConvergenceWarning) with the certified numbers;
        ``model_.summary`` holds them (gap, duality_gap, stop).
    model_ : orca_svm._core.Model
        The engine's model (the same object the CLI writes with ``orca fit --task regression``).
    """

    _task = "regression"

    def __init__(self, family: str = "legendre", degree: int | Sequence[int] | Mapping[str, int] = 3, C: float = 1.0,
                 epsilon: float = 0.1, alpha: float = 0.0, beta: float = 0.0, lam: float = 0.5,
                 measure: str = "probability", tol: float = 1e-3, cache_mb: float = 200.0, shrinking: bool = True,
                 max_iter: int = -1, out_of_range: str = "clip", max_order: int | str | None = "auto",
                 max_total_degree: int | None = None, scaling: str = "range", missing: str = "marginalize",
                 target_scaling: str = "standardize", store: str = "auto", verbose: int = 0):
        self.family = family
        self.degree = degree
        self.C = C
        self.epsilon = epsilon
        self.alpha = alpha
        self.beta = beta
        self.lam = lam
        self.measure = measure
        self.tol = tol
        self.cache_mb = cache_mb
        self.shrinking = shrinking
        self.max_iter = max_iter
        self.out_of_range = out_of_range
        self.max_order = max_order
        self.max_total_degree = max_total_degree
        self.scaling = scaling
        self.missing = missing
        self.target_scaling = target_scaling
        self.store = store
        self.verbose = verbose

    def fit(self, X, y, sample_weight=None) -> "OrcaSVR":
        """Fit on X (n_samples, n_features) and numeric targets y. ``sample_weight`` multiplies C
        per row (rows of weight 0 are left out)."""
        self._check_params()
        target_name = _target_name(y)
        _refuse_repeated_columns(X)
        X, levels = _encode_levels(X)  # categorical columns as level codes
        X, y = validate_data(self, X, y, dtype=np.float64, y_numeric=True, ensure_min_samples=2,
                            **finiteness(self.missing != "error"))
        weights = [] if sample_weight is None else _check_sample_weight(sample_weight, X).tolist()
        self._train(X, np.asarray(y, dtype=np.float64), weights, levels=levels)
        self.model_.target_name = target_name
        self._set_machine_attributes()
        return self

    def predict(self, X) -> np.ndarray:
        """f(x) = sum_i a_i K(x_i, x) + b for every row."""
        return self._machine_values(X)
