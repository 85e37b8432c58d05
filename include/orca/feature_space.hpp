#pragma once
// A two-class model's training problem in its basis' own feature space, for a driver that holds
// the rows elsewhere (orca_svm.dask: the partitions of a Dask cluster, where no step gathers the
// rows on one machine). What train_model takes from the rows themselves (the scaler's range, the
// balanced class weights) comes here from per-feature statistics the driver reduces over its
// partitions; any block of raw rows then gives its explicit features phi(x), K(x, z) =
// phi(x) . phi(z); and the machine the driver solved becomes a Model as train_model's are.
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
    std::vector<double> class_rows;       // rows per class, negative first (balanced class weights)
};

class FeatureSpace {
  public:
    // Throws ParameterError for what this route does not train (a regression, more or fewer than
    // two classes, probability estimates, quantile scaling, a basis beyond
    // kMaxFeatureSpaceFunctions) and DataError for missing values under missing error, naming the
    // feature. classes: the two class names, negative first.
    FeatureSpace(const TrainOptions& options, const std::vector<std::string>& feature_names,
                 const std::vector<std::string>& classes, const ColumnStatistics& statistics);

    [[nodiscard]] const ModelSettings& settings() const { return settings_; }
    [[nodiscard]] size_t size() const;  // p, the kept functions
    // C times the class weight: the box bound of a row of sample weight 1 (class 0: negative).
    [[nodiscard]] double upper(size_t klass) const { return settings_.C * settings_.class_weights.at(klass); }

    // Raw rows (rows x d) in kernel coordinates, checked as training checks its rows (source names
    // them in errors).
    [[nodiscard]] std::vector<double> scaled(std::span<const double> X, size_t rows, const std::string& source) const;
    // phi(x) of rows already in kernel coordinates: rows x p, row-major.
    [[nodiscard]] std::vector<double> features(std::span<const double> points, size_t rows) const;
    // The model of a machine solved in this space (its support vectors in kernel coordinates);
    // the model's summary is the machine's.
    [[nodiscard]] Model model(Machine machine) const;

  private:
    ModelSettings settings_;
    std::shared_ptr<const FeatureMap> map_;
};

}  // namespace orca
