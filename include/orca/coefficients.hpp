#pragma once
// Every coefficient c_k of an expansion at once, in multi-index order (the last feature's index
// running fastest), by enumeration block by block.
#include <vector>

#include "orca/expansion.hpp"

namespace orca {

// Throws ResourceError when there are more than max_count of them (the message gives the count
// and the memory it would need).
[[nodiscard]] std::vector<double> dense_coefficients(const Expansion& e, double max_count = 5e7);

}  // namespace orca
