#pragma once
// The model file: versioned JSON holding every setting, the scaler, support vectors, a_i, b.
// Doubles are written in shortest round-trip form, so save -> load is lossless.
#include <string>

#include "orca/model.hpp"

namespace orca {

// 4 GB: 20 million support vectors of 20 features. Larger files are refused before being read.
inline constexpr unsigned long long kMaxModelFileBytes = 4'000'000'000ULL;

[[nodiscard]] std::string model_to_json(const Model& model);
// source names the file in error messages. Throws ModelFileError on malformed content.
[[nodiscard]] Model model_from_json(const std::string& text, const std::string& source);

// The model's training record as the model file holds it (C, tolerance, rows, iterations, the
// certificate, support vectors, training accuracy or R^2): what Python's Model.summary reads.
[[nodiscard]] std::string training_record_json(const Model& model);

void save_model(const Model& model, const std::string& path);  // atomic: temp file + rename
// Throws ModelFileError unless path is a regular file of at most kMaxModelFileBytes (naming a
// directory, a pipe or a device as what it is). load_model checks it first.
void check_model_file(const std::string& path);
[[nodiscard]] Model load_model(const std::string& path);

}  // namespace orca
