#include "orca/model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "model_training.hpp"
#include "orca/errors.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/system_memory.hpp"
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

std::vector<int> expand_degrees(const std::vector<int>& degrees, size_t d) {
    if (degrees.size() == 1) return std::vector<int>(d, degrees[0]);
    if (degrees.size() != d)
        throw ParameterError("got " + std::to_string(degrees.size()) + " degrees for " + std::to_string(d) +
                             " features (give one, or one per feature)");
    return degrees;
}

}  // namespace

Machine train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m, std::span<const double> y,
                      double C, const SolverOptions& options) {
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

Machine train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m, std::span<const double> y,
                      std::span<const double> upper, const SolverOptions& options) {
    check_row_cache_fits(m, options);
    const PreparedPoints P = prepare_checked(kernel, points, m);
    const KernelRowSource rows(kernel, P);
    const std::vector<double> linear(m, -1.0);
    Machine machine;
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
    explicit TwinRowSource(const RowSource& base) : base_(base), m_(base.size()), row_(base.size()) {}
    [[nodiscard]] size_t size() const override { return 2 * m_; }
    [[nodiscard]] double diagonal(size_t i) const override { return base_.diagonal(i % m_); }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override {
        if (cols.size() >= m_) {
            base_.compute_full_row(i % m_, row_.data());
        } else {
            mapped_.resize(cols.size());
            for (size_t c = 0; c < cols.size(); ++c) mapped_[c] = static_cast<int>(static_cast<size_t>(cols[c]) % m_);
            base_.compute_row(i % m_, mapped_, row_.data());
        }
        for (int c : cols) out[c] = row_[static_cast<size_t>(c) % m_];
    }

  private:
    const RowSource& base_;
    size_t m_;
    // The solver asks for one row at a time; these are reused between calls.
    mutable std::vector<double> row_;
    mutable std::vector<int> mapped_;
};

}  // namespace

Machine train_regression_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
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
    Machine machine;
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

namespace {

// Rows of weight 0 left out (they could not move the solution); the rest with their weights.
Dataset weighted_rows(const Dataset& all) {
    if (!all.weights.empty() && all.weights.size() != all.rows)
        throw DataError(all.source + ": sample weights must have one value per row");
    for (double w : all.weights)
        if (!(w >= 0.0) || !std::isfinite(w)) throw DataError(all.source + ": sample weights must be finite and >= 0");
    std::vector<size_t> keep;
    for (size_t r = 0; r < all.rows; ++r)
        if (all.weights.empty() || all.weights[r] > 0.0) keep.push_back(r);
    if (keep.empty()) throw DataError(all.source + ": every row has sample weight 0");
    if (keep.size() == all.rows) return all;
    Dataset d = all;
    d.X.clear();
    d.target.clear();
    d.weights.clear();
    for (size_t r : keep) {
        d.X.insert(d.X.end(), all.X.begin() + static_cast<std::ptrdiff_t>(r * all.cols),
                   all.X.begin() + static_cast<std::ptrdiff_t>((r + 1) * all.cols));
        d.target.push_back(all.target[r]);
        d.weights.push_back(all.weights[r]);
    }
    d.rows = keep.size();
    return d;
}

// Effective multipliers of C per class: 1, "balanced" n / (k n_c), then explicit entries.
std::vector<double> class_multipliers(const std::vector<std::string>& classes, const std::vector<size_t>& label,
                                      const TrainOptions& options) {
    const size_t k = classes.size();
    std::vector<double> w(k, 1.0);
    if (options.balanced) {
        std::vector<double> count(k, 0.0);
        for (size_t c : label) count[c] += 1.0;
        const auto n = static_cast<double>(label.size());
        for (size_t c = 0; c < k; ++c) w[c] = n / (static_cast<double>(k) * count[c]);
    }
    for (const auto& [name, value] : options.class_weight) {
        const auto it = std::find(classes.begin(), classes.end(), name);
        if (it == classes.end()) {
            std::string list;
            for (const auto& c : classes) list += (list.empty() ? "'" : ", '") + c + "'";
            throw ParameterError("class_weight names '" + name + "', which is not a class of the target (" + list +
                                 ")");
        }
        w[static_cast<size_t>(it - classes.begin())] = value;
    }
    return w;
}

double parse_target_value(const std::string& cell, const Dataset& data, size_t row) {
    char* end = nullptr;
    const double v = std::strtod(cell.c_str(), &end);
    if (cell.empty() || end != cell.c_str() + cell.size() || !std::isfinite(v))
        throw DataError(data.source + ": data row " + std::to_string(row + 1) + ", target column '" + data.target_name +
                        "': '" + cell + "' is not a finite number (regression needs numeric targets)");
    return v;
}

// What a regression can learn from these targets, decided before training: a constant target or
// a tube wider than the targets' spread leaves no support vector (a constant model), and targets
// beyond 1e150 overflow the squares in the solver and in R^2.
void check_regression_target(const std::vector<double>& z, double epsilon, const std::string& name) {
    const auto [lo, hi] = std::minmax_element(z.begin(), z.end());
    char text[200];
    if (std::max(std::abs(*lo), std::abs(*hi)) > 1e150) {
        std::snprintf(text, sizeof text, "target '%s' reaches %.3g: beyond 1e150 squares overflow; rescale it",
                      name.c_str(), std::abs(*lo) > std::abs(*hi) ? *lo : *hi);
        throw DataError(text);
    }
    if (*lo == *hi) {
        std::snprintf(text, sizeof text, "target '%s' is constant (every value is %.17g): there is nothing to learn",
                      name.c_str(), *lo);
        throw DataError(text);
    }
    if (epsilon >= (*hi - *lo) / 2.0) {
        std::snprintf(text, sizeof text,
                      "epsilon %.6g is at least half the range of target '%s' (%.6g): every row lies inside the tube "
                      "and the model would be a constant; choose epsilon below %.6g",
                      epsilon, name.c_str(), *hi - *lo, (*hi - *lo) / 2.0);
        throw ParameterError(text);
    }
}

}  // namespace

