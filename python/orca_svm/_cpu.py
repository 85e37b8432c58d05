"""The instruction set the engine was compiled for (cmake/OrcaCpuLevel.cmake), checked before the
engine loads: a wheel built for x86-64-v3 (AVX2, FMA) and copied to an older CPU would otherwise
die of an illegal instruction at import. The check is the small module _cpu_check, compiled for
the baseline, which asks the CPU itself (CPUID)."""
from __future__ import annotations

from . import _cpu_check


def build_level() -> str:
    """The level the installed engine was compiled for: "x86-64-v3", "baseline" or "native"."""
    return _cpu_check.level()


def require_build_level(missing: str | None = None) -> None:
    """ImportError saying what this CPU lacks and how to rebuild, when it cannot run the engine.
    ``missing``: the check's answer, for tests (default: this CPU's)."""
    missing = _cpu_check.missing() if missing is None else missing
    if missing:
        raise ImportError(f"orca_svm: {missing}")
