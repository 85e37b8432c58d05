// The OKC analysis as the engine serialises it: each report's JSON (which Python's report
// classes read), text table and HTML.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "orca/html_report.hpp"
#include "orca/model_analysis.hpp"
#include "orca/multiclass.hpp"
#include "orca/okc_format.hpp"

namespace py = pybind11;

namespace orca::python {

namespace {

// One report as the engine writes it: its JSON (the single serialisation, read by Python's
// OkcReport), its text table and its HTML.
py::dict report_views(std::string text, std::string json, std::string html) {
    py::dict out;
    out["text"] = std::move(text);
    out["json"] = std::move(json);
    out["html"] = std::move(html);
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
            const size_t machine_count = model.machines().size();
            {
                py::gil_scoped_release release;
                a = analyze_model(model, o);
                text = model_analysis_to_text(a, model);
                json = model_analysis_to_json(a, model);
                html = model_analysis_html(a, model.feature_names);
                for (size_t k = 0; k < machine_count; ++k) {
                    const Model machine = machine_model(model, k);
                    texts.push_back(okc_to_text(a.machines[k].report, machine));
                    jsons.push_back(okc_to_json(a.machines[k].report, machine));
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
            for (size_t k = 0; k < machine_count; ++k) {
                py::dict r = report_views(texts[k], jsons[k], htmls[k]);
                r["name"] = a.machines[k].name;
                machines.append(r);
            }
            out["machines"] = machines;
            if (a.energy_weighted) {
                out["energy_weighted"] = report_views(texts[machine_count], jsons[machine_count], htmls[machine_count]);
                out["mean"] =
                    report_views(texts[machine_count + 1], jsons[machine_count + 1], htmls[machine_count + 1]);
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
