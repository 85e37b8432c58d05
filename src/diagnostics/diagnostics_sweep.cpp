// Sweeps: a cross-validated score (accuracy, or R^2) and the OKC profile for each setting, fits in
// parallel.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <optional>
#include <random>
#include <unordered_map>

#include "orca/data_score.hpp"
#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"
#include "orca/model_analysis.hpp"
#include "orca/multiclass.hpp"
#include "orca/training.hpp"
#include "parallel/work_team.hpp"

namespace orca {
namespace {

// A fold's score as predict and the report count it: accuracy (every test row carries a class
// of the model: the folds are stratified), or R^2 and RMSE (a fold whose targets are all equal
// has no R^2: refused, with fewer folds as the way out).
DataScore fold_score(const Model& model, const Dataset& test) {
    const auto points = model.scaled_rows(test.X, test.rows, OutOfRange::clip, test.source);
    DataScore score = score_on_data(model, machine_decisions(model, points, test.rows), test.target);
    if (model.task == Task::regression && !score.r2)
        throw DataError(test.source + ": a fold's targets are all equal, so it has no R^2 (use fewer folds)");
    return score;
}

}  // namespace

TrainOptions Setting::train_options(const SolverOptions& solver, Task task) const {
    TrainOptions o;
    o.task = task;
    o.spec = spec;
    o.C = C;
    o.scaling = scaling;
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
    return fmt::format("{} n={}{} C={:g}{}", f, n, cut, C, scaling == Scaling::quantile ? " quantile" : "");
}

std::vector<size_t> stratified_folds(const std::vector<double>& y, size_t folds, std::uint64_t seed) {
    if (folds < 2) throw ParameterError("cross-validation needs at least 2 folds, got " + std::to_string(folds));
    std::mt19937_64 rng(seed);
    std::vector<size_t> fold(y.size());
    std::vector<double> classes = y;
    std::sort(classes.begin(), classes.end());
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    for (double cls : classes) {
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

std::string score_name(Task task) {
    return task == Task::regression ? "R^2" : "accuracy";
}

std::vector<size_t> cv_folds(const Dataset& data, size_t folds, std::uint64_t seed, Task task) {
    if (task == Task::classification) {
        // Class codes in the order of distinct_labels (-1/+1 for two classes: the folds are those
        // two-class sweeps always had).
        const std::vector<std::string> labels = distinct_labels(data.target);
        std::unordered_map<std::string, double> code;
        for (size_t c = 0; c < labels.size(); ++c)
            code[labels[c]] = labels.size() == 2 ? (c == 0 ? -1.0 : 1.0) : static_cast<double>(c);
        std::vector<double> y(data.rows);
        for (size_t r = 0; r < data.rows; ++r) y[r] = code.at(data.target[r]);
        try {
            return stratified_folds(y, folds, seed);
        } catch (const DataError& e) {
            // Many distinct numbers with a few rows each: most likely a regression target.
            const bool numbers = std::all_of(labels.begin(), labels.end(), [](const std::string& t) {
                char* end = nullptr;
                (void)std::strtod(t.c_str(), &end);
                return !t.empty() && end == t.c_str() + t.size();
            });
            if (!numbers || labels.size() <= 10) throw;
            throw DataError(std::string(e.what()) + "; the target has " + std::to_string(labels.size()) +
                            " distinct numbers, which reads as a regression: set task to regression");
        }
    }
    if (folds < 2) throw ParameterError("cross-validation needs at least 2 folds, got " + std::to_string(folds));
    if (data.rows < folds)
        throw DataError(data.source + ": " + std::to_string(data.rows) + " row(s), too few for " +
                        std::to_string(folds) + " folds (use fewer folds)");
    std::mt19937_64 rng(seed);
    std::vector<size_t> order(data.rows), fold(data.rows);
    for (size_t r = 0; r < data.rows; ++r) order[r] = r;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng() % i]);  // Fisher–Yates
    for (size_t k = 0; k < order.size(); ++k) fold[order[k]] = k % folds;
    return fold;
}

OkcReport model_okc(const Model& model, const OkcOptions& options) {
    if (!model.is_multiclass()) return analyze(expansion_of(model), options);
    return *analyze_model(model, options).energy_weighted;
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
    const auto fold = cv_folds(data, options.folds, options.seed, options.task);
    std::vector<Dataset> train(options.folds), test(options.folds);
    for (size_t k = 0; k < options.folds; ++k) {
        std::vector<size_t> in, out;
        for (size_t r = 0; r < data.rows; ++r) (fold[r] == k ? out : in).push_back(r);
        train[k] = subset(data, in);
        test[k] = subset(data, out);
    }
    SweepResult result;
    result.task = options.task;
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
        if (options.task == Task::regression) result.rows[s].fold_rmse.assign(options.folds, 0.0);
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
                const TrainOptions o = settings[s].train_options(options.solver, options.task);
                const Model m = train_model(k < options.folds ? train[k] : data, o);
                unconverged[t] = m.summary.converged ? 0 : 1;
                if (k < options.folds) {
                    const DataScore score = fold_score(m, test[k]);
                    row.fold_accuracy[k] = m.task == Task::regression ? *score.r2 : score.accuracy;
                    if (m.task == Task::regression) row.fold_rmse[k] = score.rmse;
                } else {
                    row.train_accuracy =
                        m.task == Task::regression ? m.summary.training_r2 : m.summary.training_accuracy;
                    row.support_vectors = m.summary.support_vectors;
                    row.okc = model_okc(m, options.okc);
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
        for (double e : row.fold_rmse) row.cv_rmse += e / static_cast<double>(options.folds);
    }
    flag_overfitting(result);
    return result;
}

// Structural overfitting, as the seeds describe it: a richer model (its energy at higher
// interaction orders or degrees) that fits the training data at least as well as a simpler one
// but does not validate better. A row is marked when some other row is simpler (mean order
// sum_q q OKC(q) lower by more than 0.02, or T_0.05 lower, and neither higher), validates at
// least as well and trains no better; the note names the most accurate such row. The most
// accurate setting is never marked, unless a simpler one ties it (then the simpler is the
// Occam choice), and the order of the grid does not matter.
void flag_overfitting(SweepResult& result) {
    auto& rows = result.rows;
    const auto t05 = [](const SettingResult& r) {
        const size_t k = std::min<size_t>(1, r.okc.thresholds.size() - 1);
        return r.okc.thresholds.empty() ? 0 : r.okc.thresholds[k];
    };
    std::vector<std::string> marks(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        const double order_r = mean_order(r.okc);
        std::optional<size_t> simpler;
        for (size_t j = 0; j < rows.size(); ++j) {
            const auto& s = rows[j];
            const double order_s = mean_order(s.okc);
            const bool lower = order_s < order_r - 0.02 || t05(s) < t05(r);
            const bool not_higher = order_s <= order_r + 0.02 && t05(s) <= t05(r);
            if (j == i || !lower || !not_higher || s.cv_mean < r.cv_mean || r.train_accuracy < s.train_accuracy)
                continue;
            if (!simpler || s.cv_mean > rows[*simpler].cv_mean) simpler = j;
        }
        if (!simpler) continue;
        const auto& s = rows[*simpler];
        std::string moved;
        if (order_r > mean_order(s.okc) + 0.02)
            moved = fmt::format("mean interaction order {:.2f} -> {:.2f}", mean_order(s.okc), order_r);
        if (t05(r) > t05(s)) {
            const size_t te = std::min<size_t>(1, r.okc.thresholds.size() - 1);
            moved += fmt::format("{}T_{:g} {} -> {}", moved.empty() ? "" : ", ", r.okc.eps[te], t05(s), t05(r));
        }
        const std::string score = score_name(result.task);
        marks[i] = fmt::format(
            "validation {} {:.3f} is {} {:.3f} at the simpler {}, with training {} {:.3f} against {:.3f}, "
            "and the energy moved to higher orders or degrees ({}): likely overfitting",
            score, r.cv_mean, r.cv_mean < s.cv_mean ? "below" : "no better than", s.cv_mean, s.setting.label(), score,
            r.train_accuracy, s.train_accuracy, moved);
    }
    for (size_t i = 0; i < rows.size(); ++i) rows[i].overfitting = marks[i];
}

}  // namespace orca
