"""Threads and progress: the engine's threads follow the limits joblib, Dask and users set
(OMP_NUM_THREADS at start, threadpoolctl's limits at run time, the CLI's --threads), and verbose
fits show the progress line."""
import os
import subprocess
import sys

import numpy as np
from threadpoolctl import threadpool_limits

from orca_svm import OrcaSVC, _core, make_double_spiral


def test_threadpoolctl_limits_the_engine_and_results_do_not_change():
    X, y = make_double_spiral(points_per_arm=60)
    before = _core.max_threads()
    free = OrcaSVC(degree=6).fit(X, y).decision_function(X)
    with threadpool_limits(limits=1, user_api="openmp"):
        assert _core.max_threads() == 1
        limited = OrcaSVC(degree=6).fit(X, y).decision_function(X)
    assert _core.max_threads() == before
    np.testing.assert_allclose(limited, free, rtol=1e-12, atol=1e-12)


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
