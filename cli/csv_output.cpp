#include "csv_output.hpp"

#include <fmt/format.h>

namespace orca::cli {

std::string csv_text(const std::string& field) {
    if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string csv_number(double value) {
    return fmt::format("{}", value);
}

}  // namespace orca::cli
