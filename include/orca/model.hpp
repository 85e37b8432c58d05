#pragma once
// A trained model: its settings, the scaler and the basis, and one machine (support vectors,
// a_i, b) for two-class classification and epsilon-SVR, or several two-class machines
// (one-vs-one or one-vs-rest) for more classes. Training is in training.hpp.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
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
// The most machines one model holds: one-vs-one over 317 classes. Measured: 44,850 machines (300
// classes of 2 rows) take 22 s, 340 MB and a 40 MB model file; 1,000 classes would be 499,500
// machines and run out of memory, where one-vs-rest trains 1,000.
inline constexpr size_t kMaxMachines = 50000;
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

// What a regression's C and epsilon are measured in. standardize: units of the target's training
// standard deviation s, so the problem solved is the epsilon-SVR of the target with C s and
// epsilon s, the same model as one trained on the standardised target and scaled back (the
// defaults then fit a target in dollars as well as one in [0, 1]). none: the target's own units,
// as LIBSVM's and scikit-learn's SVR.
enum class TargetScaling { standardize, none };
template <>
struct EnumNames<TargetScaling> {
    static constexpr std::string_view setting = "target_scaling";
    static constexpr std::array<Named<TargetScaling>, 2> names{
        {{TargetScaling::standardize, "standardize"}, {TargetScaling::none, "none"}}};
};

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

// The class pairs (i, j), i < j, of the one-vs-one machines, in machine order.
[[nodiscard]] std::vector<std::pair<size_t, size_t>> one_vs_one_pairs(size_t classes);
// The negative side's name in a one-vs-rest machine's classes ({"rest", c}).
inline constexpr const char* kRestLabel = "rest";

// Platt's sigmoid: P(classes[1] | g) = 1 / (1 + exp(A g + B)).
struct Sigmoid {
    double A = 0.0, B = 0.0;
};

struct TrainingSummary {
    size_t rows = 0;
    size_t support_vectors = 0;
    size_t bounded_support_vectors = 0;  // alpha_i == C
    long iterations = 0;                 // SMO iterations
    int interior_point_steps = 0;        // Newton steps of the interior-point route (0: SMO alone)
    long feature_space_passes = 0;       // coordinate-descent passes in the feature space (0: not taken)
    bool converged = false;
    double objective = 0.0;                   // LIBSVM's obj: 1/2 a'Ka - sum alpha
    double gap = 0.0;                         // certified maximal KKT violation (from a fresh gradient)
    double duality_gap = 0.0;                 // primal minus dual objective, from the same gradient
    StopReason stop = StopReason::converged;  // multi-class: the first machine that did not converge
    double training_accuracy = 0.0;           // classification
    double training_r2 = 0.0;                 // regression: coefficient of determination on the training rows
};

// What a model keeps of each machine. support_vectors: the support vectors and a_i (LIBSVM's
// form; any basis). coefficients: c_k = sum_i a_i phi_k(x_i) over the basis' kept functions, the
// same function g = b + c . phi, whose size does not grow with the rows (bases of at most
// kMaxStoredFunctions functions). automatic: coefficients when the support vectors would hold
// more than kAutoStoredNumbers numbers and the basis allows, else support vectors.
enum class Store { automatic, support_vectors, coefficients };
template <>
struct EnumNames<Store> {
    static constexpr std::string_view setting = "store";
    static constexpr std::array<Named<Store>, 3> names{{{Store::automatic, "auto"},
                                                        {Store::support_vectors, "support-vectors"},
                                                        {Store::coefficients, "coefficients"}}};
};
// 20,000 functions: 160 kB of coefficients, p features a row at prediction (pairs of 30
// features at degree 3 keep 4,006).
inline constexpr double kMaxStoredFunctions = 20000;
// 10^6 numbers (8 MB, about 20 MB of model file): 100,000 support vectors of 10 features.
inline constexpr double kAutoStoredNumbers = 1e6;

// One trained two-class machine (or the epsilon-SVR): g(x) = b + sum_i a_i K(x_i, x), or, stored
// by its coefficients, g(x) = b + sum_k c_k phi_k(x) over the basis' kept functions.
struct Machine {
    // Two-class: {negative, positive}, the model's classes or, with more classes, the pair
    // (one-vs-one) or {"rest", c} (one-vs-rest). Regression: empty.
    std::vector<std::string> classes;
    std::vector<double> support_vectors;  // n_sv x d, in kernel (scaled) coordinates
    std::vector<double> coefficients;     // a_i
    // Stored by coefficients (Store::coefficients): c_k over the basis' kept functions in
    // FeatureMap's order (the constant first), and no support vectors or a_i.
    std::vector<double> function_coefficients;
    double bias = 0.0;
    std::optional<Sigmoid> sigmoid;  // set when trained with probability estimates
    TrainingSummary summary;  // summary.support_vectors: the training's count, in either form

    [[nodiscard]] size_t support_count() const { return coefficients.size(); }
    [[nodiscard]] bool by_functions() const { return !function_coefficients.empty(); }
};

