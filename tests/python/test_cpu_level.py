"""The CPU level the engine was compiled for (cmake/OrcaCpuLevel.cmake): reported by the CLI and the
package, and checked before the engine runs, so that an x86-64-v3 build started on an older CPU
refuses with a message instead of dying of an illegal instruction. The older CPU is QEMU's user-mode
emulation of a Westmere (SSE4.2, no AVX) where qemu-user is installed (scripts/install-deps.sh)."""
import os
import re
import shutil
import subprocess
import sys

import pytest

from orca_svm import _cpu

LEVELS = ("x86-64-v3", "baseline", "native")
QEMU = shutil.which("qemu-x86_64")
needs_an_older_cpu = pytest.mark.skipif(QEMU is None or _cpu.build_level() != "x86-64-v3",
                                        reason="needs qemu-user and an x86-64-v3 build")


def test_the_installed_engine_reports_its_level_and_this_cpu_runs_it():
    assert _cpu.build_level() in LEVELS
    _cpu.require_build_level()  # the package imported, so this must hold too


def test_the_cli_reports_its_level():
    cli = os.environ.get("ORCA_CLI")
    if not cli:
        pytest.skip("ORCA_CLI is not set")
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert re.fullmatch(r"\d+\.\d+\.\d+ \(compiled for the CPU level (x86-64-v3|baseline|native)\)\n", out), out


def test_what_the_check_says_becomes_an_import_error():
    with pytest.raises(ImportError, match=r"^orca_svm: lacks avx2$"):
        _cpu.require_build_level("lacks avx2")
    _cpu.require_build_level("")


@needs_an_older_cpu
def test_the_package_refuses_an_older_cpu_before_the_engine_loads():
    run = subprocess.run([QEMU, "-cpu", "Westmere", sys.executable, "-c", "import orca_svm"], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 1, run.stderr[-2000:]
    assert ("ImportError: orca_svm: this build was compiled for x86-64-v3 CPUs (AVX2, FMA, BMI2) and this CPU lacks "
            "them; rebuild it with cmake -DORCA_CPU_LEVEL=baseline") in run.stderr, run.stderr[-2000:]


@needs_an_older_cpu
def test_the_cli_refuses_an_older_cpu_and_runs_on_a_haswell():
    cli = os.environ.get("ORCA_CLI")
    if not cli:
        pytest.skip("ORCA_CLI is not set")
    old = subprocess.run([QEMU, "-cpu", "Westmere", cli, "--version"], capture_output=True, text=True, timeout=300)
    assert old.returncode == 2, old.stderr[-2000:]
    assert old.stdout == ""
    assert old.stderr.splitlines()[-1].startswith(
        "orca: error: this build was compiled for x86-64-v3 CPUs (AVX2, FMA, BMI2) and this CPU lacks them"), old.stderr
    new = subprocess.run([QEMU, "-cpu", "Haswell", cli, "--version"], capture_output=True, text=True, timeout=300)
    assert new.returncode == 0, new.stderr[-2000:]
    assert "compiled for the CPU level x86-64-v3" in new.stdout
