#pragma once
// The dual of solver.hpp (min 1/2 a'Qa + p'a, 0 <= a <= C, y'a = 0) when Q_vl = y_v y_l
// phi(x_v) . phi(x_l) has explicit features of modest size p: coordinate descent keeping
// w = sum_v y_v a_v phi(x_v), so that one variable's update costs O(p) instead of a kernel row
// (Hsieh et al., ICML 2008, as LIBLINEAR does), with its shrinking and a random order each pass.
//
// The bias is not regularised: the constraint y'a = 0 is kept by the method of multipliers.
// Each round minimises L(a) = f(a) + b y'a + rho/2 (y'a)^2 over the box (the rho term is a
// constant feature sqrt(rho) added to phi: LIBLINEAR's regularised bias) and then moves the
// multiplier b += rho y'a, which is the decision function's bias. The rounds end when the
// bias moves by less than a tenth of the tolerance, so the result is the problem's own optimum
// to the tolerance, not a nearby one; SMO certifies it (machine_training.cpp).
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include "training/feature_rows.hpp"

namespace orca::training {

// Within a round, coordinate descent stops when the projected gradients' spread is below this
// fraction of the tolerance: SMO's violation is at most twice the largest projected gradient, and
// the margin keeps SMO's certificate from finding one the descent's last pass did not see.
inline constexpr double kSpreadFraction = 0.25;

struct FeatureSpaceOptions {
    double tolerance = 1e-3;  // on the projected gradients' spread, as SMO's violation
    // Variables visited (each an O(p) product with w), all passes together, before giving up.
    double max_visits = 1e9;
    // Called after each pass with (passes, spread of the projected gradients).
    // The spread at which a round ends: kSpreadFraction * tolerance.
    std::function<void(long, double)> progress;
};

struct FeatureSpaceResult {
    std::vector<double> alpha;
    double bias = 0.0;  // the multiplier of y'a = 0: g(x) = w . phi(x) + bias
    long passes = 0;         // over the active variables
    long updates = 0;        // variables changed, over all passes
    double visits = 0.0;     // variables visited, over all passes
    int rounds = 0;          // multiplier updates
    bool converged = false;  // the spread and the multiplier's move are below the tolerance
};

// Variable v is point v % m of `features` (m = features.rows()), so that epsilon-SVR's 2m
// variables (alpha_t, alpha_t*) share their point's features. y_v in {-1, +1}; upper[v] = C_v > 0;
// linear[v] = p_v. alpha: where to start (empty: 0).
[[nodiscard]] FeatureSpaceResult feature_space_dual(const FeatureRows& features, std::span<const double> y,
                                                    std::span<const double> upper, std::span<const double> linear,
                                                    std::span<const double> start,
                                                    const FeatureSpaceOptions& options);

}  // namespace orca::training
