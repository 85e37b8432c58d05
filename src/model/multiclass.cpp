#include "orca/multiclass.hpp"

#include <algorithm>
#include <cmath>

#include "orca/errors.hpp"
#include "orca/prediction.hpp"

namespace orca {

std::vector<double> machine_decisions(const Model& model, std::span<const double> points, size_t rows) {
    const auto& machines = model.machines();
    const size_t nm = machines.size();
    if (nm == 1) return decision_values(model, machines.front(), points, rows);
    std::vector<double> out(rows * nm);
    for (size_t m = 0; m < nm; ++m) {
        const auto g = decision_values(model, machines[m], points, rows);
        for (size_t r = 0; r < rows; ++r) out[r * nm + m] = g[r];
    }
    return out;
}

std::vector<std::vector<double>> class_score_weights(const Model& model) {
    const size_t k = model.classes.size();
    if (!model.is_multiclass()) return {{-1.0}, {1.0}};
    const size_t nm = model.machines().size();
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
    const size_t k = model.classes.size(), nm = model.machines().size();
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
    const auto& machines = model.machines();
    Model out{ModelSettings(model)};
    out.classes = {"not " + model.classes[c], model.classes[c]};
    out.class_weights = {1.0, 1.0};
    Machine score;
    score.classes = out.classes;
    for (size_t m = 0; m < machines.size(); ++m) {
        if (w[c][m] == 0.0) continue;
        const Machine& machine = machines[m];
        score.support_vectors.insert(score.support_vectors.end(), machine.support_vectors.begin(),
                                     machine.support_vectors.end());
        for (double a : machine.coefficients) score.coefficients.push_back(w[c][m] * a);
        // Stored by coefficients, the machines share one basis: their weighted sum is the score's.
        score.function_coefficients.resize(machine.function_coefficients.size(), 0.0);
        for (size_t k = 0; k < machine.function_coefficients.size(); ++k)
            score.function_coefficients[k] += w[c][m] * machine.function_coefficients[k];
        score.bias += w[c][m] * machine.bias;
    }
    score.summary = model.summary;
    if (!score.by_functions()) score.summary.support_vectors = score.coefficients.size();
    out.summary = score.summary;
    out.set_machines({std::move(score)});
    return out;
}

Model machine_model(const Model& model, size_t m) {
    const auto& machines = model.machines();
    if (m >= machines.size())
        throw ParameterError("machine index " + std::to_string(m) + " is out of range (" +
                             std::to_string(machines.size()) + " machines)");
    if (machines.size() == 1) return model;
    Model out{ModelSettings(model)};
    out.classes = machines[m].classes;
    if (model.multi_class == MultiClass::ovo) {
        // The pair's weights by its classes' positions (classes are distinct): O(k), where
        // listing every pair to index the m-th was O(k^2) for each of the k(k-1)/2 machines.
        const auto weight = [&](const std::string& c) {
            const auto at = std::find(model.classes.begin(), model.classes.end(), c) - model.classes.begin();
            return model.class_weights[static_cast<size_t>(at)];
        };
        out.class_weights = {weight(machines[m].classes[0]), weight(machines[m].classes[1])};
    } else {  // "rest" has no weight of its own (its rows keep their classes'): 1
        out.class_weights = {1.0, model.class_weights[m]};
    }
    out.summary = machines[m].summary;
    out.set_machines({machines[m]});
    return out;
}

std::string machine_name(const Model& model, size_t m) {
    const auto& machines = model.machines();
    ORCA_ASSERT(m < machines.size(), "machine index " + std::to_string(m) + " is out of range");
    const Machine& machine = machines[m];
    if (model.task == Task::regression) return "regression";
    if (model.is_multiclass() && model.multi_class == MultiClass::ovr) return machine.classes[1] + " vs rest";
    return machine.classes[1] + " vs " + machine.classes[0];
}

}  // namespace orca
