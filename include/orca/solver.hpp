#pragma once
// The SVM dual solved by SMO, in the form LIBSVM states it:
//   min_alpha  f(alpha) = 1/2 alpha' Q alpha + p' alpha,   Q_tl = y_t y_l K_tl,
//   subject to 0 <= alpha_t <= C_t,  sum_t y_t alpha_t = 0.
// C-SVC is p = -1. Working pairs by second-order selection (Fan, Chen & Lin, JMLR 2005),
// shrinking with gradient reconstruction, and an LRU cache of kernel rows.
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

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
};

struct SolverOptions {
    double tolerance = 1e-3;  // stop when the maximal violating pair's gap is below this
    double cache_mb = 200.0;
    bool shrinking = true;
    long max_iterations = 0;  // 0: max(10^7, 100 m), as LIBSVM
    // Called every `progress_every` iterations with (iterations, current gap).
    std::function<void(long, double)> progress;
    long progress_every = 10000;
};

struct SolverResult {
    std::vector<double> alpha;
    std::vector<double> gradient;  // grad f(alpha) = Q alpha + p, exact for every variable
    double rho = 0.0;              // decision = sum_t y_t alpha_t K(x_t, x) - rho
    double objective = 0.0;        // f(alpha) at the solution (LIBSVM's "obj")
    double gap = 0.0;              // final maximal violation m(i) - m(j)
    long iterations = 0;
    bool converged = false;  // false: the iteration cap was reached first
};

// y_t in {-1, +1}; upper[t] = C_t > 0; linear[t] = p_t. Throws ParameterError on bad shapes.
SolverResult solve_dual(const RowSource& rows, std::span<const double> y, std::span<const double> upper,
                        std::span<const double> linear, const SolverOptions& options);

}  // namespace orca
