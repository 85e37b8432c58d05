#include "model/json_fields.hpp"

#include <cmath>
#include <sstream>

#include "orca/errors.hpp"

namespace orca::json_fields {

using nlohmann::json;

const json& field(const json& obj, const std::string& key, const std::string& where) {
    if (!obj.is_object()) throw ModelFileError(where + ": expected a JSON object");
    auto it = obj.find(key);
    if (it == obj.end()) throw ModelFileError(where + ": missing field '" + key + "'");
    return *it;
}

std::string fmt_most(double most) {
    std::ostringstream os;
    os << most;
    return os.str();
}

double number(const json& v, const std::string& where) {
    if (!v.is_number()) throw ModelFileError(where + ": expected a number");
    const double x = v.get<double>();
    if (!std::isfinite(x)) throw ModelFileError(where + ": not a finite number");
    return x;
}

size_t count(const json& v, const std::string& where, double most) {
    const double x = number(v, where);
    if (x < 0 || x != std::floor(x) || x > most)
        throw ModelFileError(where + ": expected a whole number from 0 to " + fmt_most(most));
    return static_cast<size_t>(x);
}

std::vector<double> numbers(const json& v, const std::string& where, size_t expected) {
    if (!v.is_array()) throw ModelFileError(where + ": expected an array of numbers");
    if (expected != SIZE_MAX && v.size() != expected)
        throw ModelFileError(where + ": expected " + std::to_string(expected) + " values, found " +
                             std::to_string(v.size()));
    std::vector<double> out;
    out.reserve(v.size());
    for (size_t k = 0; k < v.size(); ++k) out.push_back(number(v[k], where + "[" + std::to_string(k) + "]"));
    return out;
}

std::vector<std::string> strings(const json& v, const std::string& where) {
    if (!v.is_array()) throw ModelFileError(where + ": expected an array of strings");
    std::vector<std::string> out;
    for (const auto& s : v) {
        if (!s.is_string()) throw ModelFileError(where + ": expected an array of strings");
        out.push_back(s.get<std::string>());
    }
    return out;
}

std::string text(const json& v, const std::string& where) {
    if (!v.is_string()) throw ModelFileError(where + ": expected a string");
    return v.get<std::string>();
}

}  // namespace orca::json_fields