std::string convergence_warning(const Model& model) {
    const TrainingSummary& s = model.summary;
    if (s.stop == StopReason::converged) return "";
    char numbers[160];
    std::snprintf(numbers, sizeof numbers,
                  "KKT violation %.3g (tolerance %g), duality gap %.3g, certified from a fresh "
                  "gradient",
                  s.gap, model.tolerance, s.duality_gap);
    if (s.stop == StopReason::precision)
        return "not converged: the tolerance is below what double precision can certify for this kernel and C (" +
               std::string(numbers) + "): raise the tolerance, or lower C or the degree";
    return "not converged: the solver stopped at the iteration cap after " + std::to_string(s.iterations) +
           " iterations (" + numbers + "): raise the iteration cap or the tolerance, or lower C or the degree";
}

std::string basis_size_warning(const Model& model) {
    constexpr double kFunctionsPerRow = 20.0;
    const Basis basis = model.basis();
    const double rows = static_cast<double>(model.summary.rows), size = basis.size();
    if (rows <= 0.0 || size <= kFunctionsPerRow * rows) return "";
    std::string what = basis.order_truncated()
                           ? "max_order " + std::to_string(basis.max_order())
                           : "the full tensor product of " + std::to_string(basis.dim()) + " features";
    std::string advice = basis.max_order() > 2 || !basis.order_truncated()
                             ? "set max_order to 1 (additive) or 2 (pairs) and degree to 2..4"
                             : "lower degree (2..4) or max_order";
    char count[32];
    std::snprintf(count, sizeof count, "%.3g", size);
    return "the basis has " + std::string(count) + " functions for " + std::to_string(model.summary.rows) +
           " training rows (" + what + ", max degree " + std::to_string(basis.max_degree()) +
           "): the model can interpolate its training data and generalise poorly; " + advice;
}

