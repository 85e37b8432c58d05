#include "paper/spiral.hpp"

#include <cmath>
#include <numbers>
#include <random>

#include "orca/errors.hpp"

namespace orca {
namespace {

// Uniform on (0, 1]: 53 random bits, never 0 so log() is finite.
double uniform_open(std::mt19937_64& rng) {
    return (static_cast<double>(rng() >> 11) + 1.0) * 0x1.0p-53;
}

double standard_normal(std::mt19937_64& rng) {
    const double u1 = uniform_open(rng);
    const double u2 = uniform_open(rng);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace

Dataset make_double_spiral(const SpiralOptions& options) {
    if (options.points_per_arm < 2) throw ParameterError("the spiral needs at least 2 points per arm");
    if (!(options.noise >= 0.0)) throw ParameterError("spiral noise must be >= 0");
    std::mt19937_64 rng(options.seed);
    Dataset ds;
    ds.source = "double-spiral";
    ds.feature_names = {"x1", "x2"};
    ds.cols = 2;
    ds.target_name = "arm";
    const size_t n = options.points_per_arm;
    const double start = std::numbers::pi / 2.0;
    const double span = options.turns * 2.0 * std::numbers::pi;
    for (int arm = 0; arm < 2; ++arm) {
        const double sign = arm == 0 ? 1.0 : -1.0;
        for (size_t k = 0; k < n; ++k) {
            const double t = start + span * static_cast<double>(k) / static_cast<double>(n - 1);
            ds.X.push_back(sign * t * std::cos(t) + options.noise * standard_normal(rng));
            ds.X.push_back(sign * t * std::sin(t) + options.noise * standard_normal(rng));
            ds.target.emplace_back(arm == 0 ? "A" : "B");
        }
    }
    ds.rows = 2 * n;
    return ds;
}

}  // namespace orca
