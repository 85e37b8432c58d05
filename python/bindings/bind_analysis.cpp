// The OKC analysis, returned as plain Python data (numpy arrays, lists) plus the engine's
// text table and JSON, so that the pure-Python report class only arranges them.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "orca/html_report.hpp"
#include "orca/model_analysis.hpp"
#include "orca/okc_format.hpp"

namespace py = pybind11;

namespace orca::python {

namespace {

py::dict report_dict(const OkcReport& r) {
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
    out["max_order"] = r.max_order;
    out["max_total_degree"] = r.max_total_degree;
    return out;
}

}  // namespace

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
            ModelAnalysis a;
            std::string text, json, html;
            std::vector<std::string> texts, jsons, htmls;  // per machine, then the aggregates
            const auto list = model.machine_list();
            {
                py::gil_scoped_release release;
                a = analyze_model(model, o);
                text = model_analysis_to_text(a, model);
                json = model_analysis_to_json(a, model);
                html = model_analysis_html(a, model.feature_names);
                for (size_t k = 0; k < list.size(); ++k) {
                    texts.push_back(okc_to_text(a.machines[k].report, *list[k]));
                    jsons.push_back(okc_to_json(a.machines[k].report, *list[k]));
                    htmls.push_back(okc_report_html(a.machines[k].report, model.feature_names));
                }
                if (a.energy_weighted)
                    for (const auto* r : {&*a.energy_weighted, &*a.mean}) {
                        texts.push_back(okc_to_text(*r, model));
                        jsons.push_back(okc_to_json(*r, model));
                        htmls.push_back(okc_report_html(*r, model.feature_names));
                    }
            }
            py::dict out;
            py::list machines;
            for (size_t k = 0; k < list.size(); ++k) {
                py::dict r = report_dict(a.machines[k].report);
                r["name"] = a.machines[k].name;
                r["text"] = texts[k];
                r["json"] = jsons[k];
                r["html"] = htmls[k];
                machines.append(r);
            }
            out["machines"] = machines;
            if (a.energy_weighted) {
                out["energy_weighted"] = report_dict(*a.energy_weighted);
                out["energy_weighted"]["text"] = texts[list.size()];
                out["energy_weighted"]["json"] = jsons[list.size()];
                out["energy_weighted"]["html"] = htmls[list.size()];
                out["mean"] = report_dict(*a.mean);
                out["mean"]["text"] = texts[list.size() + 1];
                out["mean"]["json"] = jsons[list.size() + 1];
                out["mean"]["html"] = htmls[list.size() + 1];
            }
            out["text"] = text;
            out["json"] = json;
            out["html"] = html;
            return out;
        },
        py::arg("model"), py::arg("method") = "auto", py::arg("eps") = std::vector<double>{0.01, 0.05, 0.10},
        py::arg("top_coefficients") = 20, py::arg("coefficients_if_cheap") = true, py::arg("memory_mb") = 4096.0,
        py::arg("top_subsets") = 10,
        "Every OKC index of every machine of a model, and the two aggregates for several machines "
        "(releases the GIL).");
}

}  // namespace orca::python
