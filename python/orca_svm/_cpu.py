"""The instruction set the engine was compiled for (cmake/OrcaCpuLevel.cmake), checked before the
engine loads: a wheel built for x86-64-v3 (AVX2, FMA) and copied to an older CPU would otherwise
die of an illegal instruction at import, or in the middle of a fit."""
from __future__ import annotations

# What x86-64-v3 has that an older x86-64 CPU may lack, as /proc/cpuinfo names it.
_X86_64_V3_FLAGS = ("avx2", "fma", "bmi2")


def build_level() -> str:
    """The level the installed engine was compiled for: "x86-64-v3", "baseline" or "native"."""
    try:
        from ._cpu_level import CPU_LEVEL
    except ImportError:  # the package's source folder, without the installed engine
        return "unknown"
    return CPU_LEVEL


def _cpu_flags(cpuinfo: str) -> set[str]:
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return set(line.partition(":")[2].split())
    return set()


def missing_instructions(level: str, cpuinfo: str) -> list[str]:
    """The level's instructions that the CPU described by ``cpuinfo`` (/proc/cpuinfo's text) lacks.
    Empty when nothing can be told: another level, or no flags line."""
    flags = _cpu_flags(cpuinfo)
    if level != "x86-64-v3" or not flags:
        return []
    return [flag for flag in _X86_64_V3_FLAGS if flag not in flags]


def _first_cpu_block() -> str:
    """/proc/cpuinfo up to its first flags line (a machine of many cores repeats it per core); "" off Linux."""
    lines = []
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                lines.append(line)
                if line.startswith("flags"):
                    break
    except OSError:
        return ""
    return "".join(lines)


def require_build_level(level: str | None = None, cpuinfo: str | None = None) -> None:
    """ImportError naming what is missing and how to rebuild, when this CPU cannot run the engine."""
    level = build_level() if level is None else level
    missing = missing_instructions(level, _first_cpu_block() if cpuinfo is None else cpuinfo)
    if missing:
        raise ImportError(
            f"orca_svm's engine was compiled for {level} CPUs and this CPU lacks {', '.join(missing)}; rebuild it "
            "from the source folder for older CPUs: pip install . -Ccmake.define.ORCA_CPU_LEVEL=baseline")
