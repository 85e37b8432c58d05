// Compiled for the baseline whatever the build's level (CMakeLists.txt), with nothing from the
// engine or from a header library, so that a CPU without the level's instructions reaches the
// message instead of an illegal instruction.
#include "platform/cpu_check.hpp"

#include <cstdio>
#include <unistd.h>

namespace orca {

const char* build_cpu_level() { return ORCA_CPU_LEVEL_NAME; }

const char* missing_cpu_level() {
#if defined(ORCA_NEEDS_X86_64_V3)
    __builtin_cpu_init();
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2")))
        return "this build was compiled for x86-64-v3 CPUs (AVX2, FMA, BMI2) and this CPU lacks them; rebuild it "
               "with cmake -DORCA_CPU_LEVEL=baseline (pip: -Ccmake.define.ORCA_CPU_LEVEL=baseline)";
#endif
    return "";
}

#if defined(ORCA_CHECK_CPU_AT_LOAD)
namespace {
// Runs before the program's other static initialisers (priority 101 comes first): those of CLI11's
// validators, compiled for the level, already use its instructions.
__attribute__((constructor(101))) void refuse_a_cpu_without_the_level() {
    if (const char* missing = missing_cpu_level(); *missing != '\0') {
        std::fputs("orca: error: ", stderr);
        std::fputs(missing, stderr);
        std::fputs("\n", stderr);
        std::fflush(stderr);
        _exit(2);
    }
}
}  // namespace
#endif

}  // namespace orca
