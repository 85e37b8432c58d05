#pragma once
// The double spiral of the paper's first experiment (math spec §7): two arms of points,
// arm A at angles t evenly spaced over [pi/2, pi/2 + turns * 2 pi], point (t cos t, t sin t),
// arm B = -A, independent Gaussian noise on every coordinate. Deterministic for a given seed
// on every platform (own Box–Muller on mt19937_64, not std::normal_distribution).
#include <cstdint>

#include "orca/dataset.hpp"

namespace orca {

struct SpiralOptions {
    size_t points_per_arm = 150;
    double turns = 1.75;
    double noise = 0.2;
    std::uint64_t seed = 20260415;
};

// Features "x1", "x2"; target "A" or "B".
[[nodiscard]] Dataset make_double_spiral(const SpiralOptions& options = {});

}  // namespace orca
