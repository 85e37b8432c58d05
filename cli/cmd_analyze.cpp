#include <CLI/CLI.hpp>
#include <memory>

#include "analysis_output.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/model_io.hpp"

namespace orca::cli {

void add_analyze_command(CLI::App& app) {
    struct Args {
        std::string model;
        AnalysisArgs analysis;
    };
    auto args = std::make_shared<Args>();
    auto* sub = app.add_subcommand("analyze", "the exact expansion of a model and every OKC index");
    sub->add_option("--model", args->model, "model file written by orca fit")->required();
    add_analysis_options(*sub, args->analysis);
    sub->callback([args] {
        check_outputs({{"--json", args->analysis.json}}, {args->model});
        check_analysis_options(args->analysis);
        print_analysis(load_model(args->model), args->analysis);
    });
}

}  // namespace orca::cli
