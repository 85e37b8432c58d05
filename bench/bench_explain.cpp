// Benchmark: exact Shapley values by the O(#SV d^2) Gauss-rule algorithm vs the 2^d coalition
// enumeration, and how the fast one scales in rows, support vectors and d.
#include <fmt/core.h>

#include <random>

#include "bench_common.hpp"
#include "orca/explain.hpp"

using namespace orca;

namespace {

double time_fast(const Model& m, const std::vector<double>& X, size_t rows, bool components) {
    ExplainOptions o;
    o.components = components;
    return bench::median_seconds([&] { (void)explain(m, X, rows, o); }, 3, 0.5);
}

}  // namespace

int main() {
    fmt::print("Exact Shapley values: median wall time (s)\n");
    fmt::print("machine: {}\n\n", bench::machine_description());
    fmt::print(
        "| rows | d | #SV | n | Shapley only (s) | + components (s) | 2^d coalitions (s) | coalitions / fast |\n");
    fmt::print("|---|---|---|---|---|---|---|---|\n");
    struct Case {
        size_t rows, d, m;
        int n;
        size_t brute_rows;  // rows timed for the brute force (its time is scaled up linearly)
    };
    const Case cases[] = {{10000, 10, 1000, 4, 40},  // the target
                          {20000, 10, 1000, 4, 0},  {10000, 10, 2000, 4, 0}, {10000, 5, 1000, 4, 200},
                          {10000, 20, 1000, 4, 0},  {1000, 8, 300, 6, 1000}};
    for (const auto& c : cases) {
        const Model m = bench::synthetic_model(c.d, c.m, c.n, 7u);
        const auto X = bench::rows_of(c.rows, c.d, 8u);
        const double fast = time_fast(m, X, c.rows, false);
        const double full = time_fast(m, X, c.rows, true);
        std::string brute = "-", ratio = "-";
        if (c.brute_rows > 0) {
            const auto Xb = bench::rows_of(c.brute_rows, c.d, 9u);
            const double t = bench::median_seconds([&] { (void)shapley_by_coalitions(m, Xb, c.brute_rows); }, 1, 0.0) *
                             static_cast<double>(c.rows) / static_cast<double>(c.brute_rows);
            brute = fmt::format("{:.2f}{}", t,
                                c.brute_rows < c.rows ? " (from " + std::to_string(c.brute_rows) + " rows)" : "");
            ratio = fmt::format("{:.0f}", t / fast);
        }
        fmt::print("| {} | {} | {} | {} | {:.3f} | {:.3f} | {} | {} |\n", c.rows, c.d, c.m, c.n, fast, full, brute,
                   ratio);
    }
    // Truncated bases with many support vectors (a small basis trained on many rows keeps
    // thousands): the support-vector route against the kept functions' coefficients.
    fmt::print("\nTruncated bases: Shapley values and components of 10,000 rows, median wall time (s)\n\n");
    fmt::print("| d | n | Q | functions | #SV | from support vectors (s) | from coefficients (s) | ratio |\n");
    fmt::print("|---|---|---|---|---|---|---|---|\n");
    struct Small {
        size_t d, m;
        int n, Q;
    };
    for (const Small& c : {Small{10, 20000, 3, 1}, Small{10, 20000, 3, 2}, Small{30, 20000, 3, 1}, Small{10, 2000, 3, 2}}) {
        Model m = bench::synthetic_model(c.d, c.m, c.n, 7u);
        m.spec.max_order = c.Q;
        const size_t rows = 10000;
        const auto X = bench::rows_of(rows, c.d, 8u);
        double seconds[2];
        for (int route = 0; route < 2; ++route) {
            ExplainOptions o;
            o.method = route == 0 ? PredictMethod::support_vectors : PredictMethod::coefficients;
            seconds[route] = bench::median_seconds([&] { (void)explain(m, X, rows, o); }, 3, 0.5);
        }
        fmt::print("| {} | {} | {} | {:.0f} | {} | {:.3f} | {:.4f} | {:.0f} |\n", c.d, c.n, c.Q, m.basis().size(), c.m,
                   seconds[0], seconds[1], seconds[0] / seconds[1]);
    }
    return 0;
}
