"""The CPU level the engine was compiled for (cmake/OrcaCpuLevel.cmake): reported by the CLI and the
package, and checked before the engine loads, so that an x86-64-v3 build copied to an older CPU
refuses to start with a message instead of dying of an illegal instruction."""
import os
import re
import subprocess

import pytest

from orca_svm import _cpu

LEVELS = ("x86-64-v3", "baseline", "native")

# /proc/cpuinfo's first block, cut down, of an x86-64-v3 CPU and of one without AVX2 (Sandy Bridge).
V3_CPU = "processor\t: 0\nmodel name\t: Xeon\nflags\t\t: fpu sse2 avx avx2 fma bmi1 bmi2 f16c movbe\n\n"
OLD_CPU = "processor\t: 0\nmodel name\t: Core i7-2600\nflags\t\t: fpu sse2 sse4_2 avx popcnt\n\n"


def test_the_installed_engine_reports_its_level():
    assert _cpu.build_level() in LEVELS


def test_the_cli_reports_its_level():
    cli = os.environ.get("ORCA_CLI")
    if not cli:
        pytest.skip("ORCA_CLI is not set")
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert re.fullmatch(r"\d+\.\d+\.\d+ \(compiled for the CPU level (x86-64-v3|baseline|native)\)\n", out), out


def test_this_machine_runs_its_own_build():
    _cpu.require_build_level()  # the package imported, so this must hold too
    assert _cpu.missing_instructions(_cpu.build_level(), _cpu._first_cpu_block()) == []


def test_an_older_cpu_lacks_what_x86_64_v3_needs():
    assert _cpu.missing_instructions("x86-64-v3", OLD_CPU) == ["avx2", "fma", "bmi2"]
    assert _cpu.missing_instructions("x86-64-v3", V3_CPU) == []
    # Every x86-64 CPU runs the baseline; native's needs are not known; no flags line tells nothing.
    assert _cpu.missing_instructions("baseline", OLD_CPU) == []
    assert _cpu.missing_instructions("native", OLD_CPU) == []
    assert _cpu.missing_instructions("x86-64-v3", "processor\t: 0\n") == []


def test_an_older_cpu_gets_an_import_error_saying_how_to_rebuild():
    with pytest.raises(ImportError, match=r"compiled for x86-64-v3 CPUs and this CPU lacks avx2, fma, bmi2; .*"
                                          r"ORCA_CPU_LEVEL=baseline"):
        _cpu.require_build_level("x86-64-v3", OLD_CPU)
    _cpu.require_build_level("x86-64-v3", V3_CPU)
    _cpu.require_build_level("baseline", OLD_CPU)
