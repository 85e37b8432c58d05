// Sweeps: cross-validated accuracy and the OKC profile for each setting, fits in parallel.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <random>

#include "orca/data_score.hpp"
#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"
#include "orca/multiclass.hpp"
#include "orca/training.hpp"
#include "parallel/work_team.hpp"

namespace orca {
namespace {

// A fold's accuracy as predict and the report count it (every test row carries one of the two
// classes: the folds are stratified).
double accuracy(const Model& model, const Dataset& test) {
    const auto points = model.scaled_rows(test.X, test.rows, OutOfRange::clip, test.source);
    return score_on_data(model, machine_decisions(model, points, test.rows), test.target).accuracy;
}

}  // namespace

TrainOptions Setting::train_options(const SolverOptions& solver) const {
    TrainOptions o;
    o.spec = spec;
    o.C = C;
    o.solver = solver;
    o.solver.progress = nullptr;
    return o;
}

Setting Setting::resolved(size_t d) const {
    Setting s = *this;
    s.spec.max_order = resolve_max_order(spec.max_order, d);
    s.spec.max_total_degree = resolve_max_total_degree(spec.max_total_degree, spec.degrees, d);
    return s;
}

std::string Setting::label() const {
    std::string f = to_string(spec.family.kind);
    if (spec.family.kind == FamilyKind::jacobi) f += fmt::format("({:g},{:g})", spec.family.alpha, spec.family.beta);
    if (spec.family.kind == FamilyKind::gegenbauer) f += fmt::format("(lambda={:g})", spec.family.lambda);
    std::string n;
    for (size_t j = 0; j < spec.degrees.size(); ++j) n += (j ? "," : "") + std::to_string(spec.degrees[j]);
    std::string cut;
    if (spec.max_order > 0) cut += fmt::format(" Q={}", spec.max_order);
    if (spec.max_total_degree > 0) cut += fmt::format(" N<={}", spec.max_total_degree);
    return fmt::format("{} n={}{} C={:g}", f, n, cut, C);
}

std::vector<size_t> stratified_folds(const std::vector<double>& y, size_t folds, std::uint64_t seed) {
    if (folds < 2) throw ParameterError("cross-validation needs at least 2 folds, got " + std::to_string(folds));
    std::mt19937_64 rng(seed);
    std::vector<size_t> fold(y.size());
    for (double cls : {-1.0, 1.0}) {
        std::vector<size_t> idx;
        for (size_t r = 0; r < y.size(); ++r)
            if (y[r] == cls) idx.push_back(r);
        if (idx.size() < folds)
            throw DataError("a class has " + std::to_string(idx.size()) + " row(s), too few for " +
                            std::to_string(folds) + " folds (use fewer folds)");
        for (size_t i = idx.size(); i > 1; --i) std::swap(idx[i - 1], idx[rng() % i]);  // Fisher–Yates
        for (size_t k = 0; k < idx.size(); ++k) fold[idx[k]] = k % folds;
    }
    return fold;
}

Dataset subset(const Dataset& data, const std::vector<size_t>& rows) {
    Dataset out;
    out.source = data.source;
    out.feature_names = data.feature_names;
    out.target_name = data.target_name;
    out.cols = data.cols;
    out.rows = rows.size();
    out.X.reserve(rows.size() * data.cols);
    for (size_t r : rows) {
        out.X.insert(out.X.end(), data.X.begin() + static_cast<std::ptrdiff_t>(r * data.cols),
                     data.X.begin() + static_cast<std::ptrdiff_t>((r + 1) * data.cols));
        if (!data.target.empty()) out.target.push_back(data.target[r]);
        if (!data.weights.empty()) out.weights.push_back(data.weights[r]);  // folds keep their rows' weights
    }
    return out;
}

double mean_order(const OkcReport& r) {
    double m = 0.0;
    for (size_t q = 0; q < r.order.size(); ++q) m += static_cast<double>(q) * r.order[q];
    return m;
}

SweepResult sweep(const Dataset& data, const std::vector<Setting>& requested, const SweepOptions& options) {
    if (requested.empty()) throw ParameterError("the sweep has no settings");
    std::vector<Setting> settings;  // automatic interaction orders resolved for these features
    for (const auto& s : requested) settings.push_back(s.resolved(data.cols));
    const BinaryLabels labels = encode_binary_labels(data.target, data.source);
    const auto fold = stratified_folds(labels.y, options.folds, options.seed);
    std::vector<Dataset> train(options.folds), test(options.folds);
    for (size_t k = 0; k < options.folds; ++k) {
        std::vector<size_t> in, out;
        for (size_t r = 0; r < data.rows; ++r) (fold[r] == k ? out : in).push_back(r);
        train[k] = subset(data, in);
        test[k] = subset(data, out);
    }
    SweepResult result;
    result.feature_names = data.feature_names;
    result.rows.resize(settings.size());
    const size_t per_setting = options.folds + 1;  // the folds, then the fit on all data
    const size_t tasks = settings.size() * per_setting;
    std::vector<std::exception_ptr> errors(tasks);
    std::mutex progress_lock;
    size_t done = 0;
    for (size_t s = 0; s < settings.size(); ++s) {
        result.rows[s].setting = settings[s];
        result.rows[s].fold_accuracy.assign(options.folds, 0.0);
    }
    // One fit per task, on at most `jobs` threads (never more than the thread limit: more
    // threads than the machine has only oversubscribe it).
    std::vector<char> unconverged(tasks, 0);  // per (setting, fold): written by its task only
    parallel::for_chunks(
        tasks, 1,
        [&](size_t t, size_t) {
            const size_t s = t / per_setting, k = t % per_setting;
            SettingResult& row = result.rows[s];
            try {
                const TrainOptions o = settings[s].train_options(options.solver);
                const Model m = train_model(k < options.folds ? train[k] : data, o);
                unconverged[t] = m.summary.converged ? 0 : 1;
                if (k < options.folds) {
                    row.fold_accuracy[k] = accuracy(m, test[k]);
                } else {
                    row.train_accuracy = m.summary.training_accuracy;
                    row.support_vectors = m.summary.support_vectors;
                    row.okc = analyze(expansion_of(m), options.okc);
                }
                if (options.progress) {
                    std::lock_guard<std::mutex> lock(progress_lock);
                    options.progress(++done, tasks);
                }
            } catch (...) {
                errors[t] = std::current_exception();
            }
        },
        options.jobs);
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    for (size_t t = 0; t < tasks; ++t)
        if (unconverged[t] != 0) result.rows[t / per_setting].converged = false;
    for (auto& row : result.rows) {
        double sum = 0.0, sq = 0.0;
        for (double a : row.fold_accuracy) sum += a;
        row.cv_mean = sum / static_cast<double>(options.folds);
        for (double a : row.fold_accuracy) sq += (a - row.cv_mean) * (a - row.cv_mean);
        row.cv_sd = std::sqrt(sq / static_cast<double>(options.folds - 1));
    }
    flag_overfitting(result);
    return result;
}

void flag_overfitting(SweepResult& result) {
    auto& rows = result.rows;
    for (size_t i = 1; i < rows.size(); ++i) {
        size_t best = 0;
        for (size_t j = 1; j < i; ++j)
            if (rows[j].cv_mean > rows[best].cv_mean) best = j;
        const auto& b = rows[best];
        const auto& r = rows[i];
        const double se = b.cv_sd / std::sqrt(static_cast<double>(std::max<size_t>(b.fold_accuracy.size(), 1)));
        const bool no_gain = r.cv_mean <= b.cv_mean + se;
        const double order_rise = mean_order(r.okc) - mean_order(b.okc);
        const int t_rise = r.okc.thresholds.empty() || b.okc.thresholds.empty()
                               ? 0
                               : r.okc.thresholds[std::min<size_t>(1, r.okc.thresholds.size() - 1)] -
                                     b.okc.thresholds[std::min<size_t>(1, b.okc.thresholds.size() - 1)];
        if (no_gain && (order_rise > 0.02 || t_rise > 0)) {
            const size_t te = std::min<size_t>(1, r.okc.thresholds.size() - 1);
            std::string moved;
            if (order_rise > 0.02)
                moved = fmt::format("mean interaction order {:.2f} -> {:.2f}", mean_order(b.okc), mean_order(r.okc));
            if (t_rise > 0)
                moved += fmt::format("{}T_{:g} {} -> {}", moved.empty() ? "" : ", ", r.okc.eps[te],
                                     b.okc.thresholds[te], r.okc.thresholds[te]);
            rows[i].overfitting = fmt::format(
                "validation accuracy {:.3f} is no better than {:.3f} at {} (within one standard error) while the "
                "energy moved to higher orders or degrees ({}): likely overfitting",
                r.cv_mean, b.cv_mean, b.setting.label(), moved);
        }
    }
}

}  // namespace orca
