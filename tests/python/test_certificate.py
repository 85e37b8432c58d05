"""Certified optimality from Python: the violation a fit reports is the one recomputed here with
numpy on the Gram matrix from scipy's polynomials, and a fit that stops short says so with a
ConvergenceWarning and fit_status_."""
import json
import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

from orca_reference import gram, scaled
from orca_svm import OrcaSVC, make_double_spiral


def recomputed_violation(model, X, y01):
    """LIBSVM's maximal violating pair m - M in decision-value form: -y_t G_t = y_t - g_t + b over
    I_up and I_low, with alpha_t read off the model's support vectors (matched to their rows)."""
    Z = scaled(model, X)
    sv = np.asarray(model["support_vectors"])
    a = np.asarray(model["coefficients"])
    y = np.where(y01 == 1, 1.0, -1.0)
    alpha = np.zeros(len(y))
    for s, coef in zip(sv, a):
        row = np.flatnonzero(np.abs(Z - s).max(axis=1) < 1e-12)
        assert len(row) == 1
        alpha[row[0]] = abs(coef)
    C = model["training"]["C"]
    g = gram(model, Z, sv) @ a  # decision values without the bias, which cancels in m - M
    v = y - g
    up = ((y > 0) & (alpha < C)) | ((y < 0) & (alpha > 0))
    low = ((y > 0) & (alpha > 0)) | ((y < 0) & (alpha < C))
    return v[up].max() - v[low].min()


@pytest.mark.parametrize("max_iter, converged", [(100, False), (300, False), (-1, True)])
def test_reported_violation_is_the_true_one(max_iter, converged):
    X, labels = make_double_spiral(points_per_arm=60, random_state=2)
    y01 = (labels == "B").astype(int)
    clf = OrcaSVC(family="jacobi", alpha=-0.5, beta=0.3, degree=12, C=1000.0 if not converged else 1.0, tol=1e-5,
                  max_iter=max_iter)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        clf.fit(X, y01)
    model = json.loads(clf.model_.to_json())
    summary = clf.model_.summary
    assert summary["gap"] == pytest.approx(recomputed_violation(model, X, y01), rel=1e-7, abs=1e-9)
    assert summary["converged"] is converged
    notes = [w for w in caught if issubclass(w.category, ConvergenceWarning)]
    if converged:
        assert clf.fit_status_ == 0 and not notes and summary["gap"] < 1e-5
    else:
        assert clf.fit_status_ == 1 and summary["stop"] == "iteration cap"
        assert len(notes) == 1 and f"after {max_iter} iterations" in str(notes[0].message)
        assert f"KKT violation {summary['gap']:.3g}" in str(notes[0].message)
