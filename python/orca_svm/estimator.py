"""OrcaSVC: a scikit-learn classifier over the ORCA engine (two or more classes)."""
from __future__ import annotations

from numbers import Integral, Real
from typing import Mapping, Sequence

import numpy as np
from sklearn.base import ClassifierMixin
from sklearn.utils.metaestimators import available_if
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import _check_sample_weight

from . import _core
from ._base import _encode_levels, OrcaBase, _label_text, _refuse_repeated_columns, _target_name
from ._compat import finiteness, validate_data


class OrcaSVC(ClassifierMixin, OrcaBase):
    """C-support vector classifier with a truncated tensor-product orthogonal-polynomial kernel.

    The decision function is exactly a finite sum of orthonormal tensor-product polynomials, so
    :meth:`analyze` can split the model's squared RKHS norm into OKC indices exactly.

    Parameters
    ----------
    family : {"legendre", "chebyshev1", "chebyshev2", "gegenbauer", "jacobi", "hermite"}
        The orthonormal 1-D family used for every feature.
    degree : int, sequence of int, or mapping of feature name to int, default=3
        Truncation degree n: one for all features, one per feature, or per feature name (with
        DataFrame input); in a mapping, the key ``"*"`` gives the default for unnamed features.
    C : float, default=1.0
        Box constraint of the dual (> 0).
    max_order : "auto", int or None, default="auto"
        Interaction order Q: keep only the basis functions in which at most Q features are
        active (1: an additive model, whose shape functions are the whole model; 2: main effects
        and pairs). None keeps the full tensor product; "auto" keeps it for one or two features
        and is 1 beyond (the full product interpolates with more features; docs/accuracy.md
        measures these defaults).
    max_total_degree : int or None, default=None
        Total degree N: keep only the basis functions with k_1 + ... + k_d <= N (with max_order,
        both apply). None: no cap.
    scaling : {"range", "quantile"}, default="range"
        How each feature is mapped to the family's domain. range: its training range onto [-1, 1]
        (standardised for hermite). quantile: through its training distribution function onto the
        family's own law (uniform for legendre, the Beta law of a Jacobi pair, the standard normal
        for hermite), so that the basis is orthonormal under the data's marginals: OKC shares are
        variance shares and the Shapley base value is the mean prediction under the product of
        those marginals; suits skewed features (docs/math.md).
    missing : {"marginalize", "level", "error"}, default="marginalize"
        What a missing value (NaN) in X means, in training and in every later call. marginalize:
        the value is integrated out exactly under the basis' measure (every non-constant basis
        function has mean 0, so the row keeps only the terms without that feature); its Shapley
        value is 0. No imputation is needed. level: a column with gaps in training gets a level
        of its own for them: a categorical one one more level, ``"(missing)"``, with its
        frequency and its own contrast (its shape has a bar for it); a numeric one a gap function
        beside its polynomials, with the gaps' share as its weight (its shape has a value at a
        gap, x NaN); gaps in a column that had none are integrated out. error: NaN is refused
        (ValueError).
    verbose : int, default=0
        > 0: a progress line on stderr at most once a second during long fits: iterations, the
        largest KKT violation, the time to go, and a note when training stops making progress.
    alpha, beta : float, default=0.0
        Jacobi exponents (> -1), used with ``family="jacobi"``.
    lam : float, default=0.5
        Gegenbauer parameter (> -1/2), used with ``family="gegenbauer"``.
    measure : {"probability", "lebesgue"}, default="probability"
        Normalisation of the orthogonality measure (probability: p_0 = 1).
    tol : float, default=1e-3
        Stopping tolerance on the maximal KKT violation (LIBSVM's ``eps``).
    cache_mb : float, default=200
        Kernel-row cache size in MiB.
    shrinking : bool, default=True
        Use the shrinking heuristic.
    max_iter : int, default=-1
        Iteration cap; -1 means LIBSVM's default max(10^7, 100 m).
    out_of_range : {"clip", "error"}, default="clip"
        What to do with prediction inputs outside the training range: clip them (and warn), or
        raise ValueError.
    class_weight : dict, "balanced" or None, default=None
        Multiply C for each class: {label: weight}, or "balanced" (n / (k n_class)), as in SVC.
    multi_class : {"ovo", "ovr"}, default="ovo"
        With more than two classes: one machine per pair of classes (LIBSVM's scheme) or one per
        class against the rest.
    decision_function_shape : {"ovr", "ovo"}, default="ovr"
        With more than two classes, what :meth:`decision_function` returns: one column per class
        (scikit-learn's default; for one-vs-one, votes plus a bounded confidence) or, for
        ``multi_class="ovo"``, the raw values of every pair's machine.
    probability : bool, default=False
        Fit Platt sigmoids on decision values from internal 5-fold cross-validation (as LIBSVM
        and SVC(probability=True)), enabling :meth:`predict_proba`. Five more fits per machine.
    random_state : int or None, default=None
        Seed of those folds (None: 0, so results are reproducible).
    store : {"auto", "support-vectors", "coefficients"}, default="auto"
        What the model keeps of each machine. "support-vectors": its support vectors and dual
        coefficients (LIBSVM's form). "coefficients": the coefficients c_k of the basis' kept
        functions, the same decision function in a model whose size does not grow with the rows
        (``function_coefficients_``; bases of at most 20,000 functions). "auto": coefficients when
        the support vectors would hold more than 10^6 numbers and the basis allows, else support
        vectors.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels, sorted; with two, ``classes_[1]`` is the positive class (decision > 0).
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when fitted on a DataFrame with string column names.
    support_vectors_ : ndarray of shape (n_SV, n_features)
        Support vectors in the kernel's scaled coordinates; with more classes every machine's,
        each once (grouped by class for one-vs-one, as LIBSVM and scikit-learn lay them out).
        A model stored by coefficients keeps none: shape (0, n_features), and ``dual_coef_`` has
        no columns (``model_.summary`` still counts them).
    dual_coef_ : ndarray of shape (1, n_SV), (n_classes - 1, n_SV) or (n_classes, n_SV)
        a_i = alpha_i y_i. One-vs-one: LIBSVM's layout (row j - 1 holds machine (i, j)'s
        coefficients of class i's vectors, row i those of class j's), with ORCA's sign (machine
        (i, j) is positive for class j). One-vs-rest: one row per machine.
    n_support_ : ndarray of shape (n_classes,)
        More than two classes, one-vs-one: support vectors per class (None for one-vs-rest).
    intercept_ : ndarray of shape (n_machines,)
        The bias b of every machine.
    function_coefficients_ : ndarray of shape (n_machines, n_functions)
        Only for a model stored by coefficients: each machine's c_k over the basis' kept functions
        (the decision function is ``intercept_ + c . phi(x)``; ``analyze()`` lists them by
        multi-index).
    machine_names_ : list of str
        Every machine, e.g. "versicolor vs setosa" (one-vs-one, the later class positive) or
        "setosa vs rest"; ``model_.machines`` holds them with their support vectors.
    n_iter_ : int
        Solver iterations: SMO's, plus the interior-point steps and coordinate-descent passes
        of the routes for small bases when they ran (see ``model_.summary``).
    fit_status_ : int
        0: converged (the KKT violation, certified from a gradient recomputed from scratch, is below
        tol); 1: stopped at the iteration cap; 2: tol is below what double precision can certify for
        this kernel and C. Not converged fits warn (ConvergenceWarning) with the certified numbers;
        ``model_.summary`` holds them (gap, duality_gap, stop).
    model_ : orca_svm._core.Model
        The engine's model (the same object the CLI writes to a model file).
    """

    def __init__(self, family: str = "legendre", degree: int | Sequence[int] | Mapping[str, int] = 3, C: float = 1.0,
                 alpha: float = 0.0, beta: float = 0.0, lam: float = 0.5, measure: str = "probability",
                 tol: float = 1e-3, cache_mb: float = 200.0, shrinking: bool = True, max_iter: int = -1,
                 out_of_range: str = "clip", class_weight=None, multi_class: str = "ovo",
                 decision_function_shape: str = "ovr", probability: bool = False, random_state: int | None = None,
                 max_order: int | str | None = "auto",
                 max_total_degree: int | None = None, scaling: str = "range", missing: str = "marginalize",
                 store: str = "auto", verbose: int = 0):
        self.family = family
        self.degree = degree
        self.C = C
        self.alpha = alpha
        self.beta = beta
        self.lam = lam
        self.measure = measure
        self.tol = tol
        self.cache_mb = cache_mb
        self.shrinking = shrinking
        self.max_iter = max_iter
        self.out_of_range = out_of_range
        self.class_weight = class_weight
        self.multi_class = multi_class
        self.decision_function_shape = decision_function_shape
        self.probability = probability
        self.random_state = random_state
        self.max_order = max_order
        self.max_total_degree = max_total_degree
        self.scaling = scaling
        self.missing = missing
        self.store = store
        self.verbose = verbose

    # --- fitting -------------------------------------------------------------------------
    def fit(self, X, y, sample_weight=None) -> "OrcaSVC":
        """Fit the classifier on X (n_samples, n_features) and labels y (any type, two or more
        classes). ``sample_weight`` multiplies C per row (rows of weight 0 are left out)."""
        self._check_params()
        if self.decision_function_shape not in ("ovr", "ovo"):
            raise ValueError(f"decision_function_shape must be 'ovr' or 'ovo', got {self.decision_function_shape!r}")
        seed = 0 if self.random_state is None else self.random_state
        if not isinstance(seed, Integral) or seed < 0:
            raise ValueError(f"random_state must be None or an integer >= 0, got {self.random_state!r}")
        target_name = _target_name(y)
        _refuse_repeated_columns(X)
        X, levels = _encode_levels(X)  # categorical columns as level codes
        X, y = validate_data(self, X, y, dtype=np.float64, ensure_min_samples=2,
                            **finiteness(self.missing != "error"))
        weights = [] if sample_weight is None else _check_sample_weight(sample_weight, X).tolist()
        check_classification_targets(y)
        self.classes_, codes = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"The number of classes has to be greater than one; got {len(self.classes_)} class")
        class_weight = self._class_weights()
        self._check_class_bounds(codes, weights, class_weight)
        self._train(X, codes, weights, levels=levels, class_weight=class_weight, random_state=int(seed))
        self.model_.classes = [_label_text(c) for c in self.classes_]
        self.model_.target_name = target_name
        self._set_machine_attributes()
        return self

    def _check_class_bounds(self, codes: np.ndarray, weights: list[float], class_weight) -> None:
        """The engine's refusals that name a class, said with the user's label (the engine sees
        the class codes): a class left out by zero weights, and C x class weight beyond the
        largest box bound."""
        # Rows of weight > 0 per class, in one pass (a loop over classes and rows is O(m k)).
        weighted = (np.bincount(codes, weights=np.asarray(weights) > 0, minlength=len(self.classes_))
                    if weights else None)
        for k, label in enumerate(self.classes_):
            if weighted is not None and weighted[k] == 0:
                raise ValueError(f"every row of class '{label}' has sample weight 0, which leaves the class out of "
                                 "training; give its rows weights > 0")
            w = class_weight.get(str(k), 1.0) if isinstance(class_weight, dict) else 1.0
            if isinstance(self.C, Real) and float(self.C) * w > _core.MAX_BOX_BOUND >= float(self.C):
                raise ValueError(f"C ({float(self.C):g}) times the class weight of '{label}' ({w:g}) exceeds "
                                 f"{_core.MAX_BOX_BOUND:g}, where the dual's objective overflows; lower the weights")

    def _class_weights(self) -> dict[str, float] | str | None:
        """class_weight with the engine's labels (the class codes)."""
        cw = self.class_weight
        if cw is None or (isinstance(cw, str) and cw == "balanced"):
            return cw
        if not isinstance(cw, Mapping):
            raise ValueError(f"class_weight must be None, 'balanced' or a dict, got {cw!r}")
        index = {c: str(k) for k, c in enumerate(self.classes_)}
        unknown = [c for c in cw if c not in index]
        if unknown:
            raise ValueError(f"class_weight names labels that are not classes: {unknown} "
                             f"(classes: {np.asarray(self.classes_).tolist()})")
        return {index[c]: float(w) for c, w in cw.items()}

    # --- prediction ----------------------------------------------------------------------
    def decision_function(self, X) -> np.ndarray:
        """Two classes: g(x) = sum_i a_i K(x_i, x) + b, positive for classes_[1], shape (n,).
        More: shape (n, n_classes) whose argmax is :meth:`predict` (one-vs-rest: each class's
        machine; one-vs-one: votes + s_c / (3 (|s_c| + 1)) with s_c the summed pair decisions
        favouring c), or with ``decision_function_shape="ovo"`` and one-vs-one, the pair
        machines' raw values, shape (n, n_classes (n_classes - 1) / 2), in the order of
        ``machine_names_`` (positive values favour the later class of the pair)."""
        values = self._machine_values(X)
        if not self.model_.is_multiclass or (self.decision_function_shape == "ovo" and self.multi_class == "ovo"):
            return values
        return self.model_.predict_classes(values)[1]

    def predict(self, X) -> np.ndarray:
        """Class labels: the sign of the decision value for two classes, else the class with the
        largest per-class decision value (for one-vs-one the majority vote, ties broken by
        confidence)."""
        values = self._machine_values(X)
        return self.classes_[self.model_.predict_classes(values)[0]]

    def _check_proba(self) -> bool:
        if not self.probability:
            raise AttributeError("predict_proba is available when probability=True")
        return True

    @available_if(_check_proba)
    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, shape (n, n_classes), columns in classes_ order: Platt sigmoids of
        the machines' decision values (fitted on internal cross-validation), coupled pairwise for
        one-vs-one and normalised for one-vs-rest. Like SVC's, they need not agree with
        :meth:`predict` on every row (see docs/multiclass.md)."""
        values = self._machine_values(X)
        return self.model_.predict_probabilities(values)

    @available_if(_check_proba)
    def predict_log_proba(self, X) -> np.ndarray:
        """The logarithm of :meth:`predict_proba`."""
        return np.log(self.predict_proba(X))
