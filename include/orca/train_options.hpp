#pragma once
// What a training request asks for. Its defaults are the settings table's (settings.hpp; a test
// holds them equal), and validate() holds the rules a request built in code must keep.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "orca/basis.hpp"
#include "orca/family.hpp"
#include "orca/model.hpp"
#include "orca/solver.hpp"

namespace orca {

// The largest box bound C_t = C * class weight * sample weight a row may have: the dual's
// objective holds products of two multipliers, which overflow from about 1e154, and C = 1e12
// already gives a hard margin on data ORCA scales to its domain.
inline constexpr double kMaxBoxBound = 1e100;

struct TrainOptions {
    Task task = Task::classification;
    double epsilon = 0.1;  // regression: half-width of the insensitive tube (>= 0)
    // Regression: C and epsilon in units of the target's standard deviation, or its own.
    TargetScaling target_scaling = TargetScaling::standardize;
    MultiClass multi_class = MultiClass::ovo;
    // Fit Platt sigmoids on decision values from internal k-fold cross-validation (LIBSVM's
    // -b 1); folds drawn from `seed`.
    bool probability = false;
    int probability_folds = 5;
    uint64_t seed = 0;
    // The kernel: degrees one for every feature or one per feature; max_order kAutoMaxOrder
    // (the default) resolves by the number of features (resolve_max_order); max_total_degree 0:
    // no cap.
    KernelSpec spec = [] {
        KernelSpec k;
        k.max_order = kAutoMaxOrder;
        return k;
    }();
    // How features are mapped to the family's domain: their range, or their distribution.
    Scaling scaling = Scaling::range;
    // What a missing feature value (NaN) means: integrated out, or refused.
    Missing missing = Missing::marginalize;
    double C = 1.0;
    // Per-class multipliers of C, by label ("balanced": n / (k n_class) for k classes, as
    // scikit-learn).
    // Sample weights come with the data (Dataset::weights). C_t = C * class weight * sample weight;
    // rows of weight 0 are left out (they could not move the solution).
    std::map<std::string, double> class_weight;
    bool balanced = false;
    SolverOptions solver;
    // What the model keeps of each machine: its support vectors or its basis coefficients.
    Store store = Store::automatic;
    // Told what training is doing when it moves to another machine or to the probability
    // cross-validation (for progress display); solver.progress reports within each.
    std::function<void(const std::string&)> stage;
};

// Throws ParameterError naming the setting for a request outside its domain (C, tol, cache_mb,
// epsilon, max_iter, class weights, the family's parameters) or asking a regression for
// classification's settings. The basis checks its own (degrees, max_order, max_total_degree).
void validate(const TrainOptions& options);

}  // namespace orca
