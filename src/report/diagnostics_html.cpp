// The report's diagnostics section: a sweep (`orca sweep --json`) or a stability run
// (`orca stability --json`) read back from the JSON the engine wrote, drawn and tabled.
#include "report/diagnostics_html.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "orca/diagnostics.hpp"
#include "orca/diagnostics_format.hpp"
#include "orca/errors.hpp"
#include "report/html_parts.hpp"
#include "report/svg.hpp"

namespace orca::report {
namespace {

using nlohmann::json;

json parse_result(const std::string& text, const std::string& source, const std::string& format,
                  const std::string& command) {
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::exception&) {
        throw DataError(source + ": not valid JSON (expected the output of " + command + ")");
    }
    if (!doc.is_object() || doc.value("format", "") != format)
        throw DataError(source + ": not the output of " + command + " (its \"format\" is not \"" + format + "\")");
    return doc;
}

}  // namespace

std::string sweep_section(const std::string& text, const std::string& source,
                          const std::vector<std::string>& model_features) {
    (void)parse_result(text, source, "orca-sweep", "orca sweep --json FILE");
    SweepResult sweep;
    try {
        sweep = sweep_from_json(text);
    } catch (const ParameterError& e) {
        throw DataError(source + ": " + e.what());
    }
    // A sweep of other data says nothing about this model.
    if (sweep.feature_names != model_features) {
        const auto list = [](const std::vector<std::string>& names) {
            std::string s;
            for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
            return s;
        };
        throw DataError(source + ": the sweep was made on the features (" + list(sweep.feature_names) +
                        "), the model on (" + list(model_features) + "): give the sweep of this model's data");
    }
    BarChart chart;
    chart.title = sweep.task == Task::regression ? "R^2 across the sweep" : "Accuracy across the sweep";
    const std::string score = score_name(sweep.task);
    chart.x_label = score;
    chart.series = {{}, {}};
    chart.series_names = {"cross-validated", "training"};
    chart.horizontal = true;
    // The axis starts a little below the lowest score, at a multiple of 0.05 (0 at the lowest).
    double lowest = 1.0;
    for (const auto& r : sweep.rows) lowest = std::min({lowest, r.cv_mean, r.train_accuracy});
    chart.baseline = std::max(0.0, std::floor((lowest - 0.02) / 0.05) * 0.05);
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : sweep.rows) {
        const std::string label = r.setting.label();
        chart.categories.push_back(label);
        chart.series[0].push_back(r.cv_mean);
        chart.series[1].push_back(r.train_accuracy);
        rows.push_back({label, fixed(r.cv_mean), fixed(r.cv_sd), fixed(r.train_accuracy),
                        std::to_string(r.support_vectors), fixed(mean_order(r.okc), 3), std::to_string(r.okc.peak),
                        r.overfitting});
    }
    return "<h3 id=\"sweep\">Sweep</h3><p class=\"note\">From " + escape(source) +
           ": cross-validated " + score + " and the OKC profile of the model fitted on all data, per setting; "
           "the last column is the overfitting signal (docs/diagnostics.md).</p><div class=\"wide\">" +
           bar_chart(chart) + "</div>" +
           table("sweep-table", "Settings swept",
                 {"setting", "CV " + score, "CV sd", "training " + score, "support vectors", "mean order", "N*",
                  "overfitting signal"},
                 rows);
}

std::string stability_section(const std::string& text, const std::string& source, const std::string& model_setting) {
    try {
        const json doc = parse_result(text, source, "orca-stability", "orca stability --json FILE");
        BarChart chart;
        chart.title = "Shares over resamples (mean)";
        chart.x_label = "share of E";
        chart.series = {{}};
        chart.horizontal = true;
        std::vector<std::vector<std::string>> rows;
        for (const auto& i : doc.at("indices")) {
            const std::string name = i.at("name").get<std::string>();
            const bool degree = i.at("is_degree").get<bool>();
            const int digits = degree ? 2 : 4;
            // Shares that are 0 in every resample (orders the basis does not have) stay in the table only.
            if (!degree && i.at("hi").get<double>() > 0.0) {
                chart.categories.push_back(name);
                chart.series[0].push_back(i.at("mean").get<double>());
            }
            rows.push_back({name, fixed(i.at("mean").get<double>(), digits), fixed(i.at("sd").get<double>(), digits),
                            fixed(i.at("lo").get<double>(), digits), fixed(i.at("hi").get<double>(), digits),
                            i.at("verdict").get<std::string>()});
        }
        const std::string setting = doc.at("setting").get<std::string>();
        const std::string other =
            setting == model_setting
                ? ""
                : "<p class=\"warning\" id=\"stability-other-setting\">This run was made with " + escape(setting) +
                      ", not with this model's setting (" + escape(model_setting) +
                      "): its indices describe that setting, not this model.</p>";
        return "<h3 id=\"stability\">Stability</h3>" + other + "<p class=\"note\">From " + escape(source) + ": " +
               escape(setting) + " over " +
               escape(doc.at("resampling").get<std::string>()) +
               "; each index's mean, standard deviation and 95% interval, with the verdict by the documented rule "
               "(docs/diagnostics.md).</p><div class=\"wide\">" +
               bar_chart(chart) + "</div>" +
               table("stability-table", "Indices over resamples", {"index", "mean", "sd", "2.5%", "97.5%", "verdict"},
                     rows);
    } catch (const json::exception& e) {
        throw DataError(source + ": a field of the stability result is missing or of the wrong type (" + e.what() +
                        ")");
    }
}

}  // namespace orca::report
