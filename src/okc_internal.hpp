#pragma once
// What each OKC algorithm produces before normalisation by E (absolute sums of c_k^2).
#include <vector>

#include "orca/okc.hpp"

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

// Algorithm (a). top: how many of the largest coefficients to keep (-1: all).
RawOkc okc_by_enumeration(const Expansion& e, const std::vector<std::vector<double>>& P, long top);
// Algorithm (b): the (q, N) table and T_i from support-vector pairs; OKC_i and OKC_ij from the
// 1-D and 2-D margins of c.
RawOkc okc_by_pairs(const Expansion& e, const std::vector<std::vector<double>>& P);

// Margins shared by both algorithms' checks: OKC_i and OKC_ij masses from the coefficients
// with one or two active features, computed directly in O(#SV d^2 n^2).
void margin_masses(const Expansion& e, const std::vector<std::vector<double>>& P, std::vector<double>& marginal,
                   std::vector<double>& pairwise);

}  // namespace orca
