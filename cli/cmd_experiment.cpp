#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>

#include "commands.hpp"
#include "grid_options.hpp"
#include "orca/atomic_file.hpp"
#include "orca/diagnostics_format.hpp"
#include "orca/errors.hpp"
#include "paper/experiments.hpp"

namespace orca::cli {
namespace {

struct ExperimentArgs {
    std::string data, output_dir;  // empty data: the built-in copy
    int folds = 5, jobs = 0;
    bool quiet = false;
};

// The output folder, made (with its parents) before any work; a file of that name, or a folder
// that cannot be made, is said plainly.
void prepare_output_dir(const std::string& dir) {
    if (dir.empty()) return;
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        throw ParameterError("--output-dir " + dir + " is a file, not a folder: give a folder's name");
    fs::create_directories(dir, ec);
    if (ec) throw ParameterError("--output-dir " + dir + ": cannot create the folder (" + ec.message() + ")");
}

void run(const std::vector<Experiment>& experiments, const ExperimentArgs& a, const std::string& stem) {
    if (a.folds < 2) throw ParameterError("--cv must be at least 2 folds, got " + std::to_string(a.folds));
    if (a.jobs < 0) throw ParameterError("--jobs must be >= 0 (0: all cores), got " + std::to_string(a.jobs));
    prepare_output_dir(a.output_dir);
    for (size_t k = 0; k < experiments.size(); ++k) {
        const auto& e = experiments[k];
        SweepOptions o;
        o.folds = static_cast<size_t>(a.folds);
        o.jobs = a.jobs;
        o.okc.top_coefficients = 0;
        o.progress = progress_printer(e.name, a.quiet);
        const SweepResult r = sweep(e.data, e.settings, o);
        fmt::print("## {}\n\n{}\n", e.name, sweep_to_text(r));
        if (!a.output_dir.empty()) {
            const std::string base = a.output_dir + "/" + stem + "-" + std::to_string(k + 1);
            write_file_atomically(base + ".csv", sweep_to_csv(r));
            write_file_atomically(base + ".json", sweep_to_json(r));
        }
    }
    if (!a.output_dir.empty() && !a.quiet)
        fmt::print(stderr, "tables written to {}/{}-*.csv and .json\n", a.output_dir, stem);
}

}  // namespace

void add_experiment_command(CLI::App& app) {
    auto args = std::make_shared<ExperimentArgs>();
    auto* sub = app.add_subcommand("experiment", "regenerate the paper's experiments: spiral or echocardiogram");
    sub->require_subcommand(1);
    auto* spiral = sub->add_subcommand("spiral", "double spiral: Legendre n = 1..16 and (alpha, beta) pairs at n = 12");
    auto* echo = sub->add_subcommand("echocardiogram",
                                     "UCI echocardiogram (5 features, still-alive, 108 rows): 3 families, n up to 25");
    for (auto* s : {spiral, echo}) {
        s->add_option("--output-dir", args->output_dir, "write each table as CSV and JSON here");
        s->add_option("--cv", args->folds, "cross-validation folds")->capture_default_str();
        s->add_option("--jobs", args->jobs, "threads (0: all cores)");
        s->add_flag("-q,--quiet", args->quiet, "no progress lines");
    }
    echo->add_option("--data", args->data, "read echocardiogram.data from this file (default: the built-in copy)");
    spiral->callback([args] { run(spiral_experiment(), *args, "spiral"); });
    echo->callback([args] { run(echocardiogram_experiment(args->data), *args, "echocardiogram"); });
}

}  // namespace orca::cli
