#include "orca/model_analysis.hpp"

#include "orca/expansion.hpp"
#include "orca/multiclass.hpp"

namespace orca {

ModelAnalysis analyze_model(const Model& model, const OkcOptions& options) {
    ModelAnalysis out;
    const auto& machines = model.machines();
    std::vector<OkcReport> reports;
    for (size_t m = 0; m < machines.size(); ++m) {
        reports.push_back(analyze(expansion_of(model, machines[m]), options));
        out.machines.push_back({machine_name(model, m), reports.back()});
    }
    if (machines.size() > 1) {
        out.energy_weighted = aggregate_reports(reports, OkcAggregation::energy_weighted, options.top_subsets);
        out.mean = aggregate_reports(reports, OkcAggregation::mean, options.top_subsets);
    }
    return out;
}

}  // namespace orca
