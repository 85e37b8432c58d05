// The settings table and the enumerations' names, as Python sees them: the estimators build
// their requests from the table, read a model's settings back through it, and take their lists
// of accepted names from the engine.
#include <pybind11/stl.h>

#include <string>

#include "bindings.hpp"
#include "orca/dataset.hpp"
#include "orca/diagnostics.hpp"
#include "orca/okc.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"

namespace py = pybind11;

namespace orca::python {
namespace {

template <class E>
py::list names_of() {
    py::list out;
    for (const auto& entry : EnumNames<E>::names)
        if (!entry.alias) out.append(std::string(entry.name));
    return out;
}

// A model's setting as a Python value of the setting's kind (model_setting's text, typed).
py::object setting_object(const TrainingSetting& s, const std::string& text) {
    switch (s.kind) {
        case SettingKind::real:
            return py::float_(std::stod(text));
        case SettingKind::integer:
        case SettingKind::max_order:
            return py::int_(std::stoll(text));
        case SettingKind::boolean:
            return py::bool_(text == "true");
        case SettingKind::degrees: {
            py::list out;
            for (const auto& part : split_list(text)) out.append(std::stoi(part));
            return out;
        }
        case SettingKind::class_weight: {
            py::dict out;
            for (const auto& part : split_list(text)) {
                const auto eq = part.rfind('=');
                out[py::str(part.substr(0, eq))] = std::stod(part.substr(eq + 1));
            }
            return out;
        }
        case SettingKind::choice:
            break;
    }
    return py::str(text);
}

}  // namespace

void add_setting_properties(py::class_<Model>& model) {
    for (const TrainingSetting& s : training_settings()) {
        if (!s.kept_in_model) continue;
        const std::string keyword = python_keyword(s), property = keyword.empty() ? std::string(s.name) : keyword;
        const std::string doc = std::string(s.doc) + " (the setting '" + std::string(s.name) + "')";
        model.def_property_readonly(
            property.c_str(), [&s](const Model& m) { return setting_object(s, *model_setting(m, s.name)); },
            doc.c_str());
    }
}

void bind_settings(py::module_& m) {
    m.def(
        "training_settings",
        [] {
            py::list out;
            for (const TrainingSetting& s : training_settings()) {
                py::dict row;
                row["name"] = std::string(s.name);
                row["python"] = python_keyword(s);
                row["cli"] = cli_option(s);
                row["kind"] = std::string(name_of(s.kind));
                row["default"] = std::string(s.default_text);
                row["choices"] = setting_choices(s);
                row["applies_to"] = std::string(s.applies_to);
                row["doc"] = std::string(s.doc);
                row["kept_in_model"] = s.kept_in_model;
                out.append(row);
            }
            return out;
        },
        "the engine's table of training settings, one dict per setting");
    m.def(
        "model_settings",
        [](const Model& model) {
            py::dict out;
            for (const TrainingSetting& s : training_settings())
                if (const auto text = model_setting(model, s.name)) out[py::str(std::string(s.name))] = *text;
            return out;
        },
        py::arg("model"), "the settings a model keeps, by name, as train_options reads them");
    py::dict names;
    names["task"] = names_of<Task>();
    names["family"] = names_of<FamilyKind>();
    names["measure"] = names_of<Measure>();
    names["multi_class"] = names_of<MultiClass>();
    names["analysis_method"] = names_of<OkcMethod>();
    names["aggregation"] = names_of<OkcAggregation>();
    names["prediction_method"] = names_of<PredictMethod>();
    names["out_of_range"] = names_of<OutOfRange>();
    names["missing"] = names_of<Missing>();
    names["store"] = names_of<Store>();
    names["scaling"] = names_of<Scaling>();
    names["target_scaling"] = names_of<TargetScaling>();
    names["scaler"] = names_of<ScalerKind>();
    names["stop"] = names_of<StopReason>();
    names["format"] = names_of<DataFormat>();
    names["resampling"] = names_of<Resampling>();
    m.attr("NAMES") = names;
}

}  // namespace orca::python
