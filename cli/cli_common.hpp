#pragma once
// Helpers shared by the subcommands: list options of the grids, reading data for a model, output
// checks, and the text a user reads about a model.
#include <iosfwd>
#include <string>
#include <vector>

#include "orca/model.hpp"
#include "orca/settings.hpp"  // split_list

namespace orca::cli {

// "1..16", "2,4,8" or a mix, each >= 0; and "0.1,1,10". ParameterError names the option.
std::vector<int> parse_int_list(const std::string& text, const std::string& option);
std::vector<double> parse_double_list(const std::string& text, const std::string& option);

// What fit, sweep, select and stability tell a user whose data have a missing value.
inline constexpr const char* kDropMissingAdvice =
    "use --drop-missing to leave such rows out, or --missing marginalize to integrate the feature out";
// Reads data for an existing model: its feature columns by name (other columns ignored), its
// target column when present, LIBSVM files sized to its features.
Dataset read_for_model(const Model& model, const std::string& path, const std::string& format);

// The decision function an explanation is about: the model's own (two classes: classes[1]'s
// score; regression: the prediction), or with `label` the class score of that class
// (class_model). A multi-class model needs a label.
Model explained_model(const Model& model, const std::string& label);
// Checks a command's output files before any work (empty paths: outputs not asked for): each
// can be written (check_output_path), none names an input or another output, by path or, when
// both exist, by file identity (a hard link, another spelling). Throws ParameterError naming
// the options.
struct OutputFile {
    std::string option;  // "--model"
    std::string path;
};
void check_outputs(const std::vector<OutputFile>& outputs, const std::vector<std::string>& inputs);
// The settings and training results of a model, as the fit, info and demo commands show them.
void print_model_summary(std::ostream& out, const Model& model);

}  // namespace orca::cli
