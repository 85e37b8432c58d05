#pragma once
// A trained two-class machine: scaler + basis + support vectors + a_i + b, and training itself.
#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "orca/basis.hpp"
#include "orca/dataset.hpp"
#include "orca/kernel.hpp"
#include "orca/scaler.hpp"
#include "orca/solver.hpp"

namespace orca {

struct TrainOptions {
    FamilySpec family;
    Measure measure = Measure::probability;
    // One entry: the same degree for every feature; otherwise one per feature.
    std::vector<int> degrees{8};
    double C = 1.0;
    // Per-class multipliers of C, by label ("balanced": n / (2 n_class), as scikit-learn).
    // Sample weights come with the data (Dataset::weights). C_t = C * class weight * sample weight;
    // rows of weight 0 are left out (they could not move the solution).
    std::map<std::string, double> class_weight;
    bool balanced = false;
    SolverOptions solver;
};

struct TrainingSummary {
    size_t rows = 0;
    size_t support_vectors = 0;
    size_t bounded_support_vectors = 0;  // alpha_i == C
    long iterations = 0;
    bool converged = false;
    double objective = 0.0;  // LIBSVM's obj: 1/2 a'Ka - sum alpha
    double gap = 0.0;
    double training_accuracy = 0.0;
};

// What training on points already in kernel coordinates produces (used by Model::train and by
// callers that scale data themselves).
struct Machine {
    std::vector<size_t> support;            // indices of the support vectors in the input
    std::vector<double> coefficients;       // a_i = alpha_i y_i, one per support vector
    double bias = 0.0;                      // g(x) = sum_i a_i K(x_i, x) + bias
    std::vector<double> training_decision;  // g(x_t) for every training point
    SolverResult solver;
};

// points: m x d row-major in kernel coordinates; y in {-1, +1}.
// upper[t] = C_t > 0 (per-point box: class and sample weights).
[[nodiscard]] Machine train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                    std::span<const double> y, std::span<const double> upper,
                                    const SolverOptions& options);
// The same with one C for every point.
[[nodiscard]] Machine train_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                    std::span<const double> y, double C, const SolverOptions& options);

class Model {
  public:
    std::vector<std::string> feature_names;
    std::vector<std::string> classes;  // {negative, positive}
    std::string target_name;           // the training data's target column
    Scaler scaler;
    FamilySpec family;
    Measure measure = Measure::probability;
    std::vector<int> degrees;  // one per feature
    double C = 1.0;
    std::vector<double> class_weights{1.0, 1.0};  // effective multipliers of C: {negative, positive}
    bool sample_weighted = false;                 // trained with per-row weights
    double tolerance = 1e-3;
    std::vector<double> support_vectors;  // n_sv x d, in kernel (scaled) coordinates
    std::vector<double> coefficients;     // a_i
    double bias = 0.0;
    TrainingSummary summary;

    // Fits scaler and machine. data must have a two-class target. Throws orca::Error.
    static Model train(const Dataset& data, const TrainOptions& options);

    [[nodiscard]] size_t dim() const { return feature_names.size(); }
    [[nodiscard]] size_t support_count() const { return coefficients.size(); }
    [[nodiscard]] Basis basis() const { return Basis(family, measure, degrees); }
    [[nodiscard]] TensorKernel kernel() const { return TensorKernel(basis()); }

    // Decision values g(x) for raw (unscaled) rows. clipped_rows receives how many rows had a
    // value outside the training range (clipped, or refused under OutOfRange::error).
    [[nodiscard]] std::vector<double> decision_function(std::span<const double> X, size_t rows, OutOfRange policy,
                                                        const std::string& source,
                                                        size_t* clipped_rows = nullptr) const;
    // Raw rows (rows x d) in kernel coordinates: checked, copied and scaled; values outside the
    // training range clipped or refused by policy, clipped_rows counting them.
    [[nodiscard]] std::vector<double> scaled_rows(std::span<const double> X, size_t rows, OutOfRange policy,
                                                  const std::string& source, size_t* clipped_rows = nullptr) const;
    // Decision values for rows already in kernel coordinates.
    [[nodiscard]] std::vector<double> decision_function_scaled(std::span<const double> points, size_t rows) const;
    [[nodiscard]] const std::string& label_for(double decision) const {
        return decision > 0.0 ? classes[1] : classes[0];
    }
};

}  // namespace orca
