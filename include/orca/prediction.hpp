#pragma once
// Decision values of one machine by either of two exact routes:
//   support vectors: g(x) = b + sum_i a_i K(x_i, x), O(#SV sum_j (n_j + 1)) per row;
//   coefficients:    g(x) = b + sum_k c_k phi_k(x): for the full product, the expansion's
//                    coefficient vector (formed once, O(#SV prod_j (n_j + 1))) contracted with
//                    each row's p_k(x_j), last feature first, O(prod_j (n_j + 1)) per row; for a
//                    truncated basis, its p kept functions as features (basis/feature_map.hpp),
//                    O(#SV p Q) once and O(p Q) per row.
// The second wins when the basis is small next to #SV d n (few features, low degrees, many
// support vectors) and enough rows share the cost of forming c; `automatic` picks by an
// estimate of the work of each (measured in bench/bench_predict).
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "orca/model.hpp"
#include "orca/names.hpp"

namespace orca {

enum class PredictMethod { automatic, support_vectors, coefficients };
template <>
struct EnumNames<PredictMethod> {
    static constexpr std::string_view setting = "method";
    static constexpr std::array<Named<PredictMethod>, 3> names{{{PredictMethod::automatic, "auto"},
                                                                {PredictMethod::support_vectors, "support-vectors"},
                                                                {PredictMethod::coefficients, "coefficients"}}};
};
[[nodiscard]] inline std::string to_string(PredictMethod m) {
    return std::string(name_of(m));
}

struct PredictionCost {
    double support_vectors = 0.0;  // estimated flops for all rows
    double coefficients = 0.0;     // forming c plus the contractions; infinite beyond the size cap
};
// Coefficient vectors beyond this many entries are never formed for prediction (80 MB).
constexpr double kMaxPredictionCoefficients = 1e7;

[[nodiscard]] PredictionCost estimate_prediction_cost(const ModelSettings& model, const Machine& machine, size_t rows);
[[nodiscard]] PredictMethod choose_prediction_method(const ModelSettings& model, const Machine& machine, size_t rows);

// points: rows already in kernel coordinates; one machine of the model.
[[nodiscard]] std::vector<double> decision_values(const ModelSettings& model, const Machine& machine,
                                                  std::span<const double> points, size_t rows,
                                                  PredictMethod method = PredictMethod::automatic);
// The same for a model of a single machine.
[[nodiscard]] std::vector<double> decision_values(const Model& model, std::span<const double> points, size_t rows,
                                                  PredictMethod method = PredictMethod::automatic);
// Decision values g(x) for raw (unscaled) rows of a single-machine model. clipping receives
// what was clipped to the training range (rows outside are refused under OutOfRange::error).
[[nodiscard]] std::vector<double> decision_function(const Model& model, std::span<const double> X, size_t rows,
                                                    OutOfRange policy, const std::string& source,
                                                    Clipping* clipping = nullptr);

}  // namespace orca
