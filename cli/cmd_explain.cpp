#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "csv_output.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/model_io.hpp"
#include "orca/scaler.hpp"

namespace orca::cli {
namespace {

struct ExplainArgs {
    std::string model, data, output, format = "auto", out_of_range = "clip", label;
    bool interactions = false, no_components = false, quiet = false;
};

void run_explain(const ExplainArgs& a) {
    check_outputs({{"--output", a.output}}, {a.model, a.data});
    const Model model = explained_model(load_model(a.model), a.label);
    const Dataset data = read_for_model(model, a.data, a.format);
    ExplainOptions o;
    o.components = !a.no_components;
    o.interactions = a.interactions;
    o.out_of_range = parse_out_of_range(a.out_of_range);
    const Explanation e = explain(model, data.X, data.rows, o, a.data);
    const auto& names = model.feature_names;
    const size_t d = model.dim();
    std::ostringstream out;
    out << "row,decision,base";
    for (const auto& n : names) out << "," << csv_text("phi:" + n);
    if (o.components) {
        for (const auto& n : names) out << "," << csv_text("main:" + n);
        for (size_t j = 0; j < d; ++j)
            for (size_t k = j + 1; k < d; ++k) out << "," << csv_text("pair:" + names[j] + "*" + names[k]);
        out << ",remainder";
    }
    if (o.interactions)
        for (size_t j = 0; j < d; ++j)
            for (size_t k = j + 1; k < d; ++k) out << "," << csv_text("interaction:" + names[j] + "*" + names[k]);
    out << "\n";
    const size_t npairs = d * (d - 1) / 2;
    for (size_t r = 0; r < e.rows; ++r) {
        out << r + 1 << "," << csv_number(e.decision[r]) << "," << csv_number(e.base);
        for (size_t j = 0; j < d; ++j) out << "," << csv_number(e.shapley[r * d + j]);
        if (o.components) {
            for (size_t j = 0; j < d; ++j) out << "," << csv_number(e.main[r * d + j]);
            for (size_t c = 0; c < npairs; ++c) out << "," << csv_number(e.pair[r * npairs + c]);
            out << "," << csv_number(e.remainder[r]);
        }
        if (o.interactions)
            for (size_t j = 0; j < d; ++j)
                for (size_t k = j + 1; k < d; ++k) out << "," << csv_number(e.interaction[(r * d + j) * d + k]);
        out << "\n";
    }
    if (a.output.empty())
        std::cout << out.str();
    else
        write_file_atomically(a.output, out.str());
    if (!a.quiet) {
        if (e.clipping.rows > 0) fmt::print(stderr, "{}\n", clipped_rows_note(e.clipping, e.rows));
        if (!a.output.empty())
            fmt::print(stderr, "explanations of {} row(s) written to {} (phi sums to decision - base on every row)\n",
                       e.rows, a.output);
    }
}

}  // namespace

void add_explain_command(CLI::App& app) {
    auto args = std::make_shared<ExplainArgs>();
    auto* sub = app.add_subcommand(
        "explain", "exact per-row Shapley values and functional-ANOVA components (main, pair, remainder)");
    sub->add_option("--model", args->model, "model file written by orca fit")->required();
    sub->add_option("--class", args->label,
                    "explain this class's score (required for multi-class models; see docs/multiclass.md)");
    sub->add_option("--data", args->data, "rows to explain (CSV or LIBSVM format, the model's feature columns)")
        ->required();
    sub->add_option("--output", args->output, "write the CSV here (default: stdout)");
    sub->add_flag("--interactions", args->interactions, "add the Shapley interaction index of every pair");
    sub->add_flag("--no-components", args->no_components, "Shapley values only (no main/pair/remainder columns)");
    sub->add_option("--format", args->format, "auto, csv or libsvm");
    sub->add_option("--out-of-range", args->out_of_range, "clip (default) or error")->capture_default_str();
    sub->add_flag("-q,--quiet", args->quiet, "no messages on stderr");
    sub->callback([args] { run_explain(*args); });
}

}  // namespace orca::cli
