#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <memory>

#include "cli_common.hpp"
#include "commands.hpp"
#include "grid_options.hpp"
#include "orca/atomic_file.hpp"
#include "orca/diagnostics_format.hpp"
#include "orca/errors.hpp"

namespace orca::cli {

void add_stability_command(CLI::App& app) {
    struct Args {
        GridArgs grid;
        int bootstrap = 0, cv = 0;
    };
    auto args = std::make_shared<Args>();
    args->grid.degree = std::to_string(kDefaultDegree);
    auto* sub = app.add_subcommand("stability", "each OKC index's spread over bootstrap or cross-validation refits");
    add_grid_options(*sub, args->grid, true);
    sub->add_option("--bootstrap", args->bootstrap, "number of bootstrap resamples");
    sub->add_option("--cv", args->cv, "number of folds (each fit leaves one fold out)");
    sub->callback([args] {
        const auto& a = *args;
        check_outputs({{"--json", a.grid.json}}, {a.grid.input.data});
        if ((a.bootstrap > 0) == (a.cv > 0)) throw ParameterError("give exactly one of --bootstrap N or --cv K");
        if (a.bootstrap == 1 || a.cv == 1 || a.bootstrap < 0 || a.cv < 0)
            throw ParameterError("--bootstrap and --cv need at least 2 resamples");
        const Task task = grid_task(a.grid);
        const auto settings = grid_settings(a.grid);
        if (settings.size() != 1) throw ParameterError("stability takes one setting (one degree, C, alpha and beta)");
        const Dataset data = read_training_data(a.grid.input, "", TrainOptions{}.missing, a.grid.quiet);
        StabilityOptions o;
        o.task = task;
        o.kind = a.bootstrap > 0 ? Resampling::bootstrap : Resampling::cv;
        o.count = static_cast<size_t>(a.bootstrap > 0 ? a.bootstrap : a.cv);
        o.seed = a.grid.seed;
        o.solver.tolerance = a.grid.tol;
        o.jobs = a.grid.jobs;
        o.progress = progress_printer("stability", a.grid.quiet);
        const std::string what = a.bootstrap > 0 ? fmt::format("{} bootstrap resamples", a.bootstrap)
                                                 : fmt::format("{}-fold cross-validation", a.cv);
        const Setting setting = settings[0].resolved(data.cols);
        const auto s = stability(data, setting, o);
        fmt::print("{}", stability_to_text(s, setting, what));
        if (!a.grid.json.empty()) {
            write_file_atomically(a.grid.json, stability_to_json(s, setting, what));
            if (!a.grid.quiet) fmt::print(stderr, "stability written to {} (JSON)\n", a.grid.json);
        }
    });
}

}  // namespace orca::cli
