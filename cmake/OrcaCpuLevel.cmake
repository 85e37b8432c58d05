# The instruction set every file of the project is compiled for: the cache setting ORCA_CPU_LEVEL.
#
#   auto       x86-64-v3 where the compiler can target it and the building machine runs it, else
#              baseline (the default)
#   x86-64-v3  AVX2 and FMA (Intel Haswell, AMD Excavator and Zen, 2013 on): Eigen's products, the
#              interior-point route's whole cost, run about twice as fast as at baseline
#              (docs/benchmarks.md, "The CPU level")
#   baseline   the compiler's default (SSE2 on x86-64), for binaries copied to older machines
#   native     all the building machine has: not portable, even between two recent CPUs
#
# -ffp-contract=off: the compiler fuses no a*b + c on its own, so the engine's own arithmetic gives the
# same bits at every level; only Eigen's products, which use FMA where the level has it, differ in
# their last bits. The CLI and the Python package (orca_svm/_cpu.py) refuse to start on a CPU without
# the level's instructions instead of dying of an illegal instruction: src/platform/cpu_check.cpp,
# compiled for the baseline into both (orca_cpu_check_source).
#
# Sets ORCA_CPU_LEVEL_RESOLVED (x86-64-v3, baseline or native) for the files that report it.

set(ORCA_CPU_LEVEL "auto" CACHE STRING "Instruction set: auto, x86-64-v3, baseline or native")
set_property(CACHE ORCA_CPU_LEVEL PROPERTY STRINGS auto x86-64-v3 baseline native)

set(orca_cpu_level ${ORCA_CPU_LEVEL})
if(orca_cpu_level STREQUAL "auto")
  set(orca_cpu_level baseline)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND NOT CMAKE_CROSSCOMPILING)
    include(CheckCXXCompilerFlag)
    include(CheckCXXSourceRuns)
    check_cxx_compiler_flag(-march=x86-64-v3 ORCA_COMPILER_HAS_X86_64_V3)
    # The building machine must run what it builds (the tests run here).
    check_cxx_source_runs("
      int main() {
        __builtin_cpu_init();
        return __builtin_cpu_supports(\"avx2\") && __builtin_cpu_supports(\"fma\") &&
               __builtin_cpu_supports(\"bmi2\") ? 0 : 1;
      }" ORCA_BUILD_MACHINE_HAS_X86_64_V3)
    if(ORCA_COMPILER_HAS_X86_64_V3 AND ORCA_BUILD_MACHINE_HAS_X86_64_V3)
      set(orca_cpu_level x86-64-v3)
    endif()
  endif()
endif()

if(orca_cpu_level STREQUAL "x86-64-v3")
  add_compile_options(-march=x86-64-v3)
elseif(orca_cpu_level STREQUAL "native")
  add_compile_options(-march=native)
elseif(NOT orca_cpu_level STREQUAL "baseline")
  message(FATAL_ERROR "ORCA_CPU_LEVEL is '${ORCA_CPU_LEVEL}'; it must be auto, x86-64-v3, baseline or native")
endif()
add_compile_options(-ffp-contract=off)
set(ORCA_CPU_LEVEL_RESOLVED ${orca_cpu_level})
message(STATUS "orca: compiled for the CPU level ${ORCA_CPU_LEVEL_RESOLVED} (ORCA_CPU_LEVEL=${ORCA_CPU_LEVEL})")

# orca_cpu_check_source(<target>): adds src/platform/cpu_check.cpp to the target, compiled for the
# baseline (a later -march wins) and told the level it checks for.
function(orca_cpu_check_source target)
  set(source ${PROJECT_SOURCE_DIR}/src/platform/cpu_check.cpp)
  target_sources(${target} PRIVATE ${source})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/src)
  set_property(SOURCE ${source} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_DEFINITIONS
               ORCA_CPU_LEVEL_NAME="${ORCA_CPU_LEVEL_RESOLVED}")
  if(ORCA_CPU_LEVEL_RESOLVED STREQUAL "x86-64-v3")
    set_property(SOURCE ${source} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS -march=x86-64)
    set_property(SOURCE ${source} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_DEFINITIONS ORCA_NEEDS_X86_64_V3)
  endif()
endfunction()
