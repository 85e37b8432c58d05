#include "platform/system_memory.hpp"

#include <fstream>
#include <string>

namespace orca {

double available_memory_bytes() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    double kib = 0.0;
    std::string unit;
    while (in >> key >> kib >> unit)
        if (key == "MemAvailable:") return kib * 1024.0;
    return 1e18;
}

}  // namespace orca
