#pragma once
// The SVM dual solved by SMO, in the form LIBSVM states it:
//   min_alpha  f(alpha) = 1/2 alpha' Q alpha + p' alpha,   Q_tl = y_t y_l K_tl,
//   subject to 0 <= alpha_t <= C_t,  sum_t y_t alpha_t = 0.
// C-SVC is p = -1. Working pairs by second-order selection (Fan, Chen & Lin, JMLR 2005),
// shrinking with gradient reconstruction, and an LRU cache of kernel rows.
#include <array>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "orca/names.hpp"

namespace orca {

// Supplies kernel rows to the solver. Virtual per row, never per element.
class RowSource {
  public:
    virtual ~RowSource() = default;
    [[nodiscard]] virtual size_t size() const = 0;
    [[nodiscard]] virtual double diagonal(size_t i) const = 0;
    // out[cols[c]] = K(i, cols[c]) for every c (scattered into a full-length row).
    virtual void compute_row(size_t i, std::span<const int> cols, double* out) const = 0;
    // out[l] = K(i, l) for every l; sources with a faster contiguous path override it.
    virtual void compute_full_row(size_t i, double* out) const;
    // out[t] = sum_l coef[l] K(t, l) for every t, for sources that can do it without kernel rows
    // (explicit features: O(m p)); false when the solver must sum rows itself.
    virtual bool combine(std::span<const double> coef, double* out) const;
};

// How the dual is solved (training/dual_routes.cpp): SMO on kernel rows; coordinate descent in
// the basis' own feature space (small bases, many rows); the interior-point method on the
// explicit features (small bases, large C). `automatic` chooses by cost; the others force a
// route where it applies (tests and benchmarks compare them). Every route ends with SMO's
// certificate.
enum class DualRoute { automatic, kernel_rows, feature_space, interior_point };
template <>
struct EnumNames<DualRoute> {
    static constexpr std::string_view setting = "route";
    static constexpr std::array<Named<DualRoute>, 4> names{{{DualRoute::automatic, "auto"},
                                                            {DualRoute::kernel_rows, "kernel-rows"},
                                                            {DualRoute::feature_space, "feature-space"},
                                                            {DualRoute::interior_point, "interior-point"}}};
};

// What the progress reports that follow count and measure: each route announces it before its
// first report (SMO: iterations and the largest KKT violation, down to the tolerance), so that a
// progress display says what it shows and estimates the time to go against the right target.
struct ProgressPhase {
    std::string counts = "iterations";
    std::string measure = "largest KKT violation";
    double target = 0.0;  // the measure's value at which the phase ends
    // The measure may rise before it falls (the interior-point method's duality measure grows while
    // its infeasibility is removed): the time to go is then estimated from the measure's peak on.
    bool rises_first = false;
    // The most counts the phase can take from its first report (0: no bound). A measure that does
    // not fall geometrically (the smoothed hinge's Newton steps) extrapolates to any time; the time
    // to go never exceeds what the counts left would take.
    long most = 0;
};

struct SolverOptions {
    double tolerance = 1e-3;  // stop when the maximal violating pair's gap is below this
    double cache_mb = 200.0;
    bool shrinking = true;
    long max_iterations = 0;  // 0: max(10^7, 100 m), as LIBSVM
    // Called every `progress_every` iterations with (iterations, current gap).
    std::function<void(long, double)> progress;
    long progress_every = 10000;
    std::function<void(const ProgressPhase&)> phase;
    // Where to start: one value per variable (made feasible: clipped into [0, C_t], then
    // sum_t y_t alpha_t brought to 0 by the free variables, or when they cannot by scaling the
    // larger side down), or empty for alpha = 0. The other routes hand SMO their solution this way.
    std::vector<double> initial_alpha;
    DualRoute route = DualRoute::automatic;
};

// Why the solver stopped: the certified violation is below the tolerance; the iteration cap was
// reached first; or fresh gradients kept disagreeing with the incremental one by more than the
// tolerance (the tolerance is below what double precision can certify for this kernel and C).
enum class StopReason { converged, iteration_cap, precision };
template <>
struct EnumNames<StopReason> {
    static constexpr std::string_view setting = "stop";
    static constexpr std::array<Named<StopReason>, 3> names{{{StopReason::converged, "converged"},
                                                             {StopReason::iteration_cap, "iteration cap"},
                                                             {StopReason::precision, "precision"}}};
};
[[nodiscard]] inline std::string to_string(StopReason r) {
    return std::string(name_of(r));
}
[[nodiscard]] inline StopReason parse_stop_reason(const std::string& name) {
    return parse_name<StopReason>(name);
}

struct SolverResult {
    std::vector<double> alpha;
    std::vector<double> gradient;  // grad f(alpha) = Q alpha + p, exact for every variable
    double rho = 0.0;              // decision = sum_t y_t alpha_t K(x_t, x) - rho
    double objective = 0.0;        // f(alpha) at the solution (LIBSVM's "obj")
    // The maximal KKT violation m(alpha) - M(alpha), certified: from a gradient recomputed from
    // scratch at the end (the incremental one drifts over long runs), never from the drifted one.
    double gap = 0.0;
    // Primal minus dual objective at the solution, from the same fresh gradient: alpha'G +
    // sum_t C_t max(0, y_t rho - G_t) (>= 0; 0 exactly at the optimum).
    double duality_gap = 0.0;
    long iterations = 0;           // SMO iterations
    int interior_point_steps = 0;  // Newton steps of the interior-point route (0: SMO alone)
    long feature_space_passes = 0; // coordinate-descent passes in the feature space (0: not taken)
    // How often the fresh gradient showed the stopping rule had been met only by drift, so that
    // optimisation went on from it.
    int refreshes = 0;
    // The largest difference between the incremental and the fresh gradient at the last refresh.
    double drift = 0.0;
    bool converged = false;  // the certified violation is below the tolerance
    StopReason stop = StopReason::iteration_cap;
};

// The iteration cap in force for m variables: options.max_iterations, or max(10^7, 100 m).
[[nodiscard]] long iteration_cap(const SolverOptions& options, size_t m);

// y_t in {-1, +1}; upper[t] = C_t > 0; linear[t] = p_t. Throws ParameterError on bad shapes.
SolverResult solve_dual(const RowSource& rows, std::span<const double> y, std::span<const double> upper,
                        std::span<const double> linear, const SolverOptions& options);

}  // namespace orca
