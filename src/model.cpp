#include "orca/model.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "orca/errors.hpp"
#include "orca/system_memory.hpp"

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

Machine train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m, std::span<const double> y,
                      std::span<const double> upper, const SolverOptions& options) {
    // The row cache grows to at most min(cache, m rows of m doubles): refuse up front when
    // that cannot fit, rather than be killed for memory half way through.
    const double cache_bytes =
        std::min(options.cache_mb * 1048576.0, static_cast<double>(m) * static_cast<double>(m) * 8.0);
    const double available = available_memory_bytes();
    if (cache_bytes > 0.8 * available)
        throw ResourceError("the kernel-row cache could grow to " +
                            std::to_string(static_cast<long>(cache_bytes / 1048576.0)) + " MiB but only " +
                            std::to_string(static_cast<long>(available / 1048576.0)) +
                            " MiB are available: lower --cache-mb (rows are recomputed when they do not fit)");
    const PreparedPoints P = kernel.prepare(points, m);
    // K(x, x) is the largest entry of its row; beyond ~1e300 products overflow to inf and the
    // solver would silently return NaN. Refuse with the reason instead.
    for (double v : P.self)
        if (!(v < 1e300))
            throw ResourceError("kernel values overflow double precision (K(x,x) exceeds 1e300 with " +
                                std::to_string(kernel.basis().dim()) +
                                " features): lower the degree or use fewer features");
    const KernelRowSource rows(kernel, P);
    const std::vector<double> linear(m, -1.0);
    Machine machine;
    machine.solver = solve_dual(rows, y, upper, linear, options);
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

// The rows that carry weight, and C_t for each of them.
struct Weighted {
    Dataset data;
    std::vector<double> upper;
    std::vector<double> class_weights;  // {negative, positive}
};

Weighted apply_weights(const Dataset& all, const TrainOptions& options) {
    if (!(options.C > 0.0) || !std::isfinite(options.C))
        throw ParameterError("C must be a finite number > 0, got " + std::to_string(options.C));
    if (!all.weights.empty() && all.weights.size() != all.rows)
        throw DataError(all.source + ": sample weights must have one value per row");
    for (double w : all.weights)
        if (!(w >= 0.0) || !std::isfinite(w)) throw DataError(all.source + ": sample weights must be finite and >= 0");
    std::vector<size_t> keep;
    for (size_t r = 0; r < all.rows; ++r)
        if (all.weights.empty() || all.weights[r] > 0.0) keep.push_back(r);
    Weighted out;
    out.data = keep.size() == all.rows ? all : [&] {
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
    }();
    if (out.data.rows == 0) throw DataError(all.source + ": every row has sample weight 0");
    const BinaryLabels labels = encode_binary_labels(out.data.target, out.data.source);
    out.class_weights = {1.0, 1.0};
    if (options.balanced) {
        double npos = 0.0;
        for (double y : labels.y) npos += y > 0;
        const double n = static_cast<double>(labels.y.size());
        out.class_weights = {n / (2.0 * (n - npos)), n / (2.0 * npos)};
    }
    for (const auto& [label, w] : options.class_weight) {
        if (!(w > 0.0) || !std::isfinite(w))
            throw ParameterError("class weight of '" + label + "' must be a finite number > 0");
        if (label == labels.classes[0])
            out.class_weights[0] = w;
        else if (label == labels.classes[1])
            out.class_weights[1] = w;
        else
            throw ParameterError("class weight for '" + label + "', which is not a class of the target ('" +
                                 labels.classes[0] + "', '" + labels.classes[1] + "')");
    }
    out.upper.resize(out.data.rows);
    for (size_t t = 0; t < out.data.rows; ++t)
        out.upper[t] = options.C * out.class_weights[labels.y[t] > 0 ? 1 : 0] *
                       (out.data.weights.empty() ? 1.0 : out.data.weights[t]);
    return out;
}

}  // namespace

Model Model::train(const Dataset& all, const TrainOptions& options) {
    if (all.rows == 0) throw DataError(all.source + ": no data rows");
    if (all.target.size() != all.rows) throw DataError(all.source + ": no target column was read");
    const Weighted weighted = apply_weights(all, options);
    const Dataset& data = weighted.data;
    const BinaryLabels labels = encode_binary_labels(data.target, data.source);
    Model model;
    model.class_weights = weighted.class_weights;
    model.sample_weighted = !all.weights.empty();
    model.feature_names = data.feature_names;
    model.classes = labels.classes;
    model.target_name = data.target_name;
    model.family = options.family;
    model.measure = options.measure;
    model.degrees = expand_degrees(options.degrees, data.cols);
    model.C = options.C;
    model.tolerance = options.solver.tolerance;
    const Basis basis(model.family, model.measure, model.degrees);  // validates degrees
    const ScalerKind kind = options.family.is_bounded() ? ScalerKind::minmax : ScalerKind::standardize;
    model.scaler = Scaler::fit(data.X, data.rows, data.cols, kind, data.feature_names);
    std::vector<double> points = data.X;
    (void)model.scaler.transform(points, data.rows, OutOfRange::clip, data.feature_names, data.source);
    const TensorKernel kernel(basis);
    Machine machine = train_machine(kernel, points, data.rows, labels.y, weighted.upper, options.solver);
    const size_t d = data.cols;
    for (size_t k = 0; k < machine.support.size(); ++k) {
        const size_t t = machine.support[k];
        model.support_vectors.insert(model.support_vectors.end(), points.begin() + static_cast<std::ptrdiff_t>(t * d),
                                     points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
        if (machine.solver.alpha[t] >= weighted.upper[t]) ++model.summary.bounded_support_vectors;
    }
    model.coefficients = std::move(machine.coefficients);
    model.bias = machine.bias;
    size_t correct = 0;
    for (size_t t = 0; t < data.rows; ++t)
        if ((machine.training_decision[t] > 0.0) == (labels.y[t] > 0.0)) ++correct;
    model.summary.rows = data.rows;
    model.summary.support_vectors = model.coefficients.size();
    model.summary.iterations = machine.solver.iterations;
    model.summary.converged = machine.solver.converged;
    model.summary.objective = machine.solver.objective;
    model.summary.gap = machine.solver.gap;
    model.summary.training_accuracy = static_cast<double>(correct) / static_cast<double>(data.rows);
    return model;
}

std::vector<double> Model::decision_function_scaled(std::span<const double> points, size_t rows) const {
    const TensorKernel k = kernel();
    const PreparedPoints S = k.prepare(support_vectors, support_count());
    const PreparedPoints Q = k.prepare(points, rows);
    std::vector<double> out(rows);
    const auto n = static_cast<std::ptrdiff_t>(rows);
    const size_t nsv = support_count();
#pragma omp parallel if (rows * nsv > 100000)
    {
        std::vector<double> kr(nsv);
#pragma omp for schedule(static)
        for (std::ptrdiff_t r = 0; r < n; ++r) {
            k.row(Q, static_cast<size_t>(r), S, kr);  // K(x_r, every support vector)
            double sum = 0.0;
            for (size_t i = 0; i < nsv; ++i) sum += coefficients[i] * kr[i];
            out[static_cast<size_t>(r)] = sum + bias;
        }
    }
    return out;
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
