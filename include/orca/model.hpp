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

class Model {
  public:
    Task task = Task::classification;
    std::vector<std::string> feature_names;
    // Two classes: {negative, positive}. More: every class, sorted; the machines hold the pairs.
    // Regression: empty.
    std::vector<std::string> classes;
    std::string target_name;  // the training data's target column
    Scaler scaler;
    KernelSpec spec;  // resolved: a degree per feature, Q and N as numbers (0: none)
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

    [[nodiscard]] bool is_multiclass() const { return !machines.empty(); }
    [[nodiscard]] bool has_probability() const;
    // The machines as a list: the model itself when it has a single machine.
    [[nodiscard]] std::vector<const Model*> machine_list() const;

    [[nodiscard]] size_t dim() const { return feature_names.size(); }
    [[nodiscard]] size_t support_count() const { return coefficients.size(); }
    [[nodiscard]] Basis basis() const {
        return Basis(spec.family, spec.measure, spec.degrees, spec.max_order, spec.max_total_degree);
    }
    [[nodiscard]] TensorKernel kernel() const { return TensorKernel(basis()); }

    // Raw rows (rows x d) in kernel coordinates: checked, copied and scaled; values outside the
    // training range clipped or refused by policy, clipped_rows counting them.
    [[nodiscard]] std::vector<double> scaled_rows(std::span<const double> X, size_t rows, OutOfRange policy,
                                                  const std::string& source, size_t* clipped_rows = nullptr) const;
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

}  // namespace orca
