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
Machine fit_two_class(const ModelSettings& shared, const TensorKernel& kernel, const std::vector<double>& points,
                      const std::vector<size_t>& rows, const std::vector<double>& y, const std::vector<double>& upper,
                      const TrainOptions& options, uint64_t seed, std::vector<char>& is_support,
                      std::vector<std::string> classes, const std::string& stage) {
    const size_t d = shared.dim(), m = rows.size();
    // Two classes and one against the rest: every row, in order (rows ascend), and the points are
    // used as they are (a copy was 240 MB at 1,000,000 rows of 30 features); one against one: the
    // pair's rows gathered.
    const bool every_row = m * d == points.size();
    std::vector<double> gathered, sub_y, sub_upper;
    if (!every_row) gathered.reserve(m * d);
    for (size_t t : rows) {
        if (!every_row)
            gathered.insert(gathered.end(), points.begin() + static_cast<std::ptrdiff_t>(t * d),
                            points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
        sub_y.push_back(y[t]);
        sub_upper.push_back(upper[t]);
    }
    const std::vector<double>& sub_points = every_row ? points : gathered;
    if (options.stage) options.stage(stage);
    const MachineFit fit = train_machine(kernel, sub_points, m, sub_y, sub_upper, options.solver);
    Machine machine = stored_machine(shared, fit, sub_points, sub_upper, false);
    machine.classes = std::move(classes);
    for (size_t t : fit.support) is_support[rows[t]] = 1;
    size_t correct = 0;
    for (size_t t = 0; t < m; ++t) correct += (fit.training_decision[t] > 0.0) == (sub_y[t] > 0.0);
    machine.summary.training_accuracy = static_cast<double>(correct) / static_cast<double>(m);
    if (options.probability) {
        if (options.stage) options.stage(stage + (stage.empty() ? "" : ", ") + "probability cross-validation");
        const auto cv = cross_validated_decisions(kernel, sub_points, m, sub_y, sub_upper, options.probability_folds,
                                                  seed, options.solver);
        machine.sigmoid = fit_sigmoid(cv, sub_y);
    }
    return machine;
}

}  // namespace

Model train_classifier(ModelSettings settings, const TensorKernel& kernel, const std::vector<double>& points,
                       const std::vector<size_t>& label, const std::vector<double>& upper,
                       const TrainOptions& options) {
    const size_t k = settings.classes.size(), n = label.size();
    std::vector<size_t> all(n);
    for (size_t t = 0; t < n; ++t) all[t] = t;
    std::vector<double> y(n);
    std::vector<char> is_support(n, 0);
    std::vector<Machine> machines;
    if (k == 2) {
        for (size_t t = 0; t < n; ++t) y[t] = label[t] == 1 ? 1.0 : -1.0;
        machines.push_back(fit_two_class(settings, kernel, points, all, y, upper, options, options.seed, is_support,
                                         settings.classes, ""));
        settings.summary = machines.front().summary;
        Model model(std::move(settings));
        model.set_machines(std::move(machines));
        return model;
    }
    settings.multi_class = options.multi_class;
    const auto machine_seed = [&](size_t m) { return options.seed + 0x9E3779B97F4A7C15ULL * (m + 1); };
    const size_t count = options.multi_class == MultiClass::ovr ? k : k * (k - 1) / 2;
    const auto stage = [&](const std::vector<std::string>& pair) {
        return "machine " + std::to_string(machines.size() + 1) + " of " + std::to_string(count) + ": " + pair[1] +
               " vs " + pair[0];
    };
    if (options.multi_class == MultiClass::ovr) {
        for (size_t c = 0; c < k; ++c) {
            for (size_t t = 0; t < n; ++t) y[t] = label[t] == c ? 1.0 : -1.0;
            std::vector<std::string> classes{kRestLabel, settings.classes[c]};
            const std::string what = stage(classes);
            machines.push_back(fit_two_class(settings, kernel, points, all, y, upper, options, machine_seed(c),
                                             is_support, std::move(classes), what));
        }
    } else {
        for (const auto& [i, j] : one_vs_one_pairs(k)) {
            std::vector<size_t> rows;
            for (size_t t = 0; t < n; ++t) {
                if (label[t] != i && label[t] != j) continue;
                rows.push_back(t);
                y[t] = label[t] == j ? 1.0 : -1.0;
            }
            std::vector<std::string> classes{settings.classes[i], settings.classes[j]};
            const std::string what = stage(classes);
            machines.push_back(fit_two_class(settings, kernel, points, rows, y, upper, options,
                                             machine_seed(machines.size()), is_support, std::move(classes), what));
        }
    }
    settings.summary = machine_totals(machines, n, static_cast<size_t>(std::count(is_support.begin(),
                                                                                   is_support.end(), 1)));
    Model model(std::move(settings));
    model.set_machines(std::move(machines));
    const auto values = machine_decisions(model, points, n);
    const auto predicted = predict_classes(model, values, n);
    size_t correct = 0;
    for (size_t t = 0; t < n; ++t) correct += predicted.label[t] == label[t];
    model.summary.training_accuracy = static_cast<double>(correct) / static_cast<double>(n);
    return model;
}

}  // namespace orca::detail
