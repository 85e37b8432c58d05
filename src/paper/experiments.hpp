#pragma once
// The paper's two experiments (math spec §7), as sweeps: the settings, and the data.
#include <string>
#include <vector>

#include "orca/diagnostics.hpp"

namespace orca {

struct Experiment {
    std::string name;  // table title
    Dataset data;
    std::vector<Setting> settings;
};

// Double spiral (the demo's data): Legendre n = 1..16; and (alpha, beta) pairs at n = 12,
// symmetric (-0.5,-0.5), (0.5,0.5), (2,2), (5,5) and asymmetric (2.5,1.2), (1.2,2.5),
// (0.8,2.7), (4.3,1.8). C = 1.
[[nodiscard]] std::vector<Experiment> spiral_experiment();
// Echocardiogram (the spec's setup: 5 features, still-alive, 108 complete rows): Legendre,
// Jacobi(4.3,1.8) and Jacobi(0.8,2.7) at n = 1,2,3,4,5,6,8,10,12,15,20,25. C = 1. An empty
// path takes the built-in copy of the data.
[[nodiscard]] std::vector<Experiment> echocardiogram_experiment(const std::string& data_path);

}  // namespace orca
