#include "grid_options.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <chrono>

#include "cli_common.hpp"
#include "orca/errors.hpp"

namespace orca::cli {

void add_grid_options(CLI::App& sub, GridArgs& a, bool single_setting) {
    sub.add_option("--data", a.data, "training data (CSV with a header, or LIBSVM format)")->required();
    sub.add_option("--target", a.target, "name of the target column (CSV)");
    sub.add_option("--features", a.features, "comma-separated feature columns (default: all others)");
    sub.add_option("--format", a.format, "auto, csv or libsvm");
    sub.add_flag("--drop-missing", a.drop_missing, "leave out rows with missing values");
    sub.add_option("--family", a.family, "polynomial family")->capture_default_str();
    sub.add_option("--measure", a.measure, "probability or lebesgue")->capture_default_str();
    const char* many = single_setting ? "" : " (comma-separated list)";
    sub.add_option("--alpha", a.alpha, std::string("Jacobi alpha") + many)->capture_default_str();
    sub.add_option("--beta", a.beta, std::string("Jacobi beta") + many)->capture_default_str();
    sub.add_option("--lambda", a.lambda, "Gegenbauer lambda")->capture_default_str();
    sub.add_option("--degree", a.degree, single_setting ? "truncation degree n" : "degrees: 1..16, 2,4,8 or a mix")
        ->capture_default_str();
    sub.add_option("--max-order", a.max_order,
                   single_setting ? "interaction order Q: auto (the full product up to 2 features, else 1), 0 "
                                    "(the full tensor product) or Q >= 1"
                                  : "interaction orders Q: auto, 1..3, 1,2 or a mix (auto: the full product up to 2 "
                                    "features, else 1; 0: the full tensor product)")
        ->capture_default_str();
    sub.add_option(
           "--max-total-degree", a.max_total_degree,
           std::string("total-degree cap N (0: none)") + (single_setting ? "" : "; lists and ranges as --degree"))
        ->capture_default_str();
    sub.add_option("-C,--cost", a.C, std::string("box constraint C") + many)->capture_default_str();
    sub.add_option("--tol", a.tol, "solver tolerance")->capture_default_str();
    sub.add_option("--seed", a.seed, "seed of the fold assignment / resampling")->capture_default_str();
    sub.add_option("--jobs", a.jobs, "threads (0: all cores)")->capture_default_str();
    sub.add_option("--json", a.json, "also write the results as JSON here");
    sub.add_flag("-q,--quiet", a.quiet, "no progress lines");
}

Dataset load_grid_data(const GridArgs& a) {
    ReadOptions read;
    read.format = parse_data_format(a.format);
    read.target = a.target;
    read.features = split_list(a.features);
    read.drop_missing = a.drop_missing;
    read.drop_missing_advice = kDropMissingAdvice;
    if (a.target.empty() && read.format != DataFormat::libsvm &&
        !(a.data.ends_with(".svm") || a.data.ends_with(".libsvm")))
        throw ParameterError("--target is required for CSV data");
    Dataset data = read_dataset(a.data, read);
    if (data.dropped_rows > 0 && !a.quiet)
        fmt::print(stderr, "dropped {} row(s) with missing values; {} remain\n", data.dropped_rows, data.rows);
    return data;
}

std::vector<Setting> grid_settings(const GridArgs& a) {
    return orca::grid_settings(SettingTexts{{"family", a.family},
                                            {"measure", a.measure},
                                            {"alpha", a.alpha},
                                            {"beta", a.beta},
                                            {"lambda", a.lambda},
                                            {"degree", a.degree},
                                            {"max_order", a.max_order},
                                            {"max_total_degree", a.max_total_degree},
                                            {"C", a.C}});
}

ProgressFn progress_printer(const std::string& what, bool quiet) {
    if (quiet) return nullptr;
    auto last = std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::now());
    return [what, last](size_t done, size_t total) {
        const auto now = std::chrono::steady_clock::now();
        if (done < total && now - *last < std::chrono::seconds(1)) return;
        *last = now;
        fmt::print(stderr, "{}: {}/{} fits\n", what, done, total);
    };
}

}  // namespace orca::cli
