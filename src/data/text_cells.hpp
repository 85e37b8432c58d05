#pragma once
// Cell-level helpers shared by the CSV and LIBSVM readers.
#include <optional>
#include <string>
#include <string_view>

namespace orca {

[[nodiscard]] std::string trim(std::string_view s);
// "", "?", "NA", "N/A", "NaN" (any case), "null": a missing value.
[[nodiscard]] bool is_missing_token(std::string_view s);
// A cell's text made safe to quote in a one-line message (printable ASCII, at most 40 chars).
[[nodiscard]] std::string quote_cell(std::string_view s);
// Whether s is well-formed UTF-8 (no overlong forms, surrogates or code points above U+10FFFF):
// names and labels are written into JSON model files, which must be UTF-8.
[[nodiscard]] bool is_valid_utf8(std::string_view s);
// Parses a numeric cell. nullopt for a missing token; DataError naming `where` and `column`
// for text that is not a finite number.
[[nodiscard]] std::optional<double> parse_number_cell(std::string_view cell, const std::string& where,
                                                      const std::string& column);
// Parses a whole token as a double; false when it is not exactly one number.
[[nodiscard]] bool parse_double(std::string_view s, double& out);

}  // namespace orca
