// Aggregated OKC indices over several machines of one kernel (multi-class models).
#include <algorithm>
#include <cmath>

#include "analysis/okc_raw.hpp"
#include "orca/basis.hpp"
#include "orca/errors.hpp"
#include "orca/okc.hpp"

namespace orca {

OkcReport aggregate_reports(const std::vector<OkcReport>& reports, OkcAggregation how, size_t top_subsets) {
    ORCA_ASSERT(!reports.empty(), "nothing to aggregate: no reports");
    const OkcReport& first = reports.front();
    const size_t d = first.dim, width = first.spectrum.size();
    for (const auto& r : reports)
        ORCA_ASSERT(r.dim == d && r.spectrum.size() == width && r.eps == first.eps,
                    "aggregated reports must come from the same kernel and thresholds");
    // Back to absolute masses, each machine weighted: E_m for shares of the total energy, 1 for
    // the plain mean (derive_report divides by the sum of the weights again).
    RawOkc raw;
    raw.total_degree = width - 1;
    raw.block.assign((d + 1) * width, 0.0);
    raw.marginal.assign(d, 0.0);
    raw.total.assign(d, 0.0);
    raw.pairwise.assign(d * d, 0.0);
    double energy = 0.0, energy_kernel = 0.0, constant = 0.0;
    for (const auto& r : reports) {
        const double w = how == OkcAggregation::energy_weighted ? r.energy : 1.0;
        for (size_t q = 0; q < r.block.size(); ++q)  // the orders the basis holds
            for (size_t N = 0; N < width; ++N) raw.block[q * width + N] += w * r.block[q][N];
        for (size_t i = 0; i < d; ++i) {
            raw.marginal[i] += w * r.marginal[i];
            raw.total[i] += w * r.total_effect[i];
            for (size_t j = 0; j < d; ++j) raw.pairwise[i * d + j] += w * r.pairwise[i * d + j];
        }
        energy += r.energy;
        energy_kernel += r.energy_kernel;
        constant = std::max(constant, std::abs(r.constant));
    }
    for (size_t i = 0; i < d; ++i) {  // candidates: only the subsets the basis has functions of
        if (first.degrees[i] > 0) raw.subsets.push_back({{static_cast<int>(i)}, raw.marginal[i]});
        for (size_t j = i + 1; j < d; ++j)
            if (holds_pair(first.degrees, first.max_order, first.max_total_degree, i, j))
                raw.subsets.push_back({{static_cast<int>(i), static_cast<int>(j)}, raw.pairwise[i * d + j]});
    }
    raw.max_subset_order = std::min<size_t>(2, d);
    OkcReport out;
    out.method = first.method;
    out.dim = d;
    out.degrees = first.degrees;
    out.eps = first.eps;
    out.coefficient_count = first.coefficient_count;
    out.max_order = first.max_order;
    out.max_total_degree = first.max_total_degree;
    derive_report(out, raw);
    const auto count = static_cast<double>(reports.size());
    out.energy = how == OkcAggregation::energy_weighted ? energy : energy / count;
    out.energy_kernel = how == OkcAggregation::energy_weighted ? energy_kernel : energy_kernel / count;
    out.energy_kernel_apart = std::all_of(reports.begin(), reports.end(),
                                          [](const OkcReport& r) { return r.energy_kernel_apart; });
    out.constant = constant;  // the largest |c_0| of any machine
    if (out.top_subsets.size() > top_subsets) out.top_subsets.resize(top_subsets);
    return out;
}

}  // namespace orca
