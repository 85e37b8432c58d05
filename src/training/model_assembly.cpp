#include "training/model_assembly.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

bool add_gap_level(std::vector<std::string>& levels, double gaps, Missing missing, const std::string& source,
                   const std::string& feature) {
    if (missing != Missing::level || !(gaps > 0.0)) return false;
    if (std::find(levels.begin(), levels.end(), kMissingLevel) != levels.end())
        throw DataError(source + ": feature '" + feature + "' has a level named '" + std::string(kMissingLevel) +
                        "', which missing level keeps for the column's gaps");
    levels.emplace_back(kMissingLevel);
    return true;
}

std::vector<std::vector<double>> level_counts(const Dataset& data) {
    std::vector<std::vector<double>> counts(data.levels.size());
    for (size_t j = 0; j < data.levels.size(); ++j) {
        if (data.levels[j].empty()) continue;
        counts[j].assign(data.levels[j].size(), 0.0);
        for (size_t r = 0; r < data.rows; ++r) {
            const double v = data.X[r * data.cols + j];
            if (!std::isnan(v)) counts[j][static_cast<size_t>(v)] += 1.0;
        }
    }
    return counts;
}

Dataset with_observed_levels(Dataset data, Missing missing) {
    if (data.levels.empty()) return data;
    if (data.levels.size() != data.cols)
        throw DataError(data.source + ": levels must be given for every column (empty for a numeric one)");
    for (size_t j = 0; j < data.cols; ++j) {
        auto& names = data.levels[j];
        if (names.empty()) continue;
        std::vector<size_t> count(names.size(), 0);
        size_t gaps = 0;
        for (size_t r = 0; r < data.rows; ++r) {
            const double v = data.X[r * data.cols + j];
            if (std::isnan(v)) {
                ++gaps;
                continue;
            }
            if (!is_level_code(v, names.size()))
                throw DataError(data.source + ": row " + std::to_string(r + 1) + ", feature '" +
                                data.feature_names[j] + "': " + std::to_string(v) + " is not a level code");
            ++count[static_cast<size_t>(v)];
        }
        std::vector<double> code(names.size(), -1.0);
        std::vector<std::string> kept;
        for (size_t l = 0; l < names.size(); ++l)
            if (count[l] > 0) {
                code[l] = static_cast<double>(kept.size());
                kept.push_back(names[l]);
            }
        const bool gap_level = add_gap_level(kept, static_cast<double>(gaps), missing, data.source,
                                             data.feature_names[j]);
        if (kept.empty()) kept.push_back(names.front());  // never observed: one level, a constant feature
        const double gap_code = gap_level ? static_cast<double>(kept.size() - 1) : std::nan("");
        for (size_t r = 0; r < data.rows; ++r) {
            double& v = data.X[r * data.cols + j];
            v = std::isnan(v) ? gap_code : code[static_cast<size_t>(v)];
        }
        names = std::move(kept);
    }
    return data;
}

std::vector<double> gap_shares(const Dataset& data) {
    std::vector<double> shares(data.cols, 0.0);
    if (data.rows == 0) return shares;
    for (size_t r = 0; r < data.rows; ++r)
        for (size_t j = 0; j < data.cols; ++j)
            if (std::isnan(data.X[r * data.cols + j])) shares[j] += 1.0;
    for (double& s : shares) s /= static_cast<double>(data.rows);
    return shares;
}

ModelSettings shared_settings(const Dataset& data, const TrainOptions& options) {
    return shared_settings(data, options, level_counts(data), gap_shares(data));
}

ModelSettings shared_settings(const Dataset& data, const TrainOptions& options,
                              const std::vector<std::vector<double>>& counts, const std::vector<double>& gaps) {
    ModelSettings model;
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
    (void)model.basis();  // validates degrees and max_order before the data is read
    model.missing = options.missing;
    check_feature_values(data.X, data.rows, options.missing, data.feature_names, data.source);
    // Categorical features: the discrete measure of their levels' frequencies, every contrast.
    std::vector<size_t> level_count(data.cols, 0);
    if (!data.levels.empty()) {
        model.levels = data.levels;
        model.spec.level_weights.assign(data.cols, {});
        for (size_t j = 0; j < data.cols; ++j) {
            if (data.levels[j].empty()) continue;
            const size_t L = data.levels[j].size();
            level_count[j] = L;
            if (j >= counts.size() || counts[j].size() != L)
                throw ParameterError("feature '" + data.feature_names[j] + "': one row count per level is needed (" +
                                     std::to_string(L) + ")");
            std::vector<double> w = counts[j];
            double seen = 0.0;
            for (double v : w) seen += v;
            for (double& v : w) v = seen > 0.0 ? v / seen : 1.0;
            model.spec.level_weights[j] = std::move(w);
            model.spec.degrees[j] = static_cast<int>(L) - 1;
        }
        model.spec.max_total_degree =
            resolve_max_total_degree(options.spec.max_total_degree, model.spec.degrees, data.cols);
    }
    // Numeric features with gaps under missing level: the gap's function beside their polynomials,
    // its share of the measure the gaps' share of the rows (a column of gaps only is constant).
    if (options.missing == Missing::level) {
        if (gaps.size() != data.cols)
            throw ParameterError("the share of gaps of every feature is needed (" + std::to_string(data.cols) + ")");
        for (size_t j = 0; j < data.cols; ++j) {
            if (model.categorical(j) || !(gaps[j] > 0.0 && gaps[j] < 1.0)) continue;
            if (model.spec.degrees[j] >= kMaxDegree)
                throw ParameterError("feature '" + data.feature_names[j] + "' has gaps, and missing level gives it a "
                                     "gap function beside its degree: its degree must be below " +
                                     std::to_string(kMaxDegree));
            if (model.spec.gap_weights.empty()) model.spec.gap_weights.assign(data.cols, 0.0);
            model.spec.gap_weights[j] = gaps[j];
            model.spec.degrees[j] += 1;
        }
        model.spec.max_total_degree =
            resolve_max_total_degree(options.spec.max_total_degree, model.spec.degrees, data.cols);
    }
    const ScalerKind kind = options.scaling == Scaling::quantile   ? ScalerKind::quantile
                            : options.spec.family.is_bounded() ? ScalerKind::minmax
                                                               : ScalerKind::standardize;
    model.scaler = Scaler::fit(data.X, data.rows, data.cols, kind, data.feature_names, options.spec.family, level_count);
    model.scaler.missing_level = missing_levels(model);
    model.scaler.gap_level = gap_levels(model);
    // A constant feature keeps only the constant function (degree 0): its other functions are
    // constants on the data, so they could only blur the bias. constant_features_warning says so.
    // With a gap level it keeps the gap's function too (degree 1), and is not constant on the data.
    size_t constant = 0;
    for (size_t j = 0; j < data.cols; ++j)
        if (model.scaler.constant(j) && model.spec.has_gap_level(j)) {
            model.spec.degrees[j] = 1;
        } else if (model.scaler.constant(j)) {
            model.spec.degrees[j] = 0;
            if (model.categorical(j)) model.spec.level_weights[j] = {1.0};
            ++constant;
        }
    if (constant == data.cols)
        throw DataError(data.cols == 1 ? "the only feature, '" + data.feature_names[0] +
                                             "', is constant: there is nothing to learn from"
                                       : "all " + std::to_string(data.cols) +
                                             " features are constant: there is nothing to learn from");
    if (constant > 0) {  // both truncations are resolved again against the features that vary
        model.spec.max_order = resolve_max_order(options.spec.max_order, data.cols - constant);
        model.spec.max_total_degree =
            resolve_max_total_degree(options.spec.max_total_degree, model.spec.degrees, data.cols);
    }
    model.C = options.C;
    model.tolerance = options.solver.tolerance;
    return model;
}

