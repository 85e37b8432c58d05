#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>

#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/html_report.hpp"
#include "orca/model_io.hpp"

namespace orca::cli {
namespace {

struct ReportArgs {
    std::string model, data, output, rows, title, format = "auto", eps = "0.01,0.05,0.10", sweep, stability;
    int top_pairs = 10, pair_surfaces = 3;
    double memory_mb = 4096.0;
    bool quiet = false;
};

std::vector<size_t> parse_rows(const std::string& text) {
    std::vector<size_t> rows;
    for (int r : parse_int_list(text, "--rows")) rows.push_back(static_cast<size_t>(r));
    return rows;
}

void run_report(const ReportArgs& a) {
    const auto start = std::chrono::steady_clock::now();
    check_outputs({{"--output", a.output}}, {a.model, a.data, a.sweep, a.stability});
    if (a.output.empty()) throw ParameterError("--output needs a file name");
    const Model model = load_model(a.model);
    std::optional<Dataset> data;
    if (!a.data.empty()) data = read_for_model(model, a.data, a.format);
    if (a.top_pairs < 0 || a.pair_surfaces < 0) throw ParameterError("--top-pairs and --pair-surfaces must be >= 0");
    if (!(a.memory_mb > 0)) throw ParameterError("--memory-mb must be > 0");
    HtmlReportOptions o;
    o.title = a.title;
    if (!a.rows.empty()) o.rows = parse_rows(a.rows);
    o.eps = parse_double_list(a.eps, "--eps");
    o.top_pairs = static_cast<size_t>(a.top_pairs);
    o.pair_surfaces = static_cast<size_t>(a.pair_surfaces);
    o.memory_limit_mb = a.memory_mb;
    if (!a.sweep.empty()) {
        o.sweep_json = read_text_file(a.sweep);
        o.sweep_source = a.sweep;
    }
    if (!a.stability.empty()) {
        o.stability_json = read_text_file(a.stability);
        o.stability_source = a.stability;
    }
    const std::string page = html_report(model, data ? &*data : nullptr, o);
    write_file_atomically(a.output, page);
    if (!a.quiet)
        fmt::print(stderr, "report written to {} ({:.0f} kB, {:.2f} s); open it in any browser\n", a.output,
                   static_cast<double>(page.size()) / 1024.0,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

}  // namespace

void add_report_command(CLI::App& app) {
    auto args = std::make_shared<ReportArgs>();
    auto* sub = app.add_subcommand(
        "report", "one self-contained HTML page about a model: card, OKC indices, shape functions, explained rows");
    sub->add_option("--model", args->model, "model file written by orca fit")->required();
    sub->add_option("--output", args->output, "write the HTML page here")->required();
    sub->add_option("--data", args->data,
                    "data with the model's feature columns (its target, if present, gives held-out accuracy)");
    sub->add_option("--rows", args->rows,
                    "rows of --data to explain, numbered from 0 (\"0,5,17\" or \"0..4\"; default: the first 3)");
    sub->add_option("--sweep", args->sweep, "add a sweep's plots and table (the file orca sweep --json wrote)");
    sub->add_option("--stability", args->stability,
                    "add a stability run's plots and table (the file orca stability --json wrote)");
    sub->add_option("--title", args->title, "the page's title (default: ORCA model report: <target>)");
    sub->add_option("--format", args->format, "auto, csv or libsvm")->capture_default_str();
    sub->add_option("--eps", args->eps, "comma-separated eps for the thresholds T_eps")->capture_default_str();
    sub->add_option("--top-pairs", args->top_pairs, "pairs listed below the heatmap")->capture_default_str();
    sub->add_option("--pair-surfaces", args->pair_surfaces, "surfaces drawn for the strongest pairs")
        ->capture_default_str();
    sub->add_option("--memory-mb", args->memory_mb, "memory the analysis' enumeration may use")->capture_default_str();
    sub->add_flag("-q,--quiet", args->quiet, "no messages on stderr");
    sub->callback([args] { run_report(*args); });
}

}  // namespace orca::cli
