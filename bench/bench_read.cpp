// Benchmark: reading a CSV table into memory (the first phase of every `orca fit`), wall time.
// Usage: bench_read FILE.csv TARGET [runs]. bench/bench_read.py runs it beside pandas.read_csv
// on the same file and prints the ratios.
#include <fmt/core.h>

#include <cstdlib>
#include <string>

#include "bench_common.hpp"
#include "orca/dataset.hpp"

using namespace orca;

int main(int argc, char** argv) {
    if (argc < 3) {
        fmt::print(stderr, "usage: bench_read FILE.csv TARGET [runs]\n");
        return 2;
    }
    ReadOptions options;
    options.format = DataFormat::csv;
    options.target = argv[2];
    const int runs = argc > 3 ? std::atoi(argv[3]) : 3;
    size_t rows = 0, cols = 0;
    const double seconds = bench::median_seconds(
        [&] {
            const Dataset ds = read_dataset(argv[1], options);
            rows = ds.rows;
            cols = ds.cols;
        },
        runs, 0.0);
    // One line the driver parses: rows, feature columns, median seconds.
    fmt::print("rows={} cols={} seconds={:.3f}\n", rows, cols, seconds);
}