// What a trained model holds besides its machines: the settings it was trained with (resolved),
// the features and classes, and the scaler; and what follows from them alone.
struct ModelSettings {
    Task task = Task::classification;
    std::vector<std::string> feature_names;
    // Two classes: {negative, positive}. More: every class, sorted; the machines hold the pairs.
    // Regression: empty.
    std::vector<std::string> classes;
    std::string target_name;  // the training data's target column
    Scaler scaler;
    KernelSpec spec;  // resolved: a degree per feature, Q and N as numbers (0: none)
    // Missing feature values (NaN) in training and in every row given later: integrated out, or
    // refused. Model files written before the setting existed read as error (they refused them).
    Missing missing = Missing::marginalize;
    // Categorical features: per feature, its levels' names in code order (spec.level_weights
    // holds their training frequencies), empty for a numeric feature; empty: none at all.
    std::vector<std::vector<std::string>> levels;
    [[nodiscard]] bool categorical(size_t j) const { return j < levels.size() && !levels[j].empty(); }
    double C = 1.0;
    double epsilon = 0.0;                         // regression's tube half-width
    // Regression: what C and epsilon are measured in, and that unit (the target's standard
    // deviation under standardize, 1 under none): the box bound is C * target_scale (times the
    // weights) and the tube's half-width epsilon * target_scale, in the target's units. Model files
    // written before the setting existed read as none.
    TargetScaling target_scaling = TargetScaling::none;
    double target_scale = 1.0;
    std::vector<double> class_weights{1.0, 1.0};  // effective multipliers of C, one per class
    bool sample_weighted = false;                 // trained with per-row weights
    double tolerance = 1e-3;
    MultiClass multi_class = MultiClass::ovo;  // how more than two classes were split
    TrainingSummary summary;                   // one machine: its own; more: totals over the machines

    [[nodiscard]] bool is_multiclass() const { return task == Task::classification && classes.size() > 2; }
    [[nodiscard]] size_t dim() const { return feature_names.size(); }
    [[nodiscard]] Basis basis() const {
        return Basis(spec.family, spec.measure, spec.degrees, spec.max_order, spec.max_total_degree,
                     spec.level_weights, spec.gap_weights);
    }
    [[nodiscard]] TensorKernel kernel() const { return TensorKernel(basis()); }

    // Raw rows (rows x d) in kernel coordinates: checked (infinities, and missing values under
    // Missing::error, refused), copied and scaled; values outside the training range clipped or
    // refused by policy, clipping receiving what was clipped; missing values stay NaN.
    [[nodiscard]] std::vector<double> scaled_rows(std::span<const double> X, size_t rows, OutOfRange policy,
                                                  const std::string& source, Clipping* clipping = nullptr) const;
    // A two-class classifier's label for a decision value.
    [[nodiscard]] const std::string& label_for(double decision) const {
        return decision > 0.0 ? classes[1] : classes[0];
    }
};

// Scaler::missing_level for these settings: under Missing::level, the categorical features whose
// last level is kMissingLevel (training added it for their gaps); empty otherwise.
[[nodiscard]] std::vector<bool> missing_levels(const ModelSettings& model);
// Scaler::gap_level for these settings: the numeric features with a gap level
// (spec.gap_weights); empty when none has.
[[nodiscard]] std::vector<bool> gap_levels(const ModelSettings& model);

// The classes of each machine a model with these settings has, in machine order: the two
// classes; for more, every pair (one-vs-one) or {"rest", c} per class (one-vs-rest); for a
// regression one machine without classes.
[[nodiscard]] std::vector<std::vector<std::string>> machine_classes(const ModelSettings& model);

// A trained model: its settings and its machines (one for two classes and regression; one per
// pair or per class for more classes), which share the scaler and the kernel. The machines are
// installed through set_machines, which checks them against the settings, so that a model always
// has the machines its task, classes and strategy call for.
class Model : public ModelSettings {
  public:
    Model() = default;
    explicit Model(ModelSettings settings) : ModelSettings(std::move(settings)) {}

    // Installs the machines after checking them against the settings (their number and classes
    // against task, classes and multi_class; their support vectors' width against the features;
    // finite numbers). A violation is an internal error: training and loading check what they
    // produce before they install it.
    void set_machines(std::vector<Machine> machines);
    [[nodiscard]] const std::vector<Machine>& machines() const { return machines_; }
    // The single machine of a two-class classifier or a regressor (an internal error otherwise).
    [[nodiscard]] const Machine& machine() const;
    // The same for a request a user made of the model: a multi-class model is refused with a
    // ParameterError saying how many machines it has, followed by `advice` (what to ask instead).
    [[nodiscard]] const Machine& single_machine(const std::string& advice) const;
    // Renames the classes, in the settings and in the machines alike.
    void rename_classes(const std::vector<std::string>& names);
    [[nodiscard]] bool has_probability() const;

  private:
    std::vector<Machine> machines_;
};

// Why a fit did not converge and what to change, with the certified numbers ("" when it did).
// Names settings, not flags: shown by `orca fit`/`info` and as Python's ConvergenceWarning.
[[nodiscard]] std::string convergence_warning(const Model& model);

// A warning when the basis is far larger than the training data (more than 20 functions per
// row): such a model interpolates its training data. Names the settings to change; "" when the
// size is reasonable. Shown once by `orca fit` and the Python estimators.
[[nodiscard]] std::string basis_size_warning(const Model& model);

// Which features were constant in the training data, so that the model keeps only their constant
// function and ignores them ("" when none was). Shown once by `orca fit` and the Python estimators.
[[nodiscard]] std::string constant_features_warning(const Model& model);

}  // namespace orca
