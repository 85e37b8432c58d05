#pragma once
// The kernel's settings as the project's JSON documents write them: the model file's "kernel",
// the analysis' "model" and a sweep's "setting" (each adds its own truncation fields and more).
#include <nlohmann/json.hpp>

#include "orca/basis.hpp"

namespace orca {

// family, alpha, beta, lambda, measure and degrees.
[[nodiscard]] nlohmann::json kernel_spec_json(const KernelSpec& spec);

}  // namespace orca
