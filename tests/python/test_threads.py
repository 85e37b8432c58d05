"""Threads and progress: the engine's threads follow the limits joblib, Dask and users set
(OMP_NUM_THREADS at start, threadpoolctl's limits at run time, the CLI's --threads), and verbose
fits show the progress line."""
import multiprocessing
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from joblib import Parallel, delayed
from threadpoolctl import threadpool_limits

from orca_svm import OrcaSVC, _core, make_double_spiral


def _long_rows_problem(seed=0):
    """2,500 rows: kernel rows and gradient updates long enough to be shared among threads."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (2500, 4))
    y = np.where(np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + rng.normal(0, 0.3, 2500) > 0, 1, 0)
    return X, y


def _fit_decision(X, y):
    return OrcaSVC(degree=4, C=0.01).fit(X, y).decision_function(X)


def test_threadpoolctl_limits_the_engine_and_results_do_not_change():
    X, y = _long_rows_problem()
    before = _core.max_threads()
    free = _fit_decision(X, y)
    with threadpool_limits(limits=1, user_api="openmp"):
        assert _core.max_threads() == 1
        limited = _fit_decision(X, y)
    assert _core.max_threads() == before
    # Each kernel entry and gradient entry is computed by one thread: the same bits either way.
    np.testing.assert_array_equal(limited, free)


def test_fits_from_several_python_threads_at_once():
    problems = [_long_rows_problem(seed) for seed in range(4)]
    alone = [_fit_decision(X, y) for X, y in problems]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda p: _fit_decision(*p), problems))
    for a, b in zip(alone, together):
        np.testing.assert_array_equal(a, b)


def _child_fit(queue):
    queue.put(_fit_decision(*_long_rows_problem()))


@pytest.mark.skipif(sys.platform != "linux", reason="fork is the Linux default start method")
def test_a_forked_child_fits_after_the_parent_did():
    # The parent's worker threads do not exist in a child made by fork(): the child must start
    # its own instead of waiting for them.
    parent = _fit_decision(*_long_rows_problem())
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child_fit, args=(queue,))
    child.start()
    got = queue.get(timeout=120)
    child.join(timeout=60)
    assert child.exitcode == 0
    np.testing.assert_array_equal(got, parent)


def test_joblib_workers_give_the_same_models():
    problems = [_long_rows_problem(seed) for seed in range(2)]
    alone = [_fit_decision(X, y) for X, y in problems]
    together = Parallel(n_jobs=2)(delayed(_fit_decision)(X, y) for X, y in problems)
    for a, b in zip(alone, together):
        np.testing.assert_array_equal(a, b)


def test_omp_num_threads_is_honoured():
    code = "from orca_svm import _core; print(_core.max_threads())"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_cli_threads_option(orca, tmp_path):
    X, y = make_double_spiral(points_per_arm=40, as_frame=True)
    X.assign(arm=y).to_csv(tmp_path / "d.csv", index=False)
    ok = orca("fit", "--threads", "1", "--data", tmp_path / "d.csv", "--target", "arm", "--model", tmp_path / "m.json",
              "-q")
    assert ok.returncode == 0 and (tmp_path / "m.json").exists()
    bad = orca("fit", "--threads", "0", "--data", tmp_path / "d.csv", "--target", "arm", "--model",
               tmp_path / "n.json", check=False)
    assert bad.returncode == 2 and "--threads" in bad.stderr and not (tmp_path / "n.json").exists()


def test_verbose_fit_shows_the_progress_line(capsys):
    # Noisy labels under a rich kernel: tens of thousands of SMO iterations, so reports arrive.
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, (1500, 4))
    y = np.where(np.sin(3 * X[:, 0]) + X[:, 1] * X[:, 2] + rng.normal(0, 0.5, 1500) > 0, 1, 0)
    OrcaSVC(degree=5, max_order=None, C=10).fit(X, y)
    assert capsys.readouterr().err == ""  # verbose=0: quiet
    clf = OrcaSVC(degree=5, max_order=None, C=10, verbose=1).fit(X, y)
    err = capsys.readouterr().err
    assert clf.n_iter_ > 10000
    assert err.startswith("fit: 10000 iterations, largest KKT violation ") and "(tolerance 0.001)" in err
