// orca_svm._core: the C++ engine for the orca_svm package. User mistakes (orca::Error) arrive
// in Python as ValueError with the engine's one-line message.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "orca/errors.hpp"
#include "orca/version.hpp"

PYBIND11_MODULE(_core, m) {
    m.doc() = "ORCA engine: truncated orthogonal-polynomial kernel SVMs and their exact analysis";
    m.attr("__version__") = orca::kVersion;
    pybind11::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const orca::Error& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
    orca::python::bind_model(m);
    orca::python::bind_analysis(m);
    orca::python::bind_explain(m);
    orca::python::bind_diagnostics(m);
}
