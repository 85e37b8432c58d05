#pragma once
// Presentation of an OKC report: the readable tables the CLI prints (and Python's str()), and
// JSON carrying every number plus the settings that produced them.
#include <string>

#include "orca/model.hpp"
#include "orca/model_analysis.hpp"
#include "orca/okc.hpp"

namespace orca {

struct OkcTextOptions {
    size_t top_pairs = 10;
    size_t max_block_rows = 60;  // spectrum rows shown (those with the most mass, in N order)
};

[[nodiscard]] std::string okc_to_text(const OkcReport& report, const Model& model, const OkcTextOptions& options = {});
[[nodiscard]] std::string okc_to_json(const OkcReport& report, const Model& model);
// A whole model: one machine's report as above; several machines each under a heading, then the
// two aggregates, labelled (JSON: "machines" and "aggregated").
[[nodiscard]] std::string model_analysis_to_text(const ModelAnalysis& analysis, const Model& model,
                                                 const OkcTextOptions& options = {});
[[nodiscard]] std::string model_analysis_to_json(const ModelAnalysis& analysis, const Model& model);

}  // namespace orca
