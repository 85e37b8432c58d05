#include "analysis/okc_functions.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

#include "basis/feature_map.hpp"
#include "orca/errors.hpp"
#include "orca/model.hpp"

namespace orca {

RawOkc okc_by_functions(const Expansion& e, long top) {
    const size_t d = e.dim();
    const FeatureMap map(e.basis, kMaxStoredFunctions);
    ORCA_ASSERT(map.size() == e.functions.size(), "a machine's coefficients and its basis");
    RawOkc raw;
    for (int n : e.basis.degrees()) raw.total_degree += static_cast<size_t>(n);
    const size_t width = raw.total_degree + 1;
    raw.block.assign((d + 1) * width, 0.0);
    std::map<std::uint64_t, double> by_subset;
    for (size_t k = 0; k < map.size(); ++k) {
        const std::vector<int> index = map.index(k);
        size_t q = 0, N = 0;
        std::uint64_t mask = 0;
        for (size_t j = 0; j < d; ++j)
            if (index[j] > 0) {
                ++q;
                N += static_cast<size_t>(index[j]);
                mask |= std::uint64_t{1} << j;
            }
        const double v2 = e.functions[k] * e.functions[k];
        raw.block[q * width + N] += v2;
        if (v2 != 0.0) by_subset[mask] += v2;  // as the enumeration: no empty subsets listed
    }
    add_subset_masses(raw, by_subset, d);
    // Largest |c| first; ties in FeatureMap's order, which is multi-index order.
    std::vector<size_t> order(map.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return std::abs(e.functions[a]) > std::abs(e.functions[b]); });
    const size_t kept = top < 0 ? order.size() : std::min(order.size(), static_cast<size_t>(top));
    for (size_t r = 0; r < kept; ++r) raw.coefficients.push_back({map.index(order[r]), e.functions[order[r]]});
    return raw;
}

}  // namespace orca
