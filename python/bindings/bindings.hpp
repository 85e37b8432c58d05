#pragma once
// The private _core module: one registration function per area of the engine.
#include <pybind11/pybind11.h>

namespace orca::python {
void bind_model(pybind11::module_& m);
void bind_analysis(pybind11::module_& m);
void bind_explain(pybind11::module_& m);
void bind_diagnostics(pybind11::module_& m);
void bind_report(pybind11::module_& m);
}  // namespace orca::python
