#pragma once
// The instruction set this build of the CLI was compiled for (cmake/OrcaCpuLevel.cmake), and the
// check, before anything else runs, that this CPU has it.
namespace orca::cli {

// "x86-64-v3", "baseline" or "native".
[[nodiscard]] const char* build_cpu_level();
// The one-line reason this CPU cannot run the build ("" when it can).
[[nodiscard]] const char* missing_cpu_level();

}  // namespace orca::cli
