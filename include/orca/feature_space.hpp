#pragma once
// A classifier's training problem in its basis' own feature space, for a driver that holds the
// rows elsewhere (orca_svm.dask: the partitions of a Dask cluster, where no step gathers the rows
// on one machine). What train_model takes from the rows themselves (the scaler's range, the
// balanced class weights) comes here from per-feature statistics the driver reduces over its
// partitions; any block of raw rows then gives its explicit features phi(x), K(x, z) =
// phi(x) . phi(z); and the two-class machines the driver solved (one, or one per pair or per class
// as multi_class says) become a Model as train_model's are.
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
    std::vector<double> class_rows;       // rows per class, in class order (balanced class weights)
};

class FeatureSpace {
  public:
    // Throws ParameterError for what this route does not train (a regression, quantile scaling, a basis beyond kMaxFeatureSpaceFunctions, more classes than
    // one-vs-one or the model takes) and DataError for missing values under missing error, naming
    // the feature. classes: the class names in class order (two: negative first).
    FeatureSpace(const TrainOptions& options, const std::vector<std::string>& feature_names,
                 const std::vector<std::string>& classes, const ColumnStatistics& statistics);

    [[nodiscard]] const ModelSettings& settings() const { return settings_; }
    [[nodiscard]] size_t size() const;  // p, the kept functions
    // C times the class weight: the box bound of a row of class `klass` and sample weight 1.
    [[nodiscard]] double upper(size_t klass) const { return settings_.C * settings_.class_weights.at(klass); }

    // Raw rows (rows x d) in kernel coordinates, checked as training checks its rows (source names
    // them in errors).
    [[nodiscard]] std::vector<double> scaled(std::span<const double> X, size_t rows, const std::string& source) const;
    // phi(x) of rows already in kernel coordinates: rows x p, row-major.
    [[nodiscard]] std::vector<double> features(std::span<const double> points, size_t rows) const;
    // The model of the machines solved in this space (machine_classes' order; support vectors in
    // kernel coordinates). One machine: the model's summary is its own; more: their totals over
    // the training rows, the distinct support vectors (a row once however many machines use it)
    // and the training accuracy of the model's class predictions.
    [[nodiscard]] Model model(std::vector<Machine> machines, size_t rows, size_t support_vectors,
                              double training_accuracy) const;

  private:
    ModelSettings settings_;
    std::shared_ptr<const FeatureMap> map_;
};

}  // namespace orca
