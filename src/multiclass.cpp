#include "orca/multiclass.hpp"

#include <algorithm>
#include <cmath>

#include "model_training.hpp"
#include "orca/errors.hpp"
#include "orca/probability.hpp"

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

std::vector<double> machine_decisions(const Model& model, std::span<const double> points, size_t rows) {
    const auto machines = model.machine_list();
    const size_t nm = machines.size();
    if (nm == 1) return model.decision_function_scaled(points, rows);
    std::vector<double> out(rows * nm);
    for (size_t m = 0; m < nm; ++m) {
        const auto g = machines[m]->decision_function_scaled(points, rows);
        for (size_t r = 0; r < rows; ++r) out[r * nm + m] = g[r];
    }
    return out;
}

std::vector<std::pair<size_t, size_t>> one_vs_one_pairs(size_t classes) {
    std::vector<std::pair<size_t, size_t>> out;
    for (size_t i = 0; i < classes; ++i)
        for (size_t j = i + 1; j < classes; ++j) out.emplace_back(i, j);
    return out;
}

std::vector<std::vector<double>> class_score_weights(const Model& model) {
    const size_t k = model.classes.size();
    if (!model.is_multiclass()) return {{-1.0}, {1.0}};
    const size_t nm = model.machines.size();
    std::vector<std::vector<double>> w(k, std::vector<double>(nm, 0.0));
    if (model.multi_class == MultiClass::ovr) {
        for (size_t c = 0; c < k; ++c) w[c][c] = 1.0;
        return w;
    }
    const auto pairs = one_vs_one_pairs(k);
    for (size_t m = 0; m < pairs.size(); ++m) {
        w[pairs[m].second][m] = 1.0;
        w[pairs[m].first][m] = -1.0;
    }
    return w;
}

ClassPrediction predict_classes(const Model& model, std::span<const double> values, size_t rows) {
    if (model.task != Task::classification) throw ParameterError("class predictions need a classifier");
    ClassPrediction out;
    out.label.resize(rows);
    if (!model.is_multiclass()) {
        out.decision.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rows));
        for (size_t r = 0; r < rows; ++r) out.label[r] = values[r] > 0.0 ? 1 : 0;
        return out;
    }
    const size_t k = model.classes.size(), nm = model.machines.size();
    const auto w = class_score_weights(model);
    const auto pairs = one_vs_one_pairs(k);
    out.decision.assign(rows * k, 0.0);
    for (size_t r = 0; r < rows; ++r) {
        const double* g = values.data() + r * nm;
        double* s = out.decision.data() + r * k;
        for (size_t c = 0; c < k; ++c)
            for (size_t m = 0; m < nm; ++m) s[c] += w[c][m] * g[m];
        if (model.multi_class == MultiClass::ovo) {
            std::vector<double> votes(k, 0.0);
            for (size_t m = 0; m < pairs.size(); ++m) votes[g[m] > 0.0 ? pairs[m].second : pairs[m].first] += 1.0;
            for (size_t c = 0; c < k; ++c) s[c] = votes[c] + s[c] / (3.0 * (std::abs(s[c]) + 1.0));
        }
        out.label[r] = static_cast<size_t>(std::max_element(s, s + k) - s);
    }
    return out;
}

Model class_model(const Model& model, size_t c) {
    if (model.task != Task::classification) throw ParameterError("class models need a classifier");
    if (c >= model.classes.size())
        throw ParameterError("class index " + std::to_string(c) + " is out of range (" +
                             std::to_string(model.classes.size()) + " classes)");
    const auto w = class_score_weights(model);
    const auto machines = model.machine_list();
    Model out = model.is_multiclass() ? model.machines.front() : model;
    out.classes = {"not " + model.classes[c], model.classes[c]};
    out.class_weights = {1.0, 1.0};
    out.sigmoid.reset();
    out.machines.clear();
    out.support_vectors.clear();
    out.coefficients.clear();
    out.bias = 0.0;
    for (size_t m = 0; m < machines.size(); ++m) {
        if (w[c][m] == 0.0) continue;
        const Model& machine = *machines[m];
        out.support_vectors.insert(out.support_vectors.end(), machine.support_vectors.begin(),
                                   machine.support_vectors.end());
        for (double a : machine.coefficients) out.coefficients.push_back(w[c][m] * a);
        out.bias += w[c][m] * machine.bias;
    }
    out.summary = model.summary;
    out.summary.support_vectors = out.coefficients.size();
    return out;
}

std::string machine_name(const Model& model, size_t m) {
    const auto machines = model.machine_list();
    if (m >= machines.size()) throw ParameterError("machine index " + std::to_string(m) + " is out of range");
    const Model& machine = *machines[m];
    if (machine.task == Task::regression) return "regression";
    if (model.is_multiclass() && model.multi_class == MultiClass::ovr) return machine.classes[1] + " vs rest";
    return machine.classes[1] + " vs " + machine.classes[0];
}

