// Benchmark: exact Shapley values by the O(#SV d^2) Gauss-rule algorithm vs the 2^d coalition
// enumeration, and how the fast one scales in rows, support vectors and d.
#include <fmt/core.h>

#include <random>

#include "bench_common.hpp"
#include "orca/explain.hpp"

using namespace orca;

namespace {

// A model with m random support vectors in d features (scaled domain [-1, 1], sum a = 0).
Model synthetic_model(size_t d, size_t m, int degree, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::normal_distribution<double> z(0.0, 1.0);
    Model model;
    for (size_t j = 0; j < d; ++j) model.feature_names.push_back("x" + std::to_string(j));
    model.classes = {"n", "p"};
    model.family = FamilySpec::make("legendre");
    model.degrees.assign(d, degree);
    model.scaler.min.assign(d, -1.0);
    model.scaler.max.assign(d, 1.0);
    model.scaler.mean.assign(d, 0.0);
    model.scaler.std.assign(d, 1.0);
    double mean = 0.0;
    for (size_t i = 0; i < m; ++i) {
        for (size_t j = 0; j < d; ++j) model.support_vectors.push_back(u(rng));
        model.coefficients.push_back(z(rng));
        mean += model.coefficients.back();
    }
    for (auto& a : model.coefficients) a -= mean / static_cast<double>(m);
    return model;
}

std::vector<double> rows_of(size_t rows, size_t d, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> X(rows * d);
    for (auto& v : X) v = u(rng);
    return X;
}

double time_fast(const Model& m, const std::vector<double>& X, size_t rows, bool components) {
    ExplainOptions o;
    o.components = components;
    return bench::median_seconds([&] { (void)explain(m, X, rows, o); }, 3, 0.5);
}

}  // namespace

int main() {
    fmt::print("Exact Shapley values: median wall time (s)\n");
    fmt::print("machine: {}\n\n", bench::machine_description());
    fmt::print("| rows | d | #SV | n | Shapley only (s) | + components (s) | 2^d coalitions (s) | coalitions / fast |\n");
    fmt::print("|---|---|---|---|---|---|---|---|\n");
    struct Case {
        size_t rows, d, m;
        int n;
        size_t brute_rows;  // rows timed for the brute force (its time is scaled up linearly)
    };
    const Case cases[] = {{10000, 10, 1000, 4, 40},  // the target
                          {20000, 10, 1000, 4, 0},   {10000, 10, 2000, 4, 0}, {10000, 5, 1000, 4, 200},
                          {10000, 20, 1000, 4, 0},   {1000, 8, 300, 6, 1000}};
    for (const auto& c : cases) {
        const Model m = synthetic_model(c.d, c.m, c.n, 7u);
        const auto X = rows_of(c.rows, c.d, 8u);
        const double fast = time_fast(m, X, c.rows, false);
        const double full = time_fast(m, X, c.rows, true);
        std::string brute = "-", ratio = "-";
        if (c.brute_rows > 0) {
            const auto Xb = rows_of(c.brute_rows, c.d, 9u);
            const double t = bench::median_seconds([&] { (void)shapley_by_coalitions(m, Xb, c.brute_rows); }, 1, 0.0) *
                             static_cast<double>(c.rows) / static_cast<double>(c.brute_rows);
            brute = fmt::format("{:.2f}{}", t, c.brute_rows < c.rows ? " (from " + std::to_string(c.brute_rows) + " rows)" : "");
            ratio = fmt::format("{:.0f}", t / fast);
        }
        fmt::print("| {} | {} | {} | {} | {:.3f} | {:.3f} | {} | {} |\n", c.rows, c.d, c.m, c.n, fast, full, brute, ratio);
    }
    return 0;
}
