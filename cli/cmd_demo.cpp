#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "analysis_output.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "orca/training_monitor.hpp"
#include "paper/spiral.hpp"

namespace orca::cli {
namespace {

struct DemoArgs {
    int degree = 8;
    double C = 1.0;
    bool quiet = false;
};

// A character map of the decision function over the scaled square, with the training points.
void print_decision_map(const Model& model, const Dataset& data) {
    constexpr int kWidth = 64, kHeight = 28;
    std::vector<double> grid;
    for (int r = 0; r < kHeight; ++r)
        for (int c = 0; c < kWidth; ++c) {
            grid.push_back(-1.0 + 2.0 * (c + 0.5) / kWidth);
            grid.push_back(1.0 - 2.0 * (r + 0.5) / kHeight);
        }
    const auto g = decision_values(model, grid, grid.size() / 2);
    std::vector<std::string> canvas(kHeight, std::string(kWidth, ' '));
    for (int r = 0; r < kHeight; ++r)
        for (int c = 0; c < kWidth; ++c) canvas[r][c] = g[static_cast<size_t>(r * kWidth + c)] > 0 ? '.' : ' ';
    std::vector<double> points = data.X;
    (void)model.scaler.transform(points, data.rows, OutOfRange::clip, data.feature_names, data.source);
    for (size_t t = 0; t < data.rows; ++t) {
        const int c = std::clamp(static_cast<int>((points[2 * t] + 1.0) / 2.0 * kWidth), 0, kWidth - 1);
        const int r = std::clamp(static_cast<int>((1.0 - points[2 * t + 1]) / 2.0 * kHeight), 0, kHeight - 1);
        canvas[r][c] = data.target[t] == model.classes[1] ? 'B' : 'a';
    }
    fmt::print(
        "\ndecision regions on [-1,1]^2 ('.' = predicted arm B, blank = arm A;\n"
        "letters = training points, 'B' arm B, 'a' arm A):\n");
    fmt::print("+{}+\n", std::string(kWidth, '-'));
    for (const auto& line : canvas) fmt::print("|{}|\n", line);
    fmt::print("+{}+\n", std::string(kWidth, '-'));
}

void run_demo(const DemoArgs& a) {
    const Dataset data = make_double_spiral();
    TrainOptions options;
    options.spec.family = FamilySpec::make("legendre");
    options.spec.degrees = {a.degree};
    options.C = a.C;
    if (!a.quiet)
        watch_training(
            options, "training", [](const std::string& line) { fmt::print(stderr, "{}\n", line); }, false);
    fmt::print("ORCA demo: the double spiral\n");
    fmt::print(
        "data              two interleaved spiral arms, {} points each (1.75 turns, noise sd 0.2, "
        "fixed seed),\n                  min-max scaled to [-1, 1]\n",
        data.rows / 2);
    const Model model = train_model(data, options);
    print_model_summary(std::cout, model);
    print_decision_map(model, data);
    fmt::print("\n");
    AnalysisArgs analysis;
    analysis.coefficients = "top=10";
    print_analysis(model, analysis);
}

}  // namespace

void add_demo_command(CLI::App& app) {
    auto args = std::make_shared<DemoArgs>();
    auto* sub = app.add_subcommand("demo", "train a Legendre SVM on the built-in double spiral and show what it did");
    sub->add_option("--degree", args->degree, "truncation degree n")->capture_default_str();
    sub->add_option("-C,--cost", args->C, "box constraint C")->capture_default_str();
    sub->add_flag("-q,--quiet", args->quiet, "no progress lines");
    sub->callback([args] { run_demo(*args); });
}

}  // namespace orca::cli
