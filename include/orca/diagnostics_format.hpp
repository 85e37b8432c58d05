#pragma once
// Tables (markdown-style text), CSV and JSON for sweeps, stability and selection.
#include <string>
#include <vector>

#include "orca/diagnostics.hpp"

namespace orca {

[[nodiscard]] std::string sweep_to_text(const SweepResult& result);
[[nodiscard]] std::string sweep_to_csv(const SweepResult& result);
[[nodiscard]] std::string sweep_to_json(const SweepResult& result);
// Reads sweep_to_json's output back (exactly: doubles round-trip), so that sweeps of parts of
// a grid run elsewhere can be joined and finished (flags, selection) by the same code.
[[nodiscard]] SweepResult sweep_from_json(const std::string& text);
[[nodiscard]] std::string stability_to_text(const std::vector<IndexStability>& s, const Setting& setting,
                                            const std::string& resampling);
[[nodiscard]] std::string stability_to_json(const std::vector<IndexStability>& s, const Setting& setting,
                                            const std::string& resampling);

}  // namespace orca
