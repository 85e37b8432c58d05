#pragma once
// One self-contained HTML page about a model (model card, every OKC index, shape functions,
// pair surfaces, exact Shapley waterfalls of chosen rows): inline CSS and SVG, no script, no
// external resource (a Content-Security-Policy forbids any), so it opens offline in any browser.
// The same fragments serve notebooks (_repr_html_ of the Python reports). Numbers are printed
// from the same reports `orca analyze --json` and `orca explain` write.
#include <string>
#include <vector>

#include "orca/dataset.hpp"
#include "orca/model.hpp"
#include "orca/model_analysis.hpp"
#include "orca/okc.hpp"

namespace orca {

struct HtmlReportOptions {
    std::string title;                          // "" : "ORCA model report: <target>"
    std::vector<size_t> rows;                   // 0-based rows of the data to explain (waterfalls)
    size_t default_rows = 3;                    // without `rows`: the data's first rows, this many
    std::vector<double> eps{0.01, 0.05, 0.10};  // thresholds T_eps
    size_t top_coefficients = 20;               // listed where the enumeration is cheap
    size_t top_pairs = 10;                      // pairs listed in the table below the heatmap
    size_t pair_surfaces = 3;                   // surfaces drawn for the strongest pairs
    size_t shape_grid = 100;                    // points per shape function
    size_t surface_grid = 30;                   // points per axis of a pair surface
    double memory_limit_mb = 4096.0;            // the analysis' enumeration budget
    // Diagnostics to add (the JSON `orca sweep --json` / `orca stability --json` write; "" none),
    // with the name to cite in the page and in errors.
    std::string sweep_json, sweep_source = "sweep";
    std::string stability_json, stability_source = "stability";
};

// The whole page. data (optional, raw rows in the model's feature order, target optional) adds
// held-out accuracy (or R^2), a rug of its values under each shape function, and the waterfalls
// of options.rows. Throws ParameterError for rows outside the data, DataError for data whose
// features do not match the model and for diagnostics that are not a sweep or stability result.
[[nodiscard]] std::string html_report(const Model& model, const Dataset* data, const HtmlReportOptions& options = {});

// Fragments (a <div> with its own scoped style) for notebooks: one OKC report, or a whole
// model's analysis (several machines: the aggregate first, then each machine).
[[nodiscard]] std::string okc_report_html(const OkcReport& report, const std::vector<std::string>& feature_names,
                                          size_t top_pairs = 10);
[[nodiscard]] std::string model_analysis_html(const ModelAnalysis& analysis,
                                              const std::vector<std::string>& feature_names, size_t top_pairs = 10);

}  // namespace orca
