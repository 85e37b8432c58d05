// Benchmark: the OKC analysis by enumeration vs by support-vector pairs, and the automatic
// choice, on the target cases. Prints a markdown table (median of repeated runs).
#include <fmt/core.h>

#include <random>

#include "bench_common.hpp"
#include "orca/model.hpp"
#include "orca/okc.hpp"
#include "orca/training.hpp"
#include "paper/echocardiogram.hpp"

using namespace orca;

namespace {

Expansion random_expansion(std::vector<int> degrees, size_t m, unsigned seed) {
    const size_t d = degrees.size();
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::normal_distribution<double> z(0.0, 1.0);
    Expansion e{Basis(FamilySpec::make("legendre"), Measure::probability, std::move(degrees)), {}, {}, {}};
    for (size_t k = 0; k < m * d; ++k) e.points.push_back(u(rng));
    double mean = 0.0;
    for (size_t i = 0; i < m; ++i) {
        e.a.push_back(z(rng));
        mean += e.a.back();
    }
    for (auto& v : e.a) v -= mean / static_cast<double>(m);
    return e;
}

void row(const std::string& name, const Expansion& e) {
    const OkcCost cost = estimate_okc_cost(e);
    auto time = [&](OkcMethod m) {
        OkcOptions o;
        o.method = m;
        return bench::median_seconds([&] { (void)analyze(e, o); }, 3, 1.0);
    };
    const bool can_enumerate = cost.enumeration < 5e11;
    const double t_enum = can_enumerate ? time(OkcMethod::enumeration) : -1.0;
    const double t_pairs = time(OkcMethod::pairs);
    OkcOptions o;
    const OkcReport r = analyze(e, o);
    const double t_auto = bench::median_seconds([&] { (void)analyze(e, o); }, 3, 1.0);
    fmt::print("| {} | {} | {:.3g} | {} | {:.4f} | {} | {} ({:.4f} s) |\n", name, e.count(), e.basis.size(),
               can_enumerate ? fmt::format("{:.4f}", t_enum) : "impossible", t_pairs,
               can_enumerate ? fmt::format("{:.2f}", t_pairs / t_enum) : "-", to_string(r.method), t_auto);
}

}  // namespace

int main() {
    fmt::print("OKC analysis: median wall time in seconds (every index; no coefficient list)\n");
    fmt::print("machine: {}\n\n", bench::machine_description());
    fmt::print(
        "| case | #SV | coefficients | enumeration (s) | pairs (s) | pairs / enumeration | automatic choice |\n");
    fmt::print("|---|---|---|---|---|---|---|\n");
    // The first target: the echocardiogram model, d = 5, n = 25 (11.9 M coefficients).
    TrainOptions t;
    t.spec.max_order = 0;  // the full tensor product, whatever the number of features
    t.spec.degrees = {25};
    const Model echo = train_model(load_echocardiogram(), t);  // the built-in copy of the data
    row("echocardiogram, Legendre, d=5, n=25 (trained)", expansion_of(echo));
    row("random, d=5, n=25", random_expansion(std::vector<int>(5, 25), 100, 1u));
    row("random, d=2, n=16", random_expansion({16, 16}, 300, 2u));
    row("random, d=8, n=4", random_expansion(std::vector<int>(8, 4), 300, 3u));
    row("random, d=10, n=2", random_expansion(std::vector<int>(10, 2), 500, 4u));
    // The second target: d = 20, n = 3, 500 support vectors (1.1e12 coefficients).
    row("random, d=20, n=3", random_expansion(std::vector<int>(20, 3), 500, 5u));
    return 0;
}
