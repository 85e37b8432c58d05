#include "orca/expansion.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "basis/feature_map.hpp"
#include "model/kept_coefficients.hpp"
#include "orca/errors.hpp"
#include "orca/kernel.hpp"
#include "orca/model.hpp"
#include "parallel/work_team.hpp"

namespace orca {
namespace {

// Bases up to this many functions may be listed as explicit features for a' K a (p doubles of
// coefficients and as many of one point's features: 16 MB at most).
constexpr double kMaxListedFunctions = 1e6;

}  // namespace

Expansion expansion_of(const ModelSettings& model, const Machine& machine) {
    return Expansion{model.basis(), machine.support_vectors, machine.coefficients, machine.function_coefficients};
}

Expansion expansion_of(const Model& model) {
    return expansion_of(model, model.single_machine("analyse or explain one machine or one class"));
}

namespace {

double sum_of_squares(const std::vector<double>& c) {
    double total = 0.0;
    for (double v : c) total += v * v;
    return total;
}

}  // namespace

double rkhs_norm_squared(const Expansion& e) {
    if (e.by_functions()) return sum_of_squares(e.functions);
    const TensorKernel kernel(e.basis);
    const PreparedPoints P = kernel.prepare(e.points, e.count());
    // Per-row terms summed in row order afterwards: the same bits for any thread count.
    std::vector<double> rows(e.count());
    parallel::for_chunks(e.count(), 16, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            double row = 0.5 * e.a[i] * P.self[i];
            for (size_t l = i + 1; l < e.count(); ++l) row += e.a[l] * kernel.entry(P, i, P, l);
            rows[i] = 2.0 * e.a[i] * row;
        }
    });
    double total = 0.0;
    for (double r : rows) total += r;
    return total;
}

double rkhs_norm_squared_by_features(const Expansion& e) {
    if (e.by_functions()) return sum_of_squares(e.functions);
    return sum_of_squares(kept_function_coefficients(FeatureMap(e.basis), e.points, e.a));
}

double rkhs_norm_squared_cheaper(const Expansion& e) {
    if (e.by_functions()) return sum_of_squares(e.functions);
    // Multiply-adds: a kernel entry costs about (n_j + 1) per feature; a feature row about Q + 1
    // per function (FeatureMap's active factors).
    double entry = 0.0;
    for (int n : e.basis.degrees()) entry += n + 1.0;
    const auto count = static_cast<double>(e.count());
    const double pairs = 0.5 * count * count * entry;
    const double p = static_cast<double>(e.basis.size());
    const double features = count * p * (static_cast<double>(e.basis.max_order()) + 1.0);
    return features < pairs && p <= kMaxListedFunctions ? rkhs_norm_squared_by_features(e) : rkhs_norm_squared(e);
}

double constant_coefficient(const Expansion& e) {
    if (e.by_functions()) return e.functions.front();  // FeatureMap lists the constant first
    double s = 0.0;
    for (double v : e.a) s += v;
    return e.basis.constant_function() * s;
}

std::vector<std::vector<double>> basis_values(const Expansion& e) {
    std::vector<std::vector<double>> P(e.dim());
    for (size_t j = 0; j < e.dim(); ++j) {
        const size_t width = static_cast<size_t>(e.basis.degree(j)) + 1;
        P[j].resize(e.count() * width);
        for (size_t i = 0; i < e.count(); ++i)
            e.basis.recurrence(j).evaluate_all(e.points[i * e.dim() + j], std::span(P[j]).subspan(i * width, width));
    }
    return P;
}

std::vector<int> multi_index(const Basis& basis, size_t flat) {
    std::vector<int> k(basis.dim());
    for (size_t j = basis.dim(); j-- > 0;) {
        const auto width = static_cast<size_t>(basis.degree(j)) + 1;
        k[j] = static_cast<int>(flat % width);
        flat /= width;
    }
    return k;
}

}  // namespace orca
