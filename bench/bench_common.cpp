#include "bench_common.hpp"

#include <omp.h>

#include <fstream>
#include <string>

namespace orca::bench {

std::string machine_description() {
    std::string cpu = "unknown CPU";
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) {
            cpu = line.substr(line.find(':') + 2);
            break;
        }
    std::string compiler = "g++ " __VERSION__;
#ifdef ORCA_BENCH_FLAGS
    compiler += ", flags: " ORCA_BENCH_FLAGS;
#endif
    return cpu + ", " + std::to_string(omp_get_max_threads()) + " threads (OpenMP), " + compiler;
}

}  // namespace orca::bench
