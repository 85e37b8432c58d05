"""Shared fixtures: where the orca binary and the repository's data are, a CLI runner, and a Dask
cluster for the scale-out tests."""
import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ECHOCARDIOGRAM_DATA = REPO / "data" / "echocardiogram" / "echocardiogram.data"


def orca_binary() -> Path:
    return Path(os.environ.get("ORCA_CLI", REPO / "build" / "orca"))


@pytest.fixture(scope="session")
def client():
    """A Client of a 2-worker LocalCluster on loopback, one thread per worker process."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=40)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture
def orca(tmp_path):
    """Runs the orca CLI; returns the CompletedProcess (text mode)."""
    binary = orca_binary()
    if not binary.exists():
        pytest.fail(f"orca binary not found at {binary}: build first (make build) or set ORCA_CLI")

    def run(*args, check=True):
        proc = subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, cwd=tmp_path)
        if check and proc.returncode != 0:
            raise AssertionError(f"orca {' '.join(map(str, args))} failed ({proc.returncode}): {proc.stderr}")
        return proc

    return run


@pytest.fixture
def echocardiogram_csv(tmp_path):
    """The paper's echocardiogram setup as a CSV, read by a reader independent of the engine's:
    features age-at-heart-attack, fractional-shortening, epss, lvdd, wall-motion-index;
    target still-alive; rows with any of these missing (and the broken 14-field line) dropped."""
    raw = ECHOCARDIOGRAM_DATA.read_text().splitlines()
    cols = {"age-at-heart-attack": 2, "fractional-shortening": 4, "epss": 5, "lvdd": 6, "wall-motion-index": 8}
    rows = []
    for line in raw:
        f = line.split(",")
        if len(f) != 13:
            continue
        picked = [f[c] for c in cols.values()] + [f[1]]
        if any(v.strip() in ("", "?") for v in picked):
            continue
        rows.append(picked)
    assert len(rows) == 108
    path = tmp_path / "echo.csv"
    path.write_text(",".join([*cols, "still-alive"]) + "\n" + "\n".join(",".join(r) for r in rows) + "\n")
    return path


def load_json(path):
    return json.loads(Path(path).read_text())


def read_csv_exact(source):
    """A CSV as pandas reads it, but every number parsed by Python's float (correctly rounded,
    so the doubles the CLI printed come back bit for bit): pandas' own exact parser,
    read_csv(float_precision="round_trip"), is deprecated in pandas 3. Columns of whole numbers
    stay integers, columns with other text stay text, empty cells in numbers are NaN."""
    import pandas as pd
    raw = pd.read_csv(source, dtype=str, keep_default_na=False)
    for column in raw.columns:
        cells = raw[column].tolist()
        try:
            raw[column] = pd.array([int(v) for v in cells], dtype="int64")
            continue
        except ValueError:
            pass
        try:
            raw[column] = [float(v) if v != "" else float("nan") for v in cells]
        except ValueError:
            pass
    return raw
