#include "training/dual_routes.hpp"

#include <algorithm>
#include <cmath>

#include "orca/errors.hpp"
#include "platform/system_memory.hpp"
#include "training/feature_rows.hpp"
#include "training/feature_space_dual.hpp"
#include "training/interior_point.hpp"
#include "training/screened_interior_point.hpp"

namespace orca::training {

void TwinRowSource::compute_row(size_t i, std::span<const int> cols, double* out) const {
    if (cols.size() >= m_) {
        base_.compute_full_row(i % m_, row_.data());
    } else {
        // Each point once, although both of its variables may be asked for: the base fills its
        // columns in parallel, and a point listed twice would be written by two threads.
        points_.clear();
        for (int c : cols) {
            const size_t t = static_cast<size_t>(c) % m_;
            if (asked_[t] != 0) continue;
            asked_[t] = 1;
            points_.push_back(static_cast<int>(t));
        }
        for (int t : points_) asked_[static_cast<size_t>(t)] = 0;
        base_.compute_row(i % m_, points_, row_.data());
    }
    for (int c : cols) out[c] = row_[static_cast<size_t>(c) % m_];
}

bool TwinRowSource::combine(std::span<const double> coef, double* out) const {
    std::vector<double> folded(m_), combined(m_);
    for (size_t t = 0; t < m_; ++t) folded[t] = coef[t] + coef[t + m_];
    if (!base_.combine(folded, combined.data())) return false;
    for (size_t v = 0; v < 2 * m_; ++v) out[v] = combined[v % m_];
    return true;
}

namespace {

// Bases up to this size may be listed as features (the feature-space and interior-point routes).
constexpr double kMaxFeatureSpaceFunctions = 8192.0;
// Bases up to this size may take the interior-point route (its p x p system and m x p features).
constexpr double kMaxExplicitFeatures = 2000.0;
// The interior-point route's work, about 30 Newton steps of m p^2 multiply-adds, is taken up to
// this after SMO has crawled on small data (some seconds on two cores at the 24 GFLOP/s
// measured), and up to ten times it when it goes first on many rows, where the other routes cost
// more (bench/bench_training.py).
constexpr double kMaxInteriorPointWork = 2e11;
constexpr double kMaxFirstInteriorPointWork = 2e12;
// SMO iterations always tried first on small data: small problems converge within them.
constexpr long kMinSmoBudget = 3000;
// From this many rows, when the basis has at most a quarter as many functions as there are
// rows, the explicit features go first: the interior-point method where it fits, else
// coordinate descent. Below, SMO's few thousand iterations on cached rows are as fast, and every
// model of the small data sets stays as it was.
constexpr size_t kFeatureSpaceMinRows = 2000;
constexpr double kFeatureSpaceRowsPerFunction = 4.0;
// Variable visits of coordinate descent, per variable, before the route hands its point over to
// SMO as it is (large C and pairs of features: the descent crawls along the dual's
// ill-conditioned directions; measured at 50,000 rows: 94 visits per variable for an additive
// model, not converged after 2,000 for 436 functions).
constexpr double kFeatureSpaceVisitsPerVariable = 1000.0;

double interior_point_work(double m, double p) {
    return 20.0 * m * p * p;
}
bool interior_point_fits(double m, double p, double max_work) {
    return p <= kMaxExplicitFeatures && features_fit(2.0 * m, p) && interior_point_work(m, p) <= max_work;
}
// Where the whole method does not fit (too many functions, or features beyond the memory), a
// C-SVC of many rows still takes it through a working set (screened_interior_point.hpp): its
// Newton steps pass over the rows of the working set only, and the smoothed hinge's estimate and
// the checks pass over every row by blocks of computed features when the matrix would not fit.
// Coordinate descent, the alternative, did not converge in 6.5 minutes on 40,000 rows of pairs
// of 30 features (4,006 functions; docs/benchmarks.md).
bool screened_route_fits(size_t m, double p, bool regression) {
    return !regression && screened(m, static_cast<size_t>(p)) && p <= kMaxFeatureSpaceFunctions;
}

// SMO from `start`, its gradients from scratch through the features; the other routes' results
// are certified (and polished when they stopped short) this way.
// spent: SMO iterations already made (they count towards the cap).
SolverResult certify(const DualProblem& problem, const FeatureRows& features, std::vector<double> start,
                     const SolverOptions& options, long spent) {
    const FeatureRowSource explicit_rows(problem.point_rows, features);
    const TwinRowSource twin(explicit_rows);
    const RowSource& rows = problem.y.size() == problem.m ? static_cast<const RowSource&>(explicit_rows) : twin;
    SolverOptions polish = options;
    polish.initial_alpha = std::move(start);
    polish.max_iterations = iteration_cap(options, problem.y.size()) - spent;
    SolverResult result = solve_dual(rows, problem.y, problem.upper, problem.linear, polish);
    result.iterations += spent;
    return result;
}

// The interior-point method on the explicit features (on a working set when there are many
// rows), then SMO from its rounded solution.
SolverResult interior_point_route(const DualProblem& problem, const SolverOptions& options, long spent) {
    const Basis& basis = problem.kernel.basis();
    const FeatureRows features(basis, problem.points, problem.m,
                               features_fit(static_cast<double>(problem.m), basis.size()));
    ScreenedInteriorPointResult ip =
        screened_interior_point(FeatureBlocks(features), problem.y, problem.upper, problem.linear,
                                options.tolerance, options.phase, options.progress);
    SolverResult result = certify(problem, features, std::move(ip.method.alpha), options, spent);
    result.interior_point_steps = ip.method.steps;
    return result;
}

// SMO on kernel rows, then the interior-point method when SMO has not converged after
// p^2 / (d + 3) iterations (at least kMinSmoBudget). The budget is a count, not a time.
// Measured on a grid of 36 fits (1,600 rows, d = 5, degrees 1-6, max_order 1-2, C 0.1-10):
// budgets of 20, 5, 1 and 0.2 times p^2 / (d + 3) took 3.66, 2.82, 2.53 and 2.49 s; SMO's
// iterations there cost far less than a kernel row each (shrinking, cached rows), so waiting
// longer rarely pays.
SolverResult kernel_rows_then_interior_point(const DualProblem& problem, const RowSource& rows,
                                             const SolverOptions& options) {
    const Basis& basis = problem.kernel.basis();
    const double p = basis.size(), d = static_cast<double>(basis.dim());
    const long cap = iteration_cap(options, problem.y.size());
    const auto budget = std::max(kMinSmoBudget, static_cast<long>(p * p / (d + 3.0)));
    const bool explicit_fits = interior_point_fits(static_cast<double>(problem.m), p, kMaxInteriorPointWork);
    // When the route costs less than the shortest SMO try (20 p^2 against kMinSmoBudget (d + 3)
    // per row), it goes first.
    const bool route_first = 20.0 * p * p <= static_cast<double>(kMinSmoBudget) * (d + 3.0);
    if (!explicit_fits || (!route_first && budget >= cap))
        return solve_dual(rows, problem.y, problem.upper, problem.linear, options);
    long spent = 0;
    if (!route_first) {
        SolverOptions first = options;
        first.max_iterations = budget;
        SolverResult smo = solve_dual(rows, problem.y, problem.upper, problem.linear, first);
        if (smo.converged || smo.stop != StopReason::iteration_cap) return smo;
        spent = smo.iterations;
    }
    return interior_point_route(problem, options, spent);
}

// Coordinate descent in the feature space, then SMO from its result.
SolverResult coordinate_descent_route(const DualProblem& problem, const SolverOptions& options) {
    const size_t n = problem.y.size();
    const FeatureRows features(problem.kernel.basis(), problem.points, problem.m,
                               features_fit(static_cast<double>(problem.m), problem.kernel.basis().size()));
    FeatureSpaceOptions descent;
    descent.tolerance = options.tolerance;
    descent.max_visits = kFeatureSpaceVisitsPerVariable * static_cast<double>(n);
    descent.progress = options.progress;
    if (options.phase)
        options.phase(ProgressPhase{"coordinate-descent passes", "projected-gradient spread",
                                    kSpreadFraction * options.tolerance});
    FeatureSpaceResult cd =
        feature_space_dual(features, problem.y, problem.upper, problem.linear, options.initial_alpha, descent);
    SolverResult result = certify(problem, features, std::move(cd.alpha), options, 0);
    result.feature_space_passes = cd.passes;
    return result;
}

}  // namespace

DualRoute chosen_route(const Basis& basis, size_t m, const SolverOptions& options, bool regression) {
    const double p = basis.size(), md = static_cast<double>(m);
    const bool listable = p <= kMaxFeatureSpaceFunctions;
    const bool interior_point = interior_point_fits(md, p, kMaxFirstInteriorPointWork) ||
                                screened_route_fits(m, p, regression);
    switch (options.route) {
        case DualRoute::feature_space:
            return listable ? DualRoute::feature_space : DualRoute::kernel_rows;
        case DualRoute::interior_point:
            return interior_point ? DualRoute::interior_point : DualRoute::kernel_rows;
        case DualRoute::kernel_rows:
            return DualRoute::kernel_rows;
        case DualRoute::automatic:
            break;
    }
    if (listable && m >= kFeatureSpaceMinRows && kFeatureSpaceRowsPerFunction * p <= md)
        return interior_point ? DualRoute::interior_point : DualRoute::feature_space;
    return DualRoute::automatic;  // SMO, and the interior-point method if SMO crawls
}

SolverResult solve_machine_dual(const DualProblem& problem, const SolverOptions& options) {
    const size_t n = problem.y.size();
    if (n != problem.m && n != 2 * problem.m) throw ParameterError("solve_machine_dual: m or 2m variables");
    const TwinRowSource twin(problem.point_rows);
    const RowSource& rows = n == problem.m ? problem.point_rows : static_cast<const RowSource&>(twin);
    switch (chosen_route(problem.kernel.basis(), problem.m, options, n == 2 * problem.m)) {
        case DualRoute::feature_space:
            return coordinate_descent_route(problem, options);
        case DualRoute::interior_point:
            return interior_point_route(problem, options, 0);
        case DualRoute::kernel_rows:
            return solve_dual(rows, problem.y, problem.upper, problem.linear, options);
        case DualRoute::automatic:
            break;
    }
    return kernel_rows_then_interior_point(problem, rows, options);
}

}  // namespace orca::training
