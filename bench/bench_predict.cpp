// Benchmark: prediction from the support vectors vs from the explicit coefficient vector, and
// whether the automatic choice picks the faster route.
#include <fmt/core.h>

#include "bench_common.hpp"
#include "orca/prediction.hpp"

using namespace orca;

int main() {
    fmt::print("Prediction throughput: median wall time (s) for all rows, both routes exact\n");
    fmt::print("machine: {}\n\n", bench::machine_description());
    fmt::print(
        "| rows | d | n | basis size | #SV | support vectors (s) | coefficients (s) | SV / coef | auto picks | "
        "auto's pick is the faster |\n");
    fmt::print("|---|---|---|---|---|---|---|---|---|---|\n");
    struct Case {
        size_t rows, d;
        int n;
        size_t sv;
    };
    const Case cases[] = {{10000, 2, 8, 300},  {10000, 2, 25, 1000}, {10000, 4, 4, 2000}, {10000, 5, 3, 100},
                          {10000, 5, 3, 2000}, {10000, 6, 4, 5000},  {1000, 8, 4, 5000},  {100, 4, 4, 2000},
                          {10000, 8, 2, 500},  {10000, 10, 3, 500},  {10, 3, 6, 500}};
    for (const auto& c : cases) {
        const Model m = bench::synthetic_model(c.d, c.sv, c.n, 7u);
        const auto X = bench::rows_of(c.rows, c.d, 8u);
        const double t_sv =
            bench::median_seconds([&] { (void)decision_values(m, X, c.rows, PredictMethod::support_vectors); }, 3, 0.3);
        const bool coef_ok = m.basis().size() <= kMaxPredictionCoefficients;
        const double t_coef =
            coef_ok ? bench::median_seconds([&] { (void)decision_values(m, X, c.rows, PredictMethod::coefficients); },
                                            3, 0.3)
                    : 0.0;
        const PredictMethod pick = choose_prediction_method(m, m.machine(), c.rows);
        const bool right = !coef_ok || (pick == PredictMethod::coefficients) == (t_coef < t_sv);
        fmt::print("| {} | {} | {} | {:.3g} | {} | {:.4f} | {} | {} | {} | {} |\n", c.rows, c.d, c.n, m.basis().size(),
                   c.sv, t_sv, coef_ok ? fmt::format("{:.4f}", t_coef) : "(not formed: too large)",
                   coef_ok ? fmt::format("{:.1f}", t_sv / t_coef) : "—", to_string(pick), right ? "yes" : "NO");
    }
}
