// The HTML report of a model, built by the engine (the CLI's `orca report` prints the same page).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>

#include "bindings.hpp"
#include "numpy_data.hpp"
#include "orca/html_report.hpp"

namespace py = pybind11;

namespace orca::python {

void bind_report(py::module_& m) {
    m.def(
        "html_report",
        [](const Model& model, std::optional<Array> X, std::vector<std::string> y, const std::vector<size_t>& rows,
           const std::string& title, const std::vector<double>& eps, size_t top_pairs, size_t pair_surfaces,
           double memory_mb, const std::string& sweep_json, const std::string& stability_json) {
            std::optional<Dataset> data;
            if (X) {
                if (y.empty()) {
                    data = dataset_from(*X, std::vector<std::string>(static_cast<size_t>(X->shape(0))),
                                        model.feature_names);
                    data->target.clear();
                } else {
                    data = dataset_from(*X, std::move(y), model.feature_names);
                }
                data->target_name = model.target_name;
            }
            HtmlReportOptions o;
            o.rows = rows;
            o.title = title;
            o.eps = eps;
            o.top_pairs = top_pairs;
            o.pair_surfaces = pair_surfaces;
            o.memory_limit_mb = memory_mb;
            o.sweep_json = sweep_json;
            o.stability_json = stability_json;
            py::gil_scoped_release release;
            return html_report(model, data ? &*data : nullptr, o);
        },
        py::arg("model"), py::arg("X") = py::none(), py::arg("y") = std::vector<std::string>{},
        py::arg("rows") = std::vector<size_t>{}, py::arg("title") = "",
        py::arg("eps") = std::vector<double>{0.01, 0.05, 0.10}, py::arg("top_pairs") = 10, py::arg("pair_surfaces") = 3,
        py::arg("memory_mb") = 4096.0, py::arg("sweep_json") = "", py::arg("stability_json") = "",
        "One self-contained HTML page about the model (releases the GIL); X (optional) gives held-out "
        "accuracy, rugs and the rows to explain.");
}

}  // namespace orca::python
