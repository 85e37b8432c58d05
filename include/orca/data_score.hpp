#pragma once
// How a model does on data whose targets are known: accuracy over the rows whose label is one of
// the model's classes, or RMSE and R^2 over the rows with a numeric target. One computation for
// `orca predict`'s summary line and the report's model card.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "orca/model.hpp"

namespace orca {

struct DataScore {
    size_t scored = 0;         // rows with a usable target (a known label, or a finite number)
    size_t labelled = 0;       // classification: rows with a label at all (known to the model or not)
    size_t correct = 0;        // classification: rows whose predicted label is theirs
    double accuracy = 0.0;     // classification: correct / scored
    double rmse = 0.0;         // regression
    std::optional<double> r2;  // regression; none when the scored targets are all equal
};

// machine_values: machine_decisions(model, points, rows) for the rows of target (one per row).
[[nodiscard]] DataScore score_on_data(const Model& model, std::span<const double> machine_values,
                                      const std::vector<std::string>& target);

}  // namespace orca
