#include "bench_common.hpp"

#include <omp.h>

#include <fstream>
#include <random>
#include <string>

namespace orca::bench {

std::string machine_description() {
    std::string cpu = "unknown CPU";
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) {
            cpu = line.substr(line.find(':') + 2);
            break;
        }
    std::string compiler = "g++ " __VERSION__;
#ifdef ORCA_BENCH_FLAGS
    compiler += ", flags: " ORCA_BENCH_FLAGS;
#endif
    return cpu + ", " + std::to_string(omp_get_max_threads()) + " threads (OpenMP), " + compiler;
}

Model synthetic_model(size_t d, size_t m, int degree, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::normal_distribution<double> z(0.0, 1.0);
    Model model;
    for (size_t j = 0; j < d; ++j) model.feature_names.push_back("x" + std::to_string(j));
    model.classes = {"n", "p"};
    model.spec.family = FamilySpec::make("legendre");
    model.spec.degrees.assign(d, degree);
    model.scaler.min.assign(d, -1.0);
    model.scaler.max.assign(d, 1.0);
    model.scaler.mean.assign(d, 0.0);
    model.scaler.std.assign(d, 1.0);
    Machine machine;
    machine.classes = model.classes;
    double mean = 0.0;
    for (size_t i = 0; i < m; ++i) {
        for (size_t j = 0; j < d; ++j) machine.support_vectors.push_back(u(rng));
        machine.coefficients.push_back(z(rng));
        mean += machine.coefficients.back();
    }
    for (auto& a : machine.coefficients) a -= mean / static_cast<double>(m);
    machine.summary.support_vectors = m;
    model.summary = machine.summary;
    model.set_machines({std::move(machine)});
    return model;
}

std::vector<double> rows_of(size_t rows, size_t d, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> X(rows * d);
    for (auto& v : X) v = u(rng);
    return X;
}

}  // namespace orca::bench
