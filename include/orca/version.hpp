#pragma once
namespace orca {
inline constexpr const char* kVersion = "0.1.0";
// Bumped whenever the model file's layout changes incompatibly.
inline constexpr int kModelFormatVersion = 1;
}  // namespace orca
