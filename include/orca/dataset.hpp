#pragma once
// A table of numeric features (row-major) with optional raw target labels, and its readers.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "orca/names.hpp"

namespace orca {

struct Dataset {
    std::string source;                      // file name, for messages
    std::vector<std::string> feature_names;  // one per column of X
    size_t rows = 0;
    size_t cols = 0;
    std::vector<double> X;            // rows * cols, row-major
    std::vector<std::string> target;  // raw labels, empty when no target was read
    std::string target_name;          // the target column's name ("label" for LIBSVM)
    std::vector<double> weights;      // per-row sample weights, empty when none were read
    size_t dropped_rows = 0;          // rows with missing values left out (drop_missing)
    // Categorical columns: per column, its levels' names (X holds their codes 0, 1, ...; NaN is
    // missing), empty for a numeric column; empty: every column is numeric.
    std::vector<std::vector<std::string>> levels;
};

enum class DataFormat { automatic, csv, libsvm };
template <>
struct EnumNames<DataFormat> {
    static constexpr std::string_view setting = "format";
    static constexpr std::array<Named<DataFormat>, 3> names{
        {{DataFormat::automatic, "auto"}, {DataFormat::csv, "csv"}, {DataFormat::libsvm, "libsvm"}}};
};
[[nodiscard]] inline DataFormat parse_data_format(const std::string& name) {
    return parse_name<DataFormat>(name);
}

struct ReadOptions {
    DataFormat format = DataFormat::automatic;  // automatic: .svm/.libsvm/.txt -> libsvm
    std::string target;                         // CSV: name of the target column ("" = no target)
    std::vector<std::string> features;          // CSV: columns to use ("" = all but the target)
    bool drop_missing = false;                  // leave out rows with missing cells instead of failing
    // Without drop_missing: a missing feature cell is read as NaN (for a model whose missing
    // setting integrates it out) instead of failing; the target and weights must still be there.
    bool keep_missing_features = false;
    // Categorical columns (CSV). Training: the columns named here, and with detect_categorical
    // every feature column whose cells are all text (none a number); their levels are the distinct
    // cells (as labels are compared: 1.0 is 1), sorted as classes are. Rows to predict: levels,
    // one entry per feature (the model's; empty for a numeric feature), where a level not in the
    // list is missing under keep_missing_features and refused otherwise.
    std::vector<std::string> categorical;
    bool detect_categorical = false;
    std::vector<std::vector<std::string>> levels;
    // Told to the user with a missing value when drop_missing is off: how this caller's user can
    // leave such rows out ("" : nothing can; every row must be complete).
    std::string drop_missing_advice;
    bool target_optional = false;  // read the target if the column exists, else skip it
    std::string weight_column;     // CSV: a column of sample weights >= 0 ("" = none)
    // LIBSVM format: the number of features to expect (0 = as many as the file uses).
    size_t libsvm_dimension = 0;
};

// A whole file as text (throws DataError naming the path when it is missing or unreadable).
[[nodiscard]] std::string read_text_file(const std::string& path);
// Reads a file (throws DataError with file:line:column on malformed content).
[[nodiscard]] Dataset read_dataset(const std::string& path, const ReadOptions& options);
// Parsers over text already in memory (the readers' cores; the fuzz targets call these).
[[nodiscard]] Dataset parse_csv(std::string_view text, const std::string& source, const ReadOptions& options);
[[nodiscard]] Dataset parse_libsvm(std::string_view text, const std::string& source, const ReadOptions& options);

// Two-class label coding. Classes are sorted (numerically when every label is a number),
// classes[1] is the positive class (+1), as scikit-learn orders classes_.
struct BinaryLabels {
    std::vector<std::string> classes;
    std::vector<double> y;  // +1 / -1 per row
};
[[nodiscard]] BinaryLabels encode_binary_labels(const std::vector<std::string>& target, const std::string& source);
// Sorted distinct labels in the same order encode_binary_labels uses.
[[nodiscard]] std::vector<std::string> distinct_labels(const std::vector<std::string>& target);

}  // namespace orca
