#pragma once
// Typed reads of the project's JSON documents (model files, sweeps): each value checked, a
// ModelFileError naming its path ("m.json: kernel.degrees[2]: expected a number") otherwise.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace orca::json_fields {

// The required field `key` of the object `obj`; `where` is obj's path.
[[nodiscard]] const nlohmann::json& field(const nlohmann::json& obj, const std::string& key, const std::string& where);
// A finite number.
[[nodiscard]] double number(const nlohmann::json& v, const std::string& where);
// A count: an integer from 0 to `most` (a hand-edited -5 or 1e300 would be undefined when cast).
[[nodiscard]] size_t count(const nlohmann::json& v, const std::string& where, double most = 1e15);
// An array of finite numbers, of `expected` values unless SIZE_MAX.
[[nodiscard]] std::vector<double> numbers(const nlohmann::json& v, const std::string& where, size_t expected);
[[nodiscard]] std::vector<std::string> strings(const nlohmann::json& v, const std::string& where);
[[nodiscard]] std::string text(const nlohmann::json& v, const std::string& where);
// A bound as messages write it (an ostream's default: 6 significant digits).
[[nodiscard]] std::string fmt_most(double most);

}  // namespace orca::json_fields
