#pragma once
// The one place that decides how a machine's dual is solved (SolverOptions::route):
//   kernel rows     SMO (solver.hpp): any basis; its iterations cost kernel rows, O(m d n) each;
//   feature space   coordinate descent on w (feature_space_dual.hpp): bases of up to a few
//                   thousand functions, O(p) per variable update, rows never paired;
//   interior point  Mehrotra's method on the explicit features (interior_point.hpp): small bases
//                   at large C, where both of the others crawl, O(m p^2) per Newton step, for
//                   C-SVC and epsilon-SVR alike; C-SVC's many rows through a working set
//                   (screened_interior_point.hpp), also with bases of up to a few thousand
//                   functions and with features computed by blocks where they do not fit.
// Each route that is not SMO hands its solution to SMO, whose gradients from scratch come through
// the features in O(m p), so that every model carries SMO's certificate (and is polished by it
// when a route stopped short). The choice follows an estimate of each route's work from m, p
// and the degrees, never a time, so it does not depend on the machine.
#include <cstddef>
#include <span>
#include <vector>

#include "orca/kernel.hpp"
#include "orca/solver.hpp"

namespace orca::training {

// One machine's dual in LIBSVM's form over m points in kernel coordinates. The variables are the
// points (C-SVC: n = m) or twice the points (epsilon-SVR: n = 2m, variable v is point v % m, as
// LIBSVM's SVR_Q).
struct DualProblem {
    const TensorKernel& kernel;
    std::span<const double> points;  // m x d
    size_t m;
    const RowSource& point_rows;  // rows of the m x m kernel
    std::span<const double> y, upper, linear;  // one per variable
};

[[nodiscard]] SolverResult solve_machine_dual(const DualProblem& problem, const SolverOptions& options);

// The route `automatic` takes for a problem over m points (tests and benchmarks report it). Both
// forms of the dual, C-SVC's and epsilon-SVR's (regression), take the same route, except that
// only C-SVC takes the interior-point method through a working set where the whole method does
// not fit (larger bases, or features computed by blocks).
[[nodiscard]] DualRoute chosen_route(const Basis& basis, size_t m, const SolverOptions& options,
                                     bool regression = false);

// Rows of the 2m-variable dual over the rows of the m points.
class TwinRowSource final : public RowSource {
  public:
    explicit TwinRowSource(const RowSource& base)
        : base_(base), m_(base.size()), row_(base.size()), asked_(base.size(), 0) {}
    [[nodiscard]] size_t size() const override { return 2 * m_; }
    [[nodiscard]] double diagonal(size_t i) const override { return base_.diagonal(i % m_); }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override;
    // Both variables of a point share its column: the base combines their sum.
    bool combine(std::span<const double> coef, double* out) const override;

  private:
    const RowSource& base_;
    size_t m_;
    // The solver asks for one row at a time; these are reused between calls.
    mutable std::vector<double> row_;
    mutable std::vector<int> points_;
    mutable std::vector<unsigned char> asked_;  // all 0 between calls
};

}  // namespace orca::training
