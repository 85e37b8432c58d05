#pragma once
// The degree-budget recurrence of a basis truncated by total degree (internal): the sum over the
// retained multi-indices k (sum_j k_j <= N, and at most Q non-zero entries when the order is
// truncated too) of prod_j term(j, k_j), in O(d N n) (times Q + 1 with the order).
#include <algorithm>
#include <cstddef>
#include <vector>

#include "orca/basis.hpp"

namespace orca {

// term(j, k) for k = 0..n_j. Works for any product-of-terms quantity over the retained basis:
// kernel entries (term = p_k(x_j) p_k(z_j)) as well as sums of single terms.
template <class Term>
double degree_budget_sum(const Basis& basis, Term&& term) {
    const size_t d = basis.dim(), N = basis.max_total_degree();
    const bool orders = basis.order_truncated();
    const size_t Q = orders ? basis.max_order() : 0;  // without an order cap, one row (q untracked)
    const size_t width = N + 1;
    std::vector<double> e((Q + 1) * width, 0.0), next(e.size());
    e[0] = 1.0;
    for (size_t j = 0; j < d; ++j) {
        const size_t n = static_cast<size_t>(basis.degree(j));
        std::fill(next.begin(), next.end(), 0.0);
        for (size_t q = 0; q <= Q; ++q)
            for (size_t t = 0; t <= N; ++t) {
                const double v = e[q * width + t];
                if (v == 0.0) continue;
                next[q * width + t] += term(j, size_t{0}) * v;
                const size_t up = orders ? q + 1 : q;
                if (up > Q) continue;
                for (size_t k = 1; k <= n && t + k <= N; ++k) next[up * width + t + k] += term(j, k) * v;
            }
        std::swap(e, next);
    }
    double sum = 0.0;
    for (double v : e) sum += v;
    return sum;
}

}  // namespace orca
