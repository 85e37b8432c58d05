#pragma once
// A classifier's machine(s) (internal): one for two classes, else one per pair or per class,
// with Platt sigmoids when asked.
#include <vector>

#include "orca/kernel.hpp"
#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca::detail {

// Trains the classifier's machine(s) on scaled points; label[t] indexes settings.classes,
// upper[t] = C_t. The model of these settings with its machines, their summary and (when asked)
// the Platt sigmoids.
[[nodiscard]] Model train_classifier(ModelSettings settings, const TensorKernel& kernel,
                                     const std::vector<double>& points, const std::vector<size_t>& label,
                                     const std::vector<double>& upper, const TrainOptions& options);

}  // namespace orca::detail
