#include "analysis/okc_raw.hpp"

#include <algorithm>

#include "orca/basis.hpp"

namespace orca {

void add_subset_masses(RawOkc& raw, const std::map<std::uint64_t, double>& by_subset, size_t d) {
    raw.marginal.assign(d, 0.0);
    raw.pairwise.assign(d * d, 0.0);
    raw.total.assign(d, 0.0);
    for (auto [mask, v] : by_subset) {
        SubsetShare share;
        for (size_t j = 0; j < d; ++j)
            if (mask >> j & 1) {
                share.features.push_back(static_cast<int>(j));
                raw.total[j] += v;
            }
        if (share.features.size() == 1) raw.marginal[static_cast<size_t>(share.features[0])] += v;
        if (share.features.size() == 2) {
            const auto i = static_cast<size_t>(share.features[0]), j = static_cast<size_t>(share.features[1]);
            raw.pairwise[i * d + j] += v;
            raw.pairwise[j * d + i] += v;
        }
        share.share = v;
        if (!share.features.empty()) raw.subsets.push_back(std::move(share));
    }
    raw.max_subset_order = d;
}

void derive_report(OkcReport& r, const RawOkc& raw) {
    const size_t d = r.dim;
    const size_t raw_width = raw.total_degree + 1;
    double E = 0.0;
    for (double v : raw.block) E += v;
    r.energy = E;
    const double inv = E > 0.0 ? 1.0 / E : 0.0;
    // Only the orders and degrees the basis holds (an additive model of 30 features has OKC(0..1)
    // and N up to max n_j): beyond them every mass is zero by construction, and listing them made
    // reports print 29 empty orders.
    // Q: the order in force, at most the number of features of degree >= 1 (a constant feature's
    // degree is 0, so it is never active).
    const auto varying =
        static_cast<size_t>(std::count_if(r.degrees.begin(), r.degrees.end(), [](int n) { return n > 0; }));
    const size_t Q = std::min(r.max_order > 0 ? std::min(r.max_order, d) : d, varying);
    const size_t width = std::min(raw_width, highest_total_degree(r.degrees, Q, r.max_total_degree) + 1);
    r.block.assign(Q + 1, std::vector<double>(width, 0.0));
    r.order.assign(Q + 1, 0.0);
    r.spectrum.assign(width, 0.0);
    for (size_t q = 0; q <= Q; ++q)
        for (size_t N = 0; N < width; ++N) {
            const double v = raw.block[q * raw_width + N] * inv;
            r.block[q][N] = v;
            r.order[q] += v;
            r.spectrum[N] += v;
        }
    r.cumulative.assign(width, 0.0);
    double run = 0.0;
    for (size_t N = 0; N < width; ++N) {
        run += r.spectrum[N];
        r.cumulative[N] = run;
        (N % 2 ? r.odd : r.even) += r.spectrum[N];
    }
    r.peak = static_cast<int>(std::max_element(r.spectrum.begin(), r.spectrum.end()) - r.spectrum.begin());
    r.thresholds.clear();
    for (double eps : r.eps) {
        // F(T) >= 1 - eps, with a rounding allowance so that F(last) = 1 always qualifies.
        int T = static_cast<int>(width) - 1;
        for (size_t N = 0; N < width; ++N)
            if (r.cumulative[N] >= 1.0 - eps - 1e-12) {
                T = static_cast<int>(N);
                break;
            }
        r.thresholds.push_back(T);
    }
    r.marginal.resize(d);
    r.total_effect.resize(d);
    r.pairwise.assign(d * d, 0.0);
    for (size_t i = 0; i < d; ++i) {
        r.marginal[i] = raw.marginal[i] * inv;
        r.total_effect[i] = raw.total[i] * inv;
        for (size_t j = 0; j < d; ++j) r.pairwise[i * d + j] = raw.pairwise[i * d + j] * inv;
    }
    r.max_subset_order = std::min(raw.max_subset_order, Q);
    r.top_subsets = raw.subsets;
    for (auto& s : r.top_subsets) s.share *= inv;
    std::sort(r.top_subsets.begin(), r.top_subsets.end(), [](const SubsetShare& a, const SubsetShare& b) {
        return a.share != b.share ? a.share > b.share : a.features < b.features;
    });
    r.coefficients = raw.coefficients;
}

}  // namespace orca
