#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "orca/html_report.hpp"
#include "report/html_parts.hpp"
#include "report/svg.hpp"

namespace orca::report {

std::string style_sheet() {
    return R"(<style>
.orca-report{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;line-height:1.45;max-width:1100px;margin:0 auto;padding:0 12px}
.orca-report h1{font-size:1.6em;margin:.6em 0 .2em}
.orca-report h2{font-size:1.3em;border-bottom:2px solid #08306b;padding-bottom:.15em;margin-top:1.6em}
.orca-report h3{font-size:1.08em;margin:1.1em 0 .3em}
.orca-report p.note{color:#444;margin:.3em 0}
.orca-report p.warning{color:#8a3b00;font-weight:600;margin:.3em 0}
.orca-report table{border-collapse:collapse;margin:.4em 0 1em;font-variant-numeric:tabular-nums}
.orca-report caption{text-align:left;font-weight:600;padding:.2em 0;white-space:nowrap}
.orca-report .side{display:flex;flex-wrap:wrap;gap:4px 28px;align-items:flex-start}
.orca-report .side>div{max-width:100%}
.orca-report th,.orca-report td{border-bottom:1px solid #ddd;padding:.2em .7em;text-align:right;vertical-align:top}
.orca-report th{background:#eef3fa}
.orca-report td.text,.orca-report th.text{text-align:left}
.orca-report td.text:first-child{white-space:nowrap}
.orca-report .scroll{overflow-x:auto;max-width:100%}
.orca-report .figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px}
.orca-report .wide{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(640px,100%),1fr));gap:10px}
.orca-report svg.chart{max-width:100%;height:auto;display:block}
.orca-report dl.card{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em;margin:.5em 0}
.orca-report dl.card dt{font-weight:600}
.orca-report dl.card dd{margin:0;overflow-wrap:anywhere}
.orca-report details{border:1px solid #c6dbef;border-radius:4px;padding:.2em .8em;margin:.6em 0}
.orca-report summary{cursor:pointer;font-weight:600;font-size:1.05em;padding:.3em 0}
.orca-report nav a{margin-right:.9em;color:#08306b}
@media (max-width:600px){.orca-report dl.card{grid-template-columns:1fr}.orca-report dl.card dt{margin-top:.4em}}
</style>)";
}

std::string table(const std::string& id, const std::string& caption, const std::vector<std::string>& headers,
                  const std::vector<std::vector<std::string>>& rows) {
    std::string out =
        "<div class=\"scroll\"><table id=\"" + escape(id) + "\"><caption>" + escape(caption) + "</caption><thead><tr>";
    for (size_t c = 0; c < headers.size(); ++c)
        out += std::string(c == 0 ? "<th class=\"text\">" : "<th>") + escape(headers[c]) + "</th>";
    out += "</tr></thead><tbody>";
    // Words align left, numbers right (so their decimals line up).
    const auto numeric = [](const std::string& cell) {
        const size_t start = !cell.empty() && (cell[0] == '-' || cell[0] == '+') ? 1 : 0;
        return cell.size() > start && std::isdigit(static_cast<unsigned char>(cell[start])) &&
               cell.find(' ') == std::string::npos;
    };
    for (const auto& row : rows) {
        out += "<tr>";
        for (size_t c = 0; c < row.size(); ++c)
            out += std::string(c == 0 || !numeric(row[c]) ? "<td class=\"text\">" : "<td>") + escape(row[c]) + "</td>";
        out += "</tr>";
    }
    return out + "</tbody></table></div>";
}

std::string basis_term(const std::vector<int>& index, const std::vector<std::string>& names) {
    std::string term;
    for (size_t j = 0; j < index.size(); ++j)
        if (index[j] > 0) term += (term.empty() ? "" : " ") + fmt::format("p{}({})", index[j], names[j]);
    return term.empty() ? "1" : term;
}

std::vector<std::pair<size_t, size_t>> strongest_pairs(const OkcReport& report, size_t count) {
    const size_t d = report.dim;
    std::vector<std::pair<size_t, size_t>> pairs;
    for (size_t j = 0; j < d; ++j)
        for (size_t k = j + 1; k < d; ++k)
            if (report.pairwise[j * d + k] > 0.0) pairs.emplace_back(j, k);
    std::stable_sort(pairs.begin(), pairs.end(), [&](auto a, auto b) {
        return report.pairwise[a.first * d + a.second] > report.pairwise[b.first * d + b.second];
    });
    if (pairs.size() > count) pairs.resize(count);
    return pairs;
}

namespace {

std::string order_section(const OkcReport& r, const std::string& prefix) {
    BarChart chart;
    chart.title = "OKC by interaction order";
    chart.x_label = "interaction order q";
    chart.y_label = "OKC(q)";
    std::vector<std::vector<std::string>> rows;
    chart.series.emplace_back();
    for (size_t q = 0; q < r.order.size(); ++q) {
        if (q > r.max_order) break;  // orders the basis does not have are zero by construction
        chart.categories.push_back(std::to_string(q));
        chart.series[0].push_back(r.order[q]);
        rows.push_back({std::to_string(q), fixed(r.order[q])});
    }
    return "<h3>By interaction order</h3><p class=\"note\">OKC(q): the share of the squared norm E carried by "
           "terms of exactly q active features.</p><div class=\"side\"><div>" +
           bar_chart(chart) + "</div>" +
           table(prefix + "okc-order", "OKC by interaction order", {"q", "OKC(q)"}, rows) + "</div>";
}

std::string degree_section(const OkcReport& r, const std::string& prefix) {
    BarChart chart;
    chart.title = "OKC spectrum by total degree";
    chart.x_label = "total degree N";
    chart.y_label = "OKC_N";
    chart.series.emplace_back();
    size_t last = 0;
    for (size_t n = 0; n < r.spectrum.size(); ++n)
        if (r.spectrum[n] > 0.0) last = n;
    std::vector<std::vector<std::string>> rows;
    for (size_t n = 0; n <= last; ++n) {
        chart.categories.push_back(std::to_string(n));
        chart.series[0].push_back(r.spectrum[n]);
        rows.push_back({std::to_string(n), fixed(r.spectrum[n]), fixed(r.cumulative[n])});
    }
    chart.markers.emplace_back(static_cast<size_t>(r.peak), "N* = " + std::to_string(r.peak));
    std::string thresholds;
    for (size_t e = 0; e < r.eps.size(); ++e)
        thresholds += fmt::format("{}<span id=\"{}threshold-{}\">T<sub>{:g}</sub> = {}</span>", e ? ", " : "",
                                  escape(prefix), e, r.eps[e], r.thresholds[e]);
    return "<h3>By total degree</h3><p class=\"note\">OKC<sub>N</sub>: the share of terms of total degree N; "
           "F(N) its cumulative sum (the table stops at the last nonzero share); the peak <span id=\"" +
           escape(prefix) + "peak\">N* = " + std::to_string(r.peak) +
           "</span>; T<sub>&epsilon;</sub> the smallest N with F(N) &ge; 1 &minus; &epsilon;: " + thresholds +
           ".</p><div class=\"side\"><div>" + bar_chart(chart) + "</div>" +
           table(prefix + "okc-degree", "OKC by total degree", {"N", "OKC_N", "F(N)"}, rows) + "</div>";
}

std::string parity_section(const OkcReport& r, const std::string& prefix) {
    return "<h3>Parity</h3><p class=\"note\">Mass of the terms of even and odd total degree (an even function "
           "has no odd mass).</p>" +
           table(prefix + "parity", "Parity masses", {"parity", "mass"},
                 {{"even", fixed(r.even)}, {"odd", fixed(r.odd)}});
}

std::string feature_section(const OkcReport& r, const std::vector<std::string>& names, const std::string& prefix) {
    const size_t d = r.dim;
    std::vector<size_t> order(d);
    for (size_t j = 0; j < d; ++j) order[j] = j;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return r.total_effect[a] > r.total_effect[b]; });
    BarChart chart;
    chart.title = "Feature shares";
    chart.x_label = "share of E";
    chart.series = {{}, {}};
    chart.series_names = {"main effect OKC_i", "total effect T_i"};
    chart.horizontal = true;
    std::vector<std::vector<std::string>> rows;
    for (size_t j : order) {
        chart.categories.push_back(names[j]);
        chart.series[0].push_back(r.marginal[j]);
        chart.series[1].push_back(r.total_effect[j]);
        rows.push_back({names[j], fixed(r.marginal[j]), fixed(r.total_effect[j])});
    }
    return "<h3>Features</h3><p class=\"note\">OKC<sub>i</sub>: the share of terms of feature i alone (its main "
           "effect); T<sub>i</sub>: the share of every term involving i. Sorted by total effect.</p><div "
           "class=\"side\"><div>" +
           bar_chart(chart) + "</div>" +
           table(prefix + "features", "Feature shares", {"feature", "OKC_i", "T_i"}, rows) + "</div>";
}

std::string pair_section(const OkcReport& r, const std::vector<std::string>& names, const std::string& prefix,
                         size_t top_pairs) {
    const size_t d = r.dim;
    if (d < 2) return "";
    std::string out = "<h3>Pairs</h3>";
    if (r.max_order < 2)
        return out + "<p class=\"note\" id=\"" + escape(prefix) +
               "pairs-none\">The basis has interaction order Q = 1 (an additive model): no term involves two "
               "features, so every pair share is 0.</p>";
    out +=
        "<p class=\"note\">OKC<sub>ij</sub>: the share of terms in which exactly features i and j are "
        "active.</p><div class=\"side\"><div>" +
        heatmap(Heatmap{"Pairwise shares OKC_ij", names, r.pairwise}) + "</div>";
    std::vector<std::vector<std::string>> rows;
    for (auto [j, k] : strongest_pairs(r, top_pairs))
        rows.push_back({names[j], names[k], fixed(r.pairwise[j * d + k])});
    return out + table(prefix + "pairs", "Largest pairwise shares", {"feature i", "feature j", "OKC_ij"}, rows) +
           "</div>";
}

std::string coefficient_section(const OkcReport& r, const std::vector<std::string>& names, const std::string& prefix) {
    if (r.coefficients.empty())
        return "<h3>Largest coefficients</h3><p class=\"note\">Not listed: " +
               std::string(r.method == OkcMethod::pairs ? "the pair algorithm computed these indices without "
                                                           "forming the coefficients."
                           : prefix == "aggregate-"     ? "an aggregate of several machines has no coefficients "
                                                           "of its own; each machine below lists its own."
                                                        : "no coefficients were asked for.") +
               "</p>";
    std::vector<std::vector<std::string>> rows;
    for (const auto& c : r.coefficients)
        rows.push_back({basis_term(c.index, names), fmt::format("{:.6g}", c.value),
                        fixed(r.energy > 0 ? c.value * c.value / r.energy : 0.0)});
    return "<h3>Largest coefficients</h3><p class=\"note\">h(x) = &sum;<sub>k</sub> c<sub>k</sub> "
           "&phi;<sub>k</sub>(x) with &phi;<sub>k</sub> = &prod;<sub>j</sub> p<sub>k_j</sub>(x<sub>j</sub>), the "
           "orthonormal polynomials of the kernel's family on the scaled domain; share = c<sub>k</sub>&sup2; / "
           "E.</p>" +
           table(prefix + "coefficients", "Largest coefficients by magnitude", {"basis function", "c_k", "share"},
                 rows);
}

}  // namespace

std::string okc_sections(const OkcReport& r, const std::vector<std::string>& names, const std::string& prefix,
                         size_t top_pairs) {
    std::string out = fmt::format(
        "<p class=\"note\" id=\"{}energy\">Squared norm E = {:.6g} ({}), constant "
        "coefficient c<sub>0</sub> = {:.3g}, {:.6g} basis functions, computed exactly by {}.</p>",
        escape(prefix), r.energy,
        r.energy_kernel_apart ? fmt::format("a&#8242;Ka computed apart: {:.6g}", r.energy_kernel)
                              : std::string("stored as basis coefficients: a&#8242;Ka needs the support vectors"),
        r.constant, r.coefficient_count, to_string(r.method));
    out += order_section(r, prefix) + degree_section(r, prefix) + parity_section(r, prefix) +
           feature_section(r, names, prefix) + pair_section(r, names, prefix, top_pairs) +
           coefficient_section(r, names, prefix);
    return out;
}

std::string analysis_sections(const ModelAnalysis& analysis, const std::vector<std::string>& names, size_t top_pairs) {
    if (analysis.machines.size() == 1) return okc_sections(analysis.machines[0].report, names, "", top_pairs);
    std::string out = "<p class=\"note\">" + std::to_string(analysis.machines.size()) +
                      " two-class machines. First their indices together (each machine's shares weighted by its "
                      "squared norm), then each machine's own.</p><h3 id=\"aggregate\">All machines together "
                      "(energy-weighted)</h3>" +
                      okc_sections(*analysis.energy_weighted, names, "aggregate-", top_pairs);
    for (size_t m = 0; m < analysis.machines.size(); ++m) {
        const std::string id = "machine-" + std::to_string(m + 1);
        out += "<details id=\"" + id + "\"><summary>Machine " + std::to_string(m + 1) + ": " +
               escape(analysis.machines[m].name) + "</summary>" +
               okc_sections(analysis.machines[m].report, names, id + "-", top_pairs) + "</details>";
    }
    return out;
}

}  // namespace orca::report

namespace orca {

std::string okc_report_html(const OkcReport& report, const std::vector<std::string>& feature_names, size_t top_pairs) {
    return "<div class=\"orca-report\">" + report::style_sheet() +
           report::okc_sections(report, feature_names, "", top_pairs) + "</div>";
}

std::string model_analysis_html(const ModelAnalysis& analysis, const std::vector<std::string>& feature_names,
                                size_t top_pairs) {
    return "<div class=\"orca-report\">" + report::style_sheet() +
           report::analysis_sections(analysis, feature_names, top_pairs) + "</div>";
}

}  // namespace orca
