#pragma once
// The exact RKHS expansion of a trained machine: h(x) = sum_i a_i K(x_i, x) = sum_k c_k phi_k(x),
// c_k = sum_i a_i phi_k(x_i), phi_k(x) = prod_j p_{k_j}(x_j). Multi-indices are ordered
// lexicographically with the last feature's index running fastest.
#include <cstddef>
#include <span>
#include <vector>

#include "orca/basis.hpp"

namespace orca {

class Model;
struct ModelSettings;
struct Machine;

struct Expansion {
    Basis basis;
    std::vector<double> points;  // support vectors, count x dim, kernel coordinates
    std::vector<double> a;       // a_i = alpha_i y_i
    // A machine stored by its coefficients: c_k over the basis' kept functions (FeatureMap's
    // order), and no points. Every function below reads them directly.
    std::vector<double> functions;
    [[nodiscard]] size_t count() const { return a.size(); }
    [[nodiscard]] bool by_functions() const { return !functions.empty(); }
    [[nodiscard]] size_t dim() const { return basis.dim(); }
};

// The expansion of one machine of a model; of a model's single machine (a multi-class model is
// refused: analyse one class or one machine).
[[nodiscard]] Expansion expansion_of(const ModelSettings& model, const Machine& machine);
[[nodiscard]] Expansion expansion_of(const Model& model);

// ||h||^2_H = a' K a, through the kernel's closed form over pairs of support vectors (independent
// of the coefficients): O(#SV^2 d). Stored by coefficients: sum_k c_k^2, the same sum as the
// analysis' energy (no independent check is left once the support vectors are gone).
[[nodiscard]] double rkhs_norm_squared(const Expansion& e);
// The same a' K a as |sum_i a_i phi(x_i)|^2, through the explicit features of the basis' kept
// functions (basis/feature_map.hpp): O(#SV p Q), for a small basis far less than the pairs (a
// 100,000-row additive model can have 80,000 support vectors: 3.2e9 kernel entries, against 31
// functions).
[[nodiscard]] double rkhs_norm_squared_by_features(const Expansion& e);
// Whichever of the two costs less.
[[nodiscard]] double rkhs_norm_squared_cheaper(const Expansion& e);
// c_0 = (prod_j p_0) sum_i a_i, zero by the dual's equality constraint up to rounding.
[[nodiscard]] double constant_coefficient(const Expansion& e);
// p_k(x_ij) for k = 0..n_j: one (count x (n_j + 1)) row-major matrix per feature.
[[nodiscard]] std::vector<std::vector<double>> basis_values(const Expansion& e);

// The multi-index of position `flat` in multi-index order (dense_coefficients' order).
[[nodiscard]] std::vector<int> multi_index(const Basis& basis, size_t flat);

}  // namespace orca
