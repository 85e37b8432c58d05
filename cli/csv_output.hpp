#pragma once
// Writing CSV cells: numbers in round-trip precision, text quoted when it needs to be.
#include <string>

namespace orca::cli {

std::string csv_text(const std::string& field);  // RFC 4180 quoting when needed
std::string csv_number(double value);            // shortest text that reads back to the same double

}  // namespace orca::cli
