#include "training_data.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "orca/errors.hpp"

namespace orca::cli {

void add_training_data_options(CLI::App& sub, TrainingDataArgs& a) {
    sub.add_option("--data", a.data, "training data (CSV with a header, or LIBSVM format)")->required();
    sub.add_option("--target", a.target, "name of the target column (CSV)")->check([](const std::string& name) {
        // Empty, the reader would take every column, the target too, as a feature.
        return name.empty() ? std::string("the target column's name is empty") : std::string();
    });
    sub.add_option("--features", a.features, "comma-separated feature columns (default: all others)");
    sub.add_option("--format", a.format, "auto, csv or libsvm (auto: by extension and content)");
    sub.add_flag("--drop-missing", a.drop_missing, "leave out rows with missing values (and say how many)");
    sub.add_option("--categorical", a.categorical,
                   "comma-separated feature columns read as categories (columns of text are categorical anyway)");
}

Dataset read_training_data(const TrainingDataArgs& a, const std::string& weight_column, Missing missing,
                           bool quiet) {
    ReadOptions read;
    read.keep_missing_features = accepts_missing(missing);
    read.categorical = split_list(a.categorical);
    read.detect_categorical = true;
    read.format = parse_data_format(a.format);
    read.target = a.target;
    read.features = split_list(a.features);
    read.drop_missing = a.drop_missing;
    read.drop_missing_advice = kDropMissingAdvice;
    read.weight_column = weight_column;
    // Without --target under auto the reader decides the format from the file: a LIBSVM file
    // carries its labels, and a CSV file then ends with "no target values were read" below.
    if (a.target.empty() && read.format == DataFormat::csv) throw ParameterError("--target is required for CSV data");
    Dataset data = read_dataset(a.data, read);
    if (data.dropped_rows > 0 && !quiet)
        fmt::print(stderr, "dropped {} row(s) with missing values; {} remain\n", data.dropped_rows, data.rows);
    if (data.rows == 0)
        throw DataError(a.data +
                        (data.dropped_rows > 0 ? ": every row had a missing value" : ": no data rows (only a header)"));
    if (data.target.empty()) throw DataError(a.data + ": no target values were read (give --target)");
    return data;
}

}  // namespace orca::cli
