#pragma once
// The parts of a model every training path fills the same way (internal): the settings and the
// fitted scaler, then each solved machine.
#include <span>

#include "orca/dataset.hpp"
#include "orca/machine_training.hpp"
#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca::detail {

// A Model holding the settings and the fitted scaler, no machine yet.
[[nodiscard]] Model shared_settings(const Dataset& data, const TrainOptions& options);
// Copies a solved machine into model: support vectors from points, a_i, b, summary. twin: an
// epsilon-SVR machine (bounded means |a_i| == C_i).
void store_machine(Model& model, const Machine& machine, std::span<const double> points, std::span<const double> upper,
                   bool twin);

}  // namespace orca::detail
