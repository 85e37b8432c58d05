#include "orca/feature_space.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "basis/feature_map.hpp"
#include "orca/errors.hpp"
#include "orca/model_store.hpp"
#include "parallel/work_team.hpp"
#include "training/hinge_estimate.hpp"
#include "training/model_assembly.hpp"
#include "training/screened_interior_point.hpp"

namespace orca {
namespace {

// The rows of weight > 0 the driver counted per class (a regression's as one class; 0 if none).
double counted_rows(const ColumnStatistics& s) {
    double rows = 0.0;
    for (double r : s.class_rows) rows += r;
    return rows;
}

// The quantile knots a driver counted (ColumnStatistics::knot_x), in place of those shared_settings
// drew from the two rows of each feature's range.
void set_quantile_knots(ModelSettings& settings, const std::vector<std::string>& names, const ColumnStatistics& s,
                        const FamilySpec& family) {
    const size_t d = names.size();
    if (s.knot_x.size() != d || s.knot_below.size() != d || s.knot_ties.size() != d)
        throw ParameterError("scaling quantile needs the quantile knots of every feature (empty for a categorical or "
                             "constant one)");
    const double rows = counted_rows(s);  // 0: none counted (no check of the knots' count)
    Scaler& scaler = settings.scaler;
    for (size_t j = 0; j < d; ++j) {
        if (scaler.constant(j) || scaler.categorical(j)) {
            const std::string kind = scaler.categorical(j) ? "categorical" : "constant";
            if (!s.knot_x[j].empty())
                throw ParameterError("feature '" + names[j] + "' is " + kind + ": it has no quantile knots");
            if (j < scaler.knot_x.size()) scaler.knot_x[j].clear(), scaler.knot_z[j].clear();
            continue;
        }
        scaler.set_quantile_knots(j, s.knot_x[j], s.knot_below[j], s.knot_ties[j], family, names[j]);
        const double present = s.knot_below[j].back() + s.knot_ties[j].back();
        if (rows > 0.0 && present != rows - s.missing[j])
            throw ParameterError("feature '" + names[j] + "': its quantile knots count " + std::to_string(present) +
                                 " values, its rows hold " + std::to_string(rows - s.missing[j]));
    }
}

// The settings train_model would resolve from the rows, from their statistics: shared_settings
// reads the rows only for the scaler's range (and the checks of their values), so it is given two
// rows that hold each feature's minimum and maximum; a standardised family then takes the mean and
// standard deviation the driver reduced.
ModelSettings settings_from(const TrainOptions& options, const std::vector<std::string>& names,
                            const ColumnStatistics& s) {
    const size_t d = names.size();
    if (d == 0) throw DataError("the data has no feature columns");
    if (s.min.size() != d || s.max.size() != d || s.mean.size() != d || s.sd.size() != d || s.missing.size() != d)
        throw ParameterError("the column statistics need one entry per feature (" + std::to_string(d) + ")");
    for (size_t j = 0; j < d; ++j)
        if (s.missing[j] > 0.0 && options.missing == Missing::error)
            throw DataError("feature '" + names[j] + "' has " + std::to_string(static_cast<long long>(s.missing[j])) +
                            " missing values (missing error refuses them; missing marginalize integrates the "
                            "feature out)");
    Dataset range;
    range.source = "the column statistics";
    range.feature_names = names;
    range.rows = 2;
    range.cols = d;
    range.X.resize(2 * d);
    for (size_t j = 0; j < d; ++j) {
        range.X[j] = s.min[j];
        range.X[d + j] = s.max[j];
    }
    std::vector<std::vector<double>> counts;
    if (!s.levels.empty()) {
        if (s.levels.size() != d || s.level_counts.size() != d)
            throw ParameterError("the column statistics need levels and level counts for every feature (empty for "
                                 "a numeric one)");
        range.levels = s.levels;
        counts = s.level_counts;
        for (size_t j = 0; j < d; ++j) {
            if (range.levels[j].empty()) continue;
            if (counts[j].size() != range.levels[j].size())
                throw ParameterError("feature '" + names[j] + "': one row count per level is needed");
            // The levels the rows hold, as with_observed_levels keeps them for training.
            std::vector<std::string> held;
            std::vector<double> rows;
            for (size_t l = 0; l < counts[j].size(); ++l) {
                if (!(counts[j][l] >= 0.0 && std::isfinite(counts[j][l])))
                    throw ParameterError("feature '" + names[j] + "', level '" + range.levels[j][l] +
                                         "': its row count must be a number >= 0");
                if (counts[j][l] > 0.0) held.push_back(range.levels[j][l]), rows.push_back(counts[j][l]);
            }
            // Named as training names the rows it was given (the driver's are its X).
            if (detail::add_gap_level(held, s.missing[j], options.missing, "X", names[j])) rows.push_back(s.missing[j]);
            if (held.empty()) {  // never observed: one level, a constant feature
                held.push_back(range.levels[j].front());
                rows.push_back(1.0);
            }
            range.levels[j] = std::move(held);
            counts[j] = std::move(rows);
            range.X[j] = 0.0;  // a categorical feature's range is its codes
            range.X[d + j] = static_cast<double>(range.levels[j].size() - 1);
        }
    }
    TrainOptions without_missing_check = options;
    if (without_missing_check.missing == Missing::error) without_missing_check.missing = Missing::marginalize;
    // The numeric features' shares of gaps (their gap levels under missing level), over the rows
    // of weight > 0 the driver counted.
    const double rows = counted_rows(s);
    std::vector<double> gaps(d, 0.0);
    for (size_t j = 0; j < d && options.missing == Missing::level; ++j) {
        if (!(s.missing[j] >= 0.0 && s.missing[j] <= rows))
            throw ParameterError("feature '" + names[j] + "': its " + std::to_string(s.missing[j]) +
                                 " missing values must be counted among the " + std::to_string(rows) +
                                 " rows of the class counts");
        if (rows > 0.0) gaps[j] = s.missing[j] / rows;
    }
    ModelSettings settings = detail::shared_settings(range, without_missing_check, counts, gaps);
    settings.missing = options.missing;
    if (options.scaling == Scaling::quantile) set_quantile_knots(settings, names, s, options.spec.family);
    // The scaler holds the mean and sd of every kind (a standardised family scales by them).
    for (size_t j = 0; j < d; ++j) {
        if (!(std::isfinite(s.mean[j]) && s.sd[j] >= 0.0 && std::isfinite(s.sd[j])))
            throw DataError("feature '" + names[j] + "': its mean and standard deviation are not finite numbers");
        if (settings.scaler.kind == ScalerKind::standardize && !settings.scaler.constant(j) &&
            !settings.categorical(j) && !(s.sd[j] > 0.0))
            throw DataError("feature '" + names[j] + "' varies but its standard deviation is 0");
        settings.scaler.mean[j] = s.mean[j];
        settings.scaler.std[j] = s.sd[j];
    }
    return settings;
}

}  // namespace

FeatureSpace::FeatureSpace(const TrainOptions& options, const std::vector<std::string>& feature_names,
                           const std::vector<std::string>& classes, const ColumnStatistics& statistics) {
    validate(options);
    settings_ = settings_from(options, feature_names, statistics);
    if (options.task == Task::regression) {
        if (!classes.empty()) throw ParameterError("a regression has no classes");
        const ColumnStatistics& s = statistics;
        if (!(std::isfinite(s.target_min) && std::isfinite(s.target_max) && std::isfinite(s.target_mean) &&
              std::isfinite(s.target_sd) && s.target_sd >= 0.0))
            throw DataError("target '" + s.target_name + "': its range, mean and standard deviation are not finite");
        detail::check_regression_target(s.target_min, s.target_max, 0.0, 1.0, s.target_name);
        const bool standardize = options.target_scaling == TargetScaling::standardize;
        const double scale = standardize ? s.target_sd : 1.0;
        detail::check_regression_target(s.target_min, s.target_max, options.epsilon, scale, s.target_name);
        settings_.classes.clear();
        settings_.class_weights.clear();
        settings_.epsilon = options.epsilon;
        settings_.target_scaling = options.target_scaling;
        settings_.target_scale = scale;
        target_shift_ = standardize ? s.target_mean : 0.0;
        if (!(options.C <= kMaxBoxBound))
            throw ParameterError("C (" + std::to_string(options.C) +
                                 ") exceeds 1e100, where the dual's objective overflows; lower it");
    } else {
        const size_t k = classes.size();
        if (k < 2 || statistics.class_rows.size() != k)
            throw ParameterError("training in the feature space takes two or more classes with their rows, got " +
                                 std::to_string(k));
        for (size_t c = 0; c < k; ++c)
            if (!(statistics.class_rows[c] > 0.0))
                throw DataError("class '" + classes[c] +
                                "' has no rows of weight > 0; a classifier trains on every class");
        if (k > kMaxClasses || (options.multi_class == MultiClass::ovo && k * (k - 1) / 2 > kMaxMachines))
            throw ParameterError(std::to_string(k) + " classes are more than the model takes: choose multi_class ovr");
        settings_.classes = classes;
        settings_.multi_class = options.multi_class;
        settings_.class_weights = detail::class_multipliers(classes, statistics.class_rows, options);
        for (size_t c = 0; c < k; ++c)
            if (!(upper(c) <= kMaxBoxBound))
                throw ParameterError("C (" + std::to_string(options.C) + ") times the class weight of '" +
                                     classes[c] + "' exceeds 1e100, where the dual's objective overflows; lower the "
                                     "weights");
    }
    const Basis basis = settings_.basis();
    if (basis.size() > static_cast<double>(kMaxFeatureSpaceFunctions))
        throw ParameterError("the basis keeps " + std::to_string(static_cast<long long>(basis.size())) +
                             " functions, more than the " + std::to_string(kMaxFeatureSpaceFunctions) +
                             " the feature space takes: lower max_order, max_total_degree or degree");
    check_store(options.store, basis);
    store_ = options.store;
    map_ = std::make_shared<const FeatureMap>(basis, static_cast<double>(kMaxFeatureSpaceFunctions));
}

bool FeatureSpace::stores_coefficients(double held) const {
    return orca::stores_coefficients(store_, settings_.basis(), held);
}

size_t FeatureSpace::size() const {
    return map_->size();
}

std::vector<double> FeatureSpace::scaled(std::span<const double> X, size_t rows, const std::string& source) const {
    return settings_.scaled_rows(X, rows, OutOfRange::clip, source);
}

std::vector<double> FeatureSpace::features(std::span<const double> points, size_t rows) const {
    std::vector<double> out(rows * size());
    features(points, rows, out);
    return out;
}

void FeatureSpace::features(std::span<const double> points, size_t rows, std::span<double> out) const {
    const size_t d = settings_.dim(), p = size();
    if (points.size() != rows * d) throw ParameterError("features: points must be rows x d");
    if (out.size() != rows * p) throw ParameterError("features: out must be rows x p");
    parallel::for_chunks(rows, std::max<size_t>(1, 100000 / std::max<size_t>(p, 1)), [&](size_t begin, size_t end) {
        std::vector<double> table(map_->table_size());
        for (size_t r = begin; r < end; ++r) map_->evaluate(points.data() + r * d, table.data(), out.data() + r * p);
    });
}

void FeatureSpace::check_machine(const Machine& machine) const {
    if (machine.by_functions()) {
        if (machine.function_coefficients.size() != size() || !machine.support_vectors.empty() ||
            !machine.coefficients.empty())
            throw ParameterError("a machine stored by coefficients needs one per kept function (" +
                                 std::to_string(size()) + ") and no support vectors");
    } else {
        if (machine.coefficients.empty()) throw ParameterError("a machine has no support vectors");
        if (machine.support_vectors.size() != machine.coefficients.size() * settings_.dim())
            throw ParameterError("a machine needs one support vector of " + std::to_string(settings_.dim()) +
                                 " values per coefficient");
    }
    // One of the two is empty: the machine's coefficients in either form.
    for (const auto* values : {&machine.coefficients, &machine.function_coefficients})
        for (double a : *values)
            if (!std::isfinite(a)) throw ParameterError("a machine holds a coefficient that is not finite");
    if (!std::isfinite(machine.bias)) throw ParameterError("a machine's bias is not finite");
}

Model FeatureSpace::model(std::vector<Machine> machines, size_t rows, size_t support_vectors,
                          double training_accuracy) const {
    if (settings_.task == Task::regression)
        throw ParameterError("a regression's model comes from regression_model");
    const auto classes = machine_classes(settings_);
    if (machines.size() != classes.size())
        throw ParameterError(std::to_string(settings_.classes.size()) + " classes need " +
                             std::to_string(classes.size()) + " machines, got " + std::to_string(machines.size()));
    for (size_t m = 0; m < machines.size(); ++m) {
        check_machine(machines[m]);
        machines[m].classes = classes[m];
    }
    ModelSettings settings = settings_;
    settings.summary = machines.size() == 1 ? machines.front().summary
                                            : detail::machine_totals(machines, rows, support_vectors);
    settings.summary.training_accuracy = training_accuracy;
    Model model(std::move(settings));
    model.set_machines(std::move(machines));
    return model;
}

Model FeatureSpace::regression_model(Machine machine, double training_r2) const {
    if (settings_.task != Task::regression) throw ParameterError("a classifier's model comes from model");
    check_machine(machine);
    const double s = settings_.target_scale;
    for (double& a : machine.coefficients) a *= s;  // back in the target's units, as train_model's
    for (double& c : machine.function_coefficients) c *= s;
    machine.bias = machine.bias * s + target_shift_;
    machine.summary.training_r2 = training_r2;
    ModelSettings settings = settings_;
    settings.summary = machine.summary;
    Model model(std::move(settings));
    model.set_machines({std::move(machine)});
    return model;
}

Screening screening() {
    using namespace training;
    return {std::vector<double>(std::begin(kHingeWidths), std::end(kHingeWidths)),
            kHingeSettled,
            kHingeMaxSteps,
            kHingeScreenMargin,
            kMinWorkingPoints,
            kScreenRounds};
}

bool screens(size_t points, size_t p, bool regression) { return training::screened(points, p, regression); }

}  // namespace orca
