#pragma once
// The training data as fit, sweep, select and stability take them: one declaration of their
// options and one reading, so that every command that trains accepts the same files.
#include <string>

#include "orca/dataset.hpp"
#include "orca/scaler.hpp"

namespace CLI {
class App;
}

namespace orca::cli {

struct TrainingDataArgs {
    std::string data, target, features, format = "auto", categorical;
    bool drop_missing = false;
};

// --data, --target, --features, --format, --categorical and --drop-missing.
void add_training_data_options(CLI::App& sub, TrainingDataArgs& a);
// Reads the data: --target is needed unless they are in LIBSVM format (asked for, or found by
// extension or content); says on stderr how many rows with missing values were left out (unless
// quiet); refuses data with no rows or no target. weight_column: a CSV column of sample weights
// ("" none). missing: the missing setting, under which missing feature cells are kept as NaN
// (marginalize) or refused (error; --drop-missing leaves their rows out under either).
[[nodiscard]] Dataset read_training_data(const TrainingDataArgs& a, const std::string& weight_column, Missing missing,
                                         bool quiet);

}  // namespace orca::cli
