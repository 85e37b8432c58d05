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
// The first control character (bytes 0x00-0x1F and 0x7F) in s, if any: names and labels go into
// model files and one-line messages, where a NUL or a newline would cut or forge them.
[[nodiscard]] std::optional<unsigned char> control_character(std::string_view s);
// Throws DataError "where: the <what> '...' is not valid UTF-8 text" or "... holds a control
// character (byte 0xNN)" unless text is UTF-8 without control characters.
void check_label_text(const std::string& text, const std::string& where, const std::string& what);
// A label as ORCA compares it: a number written with at most 15 significant digits becomes its
// shortest form ("1.0", "+1" and "1e0" are "1"; "-0" is "0"), so that one class is one value
// however a file spells it; anything else (text, longer numbers such as identifiers) is kept.
[[nodiscard]] std::string canonical_label(std::string_view label);
// The text without a leading UTF-8 byte-order mark (editors on Windows write one; it is neither
// CSV nor JSON and means nothing).
[[nodiscard]] std::string_view without_bom(std::string_view text);
// Parses a whole token as a double; false when it is not exactly one number.
[[nodiscard]] bool parse_double(std::string_view s, double& out);

}  // namespace orca
