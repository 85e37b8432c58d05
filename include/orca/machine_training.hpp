#pragma once
// One two-class or epsilon-SVR machine trained on points already in kernel coordinates, by the
// route that src/training/dual_routes.hpp chooses (SMO on kernel rows; coordinate descent in the
// feature space of a small basis; the interior-point method), always certified by SMO.
#include <cstddef>
#include <span>
#include <vector>

#include "orca/kernel.hpp"
#include "orca/solver.hpp"

namespace orca {

// What training on points already in kernel coordinates produces (used by train_model and by
// callers that scale data themselves).
struct MachineFit {
    std::vector<size_t> support;            // indices of the support vectors in the input
    std::vector<double> coefficients;       // a_i = alpha_i y_i (SVR: alpha_i - alpha_i*), one per support vector
    double bias = 0.0;                      // g(x) = sum_i a_i K(x_i, x) + bias
    std::vector<double> training_decision;  // g(x_t) for every training point
    SolverResult solver;
};

// points: m x d row-major in kernel coordinates; y in {-1, +1}.
// upper[t] = C_t > 0 (per-point box: class and sample weights).
[[nodiscard]] MachineFit train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                       std::span<const double> y, std::span<const double> upper,
                                       const SolverOptions& options);
// The same with one C for every point.
[[nodiscard]] MachineFit train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                       std::span<const double> y, double C, const SolverOptions& options);
// epsilon-SVR: z the targets, upper[t] = C_t for both alpha_t and alpha_t*. The dual has 2m
// variables over the same m kernel rows; coefficients are alpha_t - alpha_t*, which sum to 0.
[[nodiscard]] MachineFit train_regression_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                                  std::span<const double> z, std::span<const double> upper,
                                                  double epsilon, const SolverOptions& options);

}  // namespace orca
