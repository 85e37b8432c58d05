#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <memory>

#include "analysis_output.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "orca/training_monitor.hpp"
#include "training_data.hpp"

namespace orca::cli {
namespace {

struct FitArgs {
    TrainingDataArgs input;
    std::string model, sample_weight;
    SettingTexts settings;  // the training settings given, by the table's names
    bool quiet = false, analyze = false;
    AnalysisArgs analysis;
};

// The training settings' options, one per row of the settings table: its doc, its choices and its
// default make the help; the text given is stored under the setting's name.
void add_setting_options(CLI::App& sub, SettingTexts& given) {
    for (const TrainingSetting& s : training_settings()) {
        const std::string name(s.name);
        std::string help(s.doc);
        if (const std::string choices = setting_choices(s); !choices.empty()) help += ": " + choices;
        if (!s.applies_to.empty()) help += " [" + std::string(s.applies_to) + " only]";
        if (s.kind == SettingKind::boolean) {
            // A flag turns the setting away from its default (--no-shrinking, --probability).
            const bool on_by_default = s.default_text == "true";
            sub.add_flag_callback(
                cli_option(s), [&given, name, on_by_default] { given[name] = on_by_default ? "false" : "true"; },
                on_by_default ? "leave out " + help : help);
            continue;
        }
        auto* option = sub.add_option_function<std::string>(
            cli_option(s), [&given, name](const std::string& text) { given[name] = text; }, help);
        option->type_name(s.kind == SettingKind::real ? "FLOAT" : s.kind == SettingKind::integer ? "INT" : "TEXT");
        if (!s.default_text.empty()) option->default_str(std::string(s.default_text));
    }
}

void run_fit(const FitArgs& a) {
    if (a.model.empty()) throw ParameterError("--model needs a file name");
    check_outputs({{"--model", a.model}, {"--json", a.analyze ? a.analysis.json : ""}}, {a.input.data});
    if (a.analyze) check_analysis_options(a.analysis);
    // Settings are checked before the data is read (degrees given by name wait for its columns).
    SettingTexts before_data = a.settings;
    if (a.settings.count("degree") && a.settings.at("degree").find('=') != std::string::npos)
        before_data.erase("degree");
    const Missing missing = train_options(before_data).missing;

    const Dataset data = read_training_data(a.input, a.sample_weight, missing, a.quiet);

    TrainOptions options = train_options(a.settings, data.feature_names);
    if (!a.quiet)
        watch_training(
            options, "training", [](const std::string& line) { fmt::print(stderr, "{}\n", line); }, false);
    const Model model = train_model(data, options);
    save_model(model, a.model);
    if (const std::string w = constant_features_warning(model); !w.empty() && !a.quiet)
        fmt::print(stderr, "warning: {}\n", w);
    if (const std::string w = basis_size_warning(model); !w.empty() && !a.quiet) fmt::print(stderr, "warning: {}\n", w);
    if (const std::string w = convergence_warning(model); !w.empty() && !a.quiet)
        fmt::print(stderr, "warning: {}\n", w);
    if (!a.quiet) {
        fmt::print("trained on {} ({} rows, {} features)\n", a.input.data, data.rows, data.cols);
        print_model_summary(std::cout, model);
        fmt::print("model written to  {}\n", a.model);
    }
    if (a.analyze) {
        fmt::print("\n");
        print_analysis(model, a.analysis);
    }
}

}  // namespace

void add_fit_command(CLI::App& app) {
    auto args = std::make_shared<FitArgs>();
    auto* sub = app.add_subcommand(
        "fit", "train a C-SVC (two or more classes) or an epsilon-SVR with a truncated orthogonal-polynomial kernel");
    add_training_data_options(*sub, args->input);
    add_setting_options(*sub, args->settings);
    sub->add_option("--sample-weight", args->sample_weight,
                    "CSV column of per-row weights >= 0 multiplying C (rows of weight 0 are left out)");
    sub->add_option("--model", args->model, "where to write the model (JSON)")->required();
    sub->add_flag("-q,--quiet", args->quiet, "print nothing but errors (and the analysis, when asked)");
    sub->add_flag("--analyze", args->analyze, "analyse the model right away (the options below are orca analyze's)");
    add_analysis_options(*sub, args->analysis);
    sub->callback([args] { run_fit(*args); });
}

}  // namespace orca::cli