std::vector<double> class_multipliers(const std::vector<std::string>& classes, const std::vector<double>& class_rows,
                                      const TrainOptions& options) {
    const size_t k = classes.size();
    std::vector<double> w(k, 1.0);
    if (options.balanced) {
        double n = 0.0;
        for (double rows : class_rows) n += rows;
        for (size_t c = 0; c < k; ++c) w[c] = n / (static_cast<double>(k) * class_rows[c]);
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

TrainingSummary machine_totals(const std::vector<Machine>& machines, size_t rows, size_t support_vectors) {
    TrainingSummary s;
    s.rows = rows;
    s.converged = true;
    for (const auto& m : machines) {
        s.bounded_support_vectors += m.summary.bounded_support_vectors;
        s.iterations += m.summary.iterations;
        s.interior_point_steps += m.summary.interior_point_steps;
        s.feature_space_passes += m.summary.feature_space_passes;
        s.converged = s.converged && m.summary.converged;
        s.objective += m.summary.objective;
        s.gap = std::max(s.gap, m.summary.gap);
        s.duality_gap += m.summary.duality_gap;
        if (s.stop == StopReason::converged) s.stop = m.summary.stop;
    }
    s.support_vectors = support_vectors;
    return s;
}

Machine stored_machine(const ModelSettings& model, const MachineFit& fit, std::span<const double> points,
                       std::span<const double> upper, bool twin) {
    const size_t d = model.dim();
    Machine machine;
    for (size_t k = 0; k < fit.support.size(); ++k) {
        const size_t t = fit.support[k];
        machine.support_vectors.insert(machine.support_vectors.end(),
                                       points.begin() + static_cast<std::ptrdiff_t>(t * d),
                                       points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
        const double a = twin ? std::abs(fit.coefficients[k]) : fit.solver.alpha[t];
        if (a >= upper[t]) ++machine.summary.bounded_support_vectors;
    }
    machine.coefficients = fit.coefficients;
    machine.bias = fit.bias;
    TrainingSummary& s = machine.summary;
    s.rows = upper.size();
    s.support_vectors = machine.coefficients.size();
    s.iterations = fit.solver.iterations;
    s.interior_point_steps = fit.solver.interior_point_steps;
    s.feature_space_passes = fit.solver.feature_space_passes;
    s.converged = fit.solver.converged;
    s.objective = fit.solver.objective;
    s.gap = fit.solver.gap;
    s.duality_gap = fit.solver.duality_gap;
    s.stop = fit.solver.stop;
    return machine;
}

void check_regression_target(double lo, double hi, double epsilon, double scale, const std::string& name) {
    char text[200];
    if (std::max(std::abs(lo), std::abs(hi)) > 1e150) {
        std::snprintf(text, sizeof text, "target '%s' reaches %.3g: beyond 1e150 squares overflow; rescale it",
                      name.c_str(), std::abs(lo) > std::abs(hi) ? lo : hi);
        throw DataError(text);
    }
    if (lo == hi) {
        std::snprintf(text, sizeof text, "target '%s' is constant (every value is %.17g): there is nothing to learn",
                      name.c_str(), lo);
        throw DataError(text);
    }
    if (epsilon * scale >= (hi - lo) / 2.0) {
        const char* unit = scale == 1.0 ? "" : " standard deviations";
        std::snprintf(text, sizeof text,
                      "epsilon %.6g%s is at least half the range of target '%s' (%.6g): every row lies inside the "
                      "tube and the model would be a constant; choose epsilon below %.6g",
                      epsilon, unit, name.c_str(), hi - lo, (hi - lo) / 2.0 / scale);
        throw ParameterError(text);
    }
}

}  // namespace orca::detail