namespace detail {

Model shared_settings(const Dataset& data, const TrainOptions& options) {
    Model model;
    model.task = options.task;
    model.sample_weighted = !data.weights.empty();
    model.feature_names = data.feature_names;
    model.target_name = data.target_name;
    model.family = options.family;
    model.measure = options.measure;
    model.degrees = expand_degrees(options.degrees, data.cols);
    // Q >= d is the full product: stored as 0 so that the model is today's, bit for bit.
    model.max_order = resolve_max_order(options.max_order, data.cols);
    // A cap at or above sum_j n_j leaves nothing out: stored as none, the same model bit for bit.
    model.max_total_degree = resolve_max_total_degree(options.max_total_degree, model.degrees, data.cols);
    model.C = options.C;
    model.tolerance = options.solver.tolerance;
    (void)model.basis();  // validates degrees and max_order
    const ScalerKind kind = options.family.is_bounded() ? ScalerKind::minmax : ScalerKind::standardize;
    model.scaler = Scaler::fit(data.X, data.rows, data.cols, kind, data.feature_names);
    return model;
}

void store_machine(Model& model, const Machine& machine, std::span<const double> points, std::span<const double> upper,
                   bool twin) {
    const size_t d = model.dim();
    model.support_vectors.clear();
    for (size_t k = 0; k < machine.support.size(); ++k) {
        const size_t t = machine.support[k];
        model.support_vectors.insert(model.support_vectors.end(), points.begin() + static_cast<std::ptrdiff_t>(t * d),
                                     points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
        const double a = twin ? std::abs(machine.coefficients[k]) : machine.solver.alpha[t];
        if (a >= upper[t]) ++model.summary.bounded_support_vectors;
    }
    model.coefficients = machine.coefficients;
    model.bias = machine.bias;
    model.summary.rows = upper.size();
    model.summary.support_vectors = model.coefficients.size();
    model.summary.iterations = machine.solver.iterations;
    model.summary.interior_point_steps = machine.solver.interior_point_steps;
    model.summary.converged = machine.solver.converged;
    model.summary.objective = machine.solver.objective;
    model.summary.gap = machine.solver.gap;
    model.summary.duality_gap = machine.solver.duality_gap;
    model.summary.stop = machine.solver.stop;
}

}  // namespace detail

Model Model::train(const Dataset& all, const TrainOptions& options) {
    if (all.rows == 0) throw DataError(all.source + ": no data rows");
    if (all.target.size() != all.rows) throw DataError(all.source + ": no target column was read");
    validate(options);
    const Dataset data = weighted_rows(all);
    Model model = detail::shared_settings(data, options);
    std::vector<double> points = data.X;
    (void)model.scaler.transform(points, data.rows, OutOfRange::clip, data.feature_names, data.source);
    const TensorKernel kernel(model.basis());
    const auto sample_weight = [&](size_t t) { return data.weights.empty() ? 1.0 : data.weights[t]; };

    if (options.task == Task::regression) {
        std::vector<double> z(data.rows), upper(data.rows);
        for (size_t t = 0; t < data.rows; ++t) {
            z[t] = parse_target_value(data.target[t], data, t);
            upper[t] = options.C * sample_weight(t);
        }
        check_regression_target(z, options.epsilon, data.target_name);
        model.classes.clear();
        model.class_weights.clear();
        model.epsilon = options.epsilon;
        const Machine machine =
            train_regression_machine(kernel, points, data.rows, z, upper, options.epsilon, options.solver);
        detail::store_machine(model, machine, points, upper, true);
        if (machine.support.empty())  // refused above when it can be foreseen; a model file needs one
            throw ParameterError(
                "the fit has no support vectors (every target lies within epsilon of one "
                "constant): lower epsilon");
        double mean = 0.0;
        for (double v : z) mean += v;
        mean /= static_cast<double>(z.size());
        double residual = 0.0, total = 0.0;
        for (size_t t = 0; t < data.rows; ++t) {
            residual += (z[t] - machine.training_decision[t]) * (z[t] - machine.training_decision[t]);
            total += (z[t] - mean) * (z[t] - mean);
        }
        model.summary.training_r2 = total > 0.0 ? 1.0 - residual / total : (residual == 0.0 ? 1.0 : 0.0);
        return model;
    }

    if (options.task != Task::classification) throw ParameterError("unknown task");
    model.classes = distinct_labels(data.target);
    if (model.classes.size() == 1)
        throw DataError(data.source + ": the target has one class only ('" + model.classes[0] +
                        "'); a classifier needs two");
    // One machine per pair of classes (or per class): thousands of classes mean millions of
    // machines. More than 1,000 distinct labels is rarely a class label at all.
    if (model.classes.size() > kMaxClasses)
        throw DataError(data.source + ": the target '" + data.target_name + "' has " +
                        std::to_string(model.classes.size()) + " distinct labels, more than " +
                        std::to_string(kMaxClasses) + " classes; for a numeric target use the regression task");
    std::vector<size_t> label(data.rows);
    for (size_t t = 0; t < data.rows; ++t)
        label[t] = static_cast<size_t>(std::find(model.classes.begin(), model.classes.end(), data.target[t]) -
                                       model.classes.begin());
    model.class_weights = class_multipliers(model.classes, label, options);
    std::vector<double> upper(data.rows);
    for (size_t t = 0; t < data.rows; ++t) upper[t] = options.C * model.class_weights[label[t]] * sample_weight(t);
    detail::train_classifier(model, kernel, points, label, upper, options);
    return model;
}

std::vector<double> Model::decision_function_scaled(std::span<const double> points, size_t rows) const {
    return decision_values(*this, points, rows, PredictMethod::automatic);
}

std::vector<double> Model::scaled_rows(std::span<const double> X, size_t rows, OutOfRange policy,
                                       const std::string& source, size_t* clipped_rows) const {
    if (X.size() != rows * dim()) throw DataError(source + ": expected " + std::to_string(dim()) + " features per row");
    std::vector<double> points(X.begin(), X.end());
    const size_t clipped = scaler.transform(points, rows, policy, feature_names, source);
    if (clipped_rows) *clipped_rows = clipped;
    return points;
}

std::vector<double> Model::decision_function(std::span<const double> X, size_t rows, OutOfRange policy,
                                             const std::string& source, size_t* clipped_rows) const {
    return decision_function_scaled(scaled_rows(X, rows, policy, source, clipped_rows), rows);
}

}  // namespace orca
