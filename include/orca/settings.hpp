#pragma once
// The training settings, declared once. Each row of the table names a setting (its one name in
// C++, the model file, the CLI's long option and Python, where Python's keyword differs only when
// the table says so), its kind, default, the models it applies to and a one-line description.
// `orca fit`'s options and help, the Python estimators' parameters, _core.pyi and docs/cli.md's
// table follow from it or are checked against it (tests/python/test_settings_table.py).
//
// Users' requests arrive as text (the CLI's arguments, Python's values written exactly) and
// become TrainOptions through train_options(), which holds every rule, cross-setting ones
// included; validate() (train_options.hpp) holds the rules TrainOptions built in code must keep.
// Messages name
// settings, never a surface's spelling of them.
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca {

enum class SettingKind {
    real,          // a finite number
    integer,       // a whole number
    boolean,       // true or false
    choice,        // one of an enumeration's names (names.hpp)
    degrees,       // "3", "3,4,5" (one per feature) or "3,age=4" (a default and named features)
    max_order,     // "auto" or an integer
    class_weight,  // "balanced" or LABEL=WEIGHT pairs
};
template <>
struct EnumNames<SettingKind> {
    static constexpr std::string_view setting = "kind";
    static constexpr std::array<Named<SettingKind>, 7> names{{{SettingKind::real, "real"},
                                                              {SettingKind::integer, "integer"},
                                                              {SettingKind::boolean, "boolean"},
                                                              {SettingKind::choice, "choice"},
                                                              {SettingKind::degrees, "degrees"},
                                                              {SettingKind::max_order, "max_order"},
                                                              {SettingKind::class_weight, "class_weight"}}};
};

struct TrainingSetting {
    std::string_view name;    // C++, the model file, the CLI (as --name, '_' written '-') and Python
    std::string_view python;  // Python's keyword where it cannot be `name`; "-": no keyword (the class says it)
    std::string_view cli;     // the CLI's option names, when not --name
    SettingKind kind;
    std::string_view default_text;  // the default as train_options reads it (the CLI's and the docs')
    std::string_view applies_to;    // "" (every model), "family jacobi", "family gegenbauer", "task regression",
                                    // or "task classification"
    std::string_view doc;           // one line for help texts and docs
    bool kept_in_model;             // a model (and its file) keeps it: model_setting reads it back
};

// The table, in the order help texts and docs list it.
[[nodiscard]] std::span<const TrainingSetting> training_settings();
// The row of a name; throws ParameterError for an unknown one.
[[nodiscard]] const TrainingSetting& training_setting(std::string_view name);
// The accepted names of a choice setting ("a, b or c"); "" for other kinds.
[[nodiscard]] std::string setting_choices(const TrainingSetting& setting);
// The CLI's option names of a setting ("--max-order", "-C,--cost").
[[nodiscard]] std::string cli_option(const TrainingSetting& setting);
// The keyword Python uses ("" when it has none).
[[nodiscard]] std::string python_keyword(const TrainingSetting& setting);

// "a, b,c" as its non-empty parts, trimmed: how lists of settings (and of names) are written.
[[nodiscard]] std::vector<std::string> split_list(std::string_view text);
// split_list with each range "lo..hi" of whole numbers written out ("1..3, 8" -> 1, 2, 3, 8);
// other parts are kept as written. ParameterError naming `name` for an endpoint that is not a
// whole number, an empty range (hi < lo) or one of more than 1,001 values.
[[nodiscard]] std::vector<std::string> expand_ranges(std::string_view text, std::string_view name);

// name -> text of the settings a user gave; the others keep their defaults.
using SettingTexts = std::map<std::string, std::string, std::less<>>;

// TrainOptions from given settings, every rule checked: each value in its domain, no unknown
// setting, and no setting given to a model it does not apply to (alpha without family jacobi,
// epsilon without task regression, ...). feature_names resolve degrees given by name. Throws
// ParameterError naming the setting.
[[nodiscard]] TrainOptions train_options(const SettingTexts& given, std::span<const std::string> feature_names = {});

// A trained model's value of a setting, as train_options reads it; nullopt for settings models
// do not keep (solver effort, seeds).
[[nodiscard]] std::optional<std::string> model_setting(const Model& model, std::string_view name);

}  // namespace orca
