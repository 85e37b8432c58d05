#include "model/kernel_spec_json.hpp"

#include <cmath>

#include "model/json_fields.hpp"
#include "orca/errors.hpp"

namespace orca {

nlohmann::json kernel_spec_json(const KernelSpec& spec) {
    nlohmann::json j = {{"family", to_string(spec.family.kind)}, {"alpha", spec.family.alpha},
                        {"beta", spec.family.beta},              {"lambda", spec.family.lambda},
                        {"measure", to_string(spec.measure)},    {"degrees", spec.degrees}};
    if (!spec.level_weights.empty()) {  // categorical features' level frequencies (null: numeric)
        nlohmann::json w = nlohmann::json::array();
        for (const auto& pi : spec.level_weights) w.push_back(pi.empty() ? nlohmann::json(nullptr) : nlohmann::json(pi));
        j["level_weights"] = std::move(w);
    }
    if (!spec.gap_weights.empty()) j["gap_weights"] = spec.gap_weights;  // numeric gap levels (0: none)
    return j;
}

KernelSpec kernel_spec_from_json(const nlohmann::json& j, size_t degree_count, const std::string& where) {
    using namespace json_fields;
    KernelSpec spec;
    spec.family = FamilySpec::make(
        text(field(j, "family", where), where + ".family"), number(field(j, "alpha", where), where + ".alpha"),
        number(field(j, "beta", where), where + ".beta"), number(field(j, "lambda", where), where + ".lambda"));
    spec.measure = parse_measure(text(field(j, "measure", where), where + ".measure"));
    spec.degrees.clear();  // the document's
    for (double v : numbers(field(j, "degrees", where), where + ".degrees", degree_count)) {
        if (v != std::floor(v) || v < 0 || v > kMaxDegree)
            throw ModelFileError(where + ".degrees: expected integers in 0.." + std::to_string(kMaxDegree));
        spec.degrees.push_back(static_cast<int>(v));
    }
    return spec;
}

}  // namespace orca
