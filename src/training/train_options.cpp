#include "orca/train_options.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>

#include "orca/errors.hpp"

namespace orca {
namespace {

std::string shortest(double v) {
    return fmt::format("{}", v);  // the shortest text that reads back as v
}

}  // namespace

void validate(const TrainOptions& o) {
    const auto positive = [](std::string_view name, double v) {
        if (!(v > 0.0) || !std::isfinite(v))
            throw ParameterError(std::string(name) + " must be a finite number > 0, got " + shortest(v));
    };
    positive("C", o.C);
    if (o.C > kMaxBoxBound)
        throw ParameterError("C must be at most 1e100 (the dual's objective overflows beyond; C = 1e12 already "
                             "gives a hard margin), got " + shortest(o.C));
    positive("tol", o.solver.tolerance);
    positive("cache_mb", o.solver.cache_mb);
    if (!(o.epsilon >= 0.0) || !std::isfinite(o.epsilon))
        throw ParameterError("epsilon must be a finite number >= 0, got " + shortest(o.epsilon));
    if (o.solver.max_iterations < 0)
        throw ParameterError("max_iter must be >= 0 (0: the default cap), got " +
                             std::to_string(o.solver.max_iterations));
    for (const auto& [label, w] : o.class_weight)
        if (!(w > 0.0) || !std::isfinite(w))
            throw ParameterError("class_weight of '" + label + "' must be a finite number > 0, got " + shortest(w));
    if (o.task == Task::regression) {
        if (!o.class_weight.empty() || o.balanced)
            throw ParameterError("class_weight applies to task classification only (got task regression)");
        if (o.probability)
            throw ParameterError("probability applies to task classification only (got task regression)");
    }
    if (o.probability && o.probability_folds < 2)
        throw ParameterError("probability estimates need at least 2 folds, got " + std::to_string(o.probability_folds));
    if (o.spec.degrees.empty()) throw ParameterError("degree needs a value");
    // A FamilySpec built field by field must keep make()'s domain.
    (void)FamilySpec::make(to_string(o.spec.family.kind), o.spec.family.alpha, o.spec.family.beta,
                           o.spec.family.lambda);
}

}  // namespace orca
