#pragma once
// One table of names per enumeration. Printers (name_of), parsers (parse_name), help texts and
// the docs (name_list) and Python's constants all read it, so that each name is spelt once and
// every refusal is worded the same way: "<setting> must be one of a, b or c, got 'x'".
//
// Each enumeration declares its table next to itself by specialising EnumNames:
//   template <> struct EnumNames<Measure> {
//       static constexpr std::string_view setting = "measure";
//       static constexpr std::array<Named<Measure>, 2> names{{...}};
//   };
// An entry marked `alias` is accepted by parse_name but never printed or listed.
#include <string>
#include <string_view>

#include "orca/errors.hpp"

namespace orca {

template <class E>
struct Named {
    E value;
    std::string_view name;
    bool alias = false;
};

template <class E>
struct EnumNames;

// The name a value is printed and saved with.
template <class E>
[[nodiscard]] constexpr std::string_view name_of(E value) {
    for (const auto& entry : EnumNames<E>::names)
        if (entry.value == value && !entry.alias) return entry.name;
    return "unknown";
}

// "a, b or c": the accepted names, for messages and help texts.
template <class E>
[[nodiscard]] std::string name_list() {
    std::string out;
    size_t shown = 0, total = 0;
    for (const auto& entry : EnumNames<E>::names) total += entry.alias ? 0 : 1;
    for (const auto& entry : EnumNames<E>::names) {
        if (entry.alias) continue;
        if (shown > 0) out += shown + 1 == total ? " or " : ", ";
        out += entry.name;
        ++shown;
    }
    return out;
}

// The value named by text; throws ParameterError naming the setting and the accepted names.
template <class E>
[[nodiscard]] E parse_name(std::string_view text) {
    for (const auto& entry : EnumNames<E>::names)
        if (entry.name == text) return entry.value;
    throw ParameterError(std::string(EnumNames<E>::setting) + " must be one of " + name_list<E>() + ", got '" +
                         std::string(text) + "'");
}

}  // namespace orca
