#include "orca/prediction.hpp"

#include <algorithm>
#include <limits>

#include "basis/feature_map.hpp"
#include "model/kept_coefficients.hpp"
#include "orca/coefficients.hpp"
#include "orca/errors.hpp"
#include "orca/expansion.hpp"
#include "parallel/work_team.hpp"

namespace orca {
namespace {

// Rows per chunk when each row costs `per_row` operations: chunks of about `work` operations,
// so that short jobs stay on one thread.
size_t rows_per_chunk(size_t per_row, size_t work) {
    return std::max<size_t>(1, work / std::max<size_t>(per_row, 1));
}

std::vector<double> by_support_vectors(const ModelSettings& model, const Machine& m, std::span<const double> points,
                                       size_t rows) {
    const TensorKernel k = model.kernel();
    const size_t nsv = m.support_count();
    const PreparedPoints S = k.prepare(m.support_vectors, nsv);
    const PreparedPoints Q = k.prepare(points, rows);
    std::vector<double> out(rows);
    parallel::for_chunks(rows, rows_per_chunk(nsv, 100000), [&](size_t begin, size_t end) {
        std::vector<double> kr(nsv);
        for (size_t r = begin; r < end; ++r) {
            k.row(Q, r, S, kr);  // K(x_r, every support vector)
            double sum = 0.0;
            for (size_t i = 0; i < nsv; ++i) sum += m.coefficients[i] * kr[i];
            out[r] = sum + m.bias;
        }
    });
    return out;
}

// A truncated basis' kept functions as features: c_k = sum_i a_i phi_k(x_i) (O(#SV p Q)), then
// g(x) = b + c . phi(x), O(p Q) per row, where the dense route would contract all of prod_j
// (n_j + 1) (the untruncated product's index space).
std::vector<double> by_kept_functions(const Basis& basis, const Machine& m, std::span<const double> points,
                                      size_t rows) {
    const FeatureMap map(basis, kMaxPredictionCoefficients);
    const size_t p = map.size(), d = basis.dim();
    const std::vector<double> c = kept_function_coefficients(map, m);
    std::vector<double> out(rows);
    parallel::for_chunks(rows, rows_per_chunk(2 * p, 200000), [&](size_t begin, size_t end) {
        std::vector<double> row_table(map.table_size()), row(p);
        for (size_t r = begin; r < end; ++r) {
            map.evaluate(points.data() + r * d, row_table.data(), row.data());
            double sum = 0.0;
            for (size_t k = 0; k < p; ++k) sum += c[k] * row[k];
            out[r] = sum + m.bias;
        }
    });
    return out;
}

std::vector<double> by_coefficients(const ModelSettings& model, const Machine& m, std::span<const double> points,
                                    size_t rows) {
    const Basis basis = model.basis();
    if (basis.truncated() || m.by_functions()) return by_kept_functions(basis, m, points, rows);
    const std::vector<double> c = dense_coefficients(expansion_of(model, m), kMaxPredictionCoefficients);
    const size_t d = model.dim();
    std::vector<size_t> width(d);
    size_t widest = 0;
    for (size_t j = 0; j < d; ++j) widest = std::max(widest, width[j] = static_cast<size_t>(basis.degree(j)) + 1);
    std::vector<double> out(rows);
    parallel::for_chunks(rows, rows_per_chunk(c.size(), 200000), [&](size_t begin, size_t end) {
        std::vector<double> p(widest), a(c.size() / width[d - 1]), b(a.size());
        for (size_t r = begin; r < end; ++r) {
            const double* x = points.data() + r * d;
            // Contract the last feature (fastest index) of c first, then the next, in place.
            const double* src = c.data();
            size_t size = c.size();
            double* dst = a.data();
            for (size_t j = d; j-- > 0;) {
                const size_t w = width[j];
                basis.recurrence(j).evaluate_all(x[j], std::span(p.data(), w));
                size /= w;
                for (size_t i = 0; i < size; ++i) {
                    double s = 0.0;
                    for (size_t k = 0; k < w; ++k) s += src[i * w + k] * p[k];
                    dst[i] = s;
                }
                src = dst;
                dst = dst == a.data() ? b.data() : a.data();
            }
            out[r] = src[0] + m.bias;
        }
    });
    return out;
}

}  // namespace

PredictionCost estimate_prediction_cost(const ModelSettings& model, const Machine& m, size_t rows) {
    const Basis basis = model.basis();
    const auto nsv = static_cast<double>(m.support_count()), r = static_cast<double>(rows);
    double factor_work = 0.0, prepare = 0.0, contraction = 0.0, block = 1.0;
    const double product_size = basis.product_size();  // O(d): once, not once per feature
    for (size_t j = basis.dim(); j-- > 0;) {
        const double w = basis.degree(j) + 1.0;
        // A kernel factor: a dot product of cached p_k (n <= 6) or the CD identity (~20 flops).
        factor_work += w <= 7.0 ? 2.0 * w : 20.0;
        prepare += 4.0 * w;  // the p_k(x) tables of a point
        contraction += 2.0 * product_size / block;
        block *= w;
    }
    PredictionCost cost;
    cost.support_vectors = m.by_functions() ? std::numeric_limits<double>::infinity()  // none kept
                                            : (r + nsv) * prepare + r * nsv * (factor_work + 2.0);
    if (basis.truncated() || m.by_functions()) {
        // The kept functions as features: Q + 1 flops per function and point (SVs and rows).
        const double per_point = prepare + basis.size() * (static_cast<double>(basis.max_order()) + 2.0);
        cost.coefficients = basis.size() > kMaxPredictionCoefficients ? std::numeric_limits<double>::infinity()
                                                                       : (nsv + r) * per_point;
        return cost;
    }
    // Forming c runs as small matrix products (enumerate_blocks): about one flop per (SV, c_k).
    cost.coefficients = product_size > kMaxPredictionCoefficients ? std::numeric_limits<double>::infinity()
                                                                  : nsv * product_size + r * (prepare + contraction);
    return cost;
}

PredictMethod choose_prediction_method(const ModelSettings& model, const Machine& machine, size_t rows) {
    const PredictionCost c = estimate_prediction_cost(model, machine, rows);
    return c.coefficients < c.support_vectors ? PredictMethod::coefficients : PredictMethod::support_vectors;
}

std::vector<double> decision_values(const ModelSettings& model, const Machine& machine, std::span<const double> points,
                                    size_t rows, PredictMethod method) {
    if (points.size() != rows * model.dim()) throw ParameterError("decision_values: points must be rows x d");
    if (method == PredictMethod::automatic) method = choose_prediction_method(model, machine, rows);
    const Basis basis = model.basis();
    if (method == PredictMethod::support_vectors && machine.by_functions())
        throw ParameterError("the model keeps its basis coefficients, not its support vectors: predict from the "
                             "coefficients");
    const double coefficient_count = basis.truncated() || machine.by_functions() ? basis.size() : basis.product_size();
    if (method == PredictMethod::coefficients && coefficient_count > kMaxPredictionCoefficients)
        throw ResourceError("the coefficient vector would have " + std::to_string(coefficient_count) +
                            " entries: predict from the support vectors instead");
    if (rows == 0) return {};
    return method == PredictMethod::coefficients ? by_coefficients(model, machine, points, rows)
                                                 : by_support_vectors(model, machine, points, rows);
}

std::vector<double> decision_values(const Model& model, std::span<const double> points, size_t rows,
                                    PredictMethod method) {
    if (model.is_multiclass()) throw ParameterError("decision_values takes one machine");
    return decision_values(model, model.machine(), points, rows, method);
}

std::vector<double> decision_function(const Model& model, std::span<const double> X, size_t rows, OutOfRange policy,
                                      const std::string& source, Clipping* clipping) {
    return decision_values(model, model.scaled_rows(X, rows, policy, source, clipping), rows);
}

}  // namespace orca
