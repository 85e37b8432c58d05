// libFuzzer target: see fuzz_harness.hpp.
#include "fuzz_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    orca::fuzz::label_input(data, size);
    return 0;
}
