#pragma once
// The OKC analysis of a whole model: one report per machine (a two-class or regression model has
// one), and for several machines the two aggregates of okc.hpp, labelled.
#include <optional>
#include <string>
#include <vector>

#include "orca/model.hpp"
#include "orca/okc.hpp"

namespace orca {

struct MachineReport {
    std::string name;  // "b vs a", "c vs rest", or the class for a two-class model
    OkcReport report;
};

struct ModelAnalysis {
    std::vector<MachineReport> machines;
    std::optional<OkcReport> energy_weighted;  // only with more than one machine
    std::optional<OkcReport> mean;
};

[[nodiscard]] ModelAnalysis analyze_model(const Model& model, const OkcOptions& options = {});

}  // namespace orca
