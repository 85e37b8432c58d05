#pragma once
// Training a model on a data set: the scaler, the machine(s) and what the fit did.
#include "orca/dataset.hpp"
#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca {

// Fits the scaler and the machine(s): one for two classes or a regression, one per pair or per
// class for more classes. Throws orca::Error (the request's rules: validate()).
[[nodiscard]] Model train_model(const Dataset& data, const TrainOptions& options);

}  // namespace orca
