"""Scale-out on Dask: a 2-worker LocalCluster on loopback runs a grid search (joblib's Dask
backend), a sweep and a bootstrap, with results identical to the local runs."""
import json

import joblib
import numpy as np
import pytest
from sklearn.model_selection import GridSearchCV, StratifiedKFold

import orca_svm

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def spiral():
    return orca_svm.make_double_spiral(points_per_arm=80)


def test_grid_search_under_the_dask_backend(client, spiral):
    X, y = spiral
    grid = {"degree": [4, 8], "C": [1.0, 10.0]}
    folds = StratifiedKFold(3, shuffle=True, random_state=0)
    local = GridSearchCV(orca_svm.OrcaSVC(), grid, cv=folds).fit(X, y)
    with joblib.parallel_backend("dask"):
        remote = GridSearchCV(orca_svm.OrcaSVC(), grid, cv=folds, n_jobs=-1).fit(X, y)
    assert remote.best_params_ == local.best_params_
    np.testing.assert_array_equal(remote.cv_results_["mean_test_score"], local.cv_results_["mean_test_score"])
    np.testing.assert_array_equal(remote.best_estimator_.decision_function(X), local.best_estimator_.decision_function(X))


def test_sweep_on_the_cluster_equals_the_local_sweep(client, spiral):
    X, y = spiral
    local = orca_svm.sweep(X, y, degree=[2, 4, 6, 8], C=[1.0, 10.0], cv=3)
    remote = orca_svm.sweep(X, y, degree=[2, 4, 6, 8], C=[1.0, 10.0], cv=3, client=client)
    assert json.loads(remote.to_json()) == json.loads(local.to_json())
    assert str(remote) == str(local)
    assert remote.reason == local.reason


def test_bootstrap_on_the_cluster_equals_the_local_run(client, spiral):
    X, y = spiral
    local = orca_svm.stability(X, y, degree=6, bootstrap=8, seed=3)
    remote = orca_svm.stability(X, y, degree=6, bootstrap=8, seed=3, client=client)
    assert json.loads(remote.to_json()) == json.loads(local.to_json())


def test_models_and_reports_pickle_compactly(spiral):
    import pickle
    X, y = spiral
    clf = orca_svm.OrcaSVC(degree=6).fit(X, y)
    blob = pickle.dumps(clf)
    assert len(blob) < 200_000  # the model's JSON, not the training data
    back = pickle.loads(blob)
    np.testing.assert_array_equal(back.decision_function(X), clf.decision_function(X))
