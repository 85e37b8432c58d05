#include "data/text_cells.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "orca/errors.hpp"

namespace orca {

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t");
    return std::string(s.substr(first, last - first + 1));
}

bool is_missing_token(std::string_view s) {
    std::string t = trim(s);
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
    if (!t.empty() && (t.front() == '-' || t.front() == '+') && t.substr(1) == "nan") return true;  // printf's -nan
    return t.empty() || t == "?" || t == "na" || t == "n/a" || t == "nan" || t == "null";
}

std::string quote_cell(std::string_view s) {
    std::string out;
    for (unsigned char c : s.substr(0, 40)) out.push_back(c >= 32 && c < 127 ? static_cast<char>(c) : '?');
    if (s.size() > 40) out += "...";
    return "'" + out + "'";
}

bool is_valid_utf8(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t extra = 0;
        unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the first continuation byte
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            if (c == 0xE0) lo = 0xA0;  // no overlong forms
            if (c == 0xED) hi = 0x9F;  // no surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
        } else {
            return false;
        }
        if (i + extra >= s.size()) return false;  // truncated sequence
        for (size_t k = 1; k <= extra; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return false;
        }
        i += extra + 1;
    }
    return true;
}

namespace {

// from_chars over the whole token after one optional '+': from_chars takes no '+' and one '-' of
// its own, so after a '+' no other sign may follow ("+-5" is no number). invalid_argument for
// text that is not exactly one number; result_out_of_range for one beyond a double.
std::errc read_whole_number(std::string_view s, double& out) {
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
        if (!s.empty() && (s.front() == '-' || s.front() == '+')) return std::errc::invalid_argument;
    }
    if (s.empty()) return std::errc::invalid_argument;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), out);
    return res.ptr == s.data() + s.size() ? res.ec : std::errc::invalid_argument;
}

}  // namespace

bool parse_double(std::string_view s, double& out) {
    return read_whole_number(s, out) == std::errc();
}

namespace {

// A number too large (or too small) for a double: from_chars reports it as out of range.
bool out_of_double_range(std::string_view s) {
    double v = 0.0;
    return read_whole_number(s, v) == std::errc::result_out_of_range;
}

}  // namespace

std::optional<unsigned char> control_character(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7F) return c;
    return std::nullopt;
}

namespace {

// Significant digits of a decimal number's mantissa (leading zeros and a fraction's trailing
// zeros do not count): up to 15 of them, distinct numbers are distinct doubles.
size_t significant_digits(std::string_view s) {
    const size_t e = s.find_first_of("eE");
    std::string digits;
    for (char c : s.substr(0, e))
        if (c >= '0' && c <= '9') digits.push_back(c);
    const auto first = digits.find_first_not_of('0');
    if (first == std::string::npos) return 1;
    digits.erase(0, first);
    if (s.substr(0, e).find('.') != std::string_view::npos) {
        const auto last = digits.find_last_not_of('0');
        digits.erase(last + 1);
    }
    return digits.size();
}

}  // namespace

void check_label_text(const std::string& text, const std::string& where, const std::string& what) {
    if (!is_valid_utf8(text))
        throw DataError(where + ": the " + what + " " + quote_cell(text) +
                        " is not valid UTF-8 text (save the file as UTF-8)");
    if (const auto c = control_character(text)) {
        static constexpr char kHex[] = "0123456789ABCDEF";
        throw DataError(where + ": the " + what + " " + quote_cell(text) + " holds a control character (byte 0x" +
                        kHex[*c >> 4] + kHex[*c & 15] + ")");
    }
}

std::string_view without_bom(std::string_view text) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return text;
}

std::string canonical_label(std::string_view label) {
    double v = 0.0;
    if (!parse_double(label, v) || !std::isfinite(v) || significant_digits(label) > 15) return std::string(label);
    if (v == 0.0) v = 0.0;  // -0 is 0
    char buffer[32];
    const auto res = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, res.ptr);
}

std::optional<double> parse_number_cell(std::string_view cell, const std::string& where, const std::string& column) {
    if (is_missing_token(cell)) return std::nullopt;
    const std::string t = trim(cell);
    double v = 0.0;
    if (!parse_double(t, v)) {
        if (out_of_double_range(t))
            throw DataError(where + ": the value " + quote_cell(t) + " in column '" + column +
                            "' is beyond double precision (magnitudes from about 2.2e-308 to 1.8e308, or 0)");
        throw DataError(where + ": non-numeric value " + quote_cell(t) + " in column '" + column + "'");
    }
    if (!std::isfinite(v))
        throw DataError(where + ": non-finite value " + quote_cell(t) + " in column '" + column + "'");
    return v;
}

}  // namespace orca
