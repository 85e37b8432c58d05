#include "orca/machine_training.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <string>
#include <vector>

#include "orca/errors.hpp"
#include "platform/system_memory.hpp"
#include "training/dual_routes.hpp"

namespace orca {
namespace {

// Rows of the kernel matrix over the training points. The kernel's prepared points (14 doubles a
// coordinate: 3.4 GB at 1,000,000 rows of 30 features) are made on the first row asked for: the
// routes on explicit features hand SMO a point it typically certifies without a row, and need
// only the diagonal, computed here by blocks of points (the same values).
class KernelRowSource final : public RowSource {
  public:
    KernelRowSource(const TensorKernel& kernel, std::span<const double> points, size_t m)
        : kernel_(kernel), points_(points), m_(m), self_(m) {
        const size_t d = kernel.basis().dim();
        for (size_t begin = 0; begin < m; begin += kSelfBlock) {
            const size_t count = std::min(kSelfBlock, m - begin);
            const PreparedPoints block = kernel.prepare(points.subspan(begin * d, count * d), count);
            std::copy(block.self.begin(), block.self.end(), self_.begin() + static_cast<std::ptrdiff_t>(begin));
        }
        // K(x, x) is the largest entry of its row; beyond ~1e300 products overflow to inf and the
        // solver would silently return NaN. Refuse with the reason instead.
        for (double v : self_)
            if (!(v < 1e300))
                throw ResourceError("kernel values overflow double precision (K(x,x) exceeds 1e300 with " +
                                    std::to_string(d) + " features): lower the degree or use fewer features");
    }
    [[nodiscard]] size_t size() const override { return m_; }
    [[nodiscard]] double diagonal(size_t i) const override { return self_[i]; }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override {
        const PreparedPoints& P = prepared();
        kernel_.row_scatter(P, i, P, cols, out);
    }
    void compute_full_row(size_t i, double* out) const override {
        const PreparedPoints& P = prepared();
        kernel_.row(P, i, P, std::span<double>(out, m_));
    }

  private:
    static constexpr size_t kSelfBlock = 4096;
    const PreparedPoints& prepared() const {
        std::call_once(once_, [this] { prepared_ = kernel_.prepare(points_, m_); });
        return prepared_;
    }

    const TensorKernel& kernel_;
    std::span<const double> points_;
    size_t m_;
    std::vector<double> self_;
    mutable std::once_flag once_;
    mutable PreparedPoints prepared_;
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

}  // namespace

MachineFit train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                         std::span<const double> y, std::span<const double> upper, const SolverOptions& options) {
    check_row_cache_fits(m, options);
    const KernelRowSource rows(kernel, points, m);
    const std::vector<double> linear(m, -1.0);
    MachineFit machine;
    machine.solver = training::solve_machine_dual({kernel, points, m, rows, y, upper, linear}, options);
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

MachineFit train_regression_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                    std::span<const double> z, std::span<const double> upper, double epsilon,
                                    const SolverOptions& options) {
    if (!(epsilon >= 0.0) || !std::isfinite(epsilon))
        throw ParameterError("epsilon must be a finite number >= 0, got " + std::to_string(epsilon));
    check_row_cache_fits(2 * m, options);
    const KernelRowSource rows(kernel, points, m);
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
    machine.solver = training::solve_machine_dual({kernel, points, m, rows, y, box, linear}, options);
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
