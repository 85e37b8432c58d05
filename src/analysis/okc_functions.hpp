#pragma once
// The OKC sums of a machine stored by its coefficients: every c_k is given (e.functions), so the
// indices are one pass over the kept functions, O(p d).
#include "analysis/okc_raw.hpp"
#include "orca/expansion.hpp"

namespace orca {

// top: how many of the largest coefficients to keep (-1: all).
RawOkc okc_by_functions(const Expansion& e, long top);

}  // namespace orca
