"""The engine's threads follow the limits joblib, Dask and users set: OMP_NUM_THREADS at start,
threadpoolctl's limits at run time, and the CLI's --threads."""
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
