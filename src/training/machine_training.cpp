#include "orca/machine_training.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "orca/errors.hpp"
#include "platform/system_memory.hpp"
#include "training/interior_point.hpp"

namespace orca {
namespace {

class KernelRowSource final : public RowSource {
  public:
    KernelRowSource(const TensorKernel& kernel, const PreparedPoints& points) : kernel_(kernel), points_(points) {}
    [[nodiscard]] size_t size() const override { return points_.count; }
    [[nodiscard]] double diagonal(size_t i) const override { return points_.self[i]; }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override {
        kernel_.row_scatter(points_, i, points_, cols, out);
    }
    void compute_full_row(size_t i, double* out) const override {
        kernel_.row(points_, i, points_, std::span<double>(out, points_.count));
    }

  private:
    const TensorKernel& kernel_;
    const PreparedPoints& points_;
};

}  // namespace

MachineFit train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                         std::span<const double> y, double C, const SolverOptions& options) {
    if (!(C > 0.0) || !std::isfinite(C))
        throw ParameterError("C must be a finite number > 0, got " + std::to_string(C));
    const std::vector<double> upper(m, C);
    return train_machine(kernel, points, m, y, upper, options);
}

namespace {

void check_row_cache_fits(size_t variables, const SolverOptions& options) {
    // The row cache grows to at most min(cache, n rows of n doubles): refuse up front when
    // that cannot fit, rather than be killed for memory half way through.
    const auto n = static_cast<double>(variables);
    const double cache_bytes = std::min(options.cache_mb * 1048576.0, n * n * 8.0);
    const double available = available_memory_bytes();
    if (cache_bytes > 0.8 * available)
        throw ResourceError("the kernel-row cache could grow to " +
                            std::to_string(static_cast<long>(cache_bytes / 1048576.0)) + " MiB but only " +
                            std::to_string(static_cast<long>(available / 1048576.0)) +
                            " MiB are available: lower cache_mb (rows are recomputed when they do not fit)");
}

PreparedPoints prepare_checked(const TensorKernel& kernel, std::span<const double> points, size_t m) {
    PreparedPoints P = kernel.prepare(points, m);
    // K(x, x) is the largest entry of its row; beyond ~1e300 products overflow to inf and the
    // solver would silently return NaN. Refuse with the reason instead.
    for (double v : P.self)
        if (!(v < 1e300))
            throw ResourceError("kernel values overflow double precision (K(x,x) exceeds 1e300 with " +
                                std::to_string(kernel.basis().dim()) +
                                " features): lower the degree or use fewer features");
    return P;
}

// Kernel rows as the kernel computes them, and K coef as Phi (Phi' coef): O(m p) for the
// solver's gradients from scratch, where summing rows would cost a row per support vector.
class ExplicitRowSource final : public RowSource {
  public:
    ExplicitRowSource(const RowSource& rows, const std::vector<double>& phi, size_t p)
        : rows_(rows), phi_(phi), p_(p) {}
    [[nodiscard]] size_t size() const override { return rows_.size(); }
    [[nodiscard]] double diagonal(size_t i) const override { return rows_.diagonal(i); }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override {
        rows_.compute_row(i, cols, out);
    }
    void compute_full_row(size_t i, double* out) const override { rows_.compute_full_row(i, out); }
    bool combine(std::span<const double> coef, double* out) const override {
        const size_t m = rows_.size();
        std::vector<double> w(p_, 0.0);
        for (size_t t = 0; t < m; ++t)
            if (coef[t] != 0.0)
                for (size_t k = 0; k < p_; ++k) w[k] += coef[t] * phi_[t * p_ + k];
        for (size_t t = 0; t < m; ++t) {
            double sum = 0.0;
            for (size_t k = 0; k < p_; ++k) sum += phi_[t * p_ + k] * w[k];
            out[t] = sum;
        }
        return true;
    }

