"""The documented examples run as written (from the repository root, in a scratch folder)."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", ["python_quickstart.py", "multiclass_and_regression.py", "many_features.py",
                                    "shap_comparison.py", "write_report.py"])
def test_example_runs(script, tmp_path):
    if script == "shap_comparison.py":
        pytest.importorskip("shap")
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip()
    if script == "shap_comparison.py":  # the deterministic numbers explain.md quotes are the script's
        doc = (ROOT / "docs" / "explain.md").read_text()
        scale = re.search(r"mean \|phi\| = ([0-9.]+)", proc.stdout).group(1)
        base = float(re.search(r"base value: ORCA (-?[0-9.]+)", proc.stdout).group(1))
        assert f"mean |φ| =\n{scale};" in doc or f"mean |φ| = {scale};" in doc, scale
        assert f"Base value: ORCA {base:.3f} ".replace("-", "−") in doc, base


def test_diagnostics_tables_in_the_docs_are_what_the_script_prints():
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / "diagnostics_tables.py")], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    doc = (ROOT / "docs" / "diagnostics.md").read_text()
    begin, end = "<!-- diagnostics-tables:begin -->\n", "<!-- diagnostics-tables:end -->"
    assert doc[doc.index(begin) + len(begin):doc.index(end)] == proc.stdout, "run examples/diagnostics_tables.py --write"
