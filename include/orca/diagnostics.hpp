#pragma once
// Structural diagnostics across settings (math spec §7): cross-validated accuracy with the OKC
// profile of each setting, stability of the indices over resamples, the Occam tie-break among
// equally accurate settings, and the overfitting signal.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "orca/model.hpp"
#include "orca/okc.hpp"
#include "orca/settings.hpp"
#include "orca/train_options.hpp"

namespace orca {

// One point of a sweep: everything a fit needs besides the data and the solver options.
struct Setting {
    KernelSpec spec;  // one degree for every feature
    double C = 1.0;
    Scaling scaling = Scaling::range;  // how features are mapped to the family's domain
    [[nodiscard]] std::string label() const;  // e.g. "jacobi(2.5,1.2) n=12 C=1", "legendre n=3 Q=2 C=1 quantile"
    // This setting for data of d features: max_order resolved (kAutoMaxOrder, Q >= d -> a number).
    [[nodiscard]] Setting resolved(size_t d) const;
    // The fit's options with these settings for the task; no progress callback (diagnostics run
    // many fits at once and report progress themselves).
    [[nodiscard]] TrainOptions train_options(const SolverOptions& solver, Task task = Task::classification) const;
};

// The grid a sweep or a stability run takes: every combination of scaling x (alpha, beta) pair x
// lambda x C x max order x total-degree cap x degree, in that order, from lists of the settings table's
// texts by name ("1..8", "2,4,8", "auto,1,2", "0.1,1,10"; family and measure take one value).
// alpha and beta lists are paired, a single value repeated. Each setting obeys the table's rules
// (train_options); ParameterError names the setting, and refuses grids of more than
// kMaxGridSettings settings before building any.
inline constexpr size_t kMaxGridSettings = 10000;
[[nodiscard]] std::vector<Setting> grid_settings(const SettingTexts& lists);

using ProgressFn = std::function<void(size_t done, size_t total)>;

struct SweepOptions {
    // classification (two or more classes): accuracy over folds stratified by class;
    // regression: R^2 (and RMSE) over shuffled folds.
    Task task = Task::classification;
    size_t folds = 5;        // k-fold cross-validation (>= 2)
    std::uint64_t seed = 1;  // fold assignment
    SolverOptions solver;
    OkcOptions okc;       // analysis of the model fitted on all data
    int jobs = 0;         // threads (0: all)
    ProgressFn progress;  // called after each fit, from one thread at a time
};

// The score is accuracy for classification and R^2 for regression: higher is better for both,
// so the overfitting signal and the Occam rule read it alike.
struct SettingResult {
    Setting setting;
    std::vector<double> fold_accuracy;  // each fold's score
    double cv_mean = 0.0, cv_sd = 0.0;
    std::vector<double> fold_rmse;  // regression: each fold's RMSE
    double cv_rmse = 0.0;           // regression: their mean
    double train_accuracy = 0.0;  // the score of the model fitted on all data
    size_t support_vectors = 0;
    bool converged = true;    // every fit reached the tolerance
    OkcReport okc;            // analysis of the model fitted on all data
    std::string overfitting;  // non-empty: the overfitting signal, in words
};

struct SweepResult {
    Task task = Task::classification;  // what the scores are: accuracy, or R^2 (and RMSE)
    std::vector<std::string> feature_names;
    std::vector<SettingResult> rows;
};

// What a sweep's scores are, as its tables and messages name them: "accuracy" or "R^2".
[[nodiscard]] std::string score_name(Task task);

// Stratified folds: fold index per row (each class, a distinct value of y, dealt over the folds),
// deterministic for a seed.
[[nodiscard]] std::vector<size_t> stratified_folds(const std::vector<double>& y, size_t folds, std::uint64_t seed);
// The folds of a cross-validation for the task: stratified by class for classification, rows
// shuffled and dealt for regression.
[[nodiscard]] std::vector<size_t> cv_folds(const Dataset& data, size_t folds, std::uint64_t seed, Task task);
// The OKC report the diagnostics follow: the model's own, or for several machines (more than two
// classes) their energy-weighted aggregate, as `orca analyze` gives it.
[[nodiscard]] OkcReport model_okc(const Model& model, const OkcOptions& options);
[[nodiscard]] Dataset subset(const Dataset& data, const std::vector<size_t>& rows);
// Mean interaction order sum_q q OKC(q): the "interaction mass" the Occam rule compares.
[[nodiscard]] double mean_order(const OkcReport& r);

[[nodiscard]] SweepResult sweep(const Dataset& data, const std::vector<Setting>& settings, const SweepOptions& options);

// Flags, in place, settings that a simpler setting of the sweep (its energy at lower orders or
// degrees) validates at least as well as while they train no better: structural overfitting.
void flag_overfitting(SweepResult& result);

// --- stability --------------------------------------------------------------------------
enum class Resampling { bootstrap, cv };
template <>
struct EnumNames<Resampling> {
    static constexpr std::string_view setting = "resampling";
    static constexpr std::array<Named<Resampling>, 2> names{
        {{Resampling::bootstrap, "bootstrap"}, {Resampling::cv, "cv"}}};
};

inline constexpr size_t kMaxResamples = 100000;

struct StabilityOptions {
    Task task = Task::classification;
    Resampling kind = Resampling::bootstrap;
    size_t count = 200;  // bootstrap resamples, or folds (each fit on all but one fold)
    std::uint64_t seed = 1;
    SolverOptions solver;
    OkcOptions okc;
    int jobs = 0;
    ProgressFn progress;
};

struct IndexStability {
    std::string name;        // "OKC(2)", "N*", "T_0.05", "M_even", "OKC_i[age]", ...
    bool is_degree = false;  // N* and T_eps (integers) vs shares
    std::vector<double> values;
    double mean = 0.0, sd = 0.0, lo = 0.0, hi = 0.0;  // lo/hi: 2.5 and 97.5 percentiles
    bool stable = false;
    std::string verdict;  // one line, following the documented rule
};

// The rule: a share is stable when its standard deviation is at most 0.05; a degree index when
// its 95% percentile interval spans at most 2 degrees.
[[nodiscard]] std::vector<IndexStability> stability(const Dataset& data, const Setting& setting,
                                                    const StabilityOptions& options);

// The pieces stability() is made of, for running resamples elsewhere (Python's Dask path):
// the resamples (row lists, deterministic for the seed), the indices of one refit, the summary.
using IndexValues = std::vector<std::pair<std::string, double>>;
[[nodiscard]] std::vector<std::vector<size_t>> draw_resamples(const Dataset& data, const StabilityOptions& options);
[[nodiscard]] IndexValues resample_indices(const Dataset& data, const Setting& setting, const std::vector<size_t>& rows,
                                           const StabilityOptions& options);
[[nodiscard]] std::vector<IndexStability> summarize_stability(const std::vector<IndexValues>& per_resample);

// --- model selection ----------------------------------------------------------------------
struct Selection {
    size_t chosen = 0;               // index into SweepResult::rows
    std::vector<size_t> candidates;  // settings within the tolerance of the best
    double best = 0.0, threshold = 0.0;
    std::string reason;  // why the winner won, in words
};

// Among settings with cv_mean >= best - tolerance (none: one standard error of the best,
// sd / sqrt(folds); a tolerance that is not a finite number >= 0 is refused), prefer lower mean interaction order, then lower T_0.05 (or the
// first threshold), then lower N*, then more balanced marginals (higher entropy of OKC_i).
// Throws ParameterError unless tolerance is none or a finite number >= 0 (checked before a sweep,
// so that a bad value does not wait for it).
void check_selection_tolerance(std::optional<double> tolerance);
[[nodiscard]] Selection select_model(const SweepResult& result, std::optional<double> tolerance = std::nullopt);

}  // namespace orca
