#pragma once
// What a trained model keeps of its machines (the store setting): the support vectors and a_i,
// or the coefficients of the basis' kept functions. The second is the same function, O(p) to
// store and O(p Q) a row to evaluate however many rows trained it; analysis, explanations and
// prediction read either form.
#include <cstddef>

#include "orca/model.hpp"

namespace orca {

// Throws ParameterError when store is coefficients and the basis keeps more than
// kMaxStoredFunctions functions (checked before training).
void check_store(Store store, const Basis& basis);
// Whether a model of this basis is stored by coefficients when its machines' support vectors
// would hold `held` numbers (each machine's count times d, summed: what its model file would
// write; a Dask driver gathers them only while this says no).
[[nodiscard]] bool stores_coefficients(Store store, const Basis& basis, double held);
// The model as store says: each machine's c = sum_i a_i phi(x_i) over the kept functions in place
// of its support vectors, or the model as it is.
[[nodiscard]] Model as_stored(Model model, Store store);

}  // namespace orca
