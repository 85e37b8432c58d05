// Compiled for the baseline whatever the build's level (CMakeLists.txt), so that a CPU without the
// level's instructions reaches the message instead of an illegal instruction.
#include "cpu_check.hpp"

namespace orca::cli {

const char* build_cpu_level() { return ORCA_CPU_LEVEL_NAME; }

const char* missing_cpu_level() {
#if defined(ORCA_NEEDS_X86_64_V3)
    __builtin_cpu_init();
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2")))
        return "this orca was built for x86-64-v3 CPUs (AVX2, FMA, BMI2) and this CPU lacks them; rebuild it with "
               "cmake -DORCA_CPU_LEVEL=baseline";
#endif
    return "";
}

}  // namespace orca::cli
