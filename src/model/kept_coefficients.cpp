#include "model/kept_coefficients.hpp"

namespace orca {

std::vector<double> kept_function_coefficients(const FeatureMap& map, const Machine& machine) {
    const size_t p = map.size(), d = map.dim();
    std::vector<double> c(p, 0.0), table(map.table_size()), phi(p);
    for (size_t i = 0; i < machine.support_count(); ++i) {
        map.evaluate(machine.support_vectors.data() + i * d, table.data(), phi.data());
        for (size_t k = 0; k < p; ++k) c[k] += machine.coefficients[i] * phi[k];
    }
    return c;
}

}  // namespace orca
