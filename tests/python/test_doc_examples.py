"""The examples python.md, cli.md, missing-values.md, scaling.md, categorical.md, model-store.md and
scale-out.md show run as written: the Python blocks of python.md, missing-values.md, scaling.md,
categorical.md, model-store.md and scale-out.md's three DaskOrcaSVC examples (on a LocalCluster) in a
scratch folder, cli.md's runnable shell example (the one it says runs after `make build`) with the
binary under test and its scratch files in a scratch folder."""
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import orca_binary

ROOT = Path(__file__).resolve().parents[2]


def blocks(doc: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", (ROOT / "docs" / doc).read_text(), flags=re.M | re.S)


def test_python_md_example_runs(tmp_path):
    (code,) = blocks("python.md", "python")
    env = {**os.environ, "MPLBACKEND": "Agg"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "report.html").stat().st_size > 10000


def test_cli_md_example_runs(tmp_path):
    (script,) = [b for b in blocks("cli.md", "sh") if "./build/orca demo" in b]
    # Its scratch files go to the test's folder first, then the binary under test stands in (it
    # may itself live under /tmp).
    script = script.replace("/tmp/", f"{tmp_path}/").replace("./build/orca", str(orca_binary()))
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "label,decision" in proc.stdout and (tmp_path / "tiny.json").exists()


def test_missing_values_md_examples_run(tmp_path):
    marginalize, level, numeric_level = blocks("missing-values.md", "python")
    proc = subprocess.run([sys.executable, "-c", marginalize], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    score, *_ = proc.stdout.split()
    assert 0.8 < float(score) <= 1.0
    # The gaps as a level of their own: the level is there, with its bar, and a gap's Shapley
    # value is its effect (0 when integrated out).
    proc = subprocess.run([sys.executable, "-c", level], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "['negative', 'positive', '(missing)']"
    assert "(missing)" in lines[-2]
    own_effect, integrated_out = map(float, lines[-1].split())
    assert own_effect < -0.5 and integrated_out == 0.0
    # A numeric column's gap function: one more function, a shape value at a gap, and what the
    # gaps say heard (training accuracy above the model that integrates them out).
    proc = subprocess.run([sys.executable, "-c", numeric_level], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "[4, 3]"
    assert "NaN" in lines[-2]
    with_level, integrated = map(float, lines[-1].split())
    assert with_level > integrated + 0.03


def test_scaling_md_example_runs(tmp_path):
    (code,) = blocks("scaling.md", "python")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    scores = dict(line.split() for line in proc.stdout.splitlines())
    assert float(scores["quantile"]) > float(scores["range"])


def test_categorical_md_example_runs(tmp_path):
    (code,) = blocks("categorical.md", "python")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "['blue', 'green', 'red', 'teal']" in proc.stdout


def test_model_store_md_example_runs(tmp_path):
    (code,) = blocks("model-store.md", "python")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    sizes, difference, shape = proc.stdout.splitlines()
    by_support_vectors, by_coefficients = map(int, sizes.split())
    assert by_coefficients < by_support_vectors / 10
    assert float(difference) < 1e-9
    assert shape.startswith("(1, 436) ") and int(shape.split()[-1]) > 1000


def test_scale_out_md_training_example_runs(tmp_path):
    (code,) = [b for b in blocks("scale-out.md", "python") if "DaskOrcaSVC" in b and "da.random" in b]
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    converged, functions, support_vectors, accuracy, *_ = proc.stdout.split()
    assert converged == "True" and int(functions) == 1 + 6 * 3 + 15 * 9 and int(support_vectors) > 0
    assert 0.8 < float(accuracy) <= 1.0


def test_scale_out_md_categorical_example_runs(tmp_path):
    (code,) = [b for b in blocks("scale-out.md", "python") if "DaskOrcaSVC" in b and "dd.from_pandas" in b]
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    levels, *shares = proc.stdout.splitlines()
    assert levels == "['basic', 'plus', 'pro', '(missing)']"
    assert [line.split()[0] for line in shares if line.split()[0] in ("plan", "smoker", "age")] == [
        "plan", "smoker", "age"]


def test_scale_out_md_quantile_example_runs(tmp_path):
    (code,) = [b for b in blocks("scale-out.md", "python") if 'scaling="quantile"' in b]
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    same, sizes = proc.stdout.strip().split(" ", 1)
    assert same == "True" and sizes == "[1001, 13]"
