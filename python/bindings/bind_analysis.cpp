// The OKC analysis, returned as plain Python data (numpy arrays, lists) plus the engine's
// text table and JSON, so that the pure-Python report class only arranges them.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "orca/okc_format.hpp"

namespace py = pybind11;

namespace orca::python {

void bind_analysis(py::module_& m) {
    m.def(
        "analyze",
        [](const Model& model, const std::string& method, const std::vector<double>& eps, long top_coefficients,
           bool coefficients_if_cheap, double memory_mb, size_t top_subsets) {
            OkcOptions o;
            o.method = parse_okc_method(method);
            o.eps = eps;
            o.top_coefficients = top_coefficients;
            o.coefficients_if_cheap = coefficients_if_cheap;
            o.memory_limit_mb = memory_mb;
            o.top_subsets = top_subsets;
            OkcReport r;
            std::string text, json;
            {
                py::gil_scoped_release release;
                r = analyze(expansion_of(model), o);
                text = okc_to_text(r, model);
                json = okc_to_json(r, model);
            }
            const size_t d = r.dim;
            py::dict out;
            out["method"] = to_string(r.method);
            out["energy"] = r.energy;
            out["energy_kernel"] = r.energy_kernel;
            out["constant"] = r.constant;
            out["block"] = r.block;
            out["order"] = r.order;
            out["spectrum"] = r.spectrum;
            out["cumulative"] = r.cumulative;
            out["peak"] = r.peak;
            out["eps"] = r.eps;
            out["thresholds"] = r.thresholds;
            out["even"] = r.even;
            out["odd"] = r.odd;
            out["marginal"] = r.marginal;
            py::array_t<double> pw({static_cast<py::ssize_t>(d), static_cast<py::ssize_t>(d)});
            std::copy(r.pairwise.begin(), r.pairwise.end(), pw.mutable_data());
            out["pairwise"] = pw;
            out["total_effect"] = r.total_effect;
            py::list subsets;
            for (const auto& s : r.top_subsets) subsets.append(py::make_tuple(s.features, s.share));
            out["top_subsets"] = subsets;
            out["max_subset_order"] = r.max_subset_order;
            py::list coefs;
            for (const auto& c : r.coefficients) coefs.append(py::make_tuple(c.index, c.value));
            out["coefficients"] = coefs;
            out["coefficient_count"] = r.coefficient_count;
            out["text"] = text;
            out["json"] = json;
            return out;
        },
        py::arg("model"), py::arg("method") = "auto", py::arg("eps") = std::vector<double>{0.01, 0.05, 0.10},
        py::arg("top_coefficients") = 20, py::arg("coefficients_if_cheap") = true, py::arg("memory_mb") = 4096.0,
        py::arg("top_subsets") = 10, "Every OKC index of a model (releases the GIL).");
}

}  // namespace orca::python
