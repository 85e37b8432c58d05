#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "csv_output.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/model_io.hpp"
#include "orca/okc.hpp"

namespace orca::cli {
namespace {

struct ShapesArgs {
    std::string model, output, pair_output, label;
    int grid = 100, pairs = 0, pair_grid = 30;
};

void run_shapes(const ShapesArgs& a) {
    check_outputs({{"--output", a.output}, {"--pair-output", a.pair_output}}, {a.model});
    if (a.grid < 2 || a.pair_grid < 2) throw ParameterError("--grid and --pair-grid must be >= 2");
    // Bounded before the work: a curve of 100,000 points or a 2,000 x 2,000 surface is already
    // far finer than any plot; beyond, the output would be gigabytes.
    if (a.grid > static_cast<int>(kMaxShapeGrid))
        throw ParameterError("--grid must be <= " + std::to_string(kMaxShapeGrid) + ", got " + std::to_string(a.grid));
    if (a.pair_grid > static_cast<int>(kMaxPairGrid))
        throw ParameterError("--pair-grid must be <= " + std::to_string(kMaxPairGrid) + ", got " +
                             std::to_string(a.pair_grid));
    if (a.pairs < 0) throw ParameterError("--pairs must be >= 0");
    if (a.pairs > 0 && a.pair_output.empty()) throw ParameterError("--pairs needs --pair-output FILE");
    const Model model = explained_model(load_model(a.model), a.label);
    const auto& names = model.feature_names;
    std::ostringstream out;
    out << "feature,x,h\n";
    // A categorical feature's x is the name of the level.
    const auto x_text = [&](size_t j, double x) {
        return model.categorical(j) ? csv_text(model.levels[j][static_cast<size_t>(x)]) : csv_number(x);
    };
    for (const auto& s : shape_functions(model, static_cast<size_t>(a.grid)))
        for (size_t t = 0; t < s.x.size(); ++t)
            out << csv_text(names[s.feature]) << "," << x_text(s.feature, s.x[t]) << "," << csv_number(s.h[t]) << "\n";
    if (a.output.empty()) {
        std::cout << out.str();
    } else {
        write_file_atomically(a.output, out.str());
        fmt::print(stderr, "shape functions of {} feature(s) written to {}\n", model.dim(), a.output);
    }
    if (a.pairs > 0) {
        const size_t d = model.dim();
        if (d < 2) throw ParameterError("--pairs needs a model with at least two features");
        OkcOptions o;
        o.method = OkcMethod::pairs;
        const OkcReport rep = analyze(expansion_of(model), o);
        std::vector<std::pair<double, std::pair<size_t, size_t>>> order;  // the pairs the basis has
        for (size_t j = 0; j < d; ++j)
            for (size_t k = j + 1; k < d; ++k)
                if (holds_pair(rep.degrees, rep.max_order, rep.max_total_degree, j, k))
                    order.push_back({rep.pairwise[j * d + k], {j, k}});
        if (order.empty())
            throw ParameterError("--pairs: the model has no pair terms (" +
                                 std::string(rep.max_order < 2 ? "max order 1: an additive model"
                                                               : "no two features of degree >= 1") +
                                 "); leave --pairs out");
        std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
        order.resize(std::min(order.size(), static_cast<size_t>(a.pairs)));
        std::ostringstream surf;
        surf << "first,second,x,y,h\n";
        for (const auto& [share, jk] : order) {
            const PairSurface s = pair_surface(model, jk.first, jk.second, static_cast<size_t>(a.pair_grid));
            for (size_t i = 0; i < s.x.size(); ++i)
                for (size_t k = 0; k < s.y.size(); ++k)
                    surf << csv_text(names[jk.first]) << "," << csv_text(names[jk.second]) << ","
                         << x_text(jk.first, s.x[i]) << "," << x_text(jk.second, s.y[k]) << ","
                         << csv_number(s.h[i * s.y.size() + k]) << "\n";
        }
        write_file_atomically(a.pair_output, surf.str());
        fmt::print(stderr, "pair surfaces of the {} largest pairs (by OKC_ij) written to {}\n", order.size(),
                   a.pair_output);
    }
}

}  // namespace

void add_shapes_command(CLI::App& app) {
    auto args = std::make_shared<ShapesArgs>();
    auto* sub =
        app.add_subcommand("shapes", "exact main-effect curves h_j (and pair surfaces h_jk) over the training range");
    sub->add_option("--model", args->model, "model file written by orca fit")->required();
    sub->add_option("--class", args->label,
                    "explain this class's score (required for multi-class models; see docs/multiclass.md)");
    sub->add_option("--grid", args->grid, "grid points per feature")->capture_default_str();
    sub->add_option("--output", args->output, "write feature,x,h CSV here (default: stdout)");
    sub->add_option("--pairs", args->pairs, "also write the surfaces of this many largest pairs")
        ->capture_default_str();
    sub->add_option("--pair-grid", args->pair_grid, "grid points per axis of a pair surface")->capture_default_str();
    sub->add_option("--pair-output", args->pair_output, "where the pair surfaces go (first,second,x,y,h CSV)");
    sub->callback([args] { run_shapes(*args); });
}

}  // namespace orca::cli
