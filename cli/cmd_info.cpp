#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/model_io.hpp"

namespace orca::cli {
namespace {

void run_info(const std::string& path) {
    const Model model = load_model(path);
    fmt::print("model file        {}\n", path);
    print_model_summary(std::cout, model);
    fmt::print("\nfeature scaling (training range):\n");
    fmt::print("  {:<24} {:>14} {:>14} {:>14} {:>14} {:>6}\n", "feature", "min", "max", "mean", "sd", "n");
    for (size_t j = 0; j < model.dim(); ++j) {
        fmt::print("  {:<24} {:>14.6g} {:>14.6g} {:>14.6g} {:>14.6g} {:>6}\n", model.feature_names[j],
                   model.scaler.min[j], model.scaler.max[j], model.scaler.mean[j], model.scaler.std[j],
                   model.spec.degrees[j]);
    }
}

}  // namespace

void add_info_command(CLI::App& app) {
    auto path = std::make_shared<std::string>();
    auto* sub = app.add_subcommand("info", "what a model is: settings, support vectors, bias, accuracy, scaler");
    sub->add_option("--model", *path, "model file written by orca fit")->required();
    sub->callback([path] { run_info(*path); });
}

}  // namespace orca::cli
