// The Occam tie-break among equally accurate settings (seeds §4-5).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"

namespace orca {
namespace {

// Entropy of the marginal shares normalised to sum 1: higher = more balanced.
double balance(const OkcReport& r) {
    double total = 0.0, h = 0.0;
    for (double v : r.marginal) total += v;
    if (total <= 0.0) return 0.0;
    for (double v : r.marginal)
        if (v > 0.0) h -= v / total * std::log(v / total);
    return h;
}

int first_threshold(const OkcReport& r) {
    // T_0.05 when present, else the first threshold.
    for (size_t k = 0; k < r.eps.size(); ++k)
        if (std::abs(r.eps[k] - 0.05) < 1e-12) return r.thresholds[k];
    return r.thresholds.empty() ? 0 : r.thresholds[0];
}

// Compares two candidates by the Occam rule; returns the criterion that decided ("" for a tie)
// and whether a is preferred.
std::pair<std::string, bool> compare(const SettingResult& a, const SettingResult& b) {
    const double oa = mean_order(a.okc), ob = mean_order(b.okc);
    if (std::abs(oa - ob) > 0.01)
        return {fmt::format("lower mean interaction order ({:.2f} vs {:.2f})", std::min(oa, ob), std::max(oa, ob)),
                oa < ob};
    const int ta = first_threshold(a.okc), tb = first_threshold(b.okc);
    if (ta != tb)
        return {fmt::format("lower threshold T_0.05 ({} vs {})", std::min(ta, tb), std::max(ta, tb)), ta < tb};
    if (a.okc.peak != b.okc.peak)
        return {fmt::format("lower spectral peak N* ({} vs {})", std::min(a.okc.peak, b.okc.peak),
                            std::max(a.okc.peak, b.okc.peak)),
                a.okc.peak < b.okc.peak};
    const double ba = balance(a.okc), bb = balance(b.okc);
    if (std::abs(ba - bb) > 1e-3)
        return {fmt::format("more balanced marginals (entropy {:.3f} vs {:.3f})", std::max(ba, bb), std::min(ba, bb)),
                ba > bb};
    return {"", true};
}

}  // namespace

void check_selection_tolerance(std::optional<double> tolerance) {
    if (tolerance && !(*tolerance >= 0.0 && std::isfinite(*tolerance)))
        throw ParameterError(fmt::format("tolerance must be a finite number >= 0 (none: one standard error), got {}",
                                         *tolerance));
}

Selection select_model(const SweepResult& result, std::optional<double> tolerance) {
    const auto& rows = result.rows;
    if (rows.empty()) throw ParameterError("nothing to select from");
    check_selection_tolerance(tolerance);
    Selection sel;
    size_t best = 0;
    for (size_t i = 1; i < rows.size(); ++i)
        if (rows[i].cv_mean > rows[best].cv_mean) best = i;
    sel.best = rows[best].cv_mean;
    const double se =
        rows[best].cv_sd / std::sqrt(static_cast<double>(std::max<size_t>(rows[best].fold_accuracy.size(), 1)));
    const double tol = tolerance ? *tolerance : se;
    sel.threshold = sel.best - tol;
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].cv_mean >= sel.threshold - 1e-12) sel.candidates.push_back(i);
    size_t winner = sel.candidates.front();
    for (size_t k = 1; k < sel.candidates.size(); ++k) {
        const size_t c = sel.candidates[k];
        if (compare(rows[c], rows[winner]).first.empty()) continue;  // a tie keeps the earlier setting
        if (compare(rows[c], rows[winner]).second) winner = c;
    }
    sel.chosen = winner;
    const std::string rule = tolerance ? fmt::format("within {:g} of the best", tol)
                                              : fmt::format("within one standard error ({:.3f}) of the best", tol);
    std::string why = fmt::format("{} chosen: validation {} {:.3f} is {} ({:.3f} at {}); {} candidate(s)",
                                  rows[winner].setting.label(), score_name(result.task), rows[winner].cv_mean, rule,
                                  sel.best,
                                  rows[best].setting.label(), sel.candidates.size());
    // Name the deciding criterion against the most accurate rival and against the runner-up by
    // the rule (the candidate that would win without the winner).
    auto versus = [&](size_t other, const char* role) {
        const auto [criterion, _] = compare(rows[winner], rows[other]);
        return criterion.empty()
                   ? fmt::format("; tied with {} ({}) on every structural criterion, the earlier kept",
                                 rows[other].setting.label(), role)
                   : fmt::format("; preferred to {} ({}) for its {}", rows[other].setting.label(), role, criterion);
    };
    size_t runner = winner;
    for (size_t c : sel.candidates) {
        if (c == winner) continue;
        if (runner == winner) {
            runner = c;
            continue;
        }
        const auto [criterion, c_better] = compare(rows[c], rows[runner]);
        if (!criterion.empty() && c_better) runner = c;
    }
    if (best != winner) why += versus(best, "the most accurate");
    if (runner != winner && runner != best) why += versus(runner, "the runner-up by the rule");
    if (runner == winner) why += "; no other setting is within the tolerance";
    sel.reason = why;
    return sel;
}

}  // namespace orca
