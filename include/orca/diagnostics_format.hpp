#pragma once
// Tables (markdown-style text), CSV and JSON for sweeps, stability and selection.
#include <string>
#include <vector>

#include "orca/diagnostics.hpp"

namespace orca {

[[nodiscard]] std::string sweep_to_text(const SweepResult& result);
[[nodiscard]] std::string sweep_to_csv(const SweepResult& result);
[[nodiscard]] std::string sweep_to_json(const SweepResult& result);
[[nodiscard]] std::string stability_to_text(const std::vector<IndexStability>& s, const Setting& setting,
                                            const std::string& resampling);
[[nodiscard]] std::string stability_to_json(const std::vector<IndexStability>& s, const Setting& setting,
                                            const std::string& resampling);

}  // namespace orca
