// orca_svm._core: the C++ engine for the orca_svm package. User mistakes (orca::Error) arrive
// in Python as ValueError with the engine's one-line message.
#include <omp.h>
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "orca/atomic_file.hpp"
#include "orca/basis.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/scaler.hpp"
#include "orca/train_options.hpp"
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
    m.attr("DEFAULT_DEGREE") = orca::kDefaultDegree;
    // Python's files are written as the CLI's: the same refusals, the same temporary file.
    m.def(
        "write_file",
        [](const std::string& path, const std::string& text) {
            orca::check_output_path(path);
            orca::write_file_atomically(path, text);
        },
        pybind11::arg("path"), pybind11::arg("text"));
    m.def("check_output_path", &orca::check_output_path, pybind11::arg("path"),
          "ValueError for a path an output may not be written to (as the CLI refuses it)");
    m.attr("MAX_DEGREE") = orca::kMaxDegree;
    // The threads the engine's parallel regions would use if called now from this thread: what
    // OMP_NUM_THREADS and threadpoolctl's limits (omp_set_num_threads) leave it.
    m.def("max_threads", [] { return omp_get_max_threads(); });
    m.attr("MAX_MODEL_FILE_BYTES") = orca::kMaxModelFileBytes;
    m.attr("MAX_BOX_BOUND") = orca::kMaxBoxBound;
    m.def("check_model_file", &orca::check_model_file, pybind11::arg("path"),
          "ValueError unless path is a regular file no larger than any model file");
    // Scaling quantile's rule (orca::quantile_grid_step), for drivers that count the knots on many machines.
    m.attr("MAX_QUANTILE_KNOTS") = orca::kMaxQuantileKnots;
    m.attr("AUTO_MAX_ORDER") = orca::kAutoMaxOrder;
    m.def("resolve_max_order", &orca::resolve_max_order, pybind11::arg("setting"), pybind11::arg("d"),
          "the interaction order a max_order setting means for d features (0: the full tensor product)");
    orca::python::bind_settings(m);
    orca::python::bind_model(m);
    orca::python::bind_analysis(m);
    orca::python::bind_explain(m);
    orca::python::bind_diagnostics(m);
    orca::python::bind_report(m);
    orca::python::bind_feature_space(m);
}
