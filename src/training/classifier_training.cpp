#include "training/classifier_training.hpp"

#include <algorithm>
#include <string>

#include "orca/machine_training.hpp"
#include "orca/multiclass.hpp"
#include "orca/probability.hpp"
#include "training/model_assembly.hpp"

namespace orca::detail {
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

}  // namespace orca::detail
