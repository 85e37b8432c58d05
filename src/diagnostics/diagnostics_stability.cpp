// Stability of the OKC indices over bootstrap or cross-validation resamples.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <random>

#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"
#include "orca/training.hpp"
#include "parallel/work_team.hpp"

namespace orca {
namespace {

// Linear interpolation between order statistics (numpy's default percentile).
double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const double pos = p * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<size_t>(std::floor(pos));
    const size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

// The indices tracked, in a fixed order, from one report.
std::vector<std::pair<std::string, double>> indices_of(const OkcReport& r, const std::vector<std::string>& names) {
    std::vector<std::pair<std::string, double>> out;
    for (size_t q = 1; q < r.order.size(); ++q) out.emplace_back(fmt::format("OKC({})", q), r.order[q]);
    out.emplace_back("N*", r.peak);
    for (size_t k = 0; k < r.eps.size(); ++k) out.emplace_back(fmt::format("T_{:g}", r.eps[k]), r.thresholds[k]);
    out.emplace_back("M_even", r.even);
    out.emplace_back("M_odd", r.odd);
    for (size_t j = 0; j < names.size(); ++j) out.emplace_back("OKC_i[" + names[j] + "]", r.marginal[j]);
    for (size_t j = 0; j < names.size(); ++j) out.emplace_back("T_i[" + names[j] + "]", r.total_effect[j]);
    return out;
}

}  // namespace

std::vector<std::vector<size_t>> draw_resamples(const Dataset& data, const StabilityOptions& options) {
    if (options.count < 2)
        throw ParameterError("stability needs at least 2 resamples, got " + std::to_string(options.count));
    // Each resample is a refit and keeps every index: beyond 100,000 the run takes days and the
    // table gigabytes, while the percentile intervals stopped moving thousands of resamples before.
    if (options.count > kMaxResamples)
        throw ParameterError("stability takes at most " + std::to_string(kMaxResamples) + " resamples, got " +
                             std::to_string(options.count) + " (a few hundred give stable intervals)");
    std::vector<std::vector<size_t>> samples;
    if (options.kind == Resampling::cv) {
        const auto fold = cv_folds(data, options.count, options.seed, options.task);
        for (size_t k = 0; k < options.count; ++k) {
            std::vector<size_t> in;
            for (size_t r = 0; r < data.rows; ++r)
                if (fold[r] != k) in.push_back(r);
            samples.push_back(std::move(in));
        }
    } else {
        // A draw with one class (classification) or one target value (regression) cannot be
        // fitted; such draws are drawn again. The data must have two to begin with.
        if (distinct_labels(data.target).size() < 2)
            throw DataError(data.source + ": the target has one value; stability needs " +
                            (options.task == Task::regression ? "two different values" : "two classes"));
        std::mt19937_64 rng(options.seed);
        while (samples.size() < options.count) {
            std::vector<size_t> rows(data.rows);
            for (auto& r : rows) r = rng() % data.rows;
            bool varied = false;
            for (size_t r : rows) varied = varied || data.target[r] != data.target[rows[0]];
            if (varied) samples.push_back(std::move(rows));
        }
    }
    return samples;
}

IndexValues resample_indices(const Dataset& data, const Setting& setting, const std::vector<size_t>& rows,
                             const StabilityOptions& options) {
    OkcOptions okc = options.okc;
    okc.top_coefficients = 0;
    const Model m =
        train_model(subset(data, rows), setting.resolved(data.cols).train_options(options.solver, options.task));
    return indices_of(model_okc(m, okc), data.feature_names);
}

std::vector<IndexStability> summarize_stability(const std::vector<IndexValues>& per_resample) {
    if (per_resample.size() < 2) throw ParameterError("stability needs at least 2 resamples");
    std::vector<IndexStability> out;
    for (const auto& [name, value] : per_resample[0]) {
        IndexStability s;
        s.name = name;
        s.is_degree = name == "N*" || (name.rfind("T_", 0) == 0 && name.find('[') == std::string::npos);
        out.push_back(s);
    }
    for (const auto& values : per_resample) {
        if (values.size() != out.size()) throw ParameterError("resamples report different indices");
        for (size_t k = 0; k < values.size(); ++k) out[k].values.push_back(values[k].second);
    }
    for (auto& s : out) {
        double sum = 0.0, sq = 0.0;
        for (double v : s.values) sum += v;
        s.mean = sum / static_cast<double>(s.values.size());
        for (double v : s.values) sq += (v - s.mean) * (v - s.mean);
        s.sd = std::sqrt(sq / static_cast<double>(s.values.size() - 1));
        s.lo = percentile(s.values, 0.025);
        s.hi = percentile(s.values, 0.975);
        if (s.is_degree) {
            s.stable = s.hi - s.lo <= 2.0;
            s.verdict = s.stable
                            ? fmt::format("stable: 95% of resamples within [{:g}, {:g}]", s.lo, s.hi)
                            : fmt::format("UNSTABLE: 95% interval [{:g}, {:g}] spans more than 2 degrees", s.lo, s.hi);
        } else {
            s.stable = s.sd <= 0.05;
            s.verdict = s.stable ? fmt::format("stable: sd {:.3f} <= 0.05", s.sd)
                                 : fmt::format("UNSTABLE: sd {:.3f} > 0.05", s.sd);
        }
    }
    return out;
}

std::vector<IndexStability> stability(const Dataset& data, const Setting& setting, const StabilityOptions& options) {
    const auto samples = draw_resamples(data, options);
    std::vector<IndexValues> values(samples.size());
    std::vector<std::exception_ptr> errors(samples.size());
    std::mutex lock;
    size_t done = 0;
    // One resample per task, on at most `jobs` threads (never more than the thread limit: more
    // threads than the machine has only oversubscribe it).
    parallel::for_chunks(
        samples.size(), 1,
        [&](size_t s, size_t) {
            try {
                values[s] = resample_indices(data, setting, samples[s], options);
                if (options.progress) {
                    std::lock_guard<std::mutex> g(lock);
                    options.progress(++done, samples.size());
                }
            } catch (...) {
                errors[s] = std::current_exception();
            }
        },
        options.jobs);
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    return summarize_stability(values);
}

}  // namespace orca
