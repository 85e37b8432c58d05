#include "basis/feature_map.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "orca/errors.hpp"

namespace orca {
namespace {

// Calls visit(active) for the multi-indices the basis keeps, in lexicographic order of the
// dense multi-index (k_0 most significant), each given by its active entries (feature, k_j > 0)
// in feature order. In the subtree of the features from j on, with the active entries before j
// fixed, the smallest index is all zeros; after it come those whose first nonzero entry is
// feature d-1, then d-2, ..., then j. The recursion is as deep as the active entries (at most Q),
// not as the features, and its work follows the functions listed, not d per function: an
// additive model of 200,000 features is 600,001 functions, and listing them took minutes.
template <class Visit>
void kept_indices(const Basis& basis, size_t j, size_t total, std::vector<std::pair<size_t, int>>& active,
                  Visit& visit) {
    visit(active);
    const size_t a = active.size() + 1;
    if (!basis.keeps(a, total + 1)) return;  // no further function can be added
    for (size_t i = basis.dim(); i-- > j;) {
        for (int k = 1; k <= basis.degree(i); ++k) {
            if (!basis.keeps(a, total + static_cast<size_t>(k))) break;  // a larger k only adds degree
            active.emplace_back(i, k);
            kept_indices(basis, i + 1, total + static_cast<size_t>(k), active, visit);
            active.pop_back();
        }
    }
}

}  // namespace

FeatureMap::FeatureMap(const Basis& basis, double max_functions) : basis_(basis) {
    if (basis.size() > max_functions)
        throw ResourceError("the basis has " + std::to_string(static_cast<long double>(basis.size())) +
                            " functions, too many to list as features (at most " +
                            std::to_string(static_cast<long>(max_functions)) + ")");
    const size_t d = basis.dim();
    table_offset_.resize(d);
    for (size_t j = 0; j < d; ++j) {
        table_offset_[j] = table_size_;
        table_size_ += static_cast<size_t>(basis.degree(j)) + 1;
    }
    const auto p = static_cast<size_t>(basis.size());
    scale_.reserve(p);
    factor_begin_.reserve(p + 1);
    factor_begin_.push_back(0);
    // A function's scale is the product of p_0 over its inactive features: the product over all
    // features, with each active feature's p_0 divided out (p_0 = 1 under the probability
    // measure, where this is exact).
    double all_p0 = 1.0;
    for (size_t j = 0; j < d; ++j) all_p0 *= basis_.recurrence(j).p0();
    std::vector<std::pair<size_t, int>> active;
    auto visit = [&](const std::vector<std::pair<size_t, int>>& entries) {
        double scale = all_p0;
        for (const auto& [j, k] : entries) {
            scale /= basis_.recurrence(j).p0();
            factors_.push_back(static_cast<uint32_t>(table_offset_[j] + static_cast<size_t>(k)));
        }
        scale_.push_back(scale);
        factor_begin_.push_back(static_cast<uint32_t>(factors_.size()));
    };
    kept_indices(basis_, 0, 0, active, visit);
    one_slot_ = table_size_++;
    size_t most = 0;
    for (size_t k = 0; k < p; ++k) most = std::max<size_t>(most, factor_begin_[k + 1] - factor_begin_[k]);
    if (most > kPaddedFactors) return;
    padded_.assign(p * kPaddedFactors, static_cast<uint32_t>(one_slot_));
    for (size_t k = 0; k < p; ++k)
        for (uint32_t f = factor_begin_[k]; f < factor_begin_[k + 1]; ++f)
            padded_[k * kPaddedFactors + (f - factor_begin_[k])] = factors_[f];
}

std::vector<int> FeatureMap::index(size_t k) const {
    std::vector<int> out(dim(), 0);
    for (uint32_t f = factor_begin_[k]; f < factor_begin_[k + 1]; ++f) {
        // The feature whose table holds the factor: the last offset at or below it.
        const auto j = static_cast<size_t>(
            std::upper_bound(table_offset_.begin(), table_offset_.end(), static_cast<size_t>(factors_[f])) -
            table_offset_.begin() - 1);
        out[j] = static_cast<int>(factors_[f] - table_offset_[j]);
    }
    return out;
}

void FeatureMap::evaluate(const double* x, double* table, double* out) const {
    const size_t d = dim();
    for (size_t j = 0; j < d; ++j)
        basis_.recurrence(j).evaluate_all(x[j], std::span(table + table_offset_[j],
                                                          static_cast<size_t>(basis_.degree(j)) + 1));
    table[one_slot_] = 1.0;
    const size_t p = size();
    if (!padded_.empty()) {
        static_assert(kPaddedFactors == 2);
        const uint32_t* f = padded_.data();
        for (size_t k = 0; k < p; ++k) out[k] = table[f[2 * k]] * table[f[2 * k + 1]] * scale_[k];
        return;
    }
    for (size_t k = 0; k < p; ++k) {
        double v = 1.0;
        for (uint32_t f = factor_begin_[k]; f < factor_begin_[k + 1]; ++f) v *= table[factors_[f]];
        out[k] = v * scale_[k];
    }
}

}  // namespace orca
