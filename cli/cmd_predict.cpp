#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "csv_output.hpp"
#include "orca/atomic_file.hpp"
#include "orca/data_score.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/model_card.hpp"
#include "orca/multiclass.hpp"
#include "orca/probability.hpp"
#include "orca/scaler.hpp"

namespace orca::cli {
namespace {

struct PredictArgs {
    std::string model, data, output, format = "auto", out_of_range = "clip";
    bool quiet = false;
};

void run_predict(const PredictArgs& a) {
    check_outputs({{"--output", a.output}}, {a.model, a.data});
    const OutOfRange policy = parse_out_of_range(a.out_of_range);
    const Model model = load_model(a.model);
    Dataset data = read_for_model(model, a.data, a.format);
    if (data.feature_names != model.feature_names)
        throw DataError(a.data + ": its features (" + std::to_string(data.cols) + ") do not match the model's (" +
                        std::to_string(model.dim()) + ")");
    Clipping clipping;
    const auto points = model.scaled_rows(data.X, data.rows, policy, a.data, &clipping);
    const auto values = machine_decisions(model, points, data.rows);
    std::ostringstream out;
    out.precision(17);
    if (model.task == Task::regression) {
        out << "prediction\n";
        for (size_t r = 0; r < data.rows; ++r) out << values[r] << "\n";
    } else {
        const ClassPrediction predicted = predict_classes(model, values, data.rows);
        const size_t k = model.classes.size(), columns = model.is_multiclass() ? k : 1;
        const bool proba = model.has_probability();
        const auto probabilities = proba ? predict_probabilities(model, values, data.rows) : std::vector<double>{};
        out << "label";
        if (columns == 1)
            out << ",decision";
        else
            for (const auto& c : model.classes) out << "," << csv_text("decision:" + c);
        if (proba)
            for (const auto& c : model.classes) out << "," << csv_text("p:" + c);
        out << "\n";
        for (size_t r = 0; r < data.rows; ++r) {
            const std::string& label = model.classes[predicted.label[r]];
            out << csv_text(label);
            for (size_t c = 0; c < columns; ++c) out << "," << predicted.decision[r * columns + c];
            if (proba)
                for (size_t c = 0; c < k; ++c) out << "," << probabilities[r * k + c];
            out << "\n";
        }
    }
    if (a.output.empty())
        std::cout << out.str();
    else
        write_file_atomically(a.output, out.str());
    if (!a.quiet) {
        if (clipping.rows > 0) fmt::print(stderr, "{}\n", clipped_rows_note(clipping, data.rows));
        const DataScore score = data.target.empty() ? DataScore{} : score_on_data(model, values, data.target);
        if (score.scored > 0 && model.task == Task::regression)
            fmt::print(stderr, "root mean squared error on the {} row(s) with a known target: {:.6g}\n", score.scored,
                       score.rmse);
        else if (score.scored > 0)
            fmt::print(stderr, "accuracy on the {} row(s) with a known label: {:.4f}\n", score.scored, score.accuracy);
        else if (score.labelled > 0)
            fmt::print(stderr, "no accuracy: none of the {} label(s) in column '{}' is a class of the model ({})\n",
                       score.labelled, model.target_name, quoted_classes(model));
        if (!a.output.empty()) fmt::print(stderr, "predictions for {} row(s) written to {}\n", data.rows, a.output);
    }
}

}  // namespace

void add_predict_command(CLI::App& app) {
    auto args = std::make_shared<PredictArgs>();
    auto* sub = app.add_subcommand(
        "predict", "predicted labels, decision values (and probabilities) or regression predictions for new data");
    sub->add_option("--model", args->model, "model file written by orca fit")->required();
    sub->add_option("--data", args->data, "data with the model's feature columns (CSV or LIBSVM format)")->required();
    sub->add_option("--output", args->output, "write the predictions CSV here (default: stdout)");
    sub->add_option("--format", args->format, "auto, csv or libsvm");
    sub->add_option("--out-of-range", args->out_of_range,
                    "clip (default) or error for values outside the training range")
        ->capture_default_str();
    sub->add_flag("-q,--quiet", args->quiet, "print nothing but the predictions and errors");
    sub->callback([args] { run_predict(*args); });
}

}  // namespace orca::cli
