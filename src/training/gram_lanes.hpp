#pragma once
// Sums of p x p Gram matrices over many rows (the interior-point method's F' E F, the smoothed
// hinge's band Hessian) are split into lanes: each lane sums its run of row chunks into a matrix
// of its own on the thread team, and the lanes are added in order, so that the bits do not depend
// on the number of threads. A lane's matrix takes 8 p^2 bytes (128 MB at 4,006 functions), so
// large bases get fewer lanes: at most kGramLaneBytes in all (512 MB had pairs of 30 features at
// 1,000,000 rows peak at 4.24 GB in their working set's Newton steps). The count depends on p and
// the chunks alone; up to 1,448 functions it is the full kMaxGramLanes, and 2 at 4,006.
#include <algorithm>
#include <cstddef>

namespace orca::training {

inline constexpr size_t kMaxGramLanes = 16;
inline constexpr double kGramLaneBytes = 256.0 * 1024 * 1024;

[[nodiscard]] inline size_t gram_lanes(size_t chunks, size_t p) {
    const double one = 8.0 * static_cast<double>(p) * static_cast<double>(p);
    const auto fit = static_cast<size_t>(kGramLaneBytes / std::max(one, 1.0));
    return std::min({chunks, kMaxGramLanes, std::max<size_t>(fit, 2)});
}

}  // namespace orca::training
