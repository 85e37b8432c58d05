#include "orca/coefficients.hpp"

#include <string>

#include "analysis/enumerate_blocks.hpp"
#include "basis/feature_map.hpp"
#include "orca/model.hpp"
#include "orca/errors.hpp"

namespace orca {

std::vector<double> dense_coefficients(const Expansion& e, double max_count) {
    const double count = e.basis.product_size();  // dense over the whole index space (zeros where truncated)
    if (count > max_count)
        throw ResourceError("listing all " + std::to_string(static_cast<long long>(count)) +
                            " coefficients would need " + std::to_string(static_cast<long long>(count * 8 / 1048576)) +
                            " MiB; ask for the largest ones (top=K) or use the pair algorithm for the indices");
    std::vector<double> c(static_cast<size_t>(count));
    if (e.by_functions()) {  // stored by its coefficients: each at its multi-index's position
        const FeatureMap map(e.basis, kMaxStoredFunctions);
        for (size_t k = 0; k < map.size(); ++k) {
            size_t flat = 0;
            const std::vector<int> index = map.index(k);
            for (size_t j = 0; j < e.dim(); ++j)
                flat = flat * (static_cast<size_t>(e.basis.degree(j)) + 1) + static_cast<size_t>(index[j]);
            c[flat] = e.functions[k];
        }
        return c;
    }
    const auto P = basis_values(e);
    enumerate_blocks(e, P, [&](const CoefficientBlock& b, size_t) {
        for (size_t r = 0; r < b.rows; ++r)
            for (size_t s = 0; s < b.cols; ++s) c[b.flat_offset + r * b.cols + s] = b.values[r * b.cols + s];
    });
    return c;
}

}  // namespace orca
