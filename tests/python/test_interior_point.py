"""Small bases at large C take the interior-point route (SMO's iterations grow with C when the
kernel's rank is below the number of rows). The route's model must be the one scikit-learn's
SVC or SVR finds on the same Gram matrix (computed here with scipy's polynomials), certified by
SMO; where LIBSVM cannot reach the optimum, the optimality conditions on that matrix decide."""
import json

import numpy as np
import pytest
from sklearn.svm import SVC, SVR

from orca_reference import gram, scaled, svr_on_points, svr_optimality_gap
from orca_svm import OrcaSVC, OrcaSVR


def _task(m=600, d=5, seed=4):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    f = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + rng.normal(0, 0.3, m)
    return X, (f > np.median(f)).astype(int)


@pytest.mark.parametrize("degree, max_order, C", [(1, "auto", 1000.0), (3, 1, 300.0), (2, 2, 100.0)])
def test_interior_point_route_finds_svcs_optimum(degree, max_order, C):
    X, y = _task()
    clf = OrcaSVC(degree=degree, max_order=max_order, C=C, tol=1e-4).fit(X, y)
    summary = clf.model_.summary
    assert summary["interior_point_steps"] > 0, "this fit should have needed the interior-point route"
    assert clf.fit_status_ == 0 and summary["converged"] and summary["gap"] < 1e-4
    model = json.loads(clf.model_.to_json())
    assert model["training"]["interior_point_steps"] == summary["interior_point_steps"]
    Z = scaled(model, X)
    K = gram(model, Z, Z)
    ref = SVC(kernel="precomputed", C=C, tol=1e-6, max_iter=-1).fit(K, y)
    ours = clf.decision_function(X)
    theirs = ref.decision_function(K)
    # Two solutions to within the tolerances of the same strictly convex primal: equal labels
    # wherever the decision is not near 0, decisions equal to the tolerance's scale.
    clear = np.abs(theirs) > 1e-2
    assert np.array_equal(ours[clear] > 0, theirs[clear] > 0)
    np.testing.assert_allclose(ours, theirs, atol=2e-2, rtol=1e-2)
    # The dual objective: ours at least as good as LIBSVM's (scikit-learn's), to rounding.
    a = np.zeros(len(y))
    a[ref.support_] = ref.dual_coef_.ravel()
    f_ref = 0.5 * a @ K @ a - np.abs(a).sum()
    assert summary["objective"] <= f_ref + 1e-7 * abs(f_ref)


def test_small_c_stays_with_smo():
    # 391 functions (degree 6, pairs): SMO is tried first and converges at this C (6,227
    # iterations); a 16-function additive model goes straight to the route (cheaper than
    # SMO's shortest try) and is certified by SMO all the same.
    X, y = _task()
    clf = OrcaSVC(degree=6, max_order=2, C=0.1).fit(X, y)
    assert clf.model_.summary["interior_point_steps"] == 0 and clf.fit_status_ == 0
    small = OrcaSVC(degree=3, C=0.1).fit(X, y)
    assert small.model_.summary["interior_point_steps"] > 0 and small.fit_status_ == 0


def test_info_and_report_say_the_route_ran(orca, tmp_path):
    X, y = _task()
    clf = OrcaSVC(degree=1, C=1000.0).fit(X, y)
    path = tmp_path / "m.json"
    clf.save(path)
    info = orca("info", "--model", path).stdout
    steps = clf.model_.summary["interior_point_steps"]
    assert f"{steps} interior-point steps, " in info and ", converged" in info
    iterations = clf.model_.summary["iterations"]
    assert ("certified by SMO as it stood" if iterations == 0
            else f"polished and certified by SMO in {iterations} iterations") in info
    assert " 0 iterations" not in info


def _regression(m, d, seed=4):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (m, d))
    return X, np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + rng.normal(0, 0.3, m)


def test_epsilon_svr_takes_the_route_and_matches_svr():
    # 2,000 rows, an additive model (11 functions): the automatic route goes to the method first;
    # scikit-learn's SVR on the same Gram matrix (the standardised target) needs 2.8 million
    # iterations there (measured).
    X, z = _regression(2000, 5)
    reg = OrcaSVR(degree=2, C=10.0, epsilon=0.1, tol=1e-4).fit(X, z)
    summary = reg.model_.summary
    assert summary["interior_point_steps"] > 0 and reg.fit_status_ == 0
    doc = json.loads(reg.model_.to_json())
    Z = scaled(doc, X)
    K = gram(doc, Z, Z)
    zs = (z - z.mean()) / z.std()
    ref = SVR(kernel="precomputed", C=10.0, epsilon=0.1, tol=1e-6).fit(K, zs)
    np.testing.assert_allclose(reg.predict(X), ref.predict(K) * z.std() + z.mean(), rtol=0, atol=1e-2 * z.std())
    a_ref = np.zeros(len(z))
    a_ref[ref.support_] = ref.dual_coef_.ravel()
    f_ref = 0.5 * a_ref @ K @ a_ref + 0.1 * np.abs(a_ref).sum() - zs @ a_ref
    assert summary["objective"] == pytest.approx(f_ref, rel=1e-6)
    assert svr_optimality_gap(K, svr_on_points(reg, Z), zs, 10.0, 0.1) < 2e-4


@pytest.mark.parametrize("C", [10.0, 100.0])
def test_epsilon_svr_hands_over_from_smo_at_large_c(C):
    # 600 rows, pairs of degree 3 on 4 features (67 functions): SMO spends its budget and hands
    # over. LIBSVM needs 31 million iterations (18 s) at C = 10 and stops at 271 million short
    # of the optimum at C = 100 (measured), so the reference is the optimality conditions.
    X, z = _regression(600, 4)
    reg = OrcaSVR(degree=3, max_order=2, C=C, epsilon=0.05, tol=1e-4).fit(X, z)
    summary = reg.model_.summary
    assert summary["interior_point_steps"] > 0 and summary["iterations"] > 0 and reg.fit_status_ == 0
    doc = json.loads(reg.model_.to_json())
    Z = scaled(doc, X)
    K = gram(doc, Z, Z)
    zs = (z - z.mean()) / z.std()
    a = svr_on_points(reg, Z)
    assert svr_optimality_gap(K, a, zs, C, 0.05) < 2e-4
    assert summary["objective"] == pytest.approx(0.5 * a @ K @ a + 0.05 * np.abs(a).sum() - zs @ a, rel=1e-7)
    assert abs(a.sum()) < 1e-8 * C and np.all(np.abs(a) <= C * (1 + 1e-12))
