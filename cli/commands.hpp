#pragma once
// Each subcommand registers its options and its action on the application.
namespace CLI {
class App;
}

namespace orca::cli {
void add_fit_command(CLI::App& app);
void add_predict_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_analyze_command(CLI::App& app);
void add_explain_command(CLI::App& app);
void add_shapes_command(CLI::App& app);
void add_sweep_command(CLI::App& app);
void add_select_command(CLI::App& app);
void add_stability_command(CLI::App& app);
void add_experiment_command(CLI::App& app);
void add_report_command(CLI::App& app);
}  // namespace orca::cli
