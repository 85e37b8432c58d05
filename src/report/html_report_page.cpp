#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "orca/data_score.hpp"
#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/html_report.hpp"
#include "orca/model_card.hpp"
#include "orca/multiclass.hpp"
#include "orca/version.hpp"
#include "report/diagnostics_html.hpp"
#include "report/html_parts.hpp"
#include "report/svg.hpp"

namespace orca {
namespace {

using report::escape;
using report::fixed;

// What the given data says about the model: its size, rows outside the training range, and the
// accuracy (or R^2 and RMSE) on its rows with a known target.
std::vector<CardLine> data_lines(const Model& model, const Dataset& data) {
    std::vector<CardLine> lines{{"data", fmt::format("{} ({} rows)", data.source, data.rows)}};
    Clipping clipping;
    const auto points = model.scaled_rows(data.X, data.rows, OutOfRange::clip, data.source, &clipping);
    if (clipping.rows > 0) lines.push_back({"out of range", clipped_rows_note(clipping, data.rows)});
    if (data.target.empty()) return lines;
    const auto values = machine_decisions(model, points, data.rows);
    const DataScore score = score_on_data(model, values, data.target);
    if (score.scored == 0) return lines;
    if (model.task == Task::regression) {
        lines.push_back(
            {"R^2 on the data", score.r2 ? fmt::format("{:.4f}", *score.r2) : "undefined (constant target)"});
        lines.push_back(
            {"RMSE on the data", fmt::format("{:.6g} ({} rows with a numeric target)", score.rmse, score.scored)});
    } else {
        lines.push_back({"accuracy on the data", fmt::format("{:.4f} ({} of {} rows with a known label)",
                                                             score.accuracy, score.correct, score.scored)});
    }
    return lines;
}

std::string card_section(const Model& model, const Dataset* data) {
    std::string out = "<section id=\"model-card\"><h2>Model card</h2><dl class=\"card\">";
    auto lines = model_card(model);
    if (data != nullptr)
        for (auto& line : data_lines(model, *data)) lines.push_back(std::move(line));
    for (const auto& line : lines) {
        std::string id = line.label;
        std::replace_if(
            id.begin(), id.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '-');
        while (!id.empty() && id.front() == '-') id.erase(0, 1);
        out += "<dt>" + escape(line.label) + "</dt><dd id=\"card-" + escape(id) + "\">" + escape(line.value) + "</dd>";
    }
    out += "<dt>features</dt><dd>";
    for (size_t j = 0; j < model.dim(); ++j) out += (j ? ", " : "") + escape(model.feature_names[j]);
    return out + "</dd></dl></section>";
}

// Values of feature j to draw as a rug: the data's, else the support vectors' (raw units).
std::vector<double> rug_values(const Model& explained, const Dataset* data, size_t j) {
    std::vector<double> rug;
    const size_t d = explained.dim();
    if (data != nullptr) {
        for (size_t r = 0; r < data->rows; ++r)
            if (!std::isnan(data->X[r * d + j])) rug.push_back(data->X[r * d + j]);  // a gap has no place
        return rug;
    }
    const Machine& machine = explained.machine();
    for (size_t i = 0; i < machine.support_count(); ++i) {
        const double x = explained.scaler.unscale(j, machine.support_vectors[i * d + j]);
        if (!std::isnan(x)) rug.push_back(x);  // a gap, missing or with a function of its own, has no place
    }
    return rug;
}

// A categorical feature's main effect: a bar per level (its codes have no order or distance to
// draw a line over), each named.
std::string level_bars(const Model& explained, const ShapeFunction& s) {
    const std::string& name = explained.feature_names[s.feature];
    const auto& levels = explained.levels[s.feature];
    report::BarChart chart;
    chart.title = "h(" + name + ")";
    chart.x_label = name;
    chart.y_label = "main effect";
    chart.series.emplace_back();
    size_t longest = 0;
    for (size_t i = 0; i < s.x.size(); ++i) {
        const auto code = static_cast<size_t>(s.x[i]);
        chart.categories.push_back(levels[code]);
        chart.series[0].push_back(s.h[i]);
        longest = std::max(longest, levels[code].size());
    }
    // Long names or many levels read better down the side.
    chart.horizontal = longest > 8 || chart.categories.size() > 12;
    return report::bar_chart(chart);
}

std::string shape_section(const Model& explained, const Dataset* data, const HtmlReportOptions& o,
                          const std::string& what) {
    const auto shapes = shape_functions(explained, o.shape_grid);
    std::string out =
        "<h3>Shape functions</h3><p class=\"note\">The exact main effect h<sub>j</sub>(x<sub>j</sub>) of " + what +
        " over each feature's training range (the functional-ANOVA component under the " +
        "kernel's measure)" +
        (data                                                  ? std::string(", with a rug of the given data")
         : explained.machines().front().by_functions() ? std::string(" (the model keeps no support vectors to rug)")
                                                       : std::string(", with a rug of the support vectors")) +
        ".</p><div class=\"figures\">";
    for (const auto& s : shapes) {
        const std::string& name = explained.feature_names[s.feature];
        if (explained.categorical(s.feature)) {
            out += level_bars(explained, s);
            continue;
        }
        report::LineChart chart;
        chart.title = "h(" + name + ")";
        chart.x_label = name;
        chart.y_label = "main effect";
        chart.x = s.x;
        chart.y = s.h;
        if (!s.x.empty() && std::isnan(s.x.back())) {  // a gap function's value, last: drawn as a level
            chart.x.pop_back();
            chart.y.pop_back();
            chart.level = s.h.back();
            chart.level_label = "at a gap: " + report::fixed(s.h.back(), 3);
        }
        chart.rug = rug_values(explained, data, s.feature);
        out += report::line_chart(chart);
    }
    return out + "</div>";
}

std::string surface_section(const Model& explained, const std::vector<std::pair<size_t, size_t>>& pairs,
                            const HtmlReportOptions& o) {
    if (pairs.empty()) return "";
    std::string out = "<h3>Pair surfaces</h3><p class=\"note\">The exact pair components h<sub>jk</sub> of the " +
                      std::to_string(pairs.size()) +
                      " strongest pairs (darker: larger), over the features' training ranges.</p><div "
                      "class=\"figures\">";
    for (auto [j, k] : pairs) {
        const PairSurface s = pair_surface(explained, j, k, o.surface_grid);
        const auto& names = explained.feature_names;
        report::Surface chart;
        chart.title = "h(" + names[j] + ", " + names[k] + ")";
        chart.x_label = names[j];
        chart.y_label = names[k];
        // A gap function's row or column (NaN, last) has no place on the axes: left out here.
        const size_t nx = s.x.size() - (std::isnan(s.x.back()) ? 1 : 0);
        const size_t ny = s.y.size() - (std::isnan(s.y.back()) ? 1 : 0);
        chart.x.assign(s.x.begin(), s.x.begin() + static_cast<std::ptrdiff_t>(nx));
        chart.y.assign(s.y.begin(), s.y.begin() + static_cast<std::ptrdiff_t>(ny));
        for (size_t a = 0; a < nx; ++a)
            for (size_t b = 0; b < ny; ++b) chart.values.push_back(s.h[a * s.y.size() + b]);
        out += report::surface(chart);
    }
    return out + "</div>";
}

std::string rows_section(const Model& explained, const Dataset& data, const std::vector<size_t>& rows,
                         const std::string& prefix, const std::string& decision_name) {
    if (rows.empty()) return "";
    const size_t d = explained.dim();
    std::vector<double> X;
    for (size_t r : rows) X.insert(X.end(), data.X.begin() + r * d, data.X.begin() + (r + 1) * d);
    const Explanation e =
        explain(explained, X, rows.size(), ExplainOptions{false, false, OutOfRange::clip}, data.source);
    std::string out = "<h3>Rows explained</h3><p class=\"note\">Exact Shapley values &phi;<sub>j</sub> of the " +
                      escape(decision_name) +
                      " (the game v(S) = E<sub>&mu;</sub>[g(x<sub>S</sub>, X<sub>&minus;S</sub>)] under the "
                      "kernel's measure): the base value plus the &phi;<sub>j</sub> is the decision value. Rows are "
                      "numbered from 0.</p><div>";
    for (size_t i = 0; i < rows.size(); ++i) {
        const size_t r = rows[i];
        report::Waterfall w;
        w.title = fmt::format("row {}: {} = {:.4f}", r, decision_name, e.decision[i]);
        w.base = e.base;
        w.final_value = e.decision[i];
        w.final_label = decision_name;
        std::vector<std::vector<std::string>> cells;
        for (size_t j = 0; j < d; ++j) {
            const double x = data.X[r * d + j], phi = e.shapley[i * d + j];
            // A missing value is integrated out (its phi is 0): said so rather than "nan".
            w.labels.push_back(std::isnan(x) ? explained.feature_names[j] + " missing"
                                             : fmt::format("{} = {:.4g}", explained.feature_names[j], x));
            w.contributions.push_back(phi);
            cells.push_back(
                {explained.feature_names[j], std::isnan(x) ? "missing" : fmt::format("{:.6g}", x), fixed(phi)});
        }
        cells.push_back({"base value", "", fixed(e.base)});
        cells.push_back({decision_name, "", fixed(e.decision[i])});
        std::string label;
        if (!data.target.empty()) label = " (label in the data: " + data.target[r] + ")";
        out += "<div class=\"side\"><div>" + report::waterfall(w) + "</div>" +
               report::table(fmt::format("{}row-{}", prefix, r), fmt::format("Row {}{}", r, label),
                             {"feature", "value", "phi"}, cells) +
               "</div>";
    }
    return out + "</div>";
}

std::vector<size_t> explained_rows(const Dataset& data, const HtmlReportOptions& o) {
    if (!o.rows.empty()) return o.rows;
    std::vector<size_t> rows;
    for (size_t r = 0; r < std::min(o.default_rows, data.rows); ++r) rows.push_back(r);
    return rows;
}

// Shapes, surfaces and rows of one decision function (the model's, or a class score's).
std::string effects(const Model& explained, const Dataset* data, const HtmlReportOptions& o,
                    const std::vector<std::pair<size_t, size_t>>& pairs, const std::string& prefix,
                    const std::string& decision_name) {
    std::string out = shape_section(explained, data, o, "the " + decision_name);
    if (explained.spec.max_order != 1) out += surface_section(explained, pairs, o);
    if (data != nullptr)
        out += rows_section(explained, *data, explained_rows(*data, o), prefix, decision_name);
    else
        out +=
            "<h3>Rows explained</h3><p class=\"note\">Give data (<code>--data</code>, or X in Python) to see "
            "exact Shapley waterfalls of chosen rows.</p>";
    return out;
}

// Sweep and stability results, when given ("" when neither is).
std::string diagnostics(const Model& model, const HtmlReportOptions& o) {
    std::string out;
    if (!o.sweep_json.empty()) out += report::sweep_section(o.sweep_json, o.sweep_source, model.feature_names);
    if (!o.stability_json.empty()) {
        Setting setting{model.spec, model.C};  // labelled as a sweep labels it: one degree when all agree
        const auto& n = model.spec.degrees;
        if (std::all_of(n.begin(), n.end(), [&](int v) { return v == n.front(); })) setting.spec.degrees = {n.front()};
        out += report::stability_section(o.stability_json, o.stability_source, setting.label());
    }
    return out.empty() ? "" : "<section id=\"diagnostics\"><h2>Diagnostics</h2>" + out + "</section>";
}

void check_inputs(const Model& model, const Dataset* data, const HtmlReportOptions& o) {
    if (data == nullptr) {
        if (!o.rows.empty()) throw ParameterError("rows: rows to explain need data to take them from");
        return;
    }
    if (data->feature_names != model.feature_names || data->cols != model.dim()) {
        std::string expected;
        for (const auto& name : model.feature_names) expected += (expected.empty() ? "" : ", ") + name;
        throw DataError(data->source + ": its columns do not match the model's features (" + expected + ")");
    }
    for (size_t r : o.rows)
        if (r >= data->rows)
            throw ParameterError(fmt::format("rows: row {} is outside {} ({} row{}, numbered from 0)", r, data->source,
                                             data->rows, data->rows == 1 ? "" : "s"));
}

}  // namespace

std::string html_report(const Model& model, const Dataset* data, const HtmlReportOptions& o) {
    check_inputs(model, data, o);
    const std::string diagnostics_part = diagnostics(model, o);  // read first: a bad file fails before the work
    OkcOptions okc;
    okc.eps = o.eps;
    okc.top_coefficients = static_cast<long>(o.top_coefficients);
    okc.coefficients_if_cheap = true;
    okc.memory_limit_mb = o.memory_limit_mb;
    const ModelAnalysis analysis = analyze_model(model, okc);
    const auto& names = model.feature_names;
    const std::string title =
        o.title.empty() ? "ORCA model report: " + (model.target_name.empty() ? "model" : model.target_name) : o.title;

    std::string page =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
        "'unsafe-inline'; img-src data:\">"
        "<title>" +
        escape(title) + "</title></head><body><main class=\"orca-report\">" + report::style_sheet() + "<h1>" +
        escape(title) + "</h1>";
    page +=
        "<nav><a href=\"#model-card\">Model card</a><a href=\"#okc\">OKC indices</a><a "
        "href=\"#effects\">Effects and rows</a>" +
        std::string(diagnostics_part.empty() ? "" : "<a href=\"#diagnostics\">Diagnostics</a>") + "</nav>";
    page += card_section(model, data);

    page += "<section id=\"okc\"><h2>OKC indices</h2>" + report::analysis_sections(analysis, names, o.top_pairs);
    // The surfaces drawn: the strongest pairs of the model, or of all its machines together.
    const auto pairs = report::strongest_pairs(
        model.is_multiclass() ? *analysis.energy_weighted : analysis.machines[0].report, o.pair_surfaces);
    page += "</section><section id=\"effects\"><h2>Effects and rows</h2>";
    if (model.task == Task::regression) {
        page += effects(model, data, o, pairs, "", "prediction");
    } else if (!model.is_multiclass()) {
        page += effects(model, data, o, pairs, "", "decision value for '" + model.classes[1] + "'");
    } else {
        page +=
            "<p class=\"note\">One decision function per class: its class score (see docs/multiclass.md). "
            "Open a class to see its effects.</p>";
        for (size_t c = 0; c < model.classes.size(); ++c)
            page += "<details id=\"class-" + std::to_string(c + 1) + "\"" + (c == 0 ? " open" : "") +
                    "><summary>Class '" + escape(model.classes[c]) + "'</summary>" +
                    effects(class_model(model, c), data, o, pairs, "class-" + std::to_string(c + 1) + "-",
                            "score of '" + model.classes[c] + "'") +
                    "</details>";
    }
    page += "</section>" + diagnostics_part + "<footer><p class=\"note\">Written by ORCA " + std::string(kVersion) +
            ". Every number is exact for the model (no sampling); explanations are with respect to the kernel's "
            "measure on the scaled domain.</p></footer></main></body></html>\n";
    return page;
}

}  // namespace orca
