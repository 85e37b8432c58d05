#pragma once
// What each OKC algorithm produces before normalisation by E (absolute sums of c_k^2), and the
// step from those sums to every index.
#include <cstdint>
#include <map>
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

// Fills marginal, pairwise, total and subsets (max_subset_order d) from the mass of each active
// set (bit j: feature j), walked in mask order.
void add_subset_masses(RawOkc& raw, const std::map<std::uint64_t, double>& by_subset, size_t d);

// Normalises raw masses by E and fills every derived index (spectrum, F, N*, T_eps, parity,
// sorted subsets); r.dim and r.eps must be set.
void derive_report(OkcReport& r, const RawOkc& raw);

}  // namespace orca
