#include "basis/feature_map.hpp"

#include <string>

#include "orca/errors.hpp"

namespace orca {
namespace {

// Calls visit(index) for the multi-indices the basis keeps, in lexicographic order.
template <class Visit>
void kept_indices(const Basis& basis, size_t j, size_t active, size_t total, std::vector<int>& index, Visit& visit) {
    if (j == basis.dim()) {
        visit(index);
        return;
    }
    for (int k = 0; k <= basis.degree(j); ++k) {
        const size_t a = active + (k > 0 ? 1 : 0), t = total + static_cast<size_t>(k);
        if (!basis.keeps(a, t)) break;  // a larger k only adds degree
        index[j] = k;
        kept_indices(basis, j + 1, a, t, index, visit);
    }
    index[j] = 0;
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
    std::vector<int> index(d, 0);
    auto visit = [&](const std::vector<int>& k) {
        double scale = 1.0;
        for (size_t j = 0; j < d; ++j) {
            if (k[j] == 0)
                scale *= basis_.recurrence(j).p0();
            else
                factors_.push_back(static_cast<uint32_t>(table_offset_[j] + static_cast<size_t>(k[j])));
        }
        scale_.push_back(scale);
        factor_begin_.push_back(static_cast<uint32_t>(factors_.size()));
    };
    kept_indices(basis_, 0, 0, 0, index, visit);
}

std::vector<int> FeatureMap::index(size_t k) const {
    std::vector<int> out(dim(), 0);
    for (uint32_t f = factor_begin_[k]; f < factor_begin_[k + 1]; ++f) {
        size_t j = dim();
        while (table_offset_[--j] > factors_[f]) {
        }
        out[j] = static_cast<int>(factors_[f] - table_offset_[j]);
    }
    return out;
}

void FeatureMap::evaluate(const double* x, double* table, double* out) const {
    const size_t d = dim();
    for (size_t j = 0; j < d; ++j)
        basis_.recurrence(j).evaluate_all(x[j], std::span(table + table_offset_[j],
                                                          static_cast<size_t>(basis_.degree(j)) + 1));
    const size_t p = size();
    for (size_t k = 0; k < p; ++k) {
        double v = 1.0;
        for (uint32_t f = factor_begin_[k]; f < factor_begin_[k + 1]; ++f) v *= table[factors_[f]];
        out[k] = v * scale_[k];
    }
}

}  // namespace orca
