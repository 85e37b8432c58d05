#pragma once
// What each OKC algorithm produces before normalisation by E (absolute sums of c_k^2), and the
// step from those sums to every index.
#include <vector>

#include "orca/okc_report.hpp"

namespace orca {

struct RawOkc {
    size_t total_degree = 0;           // sum_j n_j
    std::vector<double> block;         // (d + 1) x (total_degree + 1), C_N^(q)
    std::vector<double> marginal;      // d
    std::vector<double> pairwise;      // d x d, symmetric
    std::vector<double> total;         // d
    std::vector<SubsetShare> subsets;  // candidates for the top list (absolute mass)
    size_t max_subset_order = 0;
    std::vector<Coefficient> coefficients;  // largest |c_k| first
};

// Normalises raw masses by E and fills every derived index (spectrum, F, N*, T_eps, parity,
// sorted subsets); r.dim and r.eps must be set.
void derive_report(OkcReport& r, const RawOkc& raw);

}  // namespace orca
