#pragma once
// Sweep and stability results in the report, read from the JSON `orca sweep --json` and
// `orca stability --json` write (Python's SweepResult.to_json() / StabilityResult.to_json()).
#include <string>
#include <vector>

namespace orca::report {

// Throws DataError naming `source` when the text is not such a result.
// model_features: the model's; a sweep made on other features is refused.
[[nodiscard]] std::string sweep_section(const std::string& json_text, const std::string& source,
                                        const std::vector<std::string>& model_features);
// model_setting: the report's model as a sweep labels a setting (a run of another setting is
// drawn with a note that says so).
[[nodiscard]] std::string stability_section(const std::string& json_text, const std::string& source,
                                            const std::string& model_setting);

}  // namespace orca::report
