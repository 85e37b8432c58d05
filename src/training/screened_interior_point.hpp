#pragma once
// The interior-point method on many rows through a working set (interior_point.hpp costs
// O(m p^2) a Newton step over every row, and takes more steps as m grows: 31 at 50,000 rows of an
// additive model, 53 at 500,000).
//
// At the optimum of a large problem most variables sit on a bound of the box (at 50,000 rows of
// pairs, 7,874 of the points are support vectors and most of those are at C), and which bound a
// variable takes is decided by the sign of its reduced gradient g_v = (Qa + l)_v + b y_v, far
// from zero for most of them. So:
//   1. every g_v is estimated in O(m p) from a w and b: for C-SVC the minimiser of the smoothed
//      hinge on every row (hinge_estimate.hpp); for epsilon-SVR a fit on every s-th point
//      (s = screen_stride: at most kScreenStride, and at least kScreenPointsPerFunction rows a
//      function in the fit), with its C multiplied by the stride (so that its primal weighs its
//      loss as the whole problem's does; itself screened when it is large);
//   2. variables with g_v beyond +-margin are held at 0 or C_v; the points with any other
//      variable form the working set, solved by the interior-point method with the held
//      variables folded into its linear term (Q_WH a_H, through w_H in O(m p)) and into the
//      right-hand side of y'a = 0;
//   3. the held variables are checked against the working set's solution: the points of those
//      that violate their optimality by more than half the tolerance join the working set, and
//      it is solved again (at most kScreenRounds times; the set only grows, except that a second
//      round after a first with few violators keeps only the first's points near their margin by
//      their exact gradients: kFewViolations, kNarrowMargin). SMO from a handful
//      of violators is no shortcut: from 8 of them on pairs at 50,000 rows it took 419,161
//      iterations where one more round took 16 Newton steps on 7,891 rows. When the first round
//      finds more violators than its working set holds, the whole problem is solved instead.
// The result goes to SMO as the whole method's does (dual_routes.cpp), which certifies it against
// every row, and polishes it when a held variable still violates. The method is the same; only the
// rows its Newton steps pass over are fewer.
//
// The smoothed hinge replaced a coarse fit of C-SVC on every second row (measured on pairs of 10
// features, 436 functions, 50,000 rows, C = 1: the coarse fit took 29 Newton steps on 25,000
// rows, 4.5 s, then three rounds of 16-20 steps on 7,300-7,900 rows; from the smoothed hinge, 34
// Newton steps of its own in 0.8-1.0 s, then one round of 14 steps on 3,172 rows, no variable
// held wrongly: 8.2 s -> 2.1 s for the fit). The coarse fit misjudged tens of thousands of bounds
// at C > 1 on bases of more than 100 functions, which were therefore not screened (C = 100: 12.5
// s); from the smoothed hinge they are (2.4 s), and so are bases whose coarse fit would have had
// fewer than kScreenPointsPerFunction rows a function (3 classes of pairs at 60,000 rows, one
// against one: 26 s -> 4.1 s).
#include <cstddef>
#include <functional>
#include <optional>
#include <span>

#include "orca/solver.hpp"
#include "training/feature_rows.hpp"
#include "training/interior_point.hpp"

