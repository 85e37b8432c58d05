// Kernel throughput: Gram rows by ORCA's production path (Christoffel–Darboux / cached direct
// sums, vectorised) vs the textbook direct sums (recurrence per entry), for n in {3, 8, 25} and
// d in {2, 5, 10}; and the machine's measured peak (an Eigen matrix product). Prints JSON lines,
// which bench_kernel.py joins with numpy's timings into one table.
#include <fmt/core.h>
#include <omp.h>

#include <Eigen/Core>
#include <random>

#include "bench_common.hpp"
#include "orca/kernel.hpp"

using namespace orca;

int main(int argc, char** argv) {
    const size_t m = argc > 1 ? static_cast<size_t>(std::stoul(argv[1])) : 2000;
    std::mt19937_64 rng(1);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    // Peak: a 1024^3 matrix product (2 n^3 flops).
    Eigen::MatrixXd A = Eigen::MatrixXd::Random(1024, 1024), B = Eigen::MatrixXd::Random(1024, 1024), Cm(1024, 1024);
    const double t_gemm = bench::median_seconds([&] { Cm.noalias() = A * B; }, 3, 0.5);
    fmt::print("{{\"peak_gflops\": {:.3f}, \"threads\": {}}}\n", 2.0 * 1024 * 1024 * 1024 / t_gemm / 1e9,
               omp_get_max_threads());
    for (int n : {3, 8, 25})
        for (size_t d : {2, 5, 10}) {
            std::vector<double> pts(m * d);
            for (auto& v : pts) v = u(rng);
            const TensorKernel k(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, n)));
            const PreparedPoints P = k.prepare(pts, m);
            std::vector<double> row(m);
            const size_t rows = 200;
            const double t_fast = bench::median_seconds([&] {
                for (size_t i = 0; i < rows; ++i) k.row(P, i, P, row);
            });
            const size_t slow_rows = 20;
            const double t_direct = bench::median_seconds([&] {
                for (size_t i = 0; i < slow_rows; ++i)
                    for (size_t l = 0; l < m; ++l)
                        row[l] = k.entry_direct(std::span(pts).subspan(i * d, d), std::span(pts).subspan(l * d, d));
            });
            fmt::print("{{\"n\": {}, \"d\": {}, \"m\": {}, \"orca_eps\": {:.6e}, \"direct_eps\": {:.6e}}}\n", n, d, m,
                       static_cast<double>(rows * m) / t_fast, static_cast<double>(slow_rows * m) / t_direct);
        }
    // Truncation by interaction order: rows of K_Q at n = 3 for many features, beside the full
    // product's rows on the same points (max_order 0).
    for (size_t d : {10, 30, 60})
        for (int Q : {1, 2, 3, 0}) {
            std::vector<double> pts(m * d);
            for (auto& v : pts) v = u(rng);
            const TensorKernel k(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), Q));
            const PreparedPoints P = k.prepare(pts, m);
            std::vector<double> row(m);
            const size_t rows = 200;
            const double t = bench::median_seconds([&] {
                for (size_t i = 0; i < rows; ++i) k.row(P, i, P, row);
            });
            fmt::print(
                "{{\"truncated\": true, \"n\": 3, \"d\": {}, \"max_order\": {}, \"m\": {}, \"orca_eps\": {:.6e}}}\n", d,
                Q, m, static_cast<double>(rows * m) / t);
        }
    return 0;
}
