#pragma once
// Algorithm (a): every coefficient, enumerated block by block (math spec §5a).
#include <vector>

#include "analysis/okc_raw.hpp"
#include "orca/expansion.hpp"

namespace orca {

// Algorithm (a). top: how many of the largest coefficients to keep (-1: all).
RawOkc okc_by_enumeration(const Expansion& e, const std::vector<std::vector<double>>& P, long top);

}  // namespace orca
