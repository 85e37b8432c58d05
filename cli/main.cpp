// orca: train, apply and open up SVMs with truncated orthogonal-polynomial kernels.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <exception>

#include "commands.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/version.hpp"

namespace {

// Interrupted while writing: remove the temporary file, then die of the signal as usual.
extern "C" void on_interrupt(int signal_number) {
    orca::discard_temporary_file();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
}

}  // namespace

int main(int argc, char** argv) {
    for (int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, on_interrupt);
    CLI::App app{"orca: SVMs with truncated orthogonal-polynomial kernels, opened up exactly"};
    app.set_version_flag("--version", std::string(orca::kVersion));
    app.require_subcommand(1);
    orca::cli::add_fit_command(app);
    orca::cli::add_predict_command(app);
    orca::cli::add_info_command(app);
    orca::cli::add_analyze_command(app);
    orca::cli::add_explain_command(app);
    orca::cli::add_shapes_command(app);
    orca::cli::add_report_command(app);
    orca::cli::add_sweep_command(app);
    orca::cli::add_select_command(app);
    orca::cli::add_stability_command(app);
    orca::cli::add_experiment_command(app);
    orca::cli::add_demo_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "orca: error: {}\n", e.what());
        return 2;
    } catch (const orca::Error& e) {
        fmt::print(stderr, "orca: error: {}\n", e.what());
        return 2;
    } catch (const std::bad_alloc&) {
        fmt::print(stderr, "orca: error: out of memory\n");
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "orca: internal error: {}\n", e.what());
        return 3;
    }
    return 0;
}
