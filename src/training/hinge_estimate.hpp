#pragma once
// A C-SVC's weight vector and bias estimated from every row, for screening
// (screened_interior_point.hpp): the primal problem
//     min_{w,b} 1/2 |w|^2 + sum_t C_t H_h(r_t),   r_t = -l_t - y_t (phi(x_t) . w + b)
// (l_t = -1: r_t is how far point t falls short of its margin), with the hinge max(0, r) smoothed
// into Huber's H_h (0 for r <= 0, r^2 / 2h below h, r - h/2 beyond), by Newton's method with an
// exact line search. A step costs O(k p) for the gradient (k: the points with r > 0), O(m p) for
// the change of every decision value, and little for the Hessian
// I + sum_band (C_t / h) [phi_t; 1][phi_t; 1]' (the bias unregularised): it is kept from step to
// step by adding the points that enter the band 0 < r < h and subtracting those that leave it, a
// few hundred a step. The width shrinks through kHingeWidths: one step at each wider width starts
// the next, and at the last Newton runs until no decision value moves by kHingeSettled in a step.
// As h -> 0 the minimiser tends to the C-SVC's, whose dual the interior-point method then solves
// on the points the estimate leaves near their margin.
#include <Eigen/Core>
#include <cstddef>
#include <functional>
#include <span>

#include "training/feature_rows.hpp"

namespace orca::training {

// In the margin's units. Measured on pairs of 10 features (436 functions) at 50,000 rows, C = 1:
// {1.2, 0.4, 0.1} took 34 Newton steps, 0.8-1.0 s; ending at 0.2 or 0.3 took 27-28 steps but
// held variables wrongly (0.3: one, and a second working-set round) or needed a wider working set.
inline constexpr double kHingeWidths[] = {1.2, 0.4, 0.1};
inline constexpr double kHingeSettled = 1e-3;
inline constexpr int kHingeMaxSteps = 100;  // over all widths

struct HingeEstimate {
    Eigen::VectorXd w;
    double bias = 0.0;
    int steps = 0;  // Newton steps over all widths
};

// phi: the m x p features, stored or computed by blocks (training/feature_rows.hpp); y (+-1), upper
// (C_t > 0) and linear (l_t): one per point. progress (optional) receives (steps, the largest change
// of a decision value in the step).
[[nodiscard]] HingeEstimate smoothed_hinge_estimate(const FeatureBlocks& phi, std::span<const double> y,
                                                    std::span<const double> upper,
                                                    std::span<const double> linear,
                                                    const std::function<void(long, double)>& progress = {});

}  // namespace orca::training
