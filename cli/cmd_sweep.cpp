#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>

#include "cli_common.hpp"
#include "commands.hpp"
#include "grid_options.hpp"
#include "orca/atomic_file.hpp"
#include "orca/diagnostics_format.hpp"
#include "orca/errors.hpp"

namespace orca::cli {
namespace {

struct SweepArgs {
    GridArgs grid;
    std::string csv;
    std::optional<double> tolerance;  // none: one standard error
};

SweepResult run_grid(const SweepArgs& a) {
    check_outputs({{"--json", a.grid.json}, {"--csv", a.csv}}, {a.grid.input.data});
    if (a.grid.folds < 2) throw ParameterError("--cv must be >= 2");
    const Task task = grid_task(a.grid);
    check_selection_tolerance(a.tolerance);
    const Dataset data = read_training_data(a.grid.input, "", TrainOptions{}.missing, a.grid.quiet);
    SweepOptions o;
    o.task = task;
    o.folds = static_cast<size_t>(a.grid.folds);
    o.seed = a.grid.seed;
    o.solver.tolerance = a.grid.tol;
    o.okc.top_coefficients = 0;
    o.jobs = a.grid.jobs;
    o.progress = progress_printer("sweep", a.grid.quiet);
    SweepResult r = sweep(data, grid_settings(a.grid), o);
    fmt::print("{}", sweep_to_text(r));
    if (!a.grid.json.empty()) {
        write_file_atomically(a.grid.json, sweep_to_json(r));
        if (!a.grid.quiet) fmt::print(stderr, "sweep written to {} (JSON)\n", a.grid.json);
    }
    if (!a.csv.empty()) {
        write_file_atomically(a.csv, sweep_to_csv(r));
        if (!a.grid.quiet) fmt::print(stderr, "sweep written to {} (CSV)\n", a.csv);
    }
    return r;
}

void add(CLI::App& app, bool selecting) {
    auto args = std::make_shared<SweepArgs>();
    auto* sub =
        selecting ? app.add_subcommand("select", "sweep, then pick among equally accurate settings by the Occam rule")
                  : app.add_subcommand("sweep", "cross-validated accuracy and the OKC profile over a grid of settings");
    add_grid_options(*sub, args->grid, false);
    sub->add_option("--cv", args->grid.folds, "cross-validation folds")->capture_default_str();
    sub->add_option("--csv", args->csv, "also write the table as CSV here");
    if (selecting)
        sub->add_option("--tolerance", args->tolerance,
                        "accuracy tolerance below the best (default: one standard error of the best)");
    sub->callback([args, selecting] {
        const SweepResult r = run_grid(*args);
        if (selecting) fmt::print("\n{}\n", select_model(r, args->tolerance).reason);
    });
}

}  // namespace

void add_sweep_command(CLI::App& app) {
    add(app, false);
}
void add_select_command(CLI::App& app) {
    add(app, true);
}

}  // namespace orca::cli
