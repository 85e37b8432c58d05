#include "orca/model_store.hpp"

#include <string>
#include <utility>

#include "model/kept_coefficients.hpp"
#include "orca/errors.hpp"

namespace orca {

void check_store(Store store, const Basis& basis) {
    if (store == Store::coefficients && basis.size() > kMaxStoredFunctions)
        throw ParameterError("store coefficients: the basis keeps " +
                             std::to_string(static_cast<long long>(basis.size())) + " functions, more than " +
                             std::to_string(static_cast<long long>(kMaxStoredFunctions)) +
                             "; lower max_order or degree, or store support-vectors");
}

bool stores_coefficients(Store store, const Basis& basis, double held) {
    check_store(store, basis);
    if (store == Store::automatic) return basis.size() <= kMaxStoredFunctions && held > kAutoStoredNumbers;
    return store == Store::coefficients;
}

Model as_stored(Model model, Store store) {
    double held = 0.0;  // 0 for a model already stored by coefficients, which stays as it is
    for (const Machine& m : model.machines()) held += static_cast<double>(m.support_vectors.size());
    if (model.machines().front().by_functions() || !stores_coefficients(store, model.basis(), held)) return model;
    const FeatureMap map(model.basis(), kMaxStoredFunctions);
    std::vector<Machine> machines = model.machines();
    for (Machine& machine : machines) {
        machine.function_coefficients = kept_function_coefficients(map, machine);
        machine.support_vectors.clear();
        machine.coefficients.clear();
    }
    model.set_machines(std::move(machines));
    return model;
}

}  // namespace orca
