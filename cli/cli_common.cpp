#include "cli_common.hpp"

#include <fmt/core.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "orca/errors.hpp"
#include "orca/multiclass.hpp"

namespace orca::cli {
namespace {

int parse_degree_value(const std::string& text, const std::string& what) {
    size_t used = 0;
    int value = -1;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty()) throw ParameterError("--degree: '" + text + "' is not an integer" + what);
    if (value < 0) throw ParameterError("--degree must be >= 0, got " + text + what);
    if (value > kMaxDegree)
        throw ParameterError("--degree " + text + " is too large (at most " + std::to_string(kMaxDegree) + ")" + what);
    return value;
}

// 'a', 'b', 'c': the model's classes as messages and summaries list them.
std::string quoted_classes(const Model& model) {
    std::string list;
    for (const auto& c : model.classes) list += (list.empty() ? "'" : ", '") + c + "'";
    return list;
}

}  // namespace

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        std::string part = text.substr(start, end - start);
        part.erase(0, part.find_first_not_of(' '));
        part.erase(part.find_last_not_of(' ') + 1);
        if (!part.empty()) parts.push_back(part);
        start = end + 1;
    }
    return parts;
}

std::vector<int> parse_max_orders(const std::string& text, const std::string& option) {
    std::vector<int> out;
    for (const auto& part : split_list(text)) {
        if (part == "auto") {
            out.push_back(kAutoMaxOrder);
            continue;
        }
        for (int q : parse_int_list(part, option)) out.push_back(q);
    }
    if (out.empty()) throw ParameterError(option + " needs at least one value");
    return out;
}

