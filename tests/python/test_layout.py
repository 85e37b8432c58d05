"""scripts/check_include_cycles.py, which CTest runs on the repository (Layout.NoIncludeCycle),
finds a cycle through headers and sources and accepts the same tree without it."""
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_include_cycles.py"


def check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True)


def write(root: Path, path: str, *includes: str) -> None:
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text("".join(f'#include "{name}"\n' for name in includes))


def test_a_cycle_through_a_source_file_is_found_and_its_removal_accepted(tmp_path):
    write(tmp_path, "include/orca/model.hpp", "orca/basis.hpp")
    write(tmp_path, "include/orca/basis.hpp")
    write(tmp_path, "include/orca/prediction.hpp", "orca/model.hpp")
    # src/model/model.cpp belongs to model.hpp (its first include): model -> prediction -> model.
    write(tmp_path, "src/model/model.cpp", "orca/model.hpp", "orca/prediction.hpp")
    write(tmp_path, "src/prediction.cpp", "orca/prediction.hpp")
    found = check(tmp_path)
    assert found.returncode == 1
    assert "include cycle among model, prediction: model -> prediction; prediction -> model" in found.stdout
    write(tmp_path, "src/model/model.cpp", "orca/model.hpp")
    clean = check(tmp_path)
    assert clean.returncode == 0 and "no include cycle among" in clean.stdout, clean.stdout


def test_private_headers_resolve_relative_to_their_file_and_to_src(tmp_path):
    write(tmp_path, "include/orca/okc.hpp", "orca/okc_report.hpp")
    write(tmp_path, "include/orca/okc_report.hpp")
    write(tmp_path, "src/okc.cpp", "orca/okc.hpp", "analysis/raw.hpp")
    write(tmp_path, "src/analysis/raw.hpp", "orca/okc_report.hpp")
    write(tmp_path, "src/analysis/raw.cpp", "raw.hpp", "../okc_helpers.hpp")
    write(tmp_path, "src/okc_helpers.hpp")
    assert check(tmp_path).returncode == 0
    write(tmp_path, "src/okc_helpers.hpp", "analysis/raw.hpp")
    found = check(tmp_path)
    assert found.returncode == 1
    assert "include cycle among analysis/raw, okc_helpers" in found.stdout, found.stdout
