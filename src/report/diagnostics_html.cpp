// The report's diagnostics section: a sweep (`orca sweep --json`) or a stability run
// (`orca stability --json`) read back from the JSON the engine wrote, drawn and tabled.
#include "report/diagnostics_html.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

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

std::string sweep_section(const std::string& text, const std::string& source) {
    try {
        const json doc = parse_result(text, source, "orca-sweep", "orca sweep --json FILE");
        BarChart chart;
        chart.title = "Accuracy across the sweep";
        chart.x_label = "accuracy";
        chart.series = {{}, {}};
        chart.series_names = {"cross-validated", "training"};
        chart.horizontal = true;
        std::vector<std::vector<std::string>> rows;
        for (const auto& r : doc.at("rows")) {
            const std::string label = r.at("setting").at("label").get<std::string>();
            chart.categories.push_back(label);
            chart.series[0].push_back(r.at("cv_mean").get<double>());
            chart.series[1].push_back(r.at("train_accuracy").get<double>());
            rows.push_back({label, fixed(r.at("cv_mean").get<double>()), fixed(r.at("cv_sd").get<double>()),
                            fixed(r.at("train_accuracy").get<double>()),
                            std::to_string(r.at("support_vectors").get<long>()),
                            fixed(r.at("mean_order").get<double>(), 3), std::to_string(r.at("peak").get<int>()),
                            r.at("overfitting").get<std::string>()});
        }
        return "<h3 id=\"sweep\">Sweep</h3><p class=\"note\">From " + escape(source) +
               ": cross-validated accuracy and the OKC profile of the model fitted on all data, per setting; "
               "the last column is the overfitting signal (docs/diagnostics.md).</p><div class=\"wide\">" +
               bar_chart(chart) + "</div>" +
               table("sweep-table", "Settings swept",
                     {"setting", "CV accuracy", "CV sd", "training accuracy", "support vectors", "mean order", "N*",
                      "overfitting signal"},
                     rows);
    } catch (const json::exception& e) {
        throw DataError(source + ": a field of the sweep is missing or of the wrong type (" + e.what() + ")");
    }
}

std::string stability_section(const std::string& text, const std::string& source) {
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
        return "<h3 id=\"stability\">Stability</h3><p class=\"note\">From " + escape(source) + ": " +
               escape(doc.at("setting").get<std::string>()) + " over " +
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
