#pragma once
// Probability estimates for SVM decision values, as LIBSVM computes them:
//   Platt's sigmoid P(+1 | g) = 1 / (1 + exp(A g + B)) fitted by the Newton method of Lin, Lin &
//   Weng (2007) on decision values from internal k-fold cross-validation, and, for more than two
//   classes, pairwise coupling (Wu, Lin & Weng 2004, their second method) of the one-vs-one
//   machines' pairwise probabilities.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "orca/kernel.hpp"
#include "orca/model.hpp"

namespace orca {

// The sigmoid maximising the likelihood of labels y (+1 / -1) with Platt's smoothed targets.
[[nodiscard]] Sigmoid fit_sigmoid(std::span<const double> decision, std::span<const double> y);
// P(positive class | g), evaluated without overflow.
[[nodiscard]] double sigmoid_probability(const Sigmoid& s, double decision);

// Decision values of every point from machines trained without its fold: points shuffled by
// `seed`, split into `folds` consecutive parts (LIBSVM's svm_binary_svc_probability). A fold
// whose training part has one class gets +1 or -1.
[[nodiscard]] std::vector<double> cross_validated_decisions(const TensorKernel& kernel, std::span<const double> points,
                                                            size_t m, std::span<const double> y,
                                                            std::span<const double> upper, int folds, uint64_t seed,
                                                            const SolverOptions& options);

// Class probabilities p (sum 1) from r (k x k, row-major): r[i k + j] = P(i | i or j), i != j.
// Minimises sum_i sum_{j != i} (r_ji p_i - r_ij p_j)^2 subject to sum p = 1 by the fixed-point
// iteration of Wu, Lin & Weng, run to a tight tolerance.
[[nodiscard]] std::vector<double> couple_pairwise(std::span<const double> r, size_t k);

// rows x classes probabilities from the machines' decision values (machine_decisions).
// Throws ParameterError when the model was trained without probability estimates.
[[nodiscard]] std::vector<double> predict_probabilities(const Model& model, std::span<const double> machine_values,
                                                        size_t rows);

}  // namespace orca
