#include "model/kernel_spec_json.hpp"

namespace orca {

nlohmann::json kernel_spec_json(const KernelSpec& spec) {
    return {{"family", to_string(spec.family.kind)}, {"alpha", spec.family.alpha},         {"beta", spec.family.beta},
            {"lambda", spec.family.lambda},          {"measure", to_string(spec.measure)}, {"degrees", spec.degrees}};
}

}  // namespace orca
