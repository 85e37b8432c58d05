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

bool parse_double(std::string_view s, double& out) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    if (s.empty()) return false;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), out);
    return res.ec == std::errc() && res.ptr == s.data() + s.size();
}

namespace {

// A number too large (or too small) for a double: from_chars reports it as out of range.
bool out_of_double_range(std::string_view s) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    double v = 0.0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    return res.ec == std::errc::result_out_of_range && res.ptr == s.data() + s.size();
}

}  // namespace

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
