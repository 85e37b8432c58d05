#include "model/kept_coefficients.hpp"

#include "orca/errors.hpp"

namespace orca {

std::vector<double> kept_function_coefficients(const FeatureMap& map, std::span<const double> points,
                                               std::span<const double> a) {
    const size_t p = map.size(), d = map.dim();
    std::vector<double> c(p, 0.0), table(map.table_size()), phi(p);
    for (size_t i = 0; i < a.size(); ++i) {
        map.evaluate(points.data() + i * d, table.data(), phi.data());
        for (size_t k = 0; k < p; ++k) c[k] += a[i] * phi[k];
    }
    return c;
}

std::vector<double> kept_function_coefficients(const FeatureMap& map, const Machine& machine) {
    if (machine.by_functions()) {
        ORCA_ASSERT(machine.function_coefficients.size() == map.size(), "a machine's coefficients and its basis");
        return machine.function_coefficients;
    }
    return kept_function_coefficients(map, machine.support_vectors, machine.coefficients);
}

}  // namespace orca
