#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"

namespace orca::cli {
namespace {

struct PredictArgs {
    std::string model, data, output, format = "auto", out_of_range = "clip";
    bool quiet = false;
};

void run_predict(const PredictArgs& a) {
    const OutOfRange policy = parse_out_of_range(a.out_of_range);
    const Model model = load_model(a.model);
    Dataset data = read_for_model(model, a.data, a.format);
    if (data.feature_names != model.feature_names)
        throw DataError(a.data + ": its features (" + std::to_string(data.cols) + ") do not match the model's (" +
                        std::to_string(model.dim()) + ")");
    size_t clipped = 0;
    const auto decision = model.decision_function(data.X, data.rows, policy, a.data, &clipped);
    std::ostringstream out;
    out.precision(17);
    out << "label,decision\n";
    size_t correct = 0, known = 0;
    for (size_t r = 0; r < data.rows; ++r) {
        const std::string& label = model.label_for(decision[r]);
        out << label << "," << decision[r] << "\n";
        if (!data.target.empty() && (data.target[r] == model.classes[0] || data.target[r] == model.classes[1])) {
            ++known;
            if (data.target[r] == label) ++correct;
        }
    }
    if (a.output.empty())
        std::cout << out.str();
    else
        write_file_atomically(a.output, out.str());
    if (!a.quiet) {
        if (clipped > 0)
            fmt::print(stderr, "{} of {} row(s) had values outside the training range and were clipped to it\n",
                       clipped, data.rows);
        if (known > 0)
            fmt::print(stderr, "accuracy on the {} row(s) with a known label: {:.4f}\n", known,
                       static_cast<double>(correct) / static_cast<double>(known));
        if (!a.output.empty()) fmt::print(stderr, "predictions for {} row(s) written to {}\n", data.rows, a.output);
    }
}

}  // namespace

void add_predict_command(CLI::App& app) {
    auto args = std::make_shared<PredictArgs>();
    auto* sub = app.add_subcommand("predict", "predicted labels and decision values for new data");
    sub->add_option("--model", args->model, "model file written by orca fit")->required();
    sub->add_option("--data", args->data, "data with the model's feature columns (CSV or LIBSVM format)")->required();
    sub->add_option("--output", args->output, "write label,decision CSV here (default: stdout)");
    sub->add_option("--format", args->format, "auto, csv or libsvm");
    sub->add_option("--out-of-range", args->out_of_range,
                    "clip (default) or error for values outside the training range")
        ->capture_default_str();
    sub->add_flag("-q,--quiet", args->quiet, "print nothing but the predictions and errors");
    sub->callback([args] { run_predict(*args); });
}

}  // namespace orca::cli