std::vector<int> parse_int_list(const std::string& text, const std::string& option) {
    std::vector<int> out;
    auto number = [&](const std::string& s) {
        size_t used = 0;
        int v = 0;
        try {
            v = std::stoi(s, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != s.size() || s.empty()) throw ParameterError(option + ": '" + s + "' is not an integer");
        if (v < 0) throw ParameterError(option + " must be >= 0, got " + s);
        return v;
    };
    for (const auto& part : split_list(text)) {
        const auto dots = part.find("..");
        if (dots == std::string::npos) {
            out.push_back(number(part));
            continue;
        }
        const int lo = number(part.substr(0, dots)), hi = number(part.substr(dots + 2));
        if (hi < lo) throw ParameterError(option + ": empty range '" + part + "'");
        if (hi - lo > 1000) throw ParameterError(option + ": range '" + part + "' is too long");
        for (int v = lo; v <= hi; ++v) out.push_back(v);
    }
    if (out.empty()) throw ParameterError(option + " needs at least one value");
    return out;
}

std::vector<double> parse_double_list(const std::string& text, const std::string& option) {
    std::vector<double> out;
    for (const auto& part : split_list(text)) {
        size_t used = 0;
        double v = 0.0;
        try {
            v = std::stod(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != part.size()) throw ParameterError(option + ": '" + part + "' is not a number");
        out.push_back(v);
    }
    if (out.empty()) throw ParameterError(option + " needs at least one value");
    return out;
}

std::vector<int> parse_degree_spec(const std::string& spec, const std::vector<std::string>& names) {
    int fallback = -1;
    std::map<std::string, int> named;
    for (const auto& part : split_list(spec)) {
        const auto eq = part.find('=');
        if (eq == std::string::npos) {
            if (fallback >= 0) throw ParameterError("--degree: more than one default degree in '" + spec + "'");
            fallback = parse_degree_value(part, "");
            continue;
        }
        const std::string name = part.substr(0, eq);
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw ParameterError("--degree: no feature named '" + name + "'");
        named[name] = parse_degree_value(part.substr(eq + 1), " (feature '" + name + "')");
    }
    std::vector<int> degrees;
    for (const auto& name : names) {
        auto it = named.find(name);
        if (it != named.end())
            degrees.push_back(it->second);
        else if (fallback >= 0)
            degrees.push_back(fallback);
        else
            throw ParameterError("--degree: no degree for feature '" + name + "' (give a default, e.g. --degree 8," +
                                 name + "=4)");
    }
    return degrees;
}

Dataset read_for_model(const Model& model, const std::string& path, const std::string& format) {
    ReadOptions read;
    read.format = parse_data_format(format);
    read.target = model.target_name;
    read.target_optional = true;
    read.features = model.feature_names;
    read.libsvm_dimension = model.dim();
    return read_dataset(path, read);
}

void ProgressLine::solver_update(long iterations, double gap) {
    if (quiet_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    fmt::print(stderr, "training{}: {} iterations, largest KKT violation {:.3g}\n",
               stage_.empty() ? "" : " (" + stage_ + ")", iterations, gap);
}

Model explained_model(const Model& model, const std::string& label) {
    if (model.task == Task::regression) {
        if (!label.empty()) throw ParameterError("--class applies to classifiers; this model is a regression");
        return model;
    }
    const std::string list = quoted_classes(model);
    if (label.empty()) {
        if (model.is_multiclass())
            throw ParameterError("a multi-class model is explained one class at a time: give --class LABEL (one of " +
                                 list + ")");
        return model;
    }
    const auto it = std::find(model.classes.begin(), model.classes.end(), label);
    if (it == model.classes.end())
        throw ParameterError("--class '" + label + "' is not a class of the model (" + list + ")");
    return class_model(model, static_cast<size_t>(it - model.classes.begin()));
}

void print_model_summary(std::ostream& out, const Model& model) {
    const auto& s = model.summary;
    std::string family = to_string(model.family.kind);
    if (model.family.kind == FamilyKind::jacobi || model.family.kind == FamilyKind::gegenbauer)
        family += fmt::format(" (alpha = {:g}, beta = {:g})", model.family.alpha, model.family.beta);
    bool same = std::all_of(model.degrees.begin(), model.degrees.end(), [&](int n) { return n == model.degrees[0]; });
    std::string degrees;
    if (same) {
        degrees = std::to_string(model.degrees[0]) + " for every feature";
    } else {
        for (size_t j = 0; j < model.dim(); ++j)
            degrees += (j ? ", " : "") + model.feature_names[j] + "=" + std::to_string(model.degrees[j]);
    }
    fmt::print(out, "kernel            truncated tensor-product orthonormal polynomials\n");
    fmt::print(out, "family            {}\n", family);
    fmt::print(out, "measure           {}{}\n", to_string(model.measure),
               model.measure == Measure::probability ? " (p_0 = 1)" : " (textbook normalisation)");
    fmt::print(out, "degree n          {}\n", degrees);
    if (model.max_order > 0)
        fmt::print(out, "max order Q       {} (functions of at most {} feature{}{})\n", model.max_order,
                   model.max_order, model.max_order == 1 ? "" : "s",
                   model.max_order == 1   ? ": an additive model"
                   : model.max_order == 2 ? ": main effects and pairs"
                                          : "");
    else
        fmt::print(out, "max order Q       {} (the full tensor product)\n", model.dim());
    if (model.max_total_degree > 0)
        fmt::print(out, "max total degree  {} (functions with k_1 + ... + k_d <= {})\n", model.max_total_degree,
                   model.max_total_degree);
    fmt::print(out, "basis size        {:.6g} functions\n", model.basis().size());
    fmt::print(out, "features (d)      {}\n", model.dim());
    if (model.task == Task::regression) {
        fmt::print(out, "task              epsilon-SVR regression of '{}' (epsilon = {:g})\n", model.target_name,
                   model.epsilon);
    } else if (model.is_multiclass()) {
        const std::string list = quoted_classes(model);
        fmt::print(out, "target            '{}': {} classes ({})\n", model.target_name, model.classes.size(), list);
        fmt::print(out, "multi-class       {} ({} two-class machines)\n",
                   model.multi_class == MultiClass::ovo ? "one-vs-one" : "one-vs-rest", model.machines.size());
    } else {
        fmt::print(out, "target            '{}': negative class '{}', positive class '{}'\n", model.target_name,
                   model.classes[0], model.classes[1]);
    }
    fmt::print(out, "scaler            {}\n",
               model.scaler.kind == ScalerKind::minmax ? "min-max to [-1, 1] (training range)"
                                                       : "standardise to mean 0, sd 1 (training data)");
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
    fmt::print(out, "C                 {:g}{}\n", model.C, weights);
    fmt::print(out, "tolerance         {:g}\n", model.tolerance);
    fmt::print(out, "training rows     {}\n", s.rows);
    fmt::print(out, "support vectors   {} ({} at the bound C)\n", s.support_vectors, s.bounded_support_vectors);
    if (!model.is_multiclass()) fmt::print(out, "bias b            {:.10g}\n", model.bias);
    fmt::print(out, "solver            {} iterations, {}\n", s.iterations,
               s.stop == StopReason::converged
                   ? fmt::format("converged: KKT violation {:.3g} < tolerance, duality gap {:.3g} "
                                 "(certified from a fresh gradient)",
                                 s.gap, s.duality_gap)
                   : "NOT CONVERGED: " + convergence_warning(model).substr(std::string("not converged: ").size()));
    fmt::print(out, "dual objective    {:.10g}{}\n", s.objective,
               model.is_multiclass() ? " (sum over the machines)" : "");
    if (model.task == Task::regression)
        fmt::print(out, "training R^2      {:.4f}\n", s.training_r2);
    else
        fmt::print(out, "training accuracy {:.4f}\n", s.training_accuracy);
    if (model.has_probability())
        fmt::print(out, "probabilities     Platt sigmoids from internal cross-validation{}\n",
                   model.is_multiclass() && model.multi_class == MultiClass::ovo ? ", pairwise coupling" : "");
    for (size_t m = 0; m < model.machines.size(); ++m) {
        const auto& ms = model.machines[m].summary;
        fmt::print(out,
                   "  machine {:<3}     {}: {} rows, {} support vectors, {} iterations, training accuracy {:.4f}\n",
                   m + 1, machine_name(model, m), ms.rows, ms.support_vectors, ms.iterations, ms.training_accuracy);
    }
}

}  // namespace orca::cli
