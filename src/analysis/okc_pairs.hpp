#pragma once
// Algorithm (b): sums over support-vector pairs, no coefficient formed (math spec §5b).
#include <vector>

#include "analysis/okc_raw.hpp"
#include "orca/expansion.hpp"

namespace orca {

// Algorithm (b): the (q, N) table and T_i from support-vector pairs; OKC_i and OKC_ij from the
// 1-D and 2-D margins of c.
RawOkc okc_by_pairs(const Expansion& e, const std::vector<std::vector<double>>& P);

// Margins shared by both algorithms' checks: OKC_i and OKC_ij masses from the coefficients
// with one or two active features, computed directly in O(#SV d^2 n^2).
void margin_masses(const Expansion& e, const std::vector<std::vector<double>>& P, std::vector<double>& marginal,
                   std::vector<double>& pairwise);

}  // namespace orca
