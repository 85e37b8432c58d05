#include "orca/model.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "orca/errors.hpp"

namespace orca {

bool Model::has_probability() const {
    if (task != Task::classification) return false;
    if (!is_multiclass()) return sigmoid.has_value();
    return std::all_of(machines.begin(), machines.end(), [](const Model& m) { return m.sigmoid.has_value(); });
}

std::vector<const Model*> Model::machine_list() const {
    if (!is_multiclass()) return {this};
    std::vector<const Model*> out;
    for (const auto& m : machines) out.push_back(&m);
    return out;
}

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

std::vector<double> Model::scaled_rows(std::span<const double> X, size_t rows, OutOfRange policy,
                                       const std::string& source, size_t* clipped_rows) const {
    if (X.size() != rows * dim()) throw DataError(source + ": expected " + std::to_string(dim()) + " features per row");
    std::vector<double> points(X.begin(), X.end());
    const size_t clipped = scaler.transform(points, rows, policy, feature_names, source);
    if (clipped_rows) *clipped_rows = clipped;
    return points;
}

}  // namespace orca
