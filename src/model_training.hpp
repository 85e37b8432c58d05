#pragma once
// Steps of Model::train shared by the two-class, multi-class and regression paths (internal).
#include <span>
#include <vector>

#include "orca/dataset.hpp"
#include "orca/kernel.hpp"
#include "orca/model.hpp"

namespace orca::detail {

// A Model holding the settings and the fitted scaler, no machine yet.
[[nodiscard]] Model shared_settings(const Dataset& data, const TrainOptions& options);
// Copies a solved machine into model: support vectors from points, a_i, b, summary. twin: an
// epsilon-SVR machine (bounded means |a_i| == C_i).
void store_machine(Model& model, const Machine& machine, std::span<const double> points, std::span<const double> upper,
                   bool twin);
// Trains the classifier's machine(s) on scaled points; label[t] indexes model.classes,
// upper[t] = C_t. Fills machines, summary and (when asked) the Platt sigmoids.
void train_classifier(Model& model, const TensorKernel& kernel, const std::vector<double>& points,
                      const std::vector<size_t>& label, const std::vector<double>& upper, const TrainOptions& options);

}  // namespace orca::detail
