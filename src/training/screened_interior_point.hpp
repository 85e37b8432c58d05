#pragma once
// The interior-point method on many rows through a working set (interior_point.hpp costs
// O(m p^2) a Newton step over every row, and takes more steps as m grows: 31 at 50,000 rows of an
// additive model, 53 at 500,000).
//
// At the optimum of a large problem most variables sit on a bound of the box (at 50,000 rows of
// pairs, 7,874 of the points are support vectors and most of those are at C), and which bound a
// variable takes is decided by the sign of its reduced gradient g_v = (Qa + l)_v + b y_v, far
// from zero for most of them. So:
//   1. the decision values of a nearby problem's solution when the caller has them (the previous
//      C of a sweep's path: SolverOptions::nearby_decision), else a fit on every s-th point
//      (s = screen_stride: at most kScreenStride, and at least kScreenPointsPerFunction rows a
//      function in the fit), with its C multiplied by the stride (so that its primal weighs its
//      loss as the whole problem's does; itself screened when it is large), estimates w and b,
//      hence every g_v in O(m p);
//   2. variables with g_v beyond +-kScreenMargin are held at 0 or C_v; the points with any other
//      variable form the working set, solved by the interior-point method with the held
//      variables folded into its linear term (Q_WH a_H, through w_H in O(m p)) and into the
//      right-hand side of y'a = 0;
//   3. the held variables are checked against the working set's solution: the points of those
//      that violate their optimality by more than half the tolerance join the working set, and
//      it is solved again (at most kScreenRounds times; the set only grows). SMO from a handful
//      of violators is no shortcut: from 8 of them on pairs at 50,000 rows it took 419,161
//      iterations where one more round took 16 Newton steps on 7,891 rows. When the first round
//      finds more violators than its working set holds, the whole problem is solved instead.
// The result goes to SMO as the whole method's does (dual_routes.cpp), which certifies it against
// every row, and polishes it when a held variable still violates. The method is the same; only the
// rows its Newton steps pass over are fewer.
#include <cstddef>
#include <functional>
#include <span>

#include "orca/solver.hpp"
#include "training/interior_point.hpp"

namespace orca::training {

struct ScreenedInteriorPointResult {
    InteriorPointResult method;  // the working set's result spread over every variable; steps: of all fits
    size_t working_points = 0;   // in the last working set (all points when not screened)
    int rounds = 0;              // working-set fits (0: not screened)
    bool fell_back = false;      // the first round found the estimate poor: the whole problem was solved
    bool nearby = false;         // screened from a nearby solution's decision values, not a coarse fit
};

// Points from which a problem is screened: below, the whole problem is solved at once.
// The coarse fit needs enough rows per function to predict the bounds: at least
// kScreenPointsPerFunction of them, so the stride is m / (50 p) up to 8, and a problem is screened
// when that stride is at least 2. Measured on pairs of 10 features (436 functions) at 50,000 rows,
// where the whole method takes 6.05 s: 12 rows a function (stride 8 forced) 6.9 s, 9,326
// variables held wrongly and SMO left to polish; 25 (stride 4) 5.3 s; 50 (stride 2) 4.9 s.
inline constexpr size_t kScreenMinPoints = kWorkingSetMinPoints;
// Variables whose estimated reduced gradient is beyond +-kScreenMargin are held on their bound. In
// C-SVC's units g_v = y_v f(x_v) - 1: a point held at 0 is estimated to lie beyond margin 1.5, one
// held at C inside 0.5. epsilon-SVR's g_v = +-(f(x_t) - z_t) + epsilon is in the target's units:
// there the margin is in standard deviations of the target (margin_unit).
inline constexpr double kScreenMargin = 0.5;
inline constexpr size_t kScreenStride = 8;
inline constexpr double kScreenPointsPerFunction = 50.0;
// The coarse fit's stride: min(kScreenStride, m / (kScreenPointsPerFunction p)).
[[nodiscard]] size_t screen_stride(size_t m, size_t p);
// Bases of more functions are screened only up to C = kScreenLargestC: at larger C the coarse
// fit of a pairs model (436 functions) misjudged tens of thousands of bounds. On 80,000 rows,
// against the whole method: C = 0.01 4.9 s against 7.3, C = 1 7.5 against 10.7, C = 10 12.7
// against 12.1, C = 100 20.3 against 11.2, C = 1000 33.8 against 14.5; at 200,000 rows even 229
// rows a function did not help at C = 100 (54 s against 40). The additive model of 31 functions
// gained at every C (500,000 rows at C = 1000: 5.0 s against 10.3). An epsilon-SVR (regression:
// two variables a point) of pairs is not screened: at 50,000 rows and C = 1 its working set took
// 40 Newton steps in all where the whole method takes 20 (8.9 s against 6.1).
// Screened from a nearby solution instead (the previous C of a sweep's path, which misjudges few
// bounds: 22 of 50,000 at C = 10 from C = 1's solution, 7 at C = 100 from C = 10's), a C-SVC of
// more functions is screened at every C.
inline constexpr size_t kScreenAnyCFunctions = 100;
inline constexpr double kScreenLargestC = 1.0;
[[nodiscard]] bool screened(size_t m, size_t p, double c_max, bool regression = false, bool nearby = false);

// As interior_point_dual (phi: m x p row-major; y, upper, linear: one per variable, m or 2m);
// tolerance: SMO's, which certifies the result. phase and progress (optional) are told of each
// fit: the coarse fits' and the working sets'. nearby_decision: SolverOptions' (empty, or one
// value per point), which replaces the coarse fit. margin: kScreenMargin unless a test wants
// variables held wrongly (a narrow margin) to see the rounds free them.
[[nodiscard]] ScreenedInteriorPointResult screened_interior_point(
    std::span<const double> phi, size_t m, size_t p, std::span<const double> y, std::span<const double> upper,
    std::span<const double> linear, double tolerance, const std::function<void(const ProgressPhase&)>& phase = {},
    const std::function<void(long, double)>& progress = {}, std::span<const double> nearby_decision = {},
    double margin = kScreenMargin);

}  // namespace orca::training
