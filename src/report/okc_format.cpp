#include "orca/okc_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numeric>

#include "model/kernel_spec_json.hpp"
#include "orca/multiclass.hpp"
#include "orca/version.hpp"

namespace orca {
namespace {

std::string subset_name(const std::vector<int>& features, const std::vector<std::string>& names) {
    std::string s;
    for (int j : features) s += (s.empty() ? "" : " x ") + names[static_cast<size_t>(j)];
    return s;
}

std::string monomial(const std::vector<int>& k, const std::vector<std::string>& names) {
    std::string s;
    for (size_t j = 0; j < k.size(); ++j) {
        if (k[j] == 0) continue;
        s += (s.empty() ? "" : " ") + fmt::format("p{}({})", k[j], names[j]);
    }
    return s.empty() ? "1" : s;
}

std::string family_with_parameters(const Model& m) {
    std::string f = to_string(m.spec.family.kind);
    if (m.spec.family.kind == FamilyKind::jacobi || m.spec.family.kind == FamilyKind::gegenbauer)
        f += fmt::format("(alpha={:g}, beta={:g})", m.spec.family.alpha, m.spec.family.beta);
    return f;
}

}  // namespace

std::string okc_to_text(const OkcReport& r, const Model& model, const OkcTextOptions& options) {
    const auto& names = model.feature_names;
    const size_t d = r.dim;
    auto out = fmt::memory_buffer();
    auto it = std::back_inserter(out);
    std::string truncation;
    if (r.max_order > 0 && r.max_order < d) truncation += fmt::format("max order Q = {}", r.max_order);
    if (r.max_total_degree > 0)
        truncation += fmt::format("{}max total degree N = {}", truncation.empty() ? "" : ", ", r.max_total_degree);
    if (!truncation.empty()) truncation = " (" + truncation + ")";
    fmt::format_to(it, "ORCA analysis: {} kernel, measure {}, d = {}, {} basis functions{}, {} support vectors\n",
                   family_with_parameters(model), to_string(model.spec.measure), d, fmt::format("{:.6g}", r.coefficient_count),
                   truncation, model.summary.support_vectors);
    fmt::format_to(it, "algorithm: {}\n",
                   r.method == OkcMethod::enumeration ? "exact enumeration of every coefficient"
                                                      : "exact support-vector-pair sums (no coefficient formed)");
    const double rel = r.energy_kernel != 0.0 ? std::abs(r.energy - r.energy_kernel) / std::abs(r.energy_kernel) : 0.0;
    if (r.energy_kernel_apart)
        fmt::format_to(
            it, "total energy E = ||h||^2 = {:.10g}   (a'Ka computed apart: {:.10g}, relative difference {:.1e})\n",
            r.energy, r.energy_kernel, rel);
    else
        fmt::format_to(it,
                       "total energy E = ||h||^2 = {:.10g}   (the model keeps its basis coefficients, not its support "
                       "vectors: a'Ka is not computed apart)\n",
                       r.energy);
    fmt::format_to(it, "constant coefficient c_0 = {:.3e}   (zero by the constraint sum a_i = 0)\n\n", r.constant);

    fmt::format_to(it, "Interaction order OKC(q): share of E in basis functions of exactly q active features\n");
    for (size_t q = 0; q < r.order.size(); ++q) fmt::format_to(it, "  q = {:<3} {:8.4f}\n", q, r.order[q]);
    if (r.order.size() <= d)
        fmt::format_to(it, "  (the basis has no functions of more than {} feature(s): {})\n", r.order.size() - 1,
                       r.order.size() - 1 == r.max_order ? fmt::format("max order Q = {}", r.max_order)
                                                         : std::string("the other features have degree 0"));

    // Spectrum with the block table: rows N with any mass, columns q >= 1.
    std::vector<size_t> rows;
    for (size_t N = 0; N < r.spectrum.size(); ++N)
        if (r.spectrum[N] >= 5e-5) rows.push_back(N);
    if (rows.size() > options.max_block_rows) {
        std::vector<size_t> by_mass = rows;
        std::sort(by_mass.begin(), by_mass.end(), [&](size_t a, size_t b) { return r.spectrum[a] > r.spectrum[b]; });
        by_mass.resize(options.max_block_rows);
        std::sort(by_mass.begin(), by_mass.end());
        rows = by_mass;
    }
    const size_t Q = r.order.size() - 1, qcols = std::min<size_t>(Q, 8);
    fmt::format_to(it, "\nSpectrum by total degree N: OKC_N, cumulative F(N), and the (q, N) block table C_N^(q)/E\n");
    fmt::format_to(it, "  {:>4} {:>8} {:>8} |", "N", "OKC_N", "F(N)");
    for (size_t q = 1; q <= qcols; ++q) fmt::format_to(it, " {:>7}", fmt::format("q={}", q));
    if (Q > qcols) fmt::format_to(it, " {:>7}", fmt::format("q>{}", qcols));
    fmt::format_to(it, "\n");
    for (size_t N : rows) {
        fmt::format_to(it, "  {:>4} {:8.4f} {:8.4f} |", N, r.spectrum[N], r.cumulative[N]);
        double rest = 0.0;
        for (size_t q = 1; q <= Q; ++q) {
            if (q <= qcols) {
                const double v = r.block[q][N];
                if (v >= 5e-5)
                    fmt::format_to(it, " {:7.4f}", v);
                else
                    fmt::format_to(it, " {:>7}", v > 0.0 ? "~0" : ".");
            } else {
                rest += r.block[q][N];
            }
        }
        if (Q > qcols) fmt::format_to(it, " {:7.4f}", rest);
        fmt::format_to(it, "\n");
    }
    fmt::format_to(it, "  (rows with OKC_N < 0.00005 omitted{})\n",
                   rows.size() == options.max_block_rows ? "; only the largest rows shown" : "");
    fmt::format_to(it, "spectral peak N* = {}\n", r.peak);
    for (size_t k = 0; k < r.eps.size(); ++k)
        fmt::format_to(it, "threshold T_{:g} = {}   (smallest T with F(T) >= {:g})\n", r.eps[k], r.thresholds[k],
                       1.0 - r.eps[k]);
    fmt::format_to(it, "parity masses: M_even = {:.4f}, M_odd = {:.4f}\n", r.even, r.odd);

    std::vector<size_t> order(d);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return r.total_effect[a] > r.total_effect[b]; });
    size_t width = 8;
    for (const auto& n : names) width = std::max(width, n.size());
    fmt::format_to(
        it, "\nFeatures (sorted by total effect): OKC_i = main-effect share, T_i = share of all terms involving i\n");
    fmt::format_to(it, "  {:<{}} {:>8} {:>8}\n", "feature", width, "OKC_i", "T_i");
    for (size_t j : order)
        fmt::format_to(it, "  {:<{}} {:8.4f} {:8.4f}\n", names[j], width, r.marginal[j], r.total_effect[j]);

    if (d >= 2) {
        std::vector<std::pair<double, std::pair<size_t, size_t>>> pairs;  // only the pairs the basis has
        for (size_t i = 0; i < d; ++i)
            for (size_t j = i + 1; j < d; ++j)
                if (holds_pair(r.degrees, Q, r.max_total_degree, i, j)) pairs.push_back({r.pairwise[i * d + j], {i, j}});
        std::stable_sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        if (pairs.size() > options.top_pairs) pairs.resize(options.top_pairs);
        if (pairs.empty())
            fmt::format_to(it, "\nNo pairwise shares: the basis has no function of two features ({})\n",
                           Q < 2 ? "max order Q = 1: an additive model"
                                 : "no two features of degree >= 1 within the total-degree cap");
        else
            fmt::format_to(it, "\nLargest pairwise shares OKC_ij (terms with exactly features i and j active)\n");
        for (const auto& [v, ij] : pairs)
            fmt::format_to(it, "  {:<{}} {:8.4f}\n", names[ij.first] + " x " + names[ij.second], 2 * width + 3, v);
    }
    if (!r.top_subsets.empty()) {
        fmt::format_to(it, "\nLargest subset shares S_u (terms with exactly the features in u active{})\n",
                       r.max_subset_order < Q
                           ? fmt::format("; subsets of up to {} features, pair algorithm", r.max_subset_order)
                           : "");
        for (const auto& s : r.top_subsets)
            fmt::format_to(it, "  {:8.4f}  {}\n", s.share, subset_name(s.features, names));
    }
    if (!r.coefficients.empty()) {
        fmt::format_to(it, "\nLargest coefficients c_k (of {:.6g}): share c_k^2/E, value, basis function\n",
                       r.coefficient_count);
        for (const auto& c : r.coefficients)
            fmt::format_to(it, "  {:8.4f} {:>14.6g}  {}\n", c.value * c.value / r.energy, c.value,
                           monomial(c.index, names));
    }
    return fmt::to_string(out);
}

