#pragma once
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace orca::test {

// The copy of the UCI echocardiogram data that the repository ships.
inline std::string echocardiogram_path() {
    return std::string(ORCA_SOURCE_DIR) + "/data/echocardiogram/echocardiogram.data";
}

// m x d points uniform in [lo, hi], row-major.
inline std::vector<double> uniform_points(size_t m, size_t d, unsigned seed, double lo = -1.0, double hi = 1.0) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(lo, hi);
    std::vector<double> x(m * d);
    for (auto& v : x) v = u(rng);
    return x;
}

constexpr double kEps = 2.220446049250313e-16;

// A missing value (NaN), as the engine reads a gap.
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// LIBSVM's print function that prints nothing (svm_set_print_string_function).
inline void silent(const char*) {}

}  // namespace orca::test
