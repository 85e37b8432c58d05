#pragma once
// A model's training problem (a classifier's or an epsilon-SVR's) in its basis' own feature space,
// for a driver that holds the rows elsewhere (orca_svm.dask: the partitions of a Dask cluster,
// where no step gathers the rows on one machine). What train_model takes from the rows themselves
// (the scaler's range, the balanced class weights, the target's mean and spread) comes here from
// per-feature statistics the driver reduces over its partitions; any block of raw rows then gives
// its explicit features phi(x), K(x, z) = phi(x) . phi(z); and the two-class machines the driver
// solved (one, or one per pair or per class as multi_class says), or the regression's one
// machine, become a Model as train_model's are.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca {

class FeatureMap;

// The most functions a basis trained in its feature space may keep: the driver's Newton system
// is p x p (10,000 functions: 800 MB).
inline constexpr size_t kMaxFeatureSpaceFunctions = 10000;

// What the settings need of the training rows (rows of sample weight 0 left out).
struct ColumnStatistics {
    std::vector<double> min, max;         // per feature, over the values present (NaN: none is)
    std::vector<double> mean, sd;         // per feature, sd the population's; standardised families only
    std::vector<double> missing;          // per feature, how many values are missing
    std::vector<double> class_rows;       // rows per class, in class order (balanced class weights); a
                                          // regression's rows as one class (the shares of gaps)
    // Categorical features (empty: none): per feature its levels' names, in code order (empty for
    // a numeric feature), and its rows per level; the model keeps the levels with rows, as
    // training keeps those its rows of weight > 0 hold (codes renumbered over them, in order: the
    // driver encodes a value as that code and a gap as NaN), and under missing level a column with
    // gaps gains the level kMissingLevel with `missing` rows; a column with no level held keeps its
    // first, as a constant feature.
    std::vector<std::vector<std::string>> levels;
    std::vector<std::vector<double>> level_counts;
    // Under scaling quantile (empty otherwise): per feature its knots by the rule of
    // quantile_grid_step (empty for a categorical or constant feature), and per knot the values
    // present below it and equal to it; the values present are the rows less `missing`.
    std::vector<std::vector<double>> knot_x, knot_below, knot_ties;
    // A regression's target over the same rows: its range, mean and population sd, and its name
    // (for messages).
    double target_min = 0.0, target_max = 0.0, target_mean = 0.0, target_sd = 0.0;
    std::string target_name = "y";
};

// How training screens a two-class machine's dual from the smoothed hinge's minimiser
// (src/training/screened_interior_point.hpp, hinge_estimate.hpp), for a driver that screens as
// it does: the engine's constants and rule, declared there once.
struct Screening {
    std::vector<double> widths;      // the smoothing's widths, widest first
    double settled = 0.0;            // at the last width Newton ends when no decision value moves by this
    int max_steps = 0;               // Newton steps over all widths
    double hinge_margin = 0.0;       // variables whose reduced gradient is beyond +-margin are held
    size_t min_working_points = 0;   // the working set's least size (those nearest their margin)
    int rounds = 0;                  // working-set fits at most
};
[[nodiscard]] Screening screening();
// Whether training screens a machine of `points` rows over p functions (regression: an
// epsilon-SVR's, which it screens from a coarse fit).
[[nodiscard]] bool screens(size_t points, size_t p, bool regression);

class FeatureSpace {
  public:
    // Throws ParameterError for what this route does not train (quantile scaling without knots
    // that fit together, a basis beyond kMaxFeatureSpaceFunctions, more classes than one-vs-one
    // or the model takes, a tube wider than the target) and DataError for missing values under
    // missing error, naming the feature, and for a constant target. classes: the class names in class order (two: negative first); a
    // regression (options.task) has none and reads the statistics' target fields.
    FeatureSpace(const TrainOptions& options, const std::vector<std::string>& feature_names,
                 const std::vector<std::string>& classes, const ColumnStatistics& statistics);

    [[nodiscard]] const ModelSettings& settings() const { return settings_; }
    [[nodiscard]] size_t size() const;  // p, the kept functions
    // C times the class weight: the box bound of a row of class `klass` and sample weight 1 (a
    // regression: C).
    [[nodiscard]] double upper(size_t klass) const {
        return settings_.class_weights.empty() ? settings_.C : settings_.C * settings_.class_weights.at(klass);
    }
    // A regression's machine is solved on (z - target_shift()) / target_scale(): the standardised
    // target under target_scaling standardize, the target itself (0 and 1) under none.
    [[nodiscard]] double target_shift() const { return target_shift_; }
    [[nodiscard]] double target_scale() const { return settings_.target_scale; }

    // Raw rows (rows x d) in kernel coordinates, checked as training checks its rows (source names
    // them in errors).
    [[nodiscard]] std::vector<double> scaled(std::span<const double> X, size_t rows, const std::string& source) const;
    // phi(x) of rows already in kernel coordinates: rows x p, row-major.
    [[nodiscard]] std::vector<double> features(std::span<const double> points, size_t rows) const;
    // The same into out (rows x p), every entry written: a caller's buffer (a numpy array) is
    // filled once, without a zero fill and a copy.
    void features(std::span<const double> points, size_t rows, std::span<double> out) const;
    // Whether the model is stored by its coefficients (the store setting) when the solved
    // machines' support vectors would hold `held` numbers: a driver gathers them only when not.
    [[nodiscard]] bool stores_coefficients(double held) const;
    // The model of the machines solved in this space (machine_classes' order; support vectors in
    // kernel coordinates, or each machine's coefficients over the kept functions when
    // stores_coefficients said so). One machine: the model's summary is its own; more: their totals over
    // the training rows, the distinct support vectors (a row once however many machines use it)
    // and the training accuracy of the model's class predictions.
    [[nodiscard]] Model model(std::vector<Machine> machines, size_t rows, size_t support_vectors,
                              double training_accuracy) const;
    // The model of a regression's epsilon-SVR machine solved in this space on the shifted and
    // scaled target, its coefficients and bias brought back to the target's units as train_model
    // does (a s, b s + shift); training_r2 on the training rows.
    [[nodiscard]] Model regression_model(Machine machine, double training_r2) const;

  private:
    void check_machine(const Machine& machine) const;

    ModelSettings settings_;
    Store store_ = Store::automatic;
    double target_shift_ = 0.0;
    std::shared_ptr<const FeatureMap> map_;
};

}  // namespace orca
