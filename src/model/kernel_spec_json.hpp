#pragma once
// The kernel's settings as the project's JSON documents write them: the model file's "kernel",
// the analysis' "model" and a sweep's "setting" (each adds its own truncation fields and more).
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "orca/basis.hpp"

namespace orca {

// family, alpha, beta, lambda, measure and degrees.
[[nodiscard]] nlohmann::json kernel_spec_json(const KernelSpec& spec);
// Those fields read back, each checked, with degree_count degrees, each a whole number in
// 0..kMaxDegree (a model file: one per feature; a sweep's setting: one for every feature):
// ModelFileError naming `where` and the field, ParameterError for a family's parameter out of
// its domain or an unknown family or measure. Truncation is each document's own: max_order and
// max_total_degree are left at 0 for the caller.
[[nodiscard]] KernelSpec kernel_spec_from_json(const nlohmann::json& j, size_t degree_count, const std::string& where);

}  // namespace orca
