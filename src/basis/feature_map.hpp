#pragma once
// The functions a Basis keeps, as explicit features: phi(x) = (phi_k(x))_k over the kept
// multi-indices k in lexicographic order, so that K(x, z) = phi(x) . phi(z) is the kernel of the
// truncated basis. For bases small enough to list (a few thousand functions): training in the
// feature space, the interior-point route, prediction from coefficients.
//
// A function is its scale prod_{j: k_j = 0} p_0^{(j)} times its active factors p_{k_j}(x_j),
// k_j > 0, so a point costs the 1-D tables (sum_j (n_j + 1) values) and at most Q products per
// function, not d.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "orca/basis.hpp"

namespace orca {

class FeatureMap {
  public:
    // Throws ResourceError when the basis keeps more than max_functions functions.
    explicit FeatureMap(const Basis& basis, double max_functions = 1e7);

    [[nodiscard]] size_t size() const { return scale_.size(); }  // p
    [[nodiscard]] size_t dim() const { return basis_.dim(); }
    [[nodiscard]] const Basis& basis() const { return basis_; }
    // The multi-index of function k (d entries).
    [[nodiscard]] std::vector<int> index(size_t k) const;
    // Doubles of scratch that evaluate needs: the 1-D tables of one point.
    [[nodiscard]] size_t table_size() const { return table_size_; }

    // out[k] = phi_k(x) for one point x (d coordinates, kernel coordinates); table: table_size()
    // doubles of scratch.
    void evaluate(const double* x, double* table, double* out) const;

  private:
    // Bases whose functions have at most kPaddedFactors active factors (additive and pairs models)
    // are evaluated without a loop per function: each function reads exactly that many table
    // positions, the missing ones the slot that holds 1 (x * 1 = x: the same bits as the loop).
    static constexpr size_t kPaddedFactors = 2;

    Basis basis_;
    std::vector<size_t> table_offset_;   // per feature: where its p_0 .. p_{n_j} start in the table
    size_t table_size_ = 0;              // the 1-D tables, then the slot that holds 1
    size_t one_slot_ = 0;
    std::vector<uint32_t> padded_;        // p x kPaddedFactors table positions; empty: some function has more
    std::vector<uint32_t> factor_begin_;  // per function: its first active factor (p + 1 entries)
    std::vector<uint32_t> factors_;       // table positions of the active factors, feature order
    std::vector<double> scale_;           // per function: the product of its inactive p_0
};

}  // namespace orca
