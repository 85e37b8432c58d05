#include "orca/training.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "orca/errors.hpp"
#include "orca/machine_training.hpp"
#include "orca/model_store.hpp"
#include "training/classifier_training.hpp"
#include "training/model_assembly.hpp"

namespace orca {
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

// Refuses box bounds beyond kMaxBoxBound, naming what made them so: C is checked alone by
// validate(), so a bound beyond it comes from a class weight (class_weight_of(t)) or a sample
// weight.
template <class ClassWeightOf>
void check_box_bounds(const std::vector<double>& upper, const TrainOptions& options, const Dataset& data,
                      ClassWeightOf class_weight_of) {
    for (size_t t = 0; t < upper.size(); ++t) {
        if (upper[t] <= kMaxBoxBound) continue;
        const double cw = class_weight_of(t);
        const std::string why =
            options.C * cw > kMaxBoxBound
                ? fmt::format("C ({:.6g}) times the class weight of '{}' ({:.6g})", options.C, data.target[t], cw)
                : fmt::format("C times the sample weight of data row {} ({:.6g})", t + 1, data.weights[t]);
        throw ParameterError(why + " exceeds 1e100, where the dual's objective overflows; lower the weights");
    }
}

// A class whose every row has sample weight 0 is gone from the weighted rows: said so, rather
// than "one class only" of a target that has two.
void check_weighted_classes(const Dataset& all, const Dataset& weighted) {
    if (weighted.rows == all.rows) return;
    const auto before = distinct_labels(all.target), after = distinct_labels(weighted.target);
    for (const auto& c : before)
        if (std::find(after.begin(), after.end(), c) == after.end())
            throw DataError(all.source + ": every row of class '" + c +
                            "' has sample weight 0, which leaves the class out of training; give its rows weights > 0");
}

double parse_target_value(const std::string& cell, const Dataset& data, size_t row) {
    char* end = nullptr;
    const double v = std::strtod(cell.c_str(), &end);
    if (cell.empty() || end != cell.c_str() + cell.size() || !std::isfinite(v))
        throw DataError(data.source + ": data row " + std::to_string(row + 1) + ", target column '" + data.target_name +
                        "': '" + cell + "' is not a finite number (regression needs numeric targets)");
    return v;
}

double mean_of(const std::vector<double>& z) {
    double sum = 0.0;
    for (double v : z) sum += v;
    return sum / static_cast<double>(z.size());
}

// The population standard deviation (as scikit-learn's StandardScaler), by two passes.
double standard_deviation(const std::vector<double>& z) {
    const double mean = mean_of(z);
    double sum = 0.0;
    for (double v : z) sum += (v - mean) * (v - mean);
    return std::sqrt(sum / static_cast<double>(z.size()));
}

// The model as trained, its machines holding their support vectors.
Model trained_machines(const Dataset& all, const TrainOptions& options) {
    if (all.rows == 0) throw DataError(all.source + ": no data rows");
    if (all.target.size() != all.rows) throw DataError(all.source + ": no target column was read");
    validate(options);
    const Dataset data = detail::with_observed_levels(weighted_rows(all), options.missing);
    if (options.task == Task::classification) check_weighted_classes(all, data);
    ModelSettings settings = detail::shared_settings(data, options);
    check_store(options.store, settings.basis());  // before the training it would follow
    std::vector<double> points = data.X;
    (void)settings.scaler.transform(points, data.rows, OutOfRange::clip, data.feature_names, data.source);
    const TensorKernel kernel(settings.basis());
    const auto sample_weight = [&](size_t t) { return data.weights.empty() ? 1.0 : data.weights[t]; };

    if (options.task == Task::regression) {
        std::vector<double> z(data.rows), upper(data.rows);
        for (size_t t = 0; t < data.rows; ++t) z[t] = parse_target_value(data.target[t], data, t);
        const auto [lo, hi] = std::minmax_element(z.begin(), z.end());
        detail::check_regression_target(*lo, *hi, 0.0, 1.0, data.target_name);
        // Under standardize the machine is trained on (z - mean) / s with C and epsilon as given,
        // so the solver, its tolerance and its certificate see the same problem whatever the
        // target's units; scaled back (a s, b s + mean) it is the epsilon-SVR of z with C s and
        // epsilon s (the primal's objective times s^2).
        const bool standardize = options.target_scaling == TargetScaling::standardize;
        const double s = standardize ? standard_deviation(z) : 1.0, shift = standardize ? mean_of(z) : 0.0;
        detail::check_regression_target(*lo, *hi, options.epsilon, s, data.target_name);
        for (size_t t = 0; t < data.rows; ++t) {
            z[t] = (z[t] - shift) / s;
            upper[t] = options.C * sample_weight(t);
        }
        check_box_bounds(upper, options, data, [](size_t) { return 1.0; });
        settings.classes.clear();
        settings.class_weights.clear();
        settings.epsilon = options.epsilon;
        settings.target_scaling = options.target_scaling;
        settings.target_scale = s;
        const MachineFit fit =
            train_regression_machine(kernel, points, data.rows, z, upper, options.epsilon, options.solver);
        if (fit.support.empty())  // refused above when it can be foreseen; a model file needs one
            throw ParameterError(
                "the fit has no support vectors (every target lies within epsilon of one "
                "constant): lower epsilon");
        Machine machine = detail::stored_machine(settings, fit, points, upper, true);
        for (double& a : machine.coefficients) a *= s;  // back in the target's units (1 and 0: as they are)
        machine.bias = machine.bias * s + shift;
        const double mean = mean_of(z);
        double residual = 0.0, total = 0.0;
        for (size_t t = 0; t < data.rows; ++t) {
            residual += (z[t] - fit.training_decision[t]) * (z[t] - fit.training_decision[t]);
            total += (z[t] - mean) * (z[t] - mean);
        }
        machine.summary.training_r2 = total > 0.0 ? 1.0 - residual / total : (residual == 0.0 ? 1.0 : 0.0);
        settings.summary = machine.summary;
        Model regressor(std::move(settings));
        regressor.set_machines({std::move(machine)});
        return regressor;
    }

    if (options.task != Task::classification) throw ParameterError("unknown task");
    settings.classes = distinct_labels(data.target);
    if (settings.classes.size() == 1)
        throw DataError(data.source + ": the target has one class only ('" + settings.classes[0] +
                        "'); a classifier needs two");
    // One machine per pair of classes (or per class): thousands of classes mean millions of
    // machines. More than 1,000 distinct labels is rarely a class label at all.
    if (settings.classes.size() > kMaxClasses)
        throw DataError(data.source + ": the target '" + data.target_name + "' has " +
                        std::to_string(settings.classes.size()) + " distinct labels, more than " +
                        std::to_string(kMaxClasses) + " classes; for a numeric target use the regression task");
    const size_t k = settings.classes.size();
    if (options.multi_class == MultiClass::ovo && k * (k - 1) / 2 > kMaxMachines)
        throw ParameterError(data.source + ": one-vs-one over " + std::to_string(k) + " classes trains " +
                             std::to_string(k * (k - 1) / 2) + " machines, more than " +
                             std::to_string(kMaxMachines) +
                             " (memory and model file grow with them); choose multi_class ovr, which trains " +
                             std::to_string(k));
    std::vector<size_t> label(data.rows);
    for (size_t t = 0; t < data.rows; ++t)
        label[t] = static_cast<size_t>(std::find(settings.classes.begin(), settings.classes.end(), data.target[t]) -
                                       settings.classes.begin());
    std::vector<double> class_rows(k, 0.0);
    for (size_t c : label) class_rows[c] += 1.0;
    settings.class_weights = detail::class_multipliers(settings.classes, class_rows, options);
    std::vector<double> upper(data.rows);
    for (size_t t = 0; t < data.rows; ++t) upper[t] = options.C * settings.class_weights[label[t]] * sample_weight(t);
    check_box_bounds(upper, options, data, [&](size_t t) { return settings.class_weights[label[t]]; });
    return detail::train_classifier(std::move(settings), kernel, points, label, upper, options);
}

}  // namespace

Model train_model(const Dataset& all, const TrainOptions& options) {
    return as_stored(trained_machines(all, options), options.store);
}

}  // namespace orca
