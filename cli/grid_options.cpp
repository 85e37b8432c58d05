#include "grid_options.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <chrono>

#include "cli_common.hpp"
#include "orca/errors.hpp"
#include "orca/settings.hpp"

namespace orca::cli {

void add_grid_options(CLI::App& sub, GridArgs& a, bool single_setting) {
    add_training_data_options(sub, a.input);
    // The settings' help comes from the settings table; a grid takes lists where fit takes one value.
    const auto help = [single_setting](const char* name, const char* as_list) {
        const TrainingSetting& s = training_setting(name);
        std::string text(s.doc);
        if (const std::string choices = setting_choices(s); !choices.empty()) text += ": " + choices;
        if (!single_setting && *as_list) text += std::string(" (") + as_list + ")";
        return text;
    };
    sub.add_option("--task", a.task, help("task", "") + "; classification scores accuracy, regression R^2 and RMSE")
        ->capture_default_str();
    sub.add_option("--family", a.family, help("family", ""))->capture_default_str();
    sub.add_option("--measure", a.measure, help("measure", ""))->capture_default_str();
    sub.add_option("--alpha", a.alpha, help("alpha", "comma-separated, paired with --beta"))->capture_default_str();
    sub.add_option("--beta", a.beta, help("beta", "comma-separated, paired with --alpha"))->capture_default_str();
    sub.add_option("--lambda", a.lambda, help("lambda", "comma-separated"))->capture_default_str();
    // A grid's degree is one for every feature (fit's per-feature forms would read as a list).
    sub.add_option("--degree", a.degree,
                   std::string("truncation degree n of every feature") +
                       (single_setting ? "" : " (a list: 1..16, 2,4,8 or a mix)"))
        ->capture_default_str();
    sub.add_option("--max-order", a.max_order, help("max_order", "a list: auto, 1..3, 1,2 or a mix"))
        ->capture_default_str();
    sub.add_option("--max-total-degree", a.max_total_degree, help("max_total_degree", "lists and ranges as --degree"))
        ->capture_default_str();
    sub.add_option("-C,--cost", a.C, help("C", "comma-separated"))->capture_default_str();
    sub.add_option("--scaling", a.scaling, help("scaling", "comma-separated: range,quantile compares both"))
        ->capture_default_str();
    sub.add_option("--tol", a.tol, "solver tolerance")->capture_default_str();
    sub.add_option("--seed", a.seed, "seed of the fold assignment / resampling")->capture_default_str();
    sub.add_option("--jobs", a.jobs, "threads (0: all cores)")->capture_default_str();
    sub.add_option("--json", a.json, "also write the results as JSON here");
    sub.add_flag("-q,--quiet", a.quiet, "no progress lines");
}

Task grid_task(const GridArgs& a) {
    return parse_task(a.task);
}

std::vector<Setting> grid_settings(const GridArgs& a) {
    return orca::grid_settings(SettingTexts{{"family", a.family},
                                            {"measure", a.measure},
                                            {"alpha", a.alpha},
                                            {"beta", a.beta},
                                            {"lambda", a.lambda},
                                            {"degree", a.degree},
                                            {"max_order", a.max_order},
                                            {"max_total_degree", a.max_total_degree},
                                            {"C", a.C},
                                            {"scaling", a.scaling}});
}

ProgressFn progress_printer(const std::string& what, bool quiet) {
    if (quiet) return nullptr;
    auto last = std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::now());
    return [what, last](size_t done, size_t total) {
        const auto now = std::chrono::steady_clock::now();
        if (done < total && now - *last < std::chrono::seconds(1)) return;
        *last = now;
        fmt::print(stderr, "{}: {}/{} fits\n", what, done, total);
    };
}

}  // namespace orca::cli
