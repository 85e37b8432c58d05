#include "orca/model_card.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "orca/multiclass.hpp"

namespace orca {
namespace {

std::string missing_text(Missing missing) {
    switch (missing) {
        case Missing::marginalize:
            return "integrated out under the measure (missing marginalize)";
        case Missing::level:
            return "a categorical feature's gaps are its level '" + std::string(kMissingLevel) +
                   "', a numeric feature's its gap function; gaps in a feature that had none in training "
                   "integrated out (missing level)";
        case Missing::error:
            break;
    }
    return "refused (missing error)";
}

std::string family_text(const Model& model) {
    std::string family = to_string(model.spec.family.kind);
    if (model.spec.family.kind == FamilyKind::jacobi || model.spec.family.kind == FamilyKind::gegenbauer)
        family += fmt::format(" (alpha = {:g}, beta = {:g})", model.spec.family.alpha, model.spec.family.beta);
    return family;
}

std::string degrees_text(const Model& model) {
    const bool same = std::all_of(model.spec.degrees.begin(), model.spec.degrees.end(),
                                  [&](int n) { return n == model.spec.degrees[0]; });
    if (same) return std::to_string(model.spec.degrees[0]) + " for every feature";
    std::string degrees;
    for (size_t j = 0; j < model.dim(); ++j)
        degrees += (j ? ", " : "") + model.feature_names[j] + "=" + std::to_string(model.spec.degrees[j]);
    return degrees;
}

std::string max_order_text(const Model& model) {
    if (model.spec.max_order <= 0) return fmt::format("{} (the full tensor product)", model.dim());
    return fmt::format("{} (functions of at most {} feature{}{})", model.spec.max_order, model.spec.max_order,
                       model.spec.max_order == 1 ? "" : "s",
                       model.spec.max_order == 1   ? ": an additive model"
                       : model.spec.max_order == 2 ? ": main effects and pairs"
                                                   : "");
}

std::string target_text(const Model& model) {
    if (model.task == Task::regression)
        return model.target_scaling == TargetScaling::standardize
                   ? fmt::format("epsilon-SVR regression of '{}' (epsilon = {:g}; C and epsilon in units of the "
                                 "target's standard deviation, {:.6g})",
                                 model.target_name, model.epsilon, model.target_scale)
                   : fmt::format("epsilon-SVR regression of '{}' (epsilon = {:g})", model.target_name, model.epsilon);
    if (model.is_multiclass())
        return fmt::format("'{}': {} classes ({})", model.target_name, model.classes.size(), quoted_classes(model));
    return fmt::format("'{}': negative class '{}', positive class '{}'", model.target_name, model.classes[0],
                       model.classes[1]);
}

std::string c_text(const Model& model) {
    std::string weights;
    const bool weighted =
        std::any_of(model.class_weights.begin(), model.class_weights.end(), [](double w) { return w != 1.0; });
    if (weighted) {
        weights = " x class weights (";
        for (size_t c = 0; c < model.classes.size(); ++c)
            weights += fmt::format("{}'{}': {:g}", c ? ", " : "", model.classes[c], model.class_weights[c]);
        weights += ")";
    }
    if (model.sample_weighted) weights += " x sample weights";
    return fmt::format("{:g}{}", model.C, weights);
}

// What the solver did: the routes that ran first (training/dual_routes.hpp), then SMO, which
// certified their result, polishing it when it stopped short ("0 iterations" read as if SMO had
// not run).
std::string solver_work(const TrainingSummary& s) {
    std::string work;
    if (s.feature_space_passes > 0)
        work += fmt::format("{} coordinate-descent passes in the feature space, ", s.feature_space_passes);
    if (s.interior_point_steps > 0) work += fmt::format("{} interior-point steps, ", s.interior_point_steps);
    if (work.empty()) return fmt::format("{} SMO iterations", s.iterations);
    return work + (s.iterations == 0 ? std::string("certified by SMO as it stood")
                                     : fmt::format("polished and certified by SMO in {} iterations", s.iterations));
}

std::string solver_text(const Model& model) {
    const auto& s = model.summary;
    const std::string work = solver_work(s);
    if (s.stop == StopReason::converged)
        return fmt::format(
            "{}, converged: KKT violation {:.3g} < tolerance, duality gap {:.3g} (certified from a "
            "fresh gradient)",
            work, s.gap, s.duality_gap);
    const std::string warning = convergence_warning(model);
    const std::string prefix = "not converged: ";
    return fmt::format("{}, NOT CONVERGED: {}", work,
                       warning.rfind(prefix, 0) == 0 ? warning.substr(prefix.size()) : warning);
}

}  // namespace

std::string quoted_classes(const Model& model) {
    std::string list;
    for (const auto& c : model.classes) list += (list.empty() ? "'" : ", '") + c + "'";
    return list;
}

std::vector<CardLine> model_card(const Model& model) {
    const auto& s = model.summary;
    std::vector<CardLine> card{
        {"kernel", "truncated tensor-product orthonormal polynomials"},
        {"family", family_text(model)},
        {"measure", to_string(model.spec.measure) +
                        (model.spec.measure == Measure::probability ? " (p_0 = 1)" : " (textbook normalisation)")},
        {"degree n", degrees_text(model)},
        {"max order Q", max_order_text(model)},
    };
    if (model.spec.max_total_degree > 0)
        card.push_back({"max total degree", fmt::format("{} (functions with k_1 + ... + k_d <= {})",
                                                        model.spec.max_total_degree, model.spec.max_total_degree)});
    card.push_back({"basis size", fmt::format("{:.6g} functions", model.basis().size())});
    card.push_back({"features (d)", std::to_string(model.dim())});
    card.push_back({"target", target_text(model)});
    if (model.is_multiclass())
        card.push_back({"multi-class", fmt::format("{} ({} two-class machines)",
                                                   model.multi_class == MultiClass::ovo ? "one-vs-one" : "one-vs-rest",
                                                   model.machines().size())});
    card.push_back({"scaler", model.scaler.kind == ScalerKind::minmax ? "min-max to [-1, 1] (training range)"
                              : model.scaler.kind == ScalerKind::standardize
                                  ? "standardise to mean 0, sd 1 (training data)"
                                  : "quantile: each feature's training distribution onto the family's law"});
    if (!model.levels.empty()) {
        std::string said;
        for (size_t j = 0; j < model.dim(); ++j)
            if (model.categorical(j))
                said += fmt::format("{}'{}' ({} levels)", said.empty() ? "" : ", ", model.feature_names[j],
                                    model.levels[j].size());
        const auto gap_levels = missing_levels(model);
        const bool any_gap_level = std::find(gap_levels.begin(), gap_levels.end(), true) != gap_levels.end();
        const std::string unseen = any_gap_level ? "taken as '" + std::string(kMissingLevel) +
                                                       "' where a feature has it, else integrated out"
                                                 : "integrated out";
        card.push_back({"categorical", said + ": every level's contrast, an unseen level " + unseen});
    }
    card.push_back({"missing values", missing_text(model.missing)});
    if (!model.spec.gap_weights.empty()) {  // numeric features whose gaps have a function of their own
        std::string said;
        for (size_t j = 0; j < model.dim(); ++j)
            if (model.spec.has_gap_level(j))
                said += fmt::format("{}'{}' ({:.3g}% of rows; function {})", said.empty() ? "" : ", ",
                                    model.feature_names[j], 100.0 * model.spec.gap_weights[j], model.spec.degrees[j]);
        card.push_back({"gap functions", said});
    }
    card.push_back({"C", c_text(model)});
    card.push_back({"tolerance", fmt::format("{:g}", model.tolerance)});
    card.push_back({"training rows", std::to_string(s.rows)});
    const bool by_functions = model.machines().front().by_functions();
    card.push_back({"support vectors", fmt::format("{} ({} at the bound C){}", s.support_vectors,
                                                   s.bounded_support_vectors,
                                                   by_functions ? "; not kept (store coefficients)" : "")});
    if (by_functions)
        card.push_back({"stored as", fmt::format("{} basis coefficients per machine (store coefficients)",
                                                 static_cast<long long>(model.basis().size()))});
    if (!model.is_multiclass()) card.push_back({"bias b", fmt::format("{:.10g}", model.machine().bias)});
    card.push_back({"solver", solver_text(model)});
    card.push_back({"dual objective",
                    fmt::format("{:.10g}{}", s.objective, model.is_multiclass() ? " (sum over the machines)" : "")});
    if (model.task == Task::regression)
        card.push_back({"training R^2", fmt::format("{:.4f}", s.training_r2)});
    else
        card.push_back({"training accuracy", fmt::format("{:.4f}", s.training_accuracy)});
    if (model.has_probability())
        card.push_back(
            {"probabilities",
             std::string("Platt sigmoids from internal cross-validation") +
                 (model.is_multiclass() && model.multi_class == MultiClass::ovo ? ", pairwise coupling" : "")});
    for (size_t m = 0; model.is_multiclass() && m < model.machines().size(); ++m) {
        const auto& ms = model.machines()[m].summary;
        card.push_back(
            {fmt::format("  machine {}", m + 1),
             fmt::format("{}: {} rows, {} support vectors, {}, training accuracy {:.4f}", machine_name(model, m),
                         ms.rows, ms.support_vectors, solver_work(ms), ms.training_accuracy)});
    }
    return card;
}

}  // namespace orca
