#pragma once
// A classifier's machine(s) (internal): one for two classes, else one per pair or per class,
// with Platt sigmoids when asked.
#include <vector>

#include "orca/kernel.hpp"
#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca::detail {

// Trains the classifier's machine(s) on scaled points; label[t] indexes model.classes,
// upper[t] = C_t. Fills machines, summary and (when asked) the Platt sigmoids.
void train_classifier(Model& model, const TensorKernel& kernel, const std::vector<double>& points,
                      const std::vector<size_t>& label, const std::vector<double>& upper, const TrainOptions& options);

}  // namespace orca::detail
