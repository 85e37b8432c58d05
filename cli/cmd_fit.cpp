#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <memory>

#include "analysis_output.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/training_monitor.hpp"

namespace orca::cli {
namespace {

struct FitArgs {
    std::string data, target, features, format = "auto", family = "legendre", measure = "probability";
    double alpha = 0.0, beta = 0.0, lambda = 0.5, C = 1.0, tol = 1e-3, cache_mb = 200.0;
    std::string degree = std::to_string(kDefaultDegree), max_order = "auto", model, class_weight, sample_weight,
                task = "classification", multi_class = "ovo";
    double epsilon = 0.1;
    long max_iter = 0;
    int max_total_degree = 0;
    uint64_t seed = 0;
    bool drop_missing = false, no_shrinking = false, quiet = false, analyze = false, probability = false;
    AnalysisArgs analysis;
    CLI::Option *alpha_opt = nullptr, *beta_opt = nullptr, *lambda_opt = nullptr, *epsilon_opt = nullptr,
                *multi_class_opt = nullptr;
};

void run_fit(const FitArgs& a) {
    if (a.model.empty()) throw ParameterError("--model needs a file name");
    check_outputs({{"--model", a.model}, {"--json", a.analyze ? a.analysis.json : ""}}, {a.data});
    if (a.analyze) check_analysis_options(a.analysis);
    const auto kind = parse_family_kind(a.family);
    if ((a.alpha_opt->count() || a.beta_opt->count()) && kind != FamilyKind::jacobi)
        throw ParameterError("--alpha and --beta apply to --family jacobi only (got --family " + a.family + ")");
    if (a.lambda_opt->count() && kind != FamilyKind::gegenbauer)
        throw ParameterError("--lambda applies to --family gegenbauer only (got --family " + a.family + ")");
    if (!(a.C > 0.0)) throw ParameterError("-C must be > 0, got " + fmt::format("{:g}", a.C));
    if (!(a.tol > 0.0)) throw ParameterError("--tol must be > 0, got " + fmt::format("{:g}", a.tol));
    if (!(a.cache_mb > 0.0)) throw ParameterError("--cache-mb must be > 0");
    TrainOptions options;
    options.task = parse_task(a.task);
    if (a.epsilon_opt->count() && options.task != Task::regression)
        throw ParameterError("--epsilon applies to --task regression only");
    if (!(a.epsilon >= 0.0)) throw ParameterError("--epsilon must be >= 0, got " + fmt::format("{:g}", a.epsilon));
    if (options.task == Task::regression && (a.probability || !a.class_weight.empty() || a.multi_class_opt->count()))
        throw ParameterError(
            "--probability, --class-weight and --multi-class apply to classification, not --task regression");
    options.epsilon = a.epsilon;
    options.multi_class = parse_multi_class(a.multi_class);
    options.probability = a.probability;
    options.seed = a.seed;
    options.family = FamilySpec::make(a.family, a.alpha, a.beta, a.lambda);
    options.measure = parse_measure(a.measure);
    const auto orders = parse_max_orders(a.max_order, "--max-order");
    if (orders.size() != 1) throw ParameterError("--max-order takes one value");
    options.max_order = orders[0];
    options.max_total_degree = a.max_total_degree;
    options.C = a.C;
    options.solver.tolerance = a.tol;
    options.solver.cache_mb = a.cache_mb;
    options.solver.shrinking = !a.no_shrinking;
    options.solver.max_iterations = a.max_iter;
    if (a.class_weight == "balanced") {
        options.balanced = true;
    } else {
        for (const auto& part : split_list(a.class_weight)) {
            const auto eq = part.find('=');
            if (eq == std::string::npos)
                throw ParameterError("--class-weight takes 'balanced' or LABEL=WEIGHT pairs, got '" + part + "'");
            const auto w = parse_double_list(part.substr(eq + 1), "--class-weight " + part.substr(0, eq));
            options.class_weight[part.substr(0, eq)] = w[0];
        }
    }
    if (!a.quiet)
        watch_training(
            options, "training", [](const std::string& line) { fmt::print(stderr, "{}\n", line); }, false);

    ReadOptions read;
    read.format = parse_data_format(a.format);
    read.target = a.target;
    read.features = split_list(a.features);
    read.drop_missing = a.drop_missing;
    read.drop_missing_advice = kDropMissingAdvice;
    read.weight_column = a.sample_weight;
    const bool libsvm = read.format == DataFormat::libsvm || (read.format == DataFormat::automatic && a.target.empty());
    if (a.target.empty() && !libsvm) throw ParameterError("--target is required for CSV data");
    Dataset data = read_dataset(a.data, read);
    if (data.dropped_rows > 0 && !a.quiet)
        fmt::print(stderr, "dropped {} row(s) with missing values; {} remain\n", data.dropped_rows, data.rows);
    if (data.rows == 0)
        throw DataError(a.data +
                        (data.dropped_rows > 0 ? ": every row had a missing value" : ": no data rows (only a header)"));
    if (data.target.empty()) throw DataError(a.data + ": no target values were read (give --target)");
    options.degrees = parse_degree_spec(a.degree, data.feature_names);

    const Model model = Model::train(data, options);
    save_model(model, a.model);
    if (const std::string w = basis_size_warning(model); !w.empty() && !a.quiet) fmt::print(stderr, "warning: {}\n", w);
    if (const std::string w = convergence_warning(model); !w.empty() && !a.quiet)
        fmt::print(stderr, "warning: {}\n", w);
    if (!a.quiet) {
        fmt::print("trained on {} ({} rows, {} features)\n", a.data, data.rows, data.cols);
        print_model_summary(std::cout, model);
        fmt::print("model written to  {}\n", a.model);
    }
    if (a.analyze) {
        fmt::print("\n");
        print_analysis(model, a.analysis);
    }
}

}  // namespace

void add_fit_command(CLI::App& app) {
    auto args = std::make_shared<FitArgs>();
    auto* sub = app.add_subcommand(
        "fit", "train a C-SVC (two or more classes) or an epsilon-SVR with a truncated orthogonal-polynomial kernel");
    sub->add_option("--data", args->data, "training data (CSV with a header, or LIBSVM format)")->required();
    sub->add_option("--target", args->target, "name of the target column (CSV)");
    sub->add_option("--features", args->features, "comma-separated feature columns (default: all others)");
    sub->add_option("--format", args->format, "auto, csv or libsvm (auto: by extension and content)");
    sub->add_option("--family", args->family, "legendre, chebyshev1, chebyshev2, gegenbauer, jacobi or hermite")
        ->capture_default_str();
    args->alpha_opt = sub->add_option("--alpha", args->alpha, "Jacobi alpha (> -1)");
    args->beta_opt = sub->add_option("--beta", args->beta, "Jacobi beta (> -1)");
    args->lambda_opt = sub->add_option("--lambda", args->lambda, "Gegenbauer lambda (> -1/2)");
    sub->add_option("--degree", args->degree,
                    "truncation degree n: '8', or per feature 'age=4,epss=6' (a bare number is the default)")
        ->capture_default_str();
    sub->add_option("--max-order", args->max_order,
                    "interaction order Q: keep the basis functions of at most Q features (1: an additive model, "
                    "2: main effects and pairs; 0: all, the full tensor product; auto: the full product for up to "
                    "2 features, else 1)")
        ->capture_default_str();
    sub->add_option("--max-total-degree", args->max_total_degree,
                    "total degree N: keep the basis functions with k_1 + ... + k_d <= N (0: no cap)")
        ->capture_default_str();
    sub->add_option("-C,--cost", args->C, "box constraint C (> 0)")->capture_default_str();
    sub->add_option("--measure", args->measure, "probability (p_0 = 1) or lebesgue")->capture_default_str();
    sub->add_option("--tol", args->tol, "stopping tolerance on the KKT violation")->capture_default_str();
    sub->add_option("--cache-mb", args->cache_mb, "kernel-row cache size in MiB")->capture_default_str();
    sub->add_option("--max-iter", args->max_iter, "iteration cap (0: max(10^7, 100 m))");
    sub->add_flag("--no-shrinking", args->no_shrinking, "disable the shrinking heuristic");
    sub->add_flag("--drop-missing", args->drop_missing, "leave out rows with missing values (and say how many)");
    sub->add_option("--task", args->task, "classification (C-SVC) or regression (epsilon-SVR)")->capture_default_str();
    args->epsilon_opt =
        sub->add_option("--epsilon", args->epsilon, "regression: half-width of the insensitive tube (>= 0)")
            ->capture_default_str();
    args->multi_class_opt = sub->add_option("--multi-class", args->multi_class,
                                            "more than two classes: ovo (one-vs-one, LIBSVM's) or ovr (one-vs-rest)")
                                ->capture_default_str();
    sub->add_flag("--probability", args->probability,
                  "fit Platt sigmoids by internal 5-fold cross-validation, so predict can give probabilities");
    sub->add_option("--seed", args->seed, "seed of the cross-validation folds for --probability")
        ->capture_default_str();
    sub->add_option(
        "--class-weight", args->class_weight,
        "multiply C per class: 'balanced' (n / (k n_class) for k classes) or LABEL=WEIGHT pairs, e.g. 0=1,1=2.3");
    sub->add_option("--sample-weight", args->sample_weight,
                    "CSV column of per-row weights >= 0 multiplying C (rows of weight 0 are left out)");
    sub->add_option("--model", args->model, "where to write the model (JSON)")->required();
    sub->add_flag("-q,--quiet", args->quiet, "print nothing but errors (and the analysis, when asked)");
    sub->add_flag("--analyze", args->analyze, "analyse the model right away (the options below are orca analyze's)");
    add_analysis_options(*sub, args->analysis);
    sub->callback([args] { run_fit(*args); });
}

}  // namespace orca::cli
