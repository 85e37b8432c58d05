// Every fuzz seed and every reproducer of a past fuzz crash, run through the fuzz harness: each
// must parse or be refused with an orca::Error (under the sanitizer build too).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz_harness.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> inputs(const std::string& target) {
    std::vector<std::string> out;
    for (const char* kind : {"corpus", "regressions"}) {
        const fs::path dir = fs::path(ORCA_SOURCE_DIR) / "fuzz" / kind / target;
        if (!fs::exists(dir)) continue;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path(), std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            out.push_back(ss.str());
        }
    }
    return out;
}

void run_all(const std::string& target, void (*harness)(const std::uint8_t*, size_t)) {
    const auto files = inputs(target);
    EXPECT_FALSE(files.empty()) << "no seed corpus for " << target;
    for (const auto& text : files) harness(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

}  // namespace

TEST(FuzzCorpus, CsvReader) {
    run_all("csv", orca::fuzz::csv_input);
}
TEST(FuzzCorpus, LibsvmReader) {
    run_all("libsvm", orca::fuzz::libsvm_input);
}
TEST(FuzzCorpus, ModelLoader) {
    run_all("model", orca::fuzz::model_input);
}
TEST(FuzzCorpus, Labels) {
    run_all("labels", orca::fuzz::label_input);
}
TEST(FuzzCorpus, OutputPaths) {
    run_all("output_paths", orca::fuzz::output_paths_input);
}
