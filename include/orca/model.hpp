#pragma once
// A trained model: scaler + basis + one machine (support vectors, a_i, b) for two-class
// classification and epsilon-SVR, or several two-class machines (one-vs-one or one-vs-rest) for
// more classes; and training itself.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "orca/basis.hpp"
#include "orca/dataset.hpp"
#include "orca/kernel.hpp"
#include "orca/names.hpp"
#include "orca/scaler.hpp"
#include "orca/solver.hpp"

namespace orca {

enum class Task { classification, regression };

// The most classes a classifier takes (one-vs-one trains k(k-1)/2 machines).
inline constexpr size_t kMaxClasses = 1000;
template <>
struct EnumNames<Task> {
    static constexpr std::string_view setting = "task";
    static constexpr std::array<Named<Task>, 2> names{
        {{Task::classification, "classification"}, {Task::regression, "regression"}}};
};
[[nodiscard]] inline std::string to_string(Task t) {
    return std::string(name_of(t));
}
[[nodiscard]] inline Task parse_task(const std::string& name) {
    return parse_name<Task>(name);
}

// How more than two classes are split into two-class machines.
enum class MultiClass { ovo, ovr };
template <>
struct EnumNames<MultiClass> {
    static constexpr std::string_view setting = "multi_class";
    static constexpr std::array<Named<MultiClass>, 2> names{{{MultiClass::ovo, "ovo"}, {MultiClass::ovr, "ovr"}}};
};
[[nodiscard]] inline std::string to_string(MultiClass s) {
    return std::string(name_of(s));
}
[[nodiscard]] inline MultiClass parse_multi_class(const std::string& name) {
    return parse_name<MultiClass>(name);
}

// Platt's sigmoid: P(classes[1] | g) = 1 / (1 + exp(A g + B)).
struct Sigmoid {
    double A = 0.0, B = 0.0;
};

// Defaults are the settings table's (settings.hpp; a test holds them equal).
struct TrainOptions {
    Task task = Task::classification;
    double epsilon = 0.1;  // regression: half-width of the insensitive tube (>= 0)
    MultiClass multi_class = MultiClass::ovo;
    // Fit Platt sigmoids on decision values from internal k-fold cross-validation (LIBSVM's
    // -b 1); folds drawn from `seed`.
    bool probability = false;
    int probability_folds = 5;
    uint64_t seed = 0;
    FamilySpec family;
    Measure measure = Measure::probability;
    // One entry: the same degree for every feature; otherwise one per feature.
    std::vector<int> degrees{kDefaultDegree};
    // Interaction order Q: keep the basis functions of at most Q active features (0: all;
    // kAutoMaxOrder: by the number of features, see resolve_max_order).
    int max_order = kAutoMaxOrder;
    // Total degree N: keep the basis functions with sum_j k_j <= N (0: no cap).
    int max_total_degree = 0;
    double C = 1.0;
    // Per-class multipliers of C, by label ("balanced": n / (k n_class) for k classes, as
    // scikit-learn).
    // Sample weights come with the data (Dataset::weights). C_t = C * class weight * sample weight;
    // rows of weight 0 are left out (they could not move the solution).
    std::map<std::string, double> class_weight;
    bool balanced = false;
    SolverOptions solver;
    // Told what training is doing when it moves to another machine or to the probability
    // cross-validation (for progress display); solver.progress reports within each.
    std::function<void(const std::string&)> stage;
};

struct TrainingSummary {
    size_t rows = 0;
    size_t support_vectors = 0;
    size_t bounded_support_vectors = 0;  // alpha_i == C
    long iterations = 0;                 // SMO iterations
    int interior_point_steps = 0;        // Newton steps of the interior-point route (0: SMO alone)
    bool converged = false;
    double objective = 0.0;                   // LIBSVM's obj: 1/2 a'Ka - sum alpha
    double gap = 0.0;                         // certified maximal KKT violation (from a fresh gradient)
    double duality_gap = 0.0;                 // primal minus dual objective, from the same gradient
    StopReason stop = StopReason::converged;  // multi-class: the first machine that did not converge
    double training_accuracy = 0.0;           // classification
    double training_r2 = 0.0;                 // regression: coefficient of determination on the training rows
};

// What training on points already in kernel coordinates produces (used by Model::train and by
// callers that scale data themselves).
struct Machine {
    std::vector<size_t> support;            // indices of the support vectors in the input
    std::vector<double> coefficients;       // a_i = alpha_i y_i (SVR: alpha_i - alpha_i*), one per support vector
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
// epsilon-SVR: z the targets, upper[t] = C_t for both alpha_t and alpha_t*. The dual has 2m
// variables over the same m kernel rows; coefficients are alpha_t - alpha_t*, which sum to 0.
[[nodiscard]] Machine train_regression_machine(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                               std::span<const double> z, std::span<const double> upper, double epsilon,
                                               const SolverOptions& options);

class Model {
  public:
    Task task = Task::classification;
    std::vector<std::string> feature_names;
    // Two classes: {negative, positive}. More: every class, sorted; the machines hold the pairs.
    // Regression: empty.
    std::vector<std::string> classes;
    std::string target_name;  // the training data's target column
    Scaler scaler;
    FamilySpec family;
    Measure measure = Measure::probability;
    std::vector<int> degrees;  // one per feature
    int max_order = 0;         // interaction order Q of the basis (0: the full tensor product)
    int max_total_degree = 0;  // total-degree cap N of the basis (0: none)
    double C = 1.0;
    double epsilon = 0.0;                         // regression's tube half-width
    std::vector<double> class_weights{1.0, 1.0};  // effective multipliers of C, one per class
    bool sample_weighted = false;                 // trained with per-row weights
    double tolerance = 1e-3;
    std::vector<double> support_vectors;  // n_sv x d, in kernel (scaled) coordinates
    std::vector<double> coefficients;     // a_i
    double bias = 0.0;
    std::optional<Sigmoid> sigmoid;  // set when trained with probability estimates
    TrainingSummary summary;         // multi-class: totals over the machines
    // More than two classes: the two-class machines, each a complete two-class Model sharing
    // this model's scaler and kernel (its classes: the pair, or "rest" and the class for ovr).
    // The single-machine fields above are then empty.
    MultiClass multi_class = MultiClass::ovo;
    std::vector<Model> machines;

