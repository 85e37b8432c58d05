#include "cli_common.hpp"

#include <fmt/core.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <iostream>

#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/model_card.hpp"
#include "orca/multiclass.hpp"

namespace orca::cli {
std::vector<int> parse_int_list(const std::string& text, const std::string& option) {
    std::vector<int> out;
    for (const auto& part : expand_ranges(text, option)) {
        size_t used = 0;
        int v = 0;
        try {
            v = std::stoi(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != part.size()) throw ParameterError(option + " must be an integer, got '" + part + "'");
        if (v < 0) throw ParameterError(option + " must be >= 0, got " + part);
        out.push_back(v);
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

Dataset read_for_model(const Model& model, const std::string& path, const std::string& format) {
    ReadOptions read;
    read.format = parse_data_format(format);
    read.target = model.target_name;
    read.target_optional = true;
    read.features = model.feature_names;
    read.libsvm_dimension = model.dim();
    read.keep_missing_features = accepts_missing(model.missing);
    read.levels = model.levels;
    read.drop_missing_advice = "this model's missing setting is error: it was trained to refuse missing values";
    return read_dataset(path, read);
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

void check_outputs(const std::vector<OutputFile>& outputs, const std::vector<std::string>& inputs) {
    for (size_t i = 0; i < outputs.size(); ++i) {
        const auto& [option, path] = outputs[i];
        if (path.empty()) continue;
        try {
            check_output_path(path);
        } catch (const Error& e) {
            throw ParameterError(option + " " + e.what());
        }
        for (const auto& input : inputs)
            if (!input.empty() && same_file(path, input))
                throw ParameterError(option + " " + path + " is also an input (" + input +
                                     "): choose another output file");
        for (size_t k = 0; k < i; ++k)
            if (!outputs[k].path.empty() && same_file(path, outputs[k].path))
                throw ParameterError(option + " and " + outputs[k].option + " name the same file (" + path +
                                     "): give each output its own file");
    }
}

void print_model_summary(std::ostream& out, const Model& model) {
    // Labels padded to 18 columns, as the summary has always been aligned.
    for (const auto& line : model_card(model)) fmt::print(out, "{:<18}{}\n", line.label, line.value);
}

}  // namespace orca::cli
