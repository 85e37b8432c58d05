#pragma once
// Timing helpers for the benchmark programs: median wall time over repeated runs.
#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "orca/model.hpp"

namespace orca::bench {

// Runs f at least `min_runs` times (and until ~min_seconds elapsed); returns the median seconds.
inline double median_seconds(const std::function<void()>& f, int min_runs = 3, double min_seconds = 0.5) {
    std::vector<double> times;
    double total = 0.0;
    while (static_cast<int>(times.size()) < min_runs || (total < min_seconds && times.size() < 50)) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        times.push_back(s);
        total += s;
    }
    std::nth_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2), times.end());
    return times[times.size() / 2];
}

std::string machine_description();  // CPU model, cores, compiler, flags

// A Legendre model with m random support vectors in d features (scaled domain [-1, 1],
// sum a = 0), and rows uniform in [-1, 1]^d.
Model synthetic_model(size_t d, size_t m, int degree, unsigned seed);
std::vector<double> rows_of(size_t rows, size_t d, unsigned seed);

}  // namespace orca::bench
