#pragma once
// The parts of a model every training path fills the same way (internal): the settings and the
// fitted scaler, then each solved machine.
#include <span>
#include <string>
#include <vector>

#include "orca/dataset.hpp"
#include "orca/machine_training.hpp"
#include "orca/model.hpp"
#include "orca/train_options.hpp"

namespace orca::detail {

// The data with each categorical column's levels cut to those its rows hold (rows of weight 0
// are gone by then), codes renumbered in the same order. Throws DataError for a code that is not
// one of the column's levels. Under Missing::level a column with gaps gains the level
// kMissingLevel, last, and its gaps take that code (a column holding a level of that name is
// refused: the name is reserved for gaps).
[[nodiscard]] Dataset with_observed_levels(Dataset data, Missing missing);
// Under Missing::level, a categorical column with gaps gains the level kMissingLevel, last; returns
// whether it did. Throws DataError (naming source and feature) when the column already has a level
// of that name.
bool add_gap_level(std::vector<std::string>& levels, double gaps, Missing missing, const std::string& source,
                   const std::string& feature);
// Per categorical column of data (data.levels), its rows per level; empty for a numeric column.
[[nodiscard]] std::vector<std::vector<double>> level_counts(const Dataset& data);
// The model's settings and the fitted scaler, for the machines to come. A categorical feature
// takes the discrete measure of its levels' training frequencies and degree L - 1 (its degree
// setting does not apply); under missing level a numeric feature with gaps takes its degree
// setting + 1 (the gap's function, KernelSpec::gap_weights).
[[nodiscard]] ModelSettings shared_settings(const Dataset& data, const TrainOptions& options);
// Per feature, the share of data's rows whose value is missing (NaN).
[[nodiscard]] std::vector<double> gap_shares(const Dataset& data);
// The same, the categorical features' measures from counts (rows per level, level_counts' form)
// and the numeric features' gap levels from gaps (gap_shares' form) instead of data's rows: a
// driver that holds the rows elsewhere gives their counts.
[[nodiscard]] ModelSettings shared_settings(const Dataset& data, const TrainOptions& options,
                                            const std::vector<std::vector<double>>& counts,
                                            const std::vector<double>& gaps);
// Effective multipliers of C per class: 1, "balanced" n / (k n_c) (class_rows: n_c per class, in
// class order), then the explicit entries of class_weight.
[[nodiscard]] std::vector<double> class_multipliers(const std::vector<std::string>& classes,
                                                    const std::vector<double>& class_rows, const TrainOptions& options);
// A model's summary from its machines': sums, the largest violation, the first stop that was not
// convergence; rows and support_vectors (a point counts once however many machines use it) given.
[[nodiscard]] TrainingSummary machine_totals(const std::vector<Machine>& machines, size_t rows,
                                             size_t support_vectors);
// A solved machine as the model holds it: support vectors copied from points, a_i, b, summary.
// twin: an epsilon-SVR machine (bounded means |a_i| == C_i).
[[nodiscard]] Machine stored_machine(const ModelSettings& model, const MachineFit& fit, std::span<const double> points,
                                     std::span<const double> upper, bool twin);

// What a regression can learn from targets in [lo, hi], decided before training: a constant target
// or a tube wider than the targets' spread leaves no support vector (a constant model), and
// targets beyond 1e150 overflow the squares in the solver and in R^2. epsilon: the setting, in
// units of `scale` (the target's standard deviation, or 1); name: the target's, for the message.
void check_regression_target(double lo, double hi, double epsilon, double scale, const std::string& name);

}  // namespace orca::detail