  private:
    const RowSource& rows_;
    const std::vector<double>& phi_;
    size_t p_;
};

// Bases up to this size may take the interior-point route (its p x p system and m x p features).
constexpr double kMaxExplicitFeatures = 2000.0;
// The route's work, about 20 Newton steps of m p^2 multiply-adds, is taken up to this (some
// seconds on two cores at the 29 GFLOP/s measured); above it SMO alone, however long.
constexpr double kMaxInteriorPointWork = 2e11;
// SMO iterations always tried first: small problems converge within them.
constexpr long kMinSmoBudget = 3000;

// The two-class dual. SMO first (unless the route is cheaper than its shortest try); when it has
// not converged after p^2 / (d + 3) iterations (at least kMinSmoBudget), the interior-point method on the explicit
// features, whose rounded solution SMO then certifies and polishes (training/interior_point.hpp). Either way the result
// carries SMO's certificate. The budget is a count, not a time, so that the route taken does
// not depend on the machine or the thread count. Measured on a grid of 36 fits (1,600 rows,
// d = 5, degrees 1-6, max_order 1-2, C 0.1-10): budgets of 20, 5, 1 and 0.2 times p^2 / (d + 3)
// took 3.66, 2.82, 2.53 and 2.49 s; SMO's iterations there cost far less than a kernel row each
// (shrinking, cached rows), so waiting longer rarely pays.
SolverResult solve_two_class(const TensorKernel& kernel, std::span<const double> points, size_t m,
                             const RowSource& rows, std::span<const double> y, std::span<const double> upper,
                             std::span<const double> linear, const SolverOptions& options) {
    const Basis& basis = kernel.basis();
    const double p = basis.size(), d = static_cast<double>(basis.dim());
    const double feature_bytes = 2.0 * 8.0 * static_cast<double>(m) * p;
    const long cap = iteration_cap(options, m);
    const auto budget = std::max(kMinSmoBudget, static_cast<long>(p * p / (d + 3.0)));
    const bool explicit_fits = p <= kMaxExplicitFeatures && feature_bytes <= 0.25 * available_memory_bytes() &&
                               20.0 * static_cast<double>(m) * p * p <= kMaxInteriorPointWork;
    // When the route costs less than the shortest SMO try (20 p^2 against kMinSmoBudget (d + 3)
    // per row), it goes first.
    const bool route_first = 20.0 * p * p <= static_cast<double>(kMinSmoBudget) * (d + 3.0);
    if (!explicit_fits || (!route_first && budget >= cap)) return solve_dual(rows, y, upper, linear, options);
    long spent = 0;
    if (!route_first) {
        SolverOptions first = options;
        first.max_iterations = budget;
        const SolverResult smo = solve_dual(rows, y, upper, linear, first);
        if (smo.converged || smo.stop != StopReason::iteration_cap) return smo;
        spent = smo.iterations;
    }
    const auto size = static_cast<size_t>(p);
    const std::vector<double> phi = training::feature_matrix(basis, points, m);
    const training::InteriorPointResult ip = training::interior_point_dual(phi, m, size, y, upper);
    // SMO from the rounded solution, its gradients from scratch through the features.
    const ExplicitRowSource explicit_rows(rows, phi, size);
    SolverOptions polish = options;
    polish.initial_alpha = ip.alpha;
    polish.max_iterations = cap - spent;
    SolverResult result = solve_dual(explicit_rows, y, upper, linear, polish);
    result.iterations += spent;
    result.interior_point_steps = ip.steps;
    return result;
}

}  // namespace

MachineFit train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                         std::span<const double> y, std::span<const double> upper, const SolverOptions& options) {
    check_row_cache_fits(m, options);
    const PreparedPoints P = prepare_checked(kernel, points, m);
    const KernelRowSource rows(kernel, P);
    const std::vector<double> linear(m, -1.0);
    MachineFit machine;
    machine.solver = solve_two_class(kernel, points, m, rows, y, upper, linear, options);
    machine.bias = -machine.solver.rho;
    for (size_t t = 0; t < m; ++t) {
        if (machine.solver.alpha[t] > 0.0) {
            machine.support.push_back(t);
            machine.coefficients.push_back(machine.solver.alpha[t] * y[t]);
        }
    }
    // grad_t = y_t h(x_t) - 1 for C-SVC, so training decisions come for free.
    machine.training_decision.resize(m);
    for (size_t t = 0; t < m; ++t)
        machine.training_decision[t] = y[t] * (machine.solver.gradient[t] + 1.0) + machine.bias;
    return machine;
}

namespace {

// Rows of the epsilon-SVR dual: variable t and t + m are both point t (LIBSVM's SVR_Q).
class TwinRowSource final : public RowSource {
  public:
    explicit TwinRowSource(const RowSource& base)
        : base_(base), m_(base.size()), row_(base.size()), asked_(base.size(), 0) {}
    [[nodiscard]] size_t size() const override { return 2 * m_; }
    [[nodiscard]] double diagonal(size_t i) const override { return base_.diagonal(i % m_); }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override {
        if (cols.size() >= m_) {
            base_.compute_full_row(i % m_, row_.data());
        } else {
            // Each point once, although both of its variables may be asked for: the base fills
            // its columns in parallel, and a point listed twice would be written by two threads.
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

  private:
    const RowSource& base_;
    size_t m_;
    // The solver asks for one row at a time; these are reused between calls.
    mutable std::vector<double> row_;
    mutable std::vector<int> points_;
    mutable std::vector<unsigned char> asked_;  // all 0 between calls
};

}  // namespace

MachineFit train_regression_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                    std::span<const double> z, std::span<const double> upper, double epsilon,
                                    const SolverOptions& options) {
    if (!(epsilon >= 0.0) || !std::isfinite(epsilon))
        throw ParameterError("epsilon must be a finite number >= 0, got " + std::to_string(epsilon));
    check_row_cache_fits(2 * m, options);
    const PreparedPoints P = prepare_checked(kernel, points, m);
    const KernelRowSource base(kernel, P);
    const TwinRowSource rows(base);
    // alpha_t (y = +1, p = eps - z_t) and alpha_t* (y = -1, p = eps + z_t), as LIBSVM.
    std::vector<double> y(2 * m), linear(2 * m), box(2 * m);
    for (size_t t = 0; t < m; ++t) {
        y[t] = 1.0;
        y[t + m] = -1.0;
        linear[t] = epsilon - z[t];
        linear[t + m] = epsilon + z[t];
        box[t] = box[t + m] = upper[t];
    }
    MachineFit machine;
    machine.solver = solve_dual(rows, y, box, linear, options);
    machine.bias = -machine.solver.rho;
    const auto& alpha = machine.solver.alpha;
    for (size_t t = 0; t < m; ++t) {
        const double a = alpha[t] - alpha[t + m];
        if (a != 0.0) {
            machine.support.push_back(t);
            machine.coefficients.push_back(a);
        }
    }
    // grad_t = sum_s a_s K(t, s) + eps - z_t, so the training predictions come for free.
    machine.training_decision.resize(m);
    for (size_t t = 0; t < m; ++t)
        machine.training_decision[t] = machine.solver.gradient[t] - epsilon + z[t] + machine.bias;
    return machine;
}

}  // namespace orca
