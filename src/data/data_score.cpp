#include "orca/data_score.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <unordered_map>

#include "data/text_cells.hpp"
#include "orca/multiclass.hpp"

namespace orca {

DataScore score_on_data(const Model& model, std::span<const double> machine_values,
                        const std::vector<std::string>& target) {
    DataScore score;
    const size_t rows = target.size();
    if (model.task == Task::regression) {
        std::vector<double> z, g;
        for (size_t r = 0; r < rows; ++r) {
            char* end = nullptr;
            const double v = std::strtod(target[r].c_str(), &end);
            if (end == target[r].c_str() || *end != '\0' || !std::isfinite(v)) continue;  // missing or text
            z.push_back(v);
            g.push_back(machine_values[r]);
        }
        score.scored = z.size();
        if (z.empty()) return score;
        double mean = 0.0, sse = 0.0, sst = 0.0;
        for (double v : z) mean += v / static_cast<double>(z.size());
        for (size_t i = 0; i < z.size(); ++i) {
            sse += (z[i] - g[i]) * (z[i] - g[i]);
            sst += (z[i] - mean) * (z[i] - mean);
        }
        score.rmse = std::sqrt(sse / static_cast<double>(z.size()));
        if (sst > 0.0) score.r2 = 1.0 - sse / sst;
        return score;
    }
    const ClassPrediction predicted = predict_classes(model, machine_values, rows);
    // Compared as the readers compare labels (1.0 is 1), also for models saved before they did.
    std::unordered_map<std::string, size_t> class_of;
    for (size_t c = 0; c < model.classes.size(); ++c) class_of.emplace(canonical_label(model.classes[c]), c);
    for (size_t r = 0; r < rows; ++r) {
        if (target[r].empty()) continue;  // an unknown label
        ++score.labelled;
        const auto it = class_of.find(canonical_label(target[r]));
        if (it == class_of.end()) continue;
        ++score.scored;
        if (it->second == predicted.label[r]) ++score.correct;
    }
    if (score.scored > 0) score.accuracy = static_cast<double>(score.correct) / static_cast<double>(score.scored);
    return score;
}

}  // namespace orca
