#pragma once
// A C-SVC's weight vector and bias estimated from every row, for screening
// (screened_interior_point.hpp): the primal problem
//     min_{w,b} 1/2 |w|^2 + sum_t C_t H_h(r_t),   r_t = -l_t - y_t (phi(x_t) . w + b)
// (l_t = -1: r_t is how far point t falls short of its margin), with the hinge max(0, r) smoothed
// into Huber's H_h (0 for r <= 0, r^2 / 2h below h, r - h/2 beyond), by Newton's method with an
// exact line search. A step costs O(k p) for the gradient (k: the points in the band 0 < r < h
// and those crossing its far edge; the sum over the points beyond it, whose y_t alpha_t is y_t C_t,
// is kept from step to step), O(m p) for the change of every decision value, and little for the
// Hessian
// I + sum_band (C_t / h) [phi_t; 1][phi_t; 1]' (the bias unregularised): it is kept from step to
// step by adding the points that enter the band 0 < r < h and subtracting those that leave it, a
// few hundred a step. The width shrinks through kHingeWidths: one step at each wider width starts
// the next, and at the last Newton runs until no decision value moves by kHingeSettled in a step.
// As h -> 0 the minimiser tends to the C-SVC's, whose dual the interior-point method then solves
// on the points the estimate leaves near their margin.
//
// From w = 0 every point lies in the first width's band, so the first Hessian sums all m rows:
// m p^2 / 2 multiply-adds, about 4 minutes of the 34 steps' 7 at 1,000,000 rows of 4,006
// functions. On many rows the estimate therefore starts from a coarser one: every s-th row, C
// multiplied by s, estimated from w = 0 through every width, whose minimiser starts the last width
// here, where only the points near their margin are in the band.
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
inline constexpr int kHingeMaxSteps = 100;  // at the last width of each level
// The coarser level's stride s is 1 (none) where the first Hessian's m p^2 / 2 multiply-adds are
// below kHingeCoarseMinWork, else the largest power of kHingeCoarseStride that leaves at least
// max(kHingeCoarseMinPoints, kHingeCoarsePointsPerFunction p) rows. Measured (CLI, 2 cores): pairs
// of 30 features (4,006 functions) at 1,000,000 rows (8e12 multiply-adds, about 4 minutes) start
// from 62,500 rows: 66 steps of about 1.3 s (mostly the Cholesky factor of 4,007 x 4,007), then 34
// at the last width on every row, 5.3 min in all with reading the CSV; from 250,000 rows (45
// steps, the first summing 250,000 rows) 29 steps, 5.5 min; from w = 0, 34 steps and 7 min. Pairs
// of 10 features (436 functions) at 100,000 rows (1e10) from 25,000 rows gave the same model in
// 2.7 s against 2.4 s without: the first Hessian costs less than the coarse level's steps. The
// bound lies where the first Hessian takes about the coarse level's time at 4,006 functions;
// sizes between these two were not measured.
inline constexpr double kHingeCoarseMinWork = 2e12;
inline constexpr size_t kHingeCoarseStride = 4;
inline constexpr double kHingeCoarseMinPoints = 20000.0;
inline constexpr double kHingeCoarsePointsPerFunction = 10.0;
// The stride of the coarser level over m rows of p functions (1: none).
[[nodiscard]] size_t hinge_coarse_stride(size_t m, size_t p);

struct HingeEstimate {
    Eigen::VectorXd w;
    double bias = 0.0;
    int steps = 0;  // Newton steps over all widths and levels
};

// phi: the m x p features, stored or computed by blocks (training/feature_rows.hpp); y (+-1), upper
// (C_t > 0) and linear (l_t): one per point. progress (optional) receives (steps, the largest change
// of a decision value in the step); level (optional) the rows of each level as it starts, coarsest
// first (a level's steps cost in proportion to its rows: its time to go is estimated afresh);
// coarse_stride: the first coarser level's stride (0: hinge_coarse_stride's).
[[nodiscard]] HingeEstimate smoothed_hinge_estimate(const FeatureBlocks& phi, std::span<const double> y,
                                                    std::span<const double> upper,
                                                    std::span<const double> linear,
                                                    const std::function<void(long, double)>& progress = {},
                                                    const std::function<void(size_t)>& level = {},
                                                    size_t coarse_stride = 0);

}  // namespace orca::training
