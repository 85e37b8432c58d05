#pragma once
// The instruction set the project was compiled for (cmake/OrcaCpuLevel.cmake), and whether this
// CPU has it. Not part of the engine library: this file is compiled for the baseline whatever the
// level, into the CLI (which checks before any static initialiser runs) and into the Python
// package's module orca_svm._cpu_check (which _cpu.py asks before the engine loads).
namespace orca {

// "x86-64-v3", "baseline" or "native".
[[nodiscard]] const char* build_cpu_level();
// The one-line reason this CPU cannot run the build ("" when it can).
[[nodiscard]] const char* missing_cpu_level();

}  // namespace orca
