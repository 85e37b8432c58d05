#pragma once
// Exact local explanations (math spec §6). With K_n = kappa + g (kappa = p_0 p_0), the
// functional-ANOVA components of h under mu are
//   h_u(x) = sum_i a_i prod_{j in u} g_j(x_ij, x_j) prod_{j not in u} kappa_j,
// and the Shapley values of v(S) = E_mu[h(x_S, X_-S)] = sum_{u subset S} h_u(x) are
//   phi_j(x) = sum_{u containing j} h_u(x) / |u| = sum_i a_i g_ij int_0^1 prod_{l != j} (kappa_l + g_il z) dz,
// computed with a Gauss rule on [0, 1] exact for the degree-(d-1) integrand: O(#SV d^2) per
// row, no 2^d. Explanations are with respect to mu, the family's measure on the scaled domain
// (independent features), not the data's distribution.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "orca/model.hpp"
#include "orca/prediction.hpp"

namespace orca {

struct ExplainOptions {
    bool components = true;     // main effects, pair effects and the remainder
    bool interactions = false;  // Shapley interaction indices of pairs
    OutOfRange out_of_range = OutOfRange::clip;
    // From the support vectors (O(#SV d Q) per row), or, for a truncated basis, from the kept
    // functions' coefficients (O(p Q) per row, interactions O(p Q^2)); automatic: the cheaper by
    // prediction's cost estimate. The same numbers either way (tests hold them to 1e-10).
    PredictMethod method = PredictMethod::automatic;
};

struct Explanation {
    size_t rows = 0, dim = 0;
    double base = 0.0;              // b + h_empty: the decision value's mean under mu
    std::vector<double> decision;   // g(x) per row (from the same factors)
    std::vector<double> shapley;    // rows x d: phi_j(x); sum_j phi_j = decision - base
    std::vector<double> main;       // rows x d: h_{j}(x)            (components)
    std::vector<double> pair;       // rows x d(d-1)/2: h_{jk}(x), j < k in row-major order (components)
    std::vector<double> remainder;  // rows: the sum of every h_u with |u| >= 3 (components)
    // rows x d x d: Shapley interaction index I_jk = sum_{u containing j,k} h_u / (|u| - 1),
    // symmetric, zero diagonal (interactions). SHAP's interaction values are I_jk / 2 off the
    // diagonal and phi_j - sum_k I_jk / 2 on it.
    std::vector<double> interaction;
    Clipping clipping;  // what scaling clipped to the training range
};

// X: raw rows (rows x d), scaled and clipped (or refused) like prediction inputs.
[[nodiscard]] Explanation explain(const Model& model, std::span<const double> X, size_t rows,
                                  const ExplainOptions& options = {}, const std::string& source = "data");

// The exact main-effect curve h_j over a grid spanning feature j's training range; for a
// categorical feature, its value at each level (x: the level codes, model.levels[j] their names);
// for a numeric feature with a gap function, one more point, last: x NaN, the value at a gap.
struct ShapeFunction {
    size_t feature = 0;
    std::vector<double> x;  // raw units (a categorical feature's codes)
    std::vector<double> h;  // h_j(x)
};
// The largest grids: a curve of 100,000 points per feature and a surface of 2,000 x 2,000 are
// beyond any plot, and a grid of 10^9 would take the memory.
inline constexpr size_t kMaxShapeGrid = 100000;
inline constexpr size_t kMaxPairGrid = 2000;
[[nodiscard]] std::vector<ShapeFunction> shape_functions(const Model& model, size_t grid_points = 100);

// The exact pair component h_jk over a grid of feature j's x feature k's training ranges (a
// categorical feature's levels).
struct PairSurface {
    size_t first = 0, second = 0;
    std::vector<double> x, y;  // raw grid values of the two features (a gap function's: NaN, last)
    std::vector<double> h;     // x.size() x y.size(), row-major: h[a * y.size() + b] = h_jk(x[a], y[b])
};
[[nodiscard]] PairSurface pair_surface(const Model& model, size_t first, size_t second, size_t grid_points = 40);

// Reference: Shapley values by enumerating all 2^d coalitions of v(S) = sum_{u subset S} h_u,
// with every h_u formed by its definition. Exponential in d; for tests and benchmarks.
[[nodiscard]] std::vector<double> shapley_by_coalitions(const Model& model, std::span<const double> X, size_t rows);

}  // namespace orca
