#include "paper/experiments.hpp"

#include "paper/echocardiogram.hpp"
#include "paper/spiral.hpp"

namespace orca {
namespace {

Setting setting(const FamilySpec& f, int n) {
    Setting s;
    s.spec.family = f;
    s.spec.degrees = {n};
    s.C = 1.0;
    return s;
}

}  // namespace

std::vector<Experiment> spiral_experiment() {
    const Dataset data = make_double_spiral();
    Experiment legendre{"Double spiral, Legendre, n = 1..16, C = 1", data, {}};
    for (int n = 1; n <= 16; ++n) legendre.settings.push_back(setting(FamilySpec::make("legendre"), n));
    Experiment jacobi{"Double spiral, Jacobi (alpha, beta) at n = 12, C = 1", data, {}};
    for (auto [a, b] : std::vector<std::pair<double, double>>{
             {-0.5, -0.5}, {0.5, 0.5}, {2.0, 2.0}, {5.0, 5.0}, {2.5, 1.2}, {1.2, 2.5}, {0.8, 2.7}, {4.3, 1.8}})
        jacobi.settings.push_back(setting(FamilySpec::make("jacobi", a, b), 12));
    return {legendre, jacobi};
}

std::vector<Experiment> echocardiogram_experiment(const std::string& data_path) {
    const Dataset data = data_path.empty() ? load_echocardiogram() : load_echocardiogram(data_path);
    std::vector<Experiment> out;
    const std::vector<int> degrees{1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25};
    for (const auto& [title, family] :
         std::vector<std::pair<std::string, FamilySpec>>{{"Legendre", FamilySpec::make("legendre")},
                                                         {"Jacobi(4.3, 1.8)", FamilySpec::make("jacobi", 4.3, 1.8)},
                                                         {"Jacobi(0.8, 2.7)", FamilySpec::make("jacobi", 0.8, 2.7)}}) {
        Experiment e{"Echocardiogram, " + title + ", n = 1..25, C = 1", data, {}};
        for (int n : degrees) e.settings.push_back(setting(family, n));
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace orca