namespace {

nlohmann::json okc_json(const OkcReport& r, const Model& model) {
    using nlohmann::json;
    const size_t d = r.dim;
    json j;
    j["format"] = "orca-analysis";
    j["orca_version"] = kVersion;
    j["model"] = kernel_spec_json(model.spec);
    j["model"].update({{"features", model.feature_names},
                       {"classes", model.classes},
                       {"max_order", model.basis().max_order()},
                       {"max_total_degree", model.basis().max_total_degree()},
                       {"C", model.C},
                       {"scaler", to_string(model.scaler.kind)},
                       {"support_vectors", model.summary.support_vectors},
                       {"bias", model.is_multiclass() ? 0.0 : model.machine().bias}});  // 0: an aggregate
    j["method"] = to_string(r.method);
    // A count: an integer wherever a double holds it exactly (it can exceed 2^64, so it is kept as one).
    if (r.coefficient_count <= 9007199254740992.0)
        j["coefficient_count"] = static_cast<std::uint64_t>(r.coefficient_count);
    else
        j["coefficient_count"] = r.coefficient_count;
    j["energy"] = r.energy;
    j["energy_kernel"] = r.energy_kernel;
    j["energy_kernel_apart"] = r.energy_kernel_apart;
    j["constant_coefficient"] = r.constant;
    j["block"] = r.block;
    j["order"] = r.order;
    j["spectrum"] = r.spectrum;
    j["cumulative"] = r.cumulative;
    j["peak"] = r.peak;
    json th = json::array();
    for (size_t k = 0; k < r.eps.size(); ++k) th.push_back({{"eps", r.eps[k]}, {"T", r.thresholds[k]}});
    j["thresholds"] = th;
    j["parity"] = {{"even", r.even}, {"odd", r.odd}};
    j["marginal"] = r.marginal;
    j["total_effect"] = r.total_effect;
    json pw = json::array();
    for (size_t a = 0; a < d; ++a)
        pw.push_back(std::vector<double>(r.pairwise.begin() + static_cast<std::ptrdiff_t>(a * d),
                                         r.pairwise.begin() + static_cast<std::ptrdiff_t>((a + 1) * d)));
    j["pairwise"] = pw;
    json subsets = json::array();
    for (const auto& s : r.top_subsets) {
        std::vector<std::string> names;
        for (int f : s.features) names.push_back(model.feature_names[static_cast<size_t>(f)]);
        subsets.push_back({{"features", names}, {"share", s.share}});
    }
    j["top_subsets"] = subsets;
    j["max_subset_order"] = r.max_subset_order;
    json coefs = json::array();
    for (const auto& c : r.coefficients)
        coefs.push_back({{"index", c.index}, {"value", c.value}, {"share", c.value * c.value / r.energy}});
    j["coefficients"] = coefs;
    return j;
}

std::string aggregate_heading(OkcAggregation how, size_t machines) {
    return how == OkcAggregation::energy_weighted
               ? fmt::format(
                     "aggregated over the {} machines, energy-weighted (each machine's shares weighted by "
                     "its E; the shares of the stacked coefficients)",
                     machines)
               : fmt::format("aggregated over the {} machines, plain mean (every machine counts equally)", machines);
}

}  // namespace

