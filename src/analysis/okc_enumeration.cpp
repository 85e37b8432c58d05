// OKC indices by enumerating every coefficient (algorithm (a)), streamed block by block.
#include "analysis/okc_enumeration.hpp"

#include <algorithm>
#include <map>
#include <queue>
#include <unordered_map>

#include "analysis/enumerate_blocks.hpp"

namespace orca {
namespace {

struct Ranked {
    double magnitude;
    size_t flat;
    double value;
    // Larger |c| first; ties by multi-index order so the list is deterministic.
    bool operator<(const Ranked& o) const { return magnitude != o.magnitude ? magnitude > o.magnitude : flat < o.flat; }
};

// Per-task accumulators, merged in task order (so the result does not depend on threads).
struct TaskSums {
    std::vector<double> block;
    std::unordered_map<std::uint64_t, double> by_subset;  // S_u mass by active-set bit mask
    // With operator< as "ranks before", the priority queue's top is the weakest kept entry.
    std::priority_queue<Ranked> top;
    std::vector<Ranked> all;  // when every coefficient is wanted
};

}  // namespace

RawOkc okc_by_enumeration(const Expansion& e, const std::vector<std::vector<double>>& P, long top) {
    const size_t d = e.dim();
    RawOkc raw;
    for (int n : e.basis.degrees()) raw.total_degree += static_cast<size_t>(n);
    const size_t width = raw.total_degree + 1;
    std::vector<TaskSums> sums(enumeration_tasks(e));
    for (auto& s : sums) s.block.assign((d + 1) * width, 0.0);
    const std::uint64_t bit_a = d >= 2 ? std::uint64_t{1} << (d - 2) : 0;
    const std::uint64_t bit_b = d >= 2 ? std::uint64_t{1} << (d - 1) : std::uint64_t{1};

    enumerate_blocks(e, P, [&](const CoefficientBlock& b, size_t task) {
        TaskSums& s = sums[task];
        double by_corner[4] = {0, 0, 0, 0};  // (k_a > 0) + 2 (k_b > 0)
        for (size_t r = 0; r < b.rows; ++r) {
            for (size_t c = 0; c < b.cols; ++c) {
                const double v = b.values[r * b.cols + c];
                const double v2 = v * v;
                // d == 1: the single row is the one feature's index (column), no k_a.
                const int ra = d >= 2 && r > 0 ? 1 : 0;
                const int cb = c > 0 ? 1 : 0;
                const size_t q = static_cast<size_t>(b.prefix_order + ra + cb);
                const size_t N = static_cast<size_t>(b.prefix_degree) + (d >= 2 ? r : 0) + c;
                if (!e.basis.keeps(q, N)) continue;  // not a basis function (zero)
                s.block[q * width + N] += v2;
                by_corner[ra + 2 * cb] += v2;
                const size_t flat = b.flat_offset + r * b.cols + c;
                const Ranked entry{std::abs(v), flat, v};
                if (top < 0) {
                    s.all.push_back(entry);
                } else if (top > 0) {
                    if (static_cast<long>(s.top.size()) < top)
                        s.top.push(entry);
                    else if (entry < s.top.top()) {
                        s.top.pop();
                        s.top.push(entry);
                    }
                }
            }
        }
        for (int corner = 0; corner < 4; ++corner) {
            if (by_corner[corner] == 0.0) continue;
            std::uint64_t mask = b.prefix_mask;
            if (corner & 1) mask |= bit_a;
            if (corner & 2) mask |= bit_b;
            s.by_subset[mask] += by_corner[corner];
        }
    });

    raw.block.assign((d + 1) * width, 0.0);
    std::map<std::uint64_t, double> by_subset;  // ordered: the merge below is deterministic
    std::vector<Ranked> best;
    for (auto& s : sums) {
        for (size_t k = 0; k < raw.block.size(); ++k) raw.block[k] += s.block[k];
        for (auto [mask, v] : s.by_subset) by_subset[mask] += v;
        while (!s.top.empty()) {
            best.push_back(s.top.top());
            s.top.pop();
        }
        best.insert(best.end(), s.all.begin(), s.all.end());
    }
    add_subset_masses(raw, by_subset, d);
    std::sort(best.begin(), best.end());
    if (top > 0 && static_cast<long>(best.size()) > top) best.resize(static_cast<size_t>(top));
    for (const auto& r : best) raw.coefficients.push_back({multi_index(e.basis, r.flat), r.value});
    return raw;
}

}  // namespace orca