    // Fits scaler and machine(s). Throws orca::Error.
    static Model train(const Dataset& data, const TrainOptions& options);

    [[nodiscard]] bool is_multiclass() const { return !machines.empty(); }
    [[nodiscard]] bool has_probability() const;
    // The machines as a list: the model itself when it has a single machine.
    [[nodiscard]] std::vector<const Model*> machine_list() const;

    [[nodiscard]] size_t dim() const { return feature_names.size(); }
    [[nodiscard]] size_t support_count() const { return coefficients.size(); }
    [[nodiscard]] Basis basis() const { return Basis(family, measure, degrees, max_order, max_total_degree); }
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
    // Decision values for rows already in kernel coordinates (single-machine models).
    [[nodiscard]] std::vector<double> decision_function_scaled(std::span<const double> points, size_t rows) const;
    [[nodiscard]] const std::string& label_for(double decision) const {
        return decision > 0.0 ? classes[1] : classes[0];
    }
};

// Why a fit did not converge and what to change, with the certified numbers ("" when it did).
// Names settings, not flags: shown by `orca fit`/`info` and as Python's ConvergenceWarning.
[[nodiscard]] std::string convergence_warning(const Model& model);

// A warning when the basis is far larger than the training data (more than 20 functions per
// row): such a model interpolates its training data. Names the settings to change; "" when the
// size is reasonable. Shown once by `orca fit` and the Python estimators.
[[nodiscard]] std::string basis_size_warning(const Model& model);

// Decision values of every machine (rows x machines, row-major); one column for one machine.
[[nodiscard]] std::vector<double> machine_decisions(const Model& model, std::span<const double> points, size_t rows);

// The multi-class view of a classifier's decisions (see multiclass.hpp for the formulas).
struct ClassPrediction {
    std::vector<size_t> label;     // index into model.classes per row
    std::vector<double> decision;  // rows x columns: binary 1 column (g), else one per class
};
[[nodiscard]] ClassPrediction predict_classes(const Model& model, std::span<const double> machine_values, size_t rows);

}  // namespace orca
