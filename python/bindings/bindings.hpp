#pragma once
// The private _core module: one registration function per area of the engine.
#include <pybind11/pybind11.h>

#include "orca/model.hpp"

namespace orca::python {
void bind_model(pybind11::module_& m);
void bind_analysis(pybind11::module_& m);
void bind_explain(pybind11::module_& m);
void bind_diagnostics(pybind11::module_& m);
void bind_report(pybind11::module_& m);
void bind_settings(pybind11::module_& m);
void bind_feature_space(pybind11::module_& m);
// One read-only property per setting a model keeps, named as Python names the setting.
void add_setting_properties(pybind11::class_<Model>& model);
}  // namespace orca::python
