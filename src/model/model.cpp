#include "orca/model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

#include "orca/errors.hpp"

namespace orca {

std::vector<std::pair<size_t, size_t>> one_vs_one_pairs(size_t classes) {
    std::vector<std::pair<size_t, size_t>> out;
    for (size_t i = 0; i < classes; ++i)
        for (size_t j = i + 1; j < classes; ++j) out.emplace_back(i, j);
    return out;
}

std::vector<std::vector<std::string>> machine_classes(const ModelSettings& model) {
    if (model.task == Task::regression) return {{}};
    if (!model.is_multiclass()) return {model.classes};
    std::vector<std::vector<std::string>> out;
    if (model.multi_class == MultiClass::ovr) {
        for (const auto& c : model.classes) out.push_back({kRestLabel, c});
    } else {
        for (const auto& [i, j] : one_vs_one_pairs(model.classes.size()))
            out.push_back({model.classes[i], model.classes[j]});
    }
    return out;
}

namespace {

bool all_finite(const std::vector<double>& values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

// Support vectors may hold missing values (NaN) when the model integrates them out; never an
// infinity.
bool valid_support_vectors(const std::vector<double>& values, Missing missing) {
    return std::all_of(values.begin(), values.end(), [&](double v) {
        return std::isfinite(v) || (std::isnan(v) && accepts_missing(missing));
    });
}

}  // namespace

void Model::set_machines(std::vector<Machine> machines) {
    const size_t d = dim();
    ORCA_ASSERT(d > 0 && spec.degrees.size() == d && scaler.min.size() == d,
                "a model's degrees and scaler must have one entry per feature");
    ORCA_ASSERT(task == Task::regression ? classes.empty() : classes.size() >= 2,
                "a classifier needs two or more classes and a regressor none");
    const auto expected = machine_classes(*this);
    ORCA_ASSERT(machines.size() == expected.size(), std::to_string(classes.size()) + " classes need " +
                                                        std::to_string(expected.size()) + " machines, not " +
                                                        std::to_string(machines.size()));
    for (size_t m = 0; m < machines.size(); ++m) {
        const Machine& machine = machines[m];
        const std::string which = "machine " + std::to_string(m);
        ORCA_ASSERT(machine.classes == expected[m], which + " has the wrong classes");
        if (machine.by_functions())
            ORCA_ASSERT(machine.coefficients.empty() && machine.support_vectors.empty() &&
                            static_cast<double>(machine.function_coefficients.size()) == basis().size(),
                        which + " stored by coefficients must hold one per kept function (" +
                            std::to_string(basis().size()) + ") and no support vectors");
        else
            ORCA_ASSERT(!machine.coefficients.empty() && machine.support_vectors.size() == machine.support_count() * d,
                        which + " must hold one support vector of " + std::to_string(d) + " values per coefficient");
        ORCA_ASSERT(
            valid_support_vectors(machine.support_vectors, missing) && all_finite(machine.coefficients) &&
                all_finite(machine.function_coefficients) &&
                std::isfinite(machine.bias),
            which + " holds a number that is not finite");
    }
    machines_ = std::move(machines);
}

const Machine& Model::machine() const {
    ORCA_ASSERT(machines_.size() == 1, "this takes a model of one machine; it has " + std::to_string(machines_.size()) +
                                           " (use class_model or machine_model)");
    return machines_.front();
}

const Machine& Model::single_machine(const std::string& advice) const {
    if (is_multiclass())
        throw ParameterError("a multi-class model has " + std::to_string(machines_.size()) + " machines: " + advice);
    return machine();
}

void Model::rename_classes(const std::vector<std::string>& names) {
    if (task != Task::classification) throw ParameterError("a regression model has no classes");
    if (names.size() != classes.size())
        throw ParameterError("classes must hold " + std::to_string(classes.size()) + " labels");
    for (auto& machine : machines_)
        for (auto& c : machine.classes) {
            const auto it = std::find(classes.begin(), classes.end(), c);
            if (it != classes.end()) c = names[static_cast<size_t>(it - classes.begin())];
        }
    classes = names;
}

bool Model::has_probability() const {
    if (task != Task::classification || machines_.empty()) return false;
    return std::all_of(machines_.begin(), machines_.end(), [](const Machine& m) { return m.sigmoid.has_value(); });
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

std::string constant_features_warning(const Model& model) {
    const Scaler& scaler = model.scaler;
    const std::vector<std::string>& names = model.feature_names;
    std::vector<size_t> constant;
    for (size_t j = 0; j < scaler.min.size(); ++j)
        if (scaler.constant(j) && !scaler.has_gap_level(j)) constant.push_back(j);  // a gap level varies
    if (constant.empty()) return "";
    std::ostringstream os;
    os.precision(17);
    if (constant.size() == 1) {
        os << "feature '" << names[constant[0]] << "' is constant (every training value is " << scaler.min[constant[0]]
           << "): the model keeps only its constant function and ignores its values";
        return os.str();
    }
    constexpr size_t kNamed = 5;  // a long list (digits has 3, wider images more) would fill the screen
    os << constant.size() << " features are constant (";
    for (size_t i = 0; i < std::min(constant.size(), kNamed); ++i) os << (i ? ", '" : "'") << names[constant[i]] << "'";
    if (constant.size() > kNamed) os << " and " << constant.size() - kNamed << " more";
    os << "): the model keeps only their constant functions and ignores their values";
    return os.str();
}

std::vector<bool> missing_levels(const ModelSettings& model) {
    if (model.missing != Missing::level || model.levels.empty()) return {};
    std::vector<bool> has(model.dim(), false);
    for (size_t j = 0; j < model.dim(); ++j)
        has[j] = model.categorical(j) && model.levels[j].back() == kMissingLevel;
    return has;
}

std::vector<bool> gap_levels(const ModelSettings& model) {
    if (model.spec.gap_weights.empty()) return {};
    std::vector<bool> has(model.dim(), false);
    for (size_t j = 0; j < model.dim(); ++j) has[j] = model.spec.has_gap_level(j);
    return has;
}

std::vector<double> ModelSettings::scaled_rows(std::span<const double> X, size_t rows, OutOfRange policy,
                                               const std::string& source, Clipping* clipping) const {
    if (X.size() != rows * dim()) throw DataError(source + ": expected " + std::to_string(dim()) + " features per row");
    check_feature_values(X, rows, missing, feature_names, source);
    if (missing == Missing::error)  // an unseen level would be integrated out: refused instead
        for (size_t j = 0; j < dim(); ++j)
            if (categorical(j))
                for (size_t r = 0; r < rows; ++r)
                    if (std::isnan(scaler.scale(j, X[r * dim() + j])))
                        throw DataError(source + ": row " + std::to_string(r + 1) + ", feature '" + feature_names[j] +
                                        "': not one of its " + std::to_string(levels[j].size()) +
                                        " levels (missing error refuses unseen levels)");
    std::vector<double> points(X.begin(), X.end());
    const Clipping clipped = scaler.transform(points, rows, policy, feature_names, source);
    if (clipping) *clipping = clipped;
    return points;
}

}  // namespace orca
