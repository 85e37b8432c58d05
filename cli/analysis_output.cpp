#include "analysis_output.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/okc_format.hpp"

namespace orca::cli {
namespace {

OkcOptions parse_options(const AnalysisArgs& a) {
    OkcOptions o;
    o.method = parse_okc_method(a.method);
    o.eps = parse_double_list(a.eps, "--eps");
    const std::string& c = a.coefficients;
    if (c == "auto") {
        o.top_coefficients = 20;
        o.coefficients_if_cheap = true;
    } else if (c == "none") {
        o.top_coefficients = 0;
    } else if (c == "all") {
        o.top_coefficients = -1;
    } else if (c.rfind("top=", 0) == 0) {
        size_t used = 0;
        long k = -1;
        try {
            k = std::stol(c.substr(4), &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != c.size() - 4 || k < 1)
            throw ParameterError("--coefficients top=K needs an integer K >= 1, got '" + c + "'");
        o.top_coefficients = k;
    } else {
        throw ParameterError("--coefficients must be top=K, all, none or auto, got '" + c + "'");
    }
    if (!(a.memory_mb > 0)) throw ParameterError("--memory-mb must be > 0");
    if (a.top_pairs < 0 || a.top_subsets < 0) throw ParameterError("--top-pairs and --top-subsets must be >= 0");
    o.memory_limit_mb = a.memory_mb;
    o.top_subsets = static_cast<size_t>(a.top_subsets);
    return o;
}

}  // namespace

void add_analysis_options(CLI::App& sub, AnalysisArgs& a) {
    sub.add_option("--json", a.json, "also write the full report (every index and the settings) as JSON here");
    sub.add_option("--coefficients", a.coefficients,
                   "largest coefficients to list: top=K, all, none, or auto (top=20 when cheap)")
        ->capture_default_str();
    sub.add_option("--eps", a.eps, "comma-separated eps for the thresholds T_eps")->capture_default_str();
    sub.add_option("--method", a.method, "auto, enumeration or pairs")->capture_default_str();
    sub.add_option("--memory-mb", a.memory_mb, "refuse enumerations needing more memory than this")
        ->capture_default_str();
    sub.add_option("--top-pairs", a.top_pairs, "pairs OKC_ij to print")->capture_default_str();
    sub.add_option("--top-subsets", a.top_subsets, "subset shares S_u to print")->capture_default_str();
}

void check_analysis_options(const AnalysisArgs& a) {
    validate(parse_options(a));
}

void print_analysis(const Model& model, const AnalysisArgs& a) {
    const OkcOptions options = parse_options(a);
    const ModelAnalysis analysis = analyze_model(model, options);
    OkcTextOptions text;
    text.top_pairs = static_cast<size_t>(a.top_pairs);
    fmt::print("{}", model_analysis_to_text(analysis, model, text));
    if (!a.json.empty()) {
        write_file_atomically(a.json, model_analysis_to_json(analysis, model));
        fmt::print(stderr, "analysis written to {}\n", a.json);
    }
}

}  // namespace orca::cli
