#include "orca/diagnostics_format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>

#include "model/kernel_spec_json.hpp"
#include "orca/errors.hpp"

namespace orca {
namespace {

// The highest interaction order any row's basis holds (d when a row is untruncated).
size_t highest_order(const SweepResult& r) {
    size_t q = 1;
    for (const auto& row : r.rows) q = std::max(q, row.okc.order.size() - 1);
    return q;
}

size_t shown_orders(const SweepResult& r) {
    return std::min<size_t>(highest_order(r), 5);
}

// OKC(q) of a sweep's row: 0 above its basis' interaction order (rows of max_order 1 and 2 share
// one table, and a report lists only the orders its basis holds).
double order_share(const OkcReport& r, size_t q) {
    return q < r.order.size() ? r.order[q] : 0.0;
}

int t05(const OkcReport& r) {
    for (size_t k = 0; k < r.eps.size(); ++k)
        if (std::abs(r.eps[k] - 0.05) < 1e-12) return r.thresholds[k];
    return r.thresholds.empty() ? -1 : r.thresholds[0];
}

std::string top_marginal(const OkcReport& r, const std::vector<std::string>& names) {
    if (r.marginal.empty()) return "";
    const auto it = std::max_element(r.marginal.begin(), r.marginal.end());
    return fmt::format("{} {:.3f}", names[static_cast<size_t>(it - r.marginal.begin())], *it);
}

}  // namespace

std::string sweep_to_text(const SweepResult& r) {
    const size_t d = highest_order(r), q_shown = shown_orders(r);  // orders some row's basis holds
    auto out = fmt::memory_buffer();
    auto it = std::back_inserter(out);
    const bool regression = r.task == Task::regression;
    fmt::format_to(it, "{}",
                   regression ? "| setting | CV R² | CV RMSE | train R² | #SV |" : "| setting | CV accuracy | train acc. | #SV |");
    for (size_t q = 1; q <= q_shown; ++q) fmt::format_to(it, " OKC({}) |", q);
    if (d > q_shown) fmt::format_to(it, " OKC(>{}) |", q_shown);
    fmt::format_to(it, " N* | T_0.05 | M_even | M_odd | largest OKC_i |\n|---|---|---|---|{}", regression ? "---|" : "");
    for (size_t q = 0; q < q_shown + (d > q_shown ? 1 : 0); ++q) fmt::format_to(it, "---|");
    fmt::format_to(it, "---|---|---|---|---|\n");
    for (size_t i = 0; i < r.rows.size(); ++i) {
        const auto& row = r.rows[i];
        fmt::format_to(it, "| {}{} | {:.3f} ± {:.3f} |", row.setting.label(), row.overfitting.empty() ? "" : " (!)",
                       row.cv_mean, row.cv_sd);
        if (regression) fmt::format_to(it, " {:.4g} |", row.cv_rmse);
        fmt::format_to(it, " {:.3f} | {} |", row.train_accuracy, row.support_vectors);
        double rest = 0.0;
        for (size_t q = 1; q <= d; ++q) {
            if (q <= q_shown)
                fmt::format_to(it, " {:.3f} |", order_share(row.okc, q));
            else
                rest += order_share(row.okc, q);
        }
        if (d > q_shown) fmt::format_to(it, " {:.3f} |", rest);
        fmt::format_to(it, " {} | {} | {:.3f} | {:.3f} | {} |\n", row.okc.peak, t05(row.okc), row.okc.even, row.okc.odd,
                       top_marginal(row.okc, r.feature_names));
    }
    bool any = false;
    for (const auto& row : r.rows) {
        if (row.overfitting.empty()) continue;
        if (!any) fmt::format_to(it, "\nOverfitting signal (!):\n");
        any = true;
        fmt::format_to(it, "- {}: {}\n", row.setting.label(), row.overfitting);
    }
    for (const auto& row : r.rows)
        if (!row.converged)
            fmt::format_to(it, "\nnote: at {} a fit stopped at the iteration cap before the tolerance\n",
                           row.setting.label());
    return fmt::to_string(out);
}

std::string sweep_to_csv(const SweepResult& r) {
    const size_t d = r.feature_names.size();
    auto out = fmt::memory_buffer();
    auto it = std::back_inserter(out);
    fmt::format_to(it,
                   "family,alpha,beta,lambda,measure,degrees,max_order,max_total_degree,C,cv_mean,cv_sd,{}train_accuracy,"
                   "support_vectors",
                   r.task == Task::regression ? "cv_rmse," : "");
    for (size_t q = 0; q <= d; ++q) fmt::format_to(it, ",OKC({})", q);
    fmt::format_to(it, ",peak");
    if (!r.rows.empty())
        for (double e : r.rows[0].okc.eps) fmt::format_to(it, ",T_{:g}", e);
    fmt::format_to(it, ",M_even,M_odd");
    for (const auto& n : r.feature_names) fmt::format_to(it, ",\"OKC_i[{}]\"", n);
    for (const auto& n : r.feature_names) fmt::format_to(it, ",\"T_i[{}]\"", n);
    fmt::format_to(it, ",overfitting\n");
    for (const auto& row : r.rows) {
        const auto& s = row.setting;
        std::string degrees;
        for (size_t j = 0; j < s.spec.degrees.size(); ++j)
            degrees += (j ? ";" : "") + std::to_string(s.spec.degrees[j]);
        fmt::format_to(it, "{},{},{},{},{},{},{},{},{},{},{},{},{}", to_string(s.spec.family.kind), s.spec.family.alpha,
                       s.spec.family.beta, s.spec.family.lambda, to_string(s.spec.measure), degrees, s.spec.max_order,
                       s.spec.max_total_degree, s.C, row.cv_mean, row.cv_sd,
                       r.task == Task::regression ? fmt::format("{},", row.cv_rmse) + fmt::format("{}", row.train_accuracy)
                                                  : fmt::format("{}", row.train_accuracy),
                       row.support_vectors);
        for (size_t q = 0; q <= d; ++q) fmt::format_to(it, ",{}", order_share(row.okc, q));
        fmt::format_to(it, ",{}", row.okc.peak);
        for (int t : row.okc.thresholds) fmt::format_to(it, ",{}", t);
        fmt::format_to(it, ",{},{}", row.okc.even, row.okc.odd);
        for (double v : row.okc.marginal) fmt::format_to(it, ",{}", v);
        for (double v : row.okc.total_effect) fmt::format_to(it, ",{}", v);
        fmt::format_to(it, ",{}\n", row.overfitting.empty() ? "" : "yes");
    }
    return fmt::to_string(out);
}

std::string sweep_to_json(const SweepResult& r) {
    using nlohmann::json;
    json rows = json::array();
    for (const auto& row : r.rows) {
        const auto& s = row.setting;
        json th = json::array();
        for (size_t k = 0; k < row.okc.eps.size(); ++k)
            th.push_back({{"eps", row.okc.eps[k]}, {"T", row.okc.thresholds[k]}});
        json setting = kernel_spec_json(s.spec);
        setting["label"] = s.label();
        setting["max_order"] = s.spec.max_order;
        setting["max_total_degree"] = s.spec.max_total_degree;
        setting["C"] = s.C;
        setting["scaling"] = std::string(name_of(s.scaling));
        rows.push_back({{"setting", setting},
                        {"fold_accuracy", row.fold_accuracy},
                        {"cv_mean", row.cv_mean},
                        {"cv_sd", row.cv_sd},
                        {"train_accuracy", row.train_accuracy},
                        {"fold_rmse", row.fold_rmse},
                        {"cv_rmse", row.cv_rmse},
                        {"support_vectors", row.support_vectors},
                        {"converged", row.converged},
                        {"energy", row.okc.energy},
                        {"order", row.okc.order},
                        {"spectrum", row.okc.spectrum},
                        {"peak", row.okc.peak},
                        {"thresholds", th},
                        {"parity", {{"even", row.okc.even}, {"odd", row.okc.odd}}},
                        {"marginal", row.okc.marginal},
                        {"total_effect", row.okc.total_effect},
                        {"mean_order", mean_order(row.okc)},
                        {"overfitting", row.overfitting}});
    }
    return json{{"format", "orca-sweep"}, {"task", to_string(r.task)}, {"features", r.feature_names}, {"rows", rows}}
               .dump(1) +
           "\n";
}

SweepResult sweep_from_json(const std::string& text) {
    using nlohmann::json;
    SweepResult r;
    // Numbers a sweep writes, checked as they are read (a hand-edited 1e300 support vectors
    // would print as a negative count).
    const auto share = [&](const json& row, const char* key) {
        const double v = row.at(key).get<double>();
        if (!(v >= 0.0 && v <= 1.0))
            throw ParameterError("rows[" + std::to_string(r.rows.size()) + "]." + key +
                                 ": expected a number from 0 to 1, got " + row.at(key).dump());
        return v;
    };
    // Accuracy lies in [0, 1]; R^2 at most 1 (below 0 for a model worse than the mean).
    const auto score = [&](const json& row, const char* key) {
        if (r.task == Task::classification) return share(row, key);
        const double v = row.at(key).get<double>();
        if (!(std::isfinite(v) && v <= 1.0))
            throw ParameterError("rows[" + std::to_string(r.rows.size()) + "]." + key +
                                 ": expected a finite number at most 1, got " + row.at(key).dump());
        return v;
    };
    const auto spread = [&](const json& row, const char* key) {
        const double v = row.at(key).get<double>();
        if (!(std::isfinite(v) && v >= 0.0))
            throw ParameterError("rows[" + std::to_string(r.rows.size()) + "]." + key +
                                 ": expected a finite number >= 0, got " + row.at(key).dump());
        return v;
    };
    const auto whole = [&](const json& row, const char* key, double most) {
        const json& v = row.at(key);
        const double x = v.is_number() ? v.get<double>() : -1.0;
        if (!(x >= 0.0 && x <= most && x == std::floor(x)))
            throw ParameterError("rows[" + std::to_string(r.rows.size()) + "]." + key +
                                 ": expected a whole number from 0 to " + fmt::format("{:g}", most) + ", got " +
                                 v.dump());
        return x;
    };
    try {
        const json j = json::parse(text);
        if (j.value("format", "") != "orca-sweep") throw ParameterError("not a sweep (no \"format\": \"orca-sweep\")");
        r.feature_names = j.at("features").get<std::vector<std::string>>();
        r.task = parse_task(j.value("task", "classification"));  // older sweeps were classifications
        for (const auto& row : j.at("rows")) {
            SettingResult s;
            const auto& st = row.at("setting");
            // A sweep's setting has one degree for every feature (grid_settings).
            s.setting.spec = kernel_spec_from_json(st, 1, "sweep: rows[" + std::to_string(r.rows.size()) + "].setting");
            s.setting.spec.max_order = st.value("max_order", 0);
            s.setting.spec.max_total_degree = st.value("max_total_degree", 0);
            s.setting.C = st.at("C").get<double>();
            s.setting.scaling = parse_name<Scaling>(st.value("scaling", "range"));  // older sweeps: range
            s.fold_accuracy = row.at("fold_accuracy").get<std::vector<double>>();
            s.cv_mean = score(row, "cv_mean");
            s.cv_sd = spread(row, "cv_sd");
            s.train_accuracy = score(row, "train_accuracy");
            if (row.contains("fold_rmse")) s.fold_rmse = row.at("fold_rmse").get<std::vector<double>>();
            if (row.contains("cv_rmse")) s.cv_rmse = spread(row, "cv_rmse");
            s.support_vectors = static_cast<size_t>(whole(row, "support_vectors", 1e15));
            s.converged = row.at("converged").get<bool>();
            auto& o = s.okc;
            o.dim = r.feature_names.size();
            o.energy = row.at("energy").get<double>();
            o.order = row.at("order").get<std::vector<double>>();
            o.spectrum = row.at("spectrum").get<std::vector<double>>();
            o.peak = static_cast<int>(whole(row, "peak", 1e9));
            for (const auto& t : row.at("thresholds")) {
                o.eps.push_back(t.at("eps").get<double>());
                o.thresholds.push_back(t.at("T").get<int>());
            }
            o.even = row.at("parity").at("even").get<double>();
            o.odd = row.at("parity").at("odd").get<double>();
            o.marginal = row.at("marginal").get<std::vector<double>>();
            o.total_effect = row.at("total_effect").get<std::vector<double>>();
            s.overfitting = row.at("overfitting").get<std::string>();
            r.rows.push_back(std::move(s));
        }
    } catch (const json::exception& e) {
        throw ParameterError(std::string("malformed sweep JSON: ") + e.what());
    } catch (const ModelFileError& e) {  // a field of the kernel, read as the model file's are
        throw ParameterError(std::string("malformed sweep JSON: ") + e.what());
    }
    return r;
}

std::string stability_to_text(const std::vector<IndexStability>& s, const Setting& setting,
                              const std::string& resampling) {
    auto out = fmt::memory_buffer();
    auto it = std::back_inserter(out);
    fmt::format_to(it, "Stability of the OKC indices of {} over {} ({} fits)\n", setting.label(), resampling,
                   s.empty() ? 0 : s[0].values.size());
    fmt::format_to(
        it, "Rule: a share is stable when its sd <= 0.05; a degree (N*, T_eps) when its 95% interval spans <= 2.\n\n");
    fmt::format_to(it, "| index | mean | sd | 2.5% | 97.5% | verdict |\n|---|---|---|---|---|---|\n");
    for (const auto& x : s)
        fmt::format_to(it, "| {} | {:.4f} | {:.4f} | {:.4f} | {:.4f} | {} |\n", x.name, x.mean, x.sd, x.lo, x.hi,
                       x.verdict);
    return fmt::to_string(out);
}

std::string stability_to_json(const std::vector<IndexStability>& s, const Setting& setting,
                              const std::string& resampling) {
    using nlohmann::json;
    json idx = json::array();
    for (const auto& x : s)
        idx.push_back({{"name", x.name},
                       {"is_degree", x.is_degree},
                       {"mean", x.mean},
                       {"sd", x.sd},
                       {"lo", x.lo},
                       {"hi", x.hi},
                       {"stable", x.stable},
                       {"verdict", x.verdict},
                       {"values", x.values}});
    return json{
               {"format", "orca-stability"}, {"setting", setting.label()}, {"resampling", resampling}, {"indices", idx}}
               .dump(1) +
           "\n";
}

}  // namespace orca
