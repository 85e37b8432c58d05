#pragma once
// The coefficients c_k = sum_i a_i phi_k(x_i) of a machine over its basis' kept functions
// (FeatureMap's order; O(#SV p Q)): what prediction and explanations of a truncated basis use
// instead of the support vectors, at O(p Q) per row.
#include <span>
#include <vector>

#include "basis/feature_map.hpp"
#include "orca/model.hpp"

namespace orca {

// c_k = sum_i a_i phi_k(x_i) over points (a.size() x d, kernel coordinates), in point order.
[[nodiscard]] std::vector<double> kept_function_coefficients(const FeatureMap& map, std::span<const double> points,
                                                             std::span<const double> a);
// The same over a machine's support vectors and coefficients (a machine stored by them: its own).
[[nodiscard]] std::vector<double> kept_function_coefficients(const FeatureMap& map, const Machine& machine);

}  // namespace orca
