#pragma once
#include <string>

namespace orca {

// Writes content to a temporary file beside path and renames it over path, so a failed or
// interrupted run never leaves a truncated file where a good one was. Throws orca::Error.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace orca
