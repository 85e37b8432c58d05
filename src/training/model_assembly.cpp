#include "training/model_assembly.hpp"

#include <cstdlib>
#include <string>

#include "orca/errors.hpp"

namespace orca::detail {
namespace {

std::vector<int> expand_degrees(const std::vector<int>& degrees, size_t d) {
    if (degrees.size() == 1) return std::vector<int>(d, degrees[0]);
    if (degrees.size() != d)
        throw ParameterError("got " + std::to_string(degrees.size()) + " degrees for " + std::to_string(d) +
                             " features (give one, or one per feature)");
    return degrees;
}

}  // namespace

Model shared_settings(const Dataset& data, const TrainOptions& options) {
    Model model;
    model.task = options.task;
    model.sample_weighted = !data.weights.empty();
    model.feature_names = data.feature_names;
    model.target_name = data.target_name;
    model.spec = options.spec;  // resolved below
    model.spec.degrees = expand_degrees(options.spec.degrees, data.cols);
    // Q >= d is the full product: stored as 0 so that the model is today's, bit for bit.
    model.spec.max_order = resolve_max_order(options.spec.max_order, data.cols);
    // A cap at or above sum_j n_j leaves nothing out: stored as none, the same model bit for bit.
    model.spec.max_total_degree =
        resolve_max_total_degree(options.spec.max_total_degree, model.spec.degrees, data.cols);
    model.C = options.C;
    model.tolerance = options.solver.tolerance;
    (void)model.basis();  // validates degrees and max_order
    const ScalerKind kind = options.spec.family.is_bounded() ? ScalerKind::minmax : ScalerKind::standardize;
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

}  // namespace orca::detail
