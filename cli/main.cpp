// orca: train, apply and open up SVMs with truncated orthogonal-polynomial kernels.
#include <fmt/core.h>
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <exception>

#include "commands.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/version.hpp"
#include "platform/cpu_check.hpp"

namespace {

// Interrupted while writing: remove the temporary file, then die of the signal as usual.
extern "C" void on_interrupt(int signal_number) {
    orca::discard_temporary_file();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
}

// `orca --model m.json info`: CLI11 then reports the subcommand's required option as missing.
std::string options_before_command(const CLI::App& app, int argc, char** argv) {
    if (argc < 3 || argv[1][0] != '-') return "";
    const std::string first = argv[1];
    if (first.rfind("--threads", 0) == 0 || first == "-h" || first == "--help" || first == "--version") return "";
    for (int i = 2; i < argc; ++i)
        for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
            if (sub->get_name() == argv[i])
                return "options go after the command: orca " + sub->get_name() + " " + first + " ... (only --threads "
                       "may come before it)";
    return "";
}

// CLI11 reports a missing subcommand for an unknown one and a missing required option before an
// unknown one; these say what is actually wrong.
std::string unknown_command(const CLI::App& app, int argc, char** argv) {
    if (argc < 2 || argv[1][0] == '-') return "";
    const std::string name = argv[1];
    for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        if (sub->get_name() == name) return "";
    std::string names;
    for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        names += (names.empty() ? "" : ", ") + sub->get_name();
    return "unknown command '" + name + "'" + (name == "version" ? " (for the version: orca --version)" : "") +
           "; the commands are " + names;
}

std::string unknown_option(const CLI::App& app, int argc, char** argv) {
    if (argc < 2) return "";
    const CLI::App* sub = nullptr;
    for (const auto* s : app.get_subcommands([](const CLI::App*) { return true; }))
        if (s->get_name() == argv[1]) sub = s;
    if (sub == nullptr) return "";
    for (int i = 2; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg.size() < 2 || arg[0] != '-' || (arg[1] >= '0' && arg[1] <= '9') || arg[1] == '.') continue;
        arg = arg.substr(0, arg.find('='));
        if (sub->get_option_no_throw(arg) == nullptr && app.get_option_no_throw(arg) == nullptr && arg != "-h" &&
            arg != "--help")
            return "unknown option " + arg + " for orca " + sub->get_name() + " (orca " + sub->get_name() +
                   " --help lists them)";
    }
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    // Every signal whose default action ends the process, so that no temporary file stays behind
    // (SIGKILL and SIGSTOP cannot be caught).
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGPIPE, SIGXCPU, SIGVTALRM, SIGPROF})
        std::signal(s, on_interrupt);
    // A file-size limit (ulimit -f) then makes write() fail with EFBIG, which the writer reports and
    // cleans up after, instead of a kill in the middle of the write.
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"orca: SVMs with truncated orthogonal-polynomial kernels, opened up exactly"};
    app.set_version_flag("--version", fmt::format("{} (compiled for the CPU level {})", orca::kVersion,
                                                  orca::build_cpu_level()));
    app.require_subcommand(1);
    // Threads for the whole command, given before or after the subcommand. Without it the
    // OpenMP default holds: OMP_NUM_THREADS (which joblib's and Dask's workers set), else every core.
    int threads = 0;
    app.add_option("--threads", threads,
                   "threads to use, at most the cores (default: OMP_NUM_THREADS, else every core)")
        ->check(CLI::Range(1, 4096));
    app.fallthrough();
    app.parse_complete_callback([&threads] {
        if (threads > 0) omp_set_num_threads(std::min(threads, omp_get_num_procs()));
    });
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
        std::string message = options_before_command(app, argc, argv);
        if (message.empty()) message = unknown_command(app, argc, argv);
        if (message.empty()) message = unknown_option(app, argc, argv);
        fmt::print(stderr, "orca: error: {}\n", message.empty() ? std::string(e.what()) : message);
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
