#pragma once
// Pieces shared by the report page and the notebook fragments.
#include <string>
#include <vector>

#include "orca/model_analysis.hpp"
#include "orca/okc.hpp"

namespace orca::report {

// The report's style sheet, scoped to .orca-report so that a notebook's own style is untouched.
[[nodiscard]] std::string style_sheet();

// A table with a caption; every cell is escaped. id: the anchor tests and links use.
[[nodiscard]] std::string table(const std::string& id, const std::string& caption,
                                const std::vector<std::string>& headers,
                                const std::vector<std::vector<std::string>>& rows);

// "p2(age) p1(epss)", or "1" for the constant.
[[nodiscard]] std::string basis_term(const std::vector<int>& index, const std::vector<std::string>& names);

// Every OKC index of one report as figures and tables; ids start with prefix (unique per page).
[[nodiscard]] std::string okc_sections(const OkcReport& report, const std::vector<std::string>& names,
                                       const std::string& prefix, size_t top_pairs);

// A whole model's analysis: one machine's sections, or for several the energy-weighted aggregate
// (ids "aggregate-...") and each machine folded (ids "machine-<m>-...").
[[nodiscard]] std::string analysis_sections(const ModelAnalysis& analysis, const std::vector<std::string>& names,
                                            size_t top_pairs);

// The pairs (j < k) by decreasing OKC_jk, at most `count`, leaving out zero shares.
[[nodiscard]] std::vector<std::pair<size_t, size_t>> strongest_pairs(const OkcReport& report, size_t count);

}  // namespace orca::report