namespace orca::training {

struct ScreenedInteriorPointResult {
    InteriorPointResult method;  // the working set's result spread over every variable; steps: of all fits
    int hinge_steps = 0;         // Newton steps on the smoothed hinge (0: not estimated from it)
    size_t working_points = 0;   // in the last working set (all points when not screened)
    int rounds = 0;              // working-set fits (0: not screened)
    bool fell_back = false;      // the first round found the estimate poor: the whole problem was solved
    bool narrowed = false;       // the second round fitted the first's points near their margin (kNarrowMargin)
};

// Points from which a problem is screened: below, the whole problem is solved at once. C-SVC
// from kScreenMinPoints (measured, CLI fit of pairs, 436 functions, whole against screened: 2,000
// rows 0.22 s against 0.25; 5,000 rows 1.08 against 0.44, at C = 100 1.58 against 1.21; 10,000
// rows 1.72 against 0.54, at C = 1000 4.08 against 1.08; the additive model equal or faster
// from 5,000); epsilon-SVR, whose coarse fit needs its rows, from kCoarseScreenMinPoints.
inline constexpr size_t kScreenMinPoints = 5000;
// Working-set fits before the rest is left to SMO.
inline constexpr int kScreenRounds = 8;
// When the first round finds at most one held variable in kFewViolations wrong, the second fits
// only the points of the first that are free or within kNarrowMargin of their margin (in the
// screen's units: a quarter of kHingeScreenMargin), with the violators' points, if that halves
// the set. Measured at 1,000,000 rows of pairs of 30 features: the first round (72,943 rows, 17
// Newton steps of 15 s) left 2 variables wrong, and a second round on all 72,945 rows cost as
// much again.
inline constexpr size_t kFewViolations = 100;
inline constexpr double kNarrowMargin = 0.05;
// The working set holds at least this many points (those nearest their margin): the equality
// y'a = rhs needs free variables to meet it.
inline constexpr size_t kMinWorkingPoints = 1000;
inline constexpr size_t kCoarseScreenMinPoints = 20000;
// Variables whose estimated reduced gradient is beyond +-margin are held on their bound. In
// C-SVC's units g_v = y_v f(x_v) - 1: at margin 0.5 a point held at 0 is estimated to lie beyond
// margin 1.5, one held at C inside 0.5. epsilon-SVR's g_v = +-(f(x_t) - z_t) + epsilon is in the
// target's units: there the margin is in standard deviations of the target (margin_unit).
// kScreenMargin for the coarse fit's estimate; kHingeScreenMargin,
// twice the smoothed hinge's last width, for its minimiser (measured on pairs at 50,000 rows: 0.5
// held nothing wrongly either, but left 7,516 rows to the working set against 3,172; 0.1 left
// 1,745, but without a width's room for the smoothing's error).
inline constexpr double kScreenMargin = 0.5;
inline constexpr double kHingeScreenMargin = 0.2;
// The coarse fit (epsilon-SVR) needs enough rows per function to predict the bounds: at least
// kScreenPointsPerFunction of them, so the stride is m / (50 p) up to 8 (at least 4 from
// kCoarseScreenMinPoints rows and kScreenRegressionFunctions functions). Measured on pairs of 10 features (436 functions) at 50,000 rows,
// where the whole method took 6.05 s (C-SVC): 12 rows a function (stride 8 forced) 6.9 s, 9,326
// variables held wrongly and SMO left to polish; 25 (stride 4) 5.3 s; 50 (stride 2) 4.9 s.
inline constexpr size_t kScreenStride = 8;
inline constexpr double kScreenPointsPerFunction = 50.0;
// The coarse fit's stride: min(kScreenStride, m / (kScreenPointsPerFunction p)).
[[nodiscard]] size_t screen_stride(size_t m, size_t p);
// An epsilon-SVR (two variables a point) of more than kScreenRegressionFunctions functions is not
// screened: at 50,000 rows of pairs and C = 1 its working set took 40 Newton steps in all where
// the whole method takes 20 (8.9 s against 6.1), and the smoothed hinge's widths, in the target's
// standard deviations, left 43,253 of 50,000 points in the working set (the residuals are far
// narrower than the target; a width in their units is not built).
inline constexpr size_t kScreenRegressionFunctions = 100;
// C-SVC from kScreenMinPoints points at every C and basis size; epsilon-SVR from
// kCoarseScreenMinPoints points up to kScreenRegressionFunctions functions.
[[nodiscard]] bool screened(size_t m, size_t p, bool regression = false);

// The same with features computed by blocks (training/feature_rows.hpp) where they do not fit in
// memory: a C-SVC of at least kScreenMinPoints points (its estimate, screen and checks pass over
// the rows, O(block p) memory; only the working set's rows are gathered, and the whole method is
// never the fallback); stored features give the other's result, bit for bit.
[[nodiscard]] ScreenedInteriorPointResult screened_interior_point(
    const FeatureBlocks& phi, std::span<const double> y, std::span<const double> upper,
    std::span<const double> linear, double tolerance, const std::function<void(const ProgressPhase&)>& phase = {},
    const std::function<void(long, double)>& progress = {}, std::optional<double> margin = std::nullopt);

// As interior_point_dual (phi: m x p row-major; y, upper, linear: one per variable, m or 2m);
// tolerance: SMO's, which certifies the result. phase and progress (optional) are told of each
// fit: the estimate's and the working sets'. margin: the estimate's own unless a test wants
// variables held wrongly (a narrow margin) to see the rounds free them.
[[nodiscard]] ScreenedInteriorPointResult screened_interior_point(
    std::span<const double> phi, size_t m, size_t p, std::span<const double> y, std::span<const double> upper,
    std::span<const double> linear, double tolerance, const std::function<void(const ProgressPhase&)>& phase = {},
    const std::function<void(long, double)>& progress = {}, std::optional<double> margin = std::nullopt);

}  // namespace orca::training
