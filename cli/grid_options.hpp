#pragma once
// Options shared by sweep, select and stability: the data, a grid of settings, CV and threads.
#include <memory>
#include <string>
#include <vector>

#include "orca/diagnostics.hpp"
#include "training_data.hpp"

namespace CLI {
class App;
}

namespace orca::cli {

struct GridArgs {
    TrainingDataArgs input;
    std::string task = "classification", family = "legendre", measure = "probability";
    std::string alpha = "0", beta = "0", lambda = "0.5", degree = "1..8", C = "1", max_order = "auto",
                max_total_degree = "0", scaling = "range";
    double tol = 1e-3;
    int folds = 5, jobs = 0;
    unsigned long seed = 1;
    bool quiet = false;
    std::string json, csv;
};

void add_grid_options(CLI::App& sub, GridArgs& a, bool single_setting);
// The task the options name (classification or regression), checked.
[[nodiscard]] Task grid_task(const GridArgs& a);
// The options' grid, built by the engine's grid_settings (diagnostics.hpp): the lists as given.
[[nodiscard]] std::vector<Setting> grid_settings(const GridArgs& a);
// A progress line on stderr at most once a second (nothing when quiet).
[[nodiscard]] ProgressFn progress_printer(const std::string& what, bool quiet);

}  // namespace orca::cli