namespace detail {
namespace {

// One two-class machine on the rows `rows` of points; y[t] = +1 for the positive class.
Model fit_two_class(const Model& shared, const TensorKernel& kernel, const std::vector<double>& points,
                    const std::vector<size_t>& rows, const std::vector<double>& y, const std::vector<double>& upper,
                    const TrainOptions& options, uint64_t seed, std::vector<char>& is_support,
                    const std::string& stage) {
    const size_t d = shared.dim(), m = rows.size();
    std::vector<double> sub_points, sub_y, sub_upper;
    sub_points.reserve(m * d);
    for (size_t t : rows) {
        sub_points.insert(sub_points.end(), points.begin() + static_cast<std::ptrdiff_t>(t * d),
                          points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
        sub_y.push_back(y[t]);
        sub_upper.push_back(upper[t]);
    }
    Model model = shared;
    if (options.stage) options.stage(stage);
    const Machine machine = train_machine(kernel, sub_points, m, sub_y, sub_upper, options.solver);
    store_machine(model, machine, sub_points, sub_upper, false);
    for (size_t t : machine.support) is_support[rows[t]] = 1;
    size_t correct = 0;
    for (size_t t = 0; t < m; ++t) correct += (machine.training_decision[t] > 0.0) == (sub_y[t] > 0.0);
    model.summary.training_accuracy = static_cast<double>(correct) / static_cast<double>(m);
    if (options.probability) {
        if (options.stage) options.stage(stage + (stage.empty() ? "" : ", ") + "probability cross-validation");
        const auto cv = cross_validated_decisions(kernel, sub_points, m, sub_y, sub_upper, options.probability_folds,
                                                  seed, options.solver);
        model.sigmoid = fit_sigmoid(cv, sub_y);
    }
    return model;
}

}  // namespace

void train_classifier(Model& model, const TensorKernel& kernel, const std::vector<double>& points,
                      const std::vector<size_t>& label, const std::vector<double>& upper, const TrainOptions& options) {
    const size_t k = model.classes.size(), n = label.size();
    std::vector<size_t> all(n);
    for (size_t t = 0; t < n; ++t) all[t] = t;
    std::vector<double> y(n);
    std::vector<char> is_support(n, 0);
    if (k == 2) {
        for (size_t t = 0; t < n; ++t) y[t] = label[t] == 1 ? 1.0 : -1.0;
        model = fit_two_class(model, kernel, points, all, y, upper, options, options.seed, is_support, "");
        return;
    }
    model.multi_class = options.multi_class;
    Model shared = model;
    shared.class_weights.clear();
    const auto machine_seed = [&](size_t m) { return options.seed + 0x9E3779B97F4A7C15ULL * (m + 1); };
    const size_t count = options.multi_class == MultiClass::ovr ? k : k * (k - 1) / 2;
    const auto stage = [&](const std::vector<std::string>& pair) {
        return "machine " + std::to_string(model.machines.size() + 1) + " of " + std::to_string(count) + ": " +
               pair[1] + " vs " + pair[0];
    };
    if (options.multi_class == MultiClass::ovr) {
        for (size_t c = 0; c < k; ++c) {
            for (size_t t = 0; t < n; ++t) y[t] = label[t] == c ? 1.0 : -1.0;
            shared.classes = {kRestLabel, model.classes[c]};
            model.machines.push_back(fit_two_class(shared, kernel, points, all, y, upper, options, machine_seed(c),
                                                   is_support, stage(shared.classes)));
        }
    } else {
        for (const auto& [i, j] : one_vs_one_pairs(k)) {
            std::vector<size_t> rows;
            for (size_t t = 0; t < n; ++t) {
                if (label[t] != i && label[t] != j) continue;
                rows.push_back(t);
                y[t] = label[t] == j ? 1.0 : -1.0;
            }
            shared.classes = {model.classes[i], model.classes[j]};
            shared.class_weights = {model.class_weights[i], model.class_weights[j]};
            model.machines.push_back(fit_two_class(shared, kernel, points, rows, y, upper, options,
                                                   machine_seed(model.machines.size()), is_support,
                                                   stage(shared.classes)));
        }
    }
    // Totals over the machines; a point counts once as a support vector however many use it.
    TrainingSummary& s = model.summary;
    s = {};
    s.rows = n;
    s.converged = true;
    for (const auto& m : model.machines) {
        s.bounded_support_vectors += m.summary.bounded_support_vectors;
        s.iterations += m.summary.iterations;
        s.interior_point_steps += m.summary.interior_point_steps;
        s.converged = s.converged && m.summary.converged;
        s.objective += m.summary.objective;
        s.gap = std::max(s.gap, m.summary.gap);
        s.duality_gap += m.summary.duality_gap;
        if (s.stop == StopReason::converged) s.stop = m.summary.stop;
    }
    s.support_vectors = static_cast<size_t>(std::count(is_support.begin(), is_support.end(), 1));
    const auto values = machine_decisions(model, points, n);
    const auto predicted = predict_classes(model, values, n);
    size_t correct = 0;
    for (size_t t = 0; t < n; ++t) correct += predicted.label[t] == label[t];
    s.training_accuracy = static_cast<double>(correct) / static_cast<double>(n);
}

}  // namespace detail
}  // namespace orca
