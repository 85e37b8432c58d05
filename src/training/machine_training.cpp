#include "orca/machine_training.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "orca/errors.hpp"
#include "platform/system_memory.hpp"
#include "training/dual_routes.hpp"
#include "training/kernel_rows.hpp"

namespace orca {

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
    const training::KernelRowSource rows(kernel, points, m);
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
    const training::KernelRowSource rows(kernel, points, m);
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
