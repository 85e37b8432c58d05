#pragma once
// The analysis options shared by `analyze`, `fit --analyze` and `demo`, and their output.
#include <string>

namespace CLI {
class App;
}

namespace orca {
class Model;
}

namespace orca::cli {

struct AnalysisArgs {
    std::string json;                   // write the JSON report here ("" = none)
    std::string coefficients = "auto";  // top=K, all, none, auto (top=20 where cheap)
    std::string eps = "0.01,0.05,0.10";
    std::string method = "auto";
    double memory_mb = 4096.0;
    int top_pairs = 10;
    int top_subsets = 10;
};

void add_analysis_options(CLI::App& sub, AnalysisArgs& args);
// Refuses bad analysis options (ParameterError) before any other work is done.
void check_analysis_options(const AnalysisArgs& args);
// Runs the analysis, prints the tables on stdout and writes the JSON when asked.
void print_analysis(const Model& model, const AnalysisArgs& args);

}  // namespace orca::cli