std::string okc_to_json(const OkcReport& r, const Model& model) {
    return okc_json(r, model).dump(1) + "\n";
}

std::string model_analysis_to_text(const ModelAnalysis& a, const Model& model, const OkcTextOptions& options) {
    const size_t machines = model.machines().size();
    if (machines == 1) return okc_to_text(a.machines.front().report, model, options);
    std::string out;
    for (size_t m = 0; m < machines; ++m) {
        out += fmt::format("=== machine {} of {}: {} ===\n", m + 1, machines, a.machines[m].name);
        out += okc_to_text(a.machines[m].report, machine_model(model, m), options) + "\n";
    }
    out += "=== " + aggregate_heading(OkcAggregation::energy_weighted, machines) + " ===\n";
    out += okc_to_text(*a.energy_weighted, model, options) + "\n";
    out += "=== " + aggregate_heading(OkcAggregation::mean, machines) + " ===\n";
    out += okc_to_text(*a.mean, model, options);
    return out;
}

std::string model_analysis_to_json(const ModelAnalysis& a, const Model& model) {
    using nlohmann::json;
    const size_t machines = model.machines().size();
    if (machines == 1) return okc_to_json(a.machines.front().report, model);
    json j;
    j["format"] = "orca-analysis-multiclass";
    j["orca_version"] = kVersion;
    j["classes"] = model.classes;
    j["strategy"] = to_string(model.multi_class);
    json list = json::array();
    for (size_t m = 0; m < machines; ++m)
        list.push_back({{"name", a.machines[m].name},
                        {"classes", model.machines()[m].classes},
                        {"analysis", okc_json(a.machines[m].report, machine_model(model, m))}});
    j["machines"] = std::move(list);
    j["aggregated"] = {{"energy_weighted", okc_json(*a.energy_weighted, model)}, {"mean", okc_json(*a.mean, model)}};
    j["aggregated"]["energy_weighted"]["aggregation"] = aggregate_heading(OkcAggregation::energy_weighted, machines);
    j["aggregated"]["mean"]["aggregation"] = aggregate_heading(OkcAggregation::mean, machines);
    return j.dump(1) + "\n";
}

}  // namespace orca
