#pragma once
// The UCI echocardiogram data (CC BY 4.0; data/echocardiogram/SOURCE.md) as the paper's second
// experiment uses it (math spec §7): features age-at-heart-attack, fractional-shortening, epss,
// lvdd, wall-motion-index; target still-alive; rows with any of these six fields missing are
// dropped (108 rows remain: 75 with still-alive = 0, 33 with still-alive = 1).
// The raw file has no header, '?' for missing values and one broken line (line 50, 14 fields),
// which is skipped with the other incomplete rows.
#include <string>

#include "orca/dataset.hpp"

namespace orca {

// The copy compiled into the library (data/echocardiogram/echocardiogram.data, byte for byte).
[[nodiscard]] Dataset load_echocardiogram();
// The same layout read from a file.
[[nodiscard]] Dataset load_echocardiogram(const std::string& path);

}  // namespace orca
