// OKC indices without coefficients (algorithm (b), math spec §5b).
//
// With K_n(s,t) = kappa + g(s,t), kappa = p_0(s) p_0(t), g = sum_{k>=1} p_k(s) p_k(t):
//   sum_k s^q(k) t^N(k) c_k^2 = sum_{i,l} a_i a_l prod_j [kappa_j + s sum_{k>=1} t^k p_k(x_ij) p_k(x_lj)],
// a product of d small bivariate polynomials per support-vector pair. The total index uses
//   sum_{k_i > 0} c_k^2 = sum_{i,l} a_i a_l g_i(x_i, x_l) prod_{j != i} K_j(x_i, x_l).
// A basis truncated by interaction order Q keeps the powers s^q, q <= Q (the others are not
// basis functions), and the total index sums the orders q - 1 <= Q - 1 of the other features:
//   g_i sum_{r < Q} [z^r] prod_{j != i} (kappa_j + g_j z).
// A total-degree cap N keeps the powers t^N' with N' <= N; the total index is then the retained
// mass less the retained mass of the functions without feature i (kappa_i times the product of
// the other features' bivariate polynomials), from prefix and suffix products.
#include "analysis/okc_pairs.hpp"

#include <algorithm>

#include "parallel/work_team.hpp"

namespace orca {

void margin_masses(const Expansion& e, const std::vector<std::vector<double>>& P, std::vector<double>& marginal,
                   std::vector<double>& pairwise) {
    const size_t d = e.dim(), m = e.count();
    std::vector<double> p0(d);
    double all_p0 = 1.0;
    for (size_t j = 0; j < d; ++j) {
        p0[j] = e.basis.recurrence(j).p0();
        all_p0 *= p0[j];
    }
    marginal.assign(d, 0.0);
    pairwise.assign(d * d, 0.0);
    const bool pairs_kept = e.basis.keeps_order(2);
    // c_{k e_i} = (prod_{j != i} p_0^(j)) sum_l a_l p_k(x_li), k >= 1.
    const size_t cap = e.basis.max_total_degree();
    for (size_t i = 0; i < d; ++i) {
        const size_t w = static_cast<size_t>(e.basis.degree(i)) + 1;
        const double others = all_p0 / p0[i];
        for (size_t k = 1; k < w && k <= cap; ++k) {
            double c = 0.0;
            for (size_t l = 0; l < m; ++l) c += e.a[l] * P[i][l * w + k];
            marginal[i] += (others * c) * (others * c);
        }
    }
    // c_{k e_i + r e_j} = (prod_{others} p_0) sum_l a_l p_k(x_li) p_r(x_lj), k, r >= 1.
    // Order 2 outside the basis: no pairs.
    parallel::for_chunks(pairs_kept ? d : 0, 1, [&](size_t i, size_t) {
        const size_t wi = static_cast<size_t>(e.basis.degree(i)) + 1;
        std::vector<double> c;
        for (size_t j = i + 1; j < d; ++j) {
            const size_t wj = static_cast<size_t>(e.basis.degree(j)) + 1;
            const double others = all_p0 / (p0[i] * p0[j]);
            c.assign(wi * wj, 0.0);
            for (size_t l = 0; l < m; ++l) {
                const double* pi = &P[i][l * wi];
                const double* pj = &P[j][l * wj];
                for (size_t k = 1; k < wi; ++k) {
                    const double f = e.a[l] * pi[k];
                    for (size_t r = 1; r < wj && k + r <= cap; ++r) c[k * wj + r] += f * pj[r];
                }
            }
            double mass = 0.0;
            for (double v : c) mass += (others * v) * (others * v);
            pairwise[i * d + j] = pairwise[j * d + i] = mass;
        }
    });
}

namespace {

// T_i masses of one pair under interaction order Q: weight g_i sum_{r < Q} [z^r] prod_{j != i}
// (kappa_j + g_j z), from prefix and suffix polynomials of degree < Q (O(d Q^2)).
void truncated_totals(const std::vector<double>& kappa, const std::vector<double>& g, size_t Q,
                      std::vector<double>& pre, std::vector<double>& suf, double weight, std::vector<double>& total) {
    const size_t d = kappa.size();
    std::fill(pre.begin(), pre.end(), 0.0);
    std::fill(suf.begin(), suf.end(), 0.0);
    pre[0] = 1.0;
    for (size_t j = 0; j < d; ++j) {
        const double* a = &pre[j * Q];
        double* b = &pre[(j + 1) * Q];
        for (size_t r = 0; r < Q; ++r) b[r] = kappa[j] * a[r] + (r > 0 ? g[j] * a[r - 1] : 0.0);
    }
    suf[d * Q] = 1.0;
    for (size_t j = d; j-- > 0;) {
        const double* a = &suf[(j + 1) * Q];
        double* b = &suf[j * Q];
        for (size_t r = 0; r < Q; ++r) b[r] = kappa[j] * a[r] + (r > 0 ? g[j] * a[r - 1] : 0.0);
    }
    for (size_t i = 0; i < d; ++i) {
        double others = 0.0;  // sum of the coefficients of degree < Q of prefix_i * suffix_{i+1}
        for (size_t r = 0; r < Q; ++r)
            for (size_t t = 0; t <= r; ++t) others += pre[i * Q + t] * suf[(i + 1) * Q + r - t];
        total[i] += weight * g[i] * others;
    }
}

// T_i masses of one pair under a total-degree cap (and the order Q): the pair's retained mass
// less kappa_i times the retained mass of prod_{j != i} (kappa_j + s sum_k t^k g_jk), from
// prefix and suffix products over (q <= Q, N <= cap) and a cumulative table of each suffix.
struct CappedTotals {
    size_t d, Q, cap, cells;
    std::vector<std::vector<double>> terms;  // g_jk, k = 1..n_j (index 0 unused)
    std::vector<double> pre, suf, cum;

    CappedTotals(size_t dim, size_t order, size_t reach)
        : d(dim),
          Q(order),
          cap(reach),
          cells((order + 1) * (reach + 1)),
          terms(dim),
          pre(dim ? (dim + 1) * cells : 0),
          suf(pre.size()),
          cum(cells) {}

    void set_terms(size_t j, const double* g, size_t w) { terms[j].assign(g, g + w); }

    // out = in * (kappa + s sum_k t^k g_k), truncated to q <= Q, N <= cap.
    void times(const double* in, double* out, double kappa, const std::vector<double>& g) const {
        std::fill(out, out + cells, 0.0);
        for (size_t q = 0; q <= Q; ++q)
            for (size_t N = 0; N <= cap; ++N) {
                const double v = in[q * (cap + 1) + N];
                if (v == 0.0) continue;
                out[q * (cap + 1) + N] += kappa * v;
                if (q == Q) continue;
                for (size_t k = 1; k < g.size() && N + k <= cap; ++k) out[(q + 1) * (cap + 1) + N + k] += g[k] * v;
            }
    }

    void add(const std::vector<double>& kappa, double kept, double weight, std::vector<double>& total) {
        std::fill(pre.begin(), pre.begin() + static_cast<std::ptrdiff_t>(cells), 0.0);
        pre[0] = 1.0;
        for (size_t j = 0; j < d; ++j) times(&pre[j * cells], &pre[(j + 1) * cells], kappa[j], terms[j]);
        std::fill(suf.begin() + static_cast<std::ptrdiff_t>(d * cells), suf.end(), 0.0);
        suf[d * cells] = 1.0;
        for (size_t j = d; j-- > 0;) times(&suf[(j + 1) * cells], &suf[j * cells], kappa[j], terms[j]);
        for (size_t i = 0; i < d; ++i) {
            // cum[a][b] = sum of suffix_{i+1} over q <= a, N <= b.
            const double* s = &suf[(i + 1) * cells];
            for (size_t q = 0; q <= Q; ++q)
                for (size_t N = 0; N <= cap; ++N) {
                    double v = s[q * (cap + 1) + N];
                    if (q > 0) v += cum[(q - 1) * (cap + 1) + N];
                    if (N > 0) v += cum[q * (cap + 1) + N - 1];
                    if (q > 0 && N > 0) v -= cum[(q - 1) * (cap + 1) + N - 1];
                    cum[q * (cap + 1) + N] = v;
                }
            const double* p = &pre[i * cells];
            double without = 0.0;
            for (size_t q = 0; q <= Q; ++q)
                for (size_t N = 0; N <= cap; ++N)
                    if (p[q * (cap + 1) + N] != 0.0)
                        without += p[q * (cap + 1) + N] * cum[(Q - q) * (cap + 1) + cap - N];
            total[i] += weight * (kept - kappa[i] * without);
        }
    }
};

}  // namespace

RawOkc okc_by_pairs(const Expansion& e, const std::vector<std::vector<double>>& P) {
    const size_t d = e.dim(), m = e.count();
    RawOkc raw;
    for (int n : e.basis.degrees()) raw.total_degree += static_cast<size_t>(n);
    const size_t width = raw.total_degree + 1;
    std::vector<double> kappa(d);
    for (size_t j = 0; j < d; ++j) kappa[j] = e.basis.recurrence(j).p0() * e.basis.recurrence(j).p0();
    const size_t order = e.basis.max_order();
    const bool truncated = e.basis.order_truncated();
    // Above Q times the largest degree every (q <= Q, N) cell is zero: the table stops there.
    const size_t reach =
        std::min({raw.total_degree, order * static_cast<size_t>(e.basis.max_degree()), e.basis.max_total_degree()});
    const bool capped = e.basis.degree_truncated();

    // Work is cut into fixed chunks of rows i, each with its own accumulators, summed in chunk
    // order afterwards: the result has the same bits for any number of threads.
    constexpr size_t kChunkRows = 16;
    const size_t chunks = (m + kChunkRows - 1) / kChunkRows;
    std::vector<std::vector<double>> block_t(chunks, std::vector<double>((d + 1) * width, 0.0));
    std::vector<std::vector<double>> total_t(chunks, std::vector<double>(d, 0.0));
    parallel::for_chunks(chunks, 1, [&](size_t first_chunk, size_t end_chunk) {
        std::vector<double> poly((d + 1) * width), next((d + 1) * width);
        std::vector<double> g(static_cast<size_t>(e.basis.max_degree()) + 1);
        std::vector<double> K(d), g_sum(d), prefix(d + 1), suffix(d + 1);
        // Truncated total index: prefix and suffix polynomials in z of degree < Q; under a degree
        // cap, bivariate (q <= Q, N <= cap) prefix and suffix products and the features' terms.
        std::vector<double> pre(truncated ? (d + 1) * order : 0), suf(truncated ? (d + 1) * order : 0);
        CappedTotals capped_totals(capped ? d : 0, order, reach);
        for (size_t chunk = first_chunk; chunk < end_chunk; ++chunk) {
            std::vector<double>& block = block_t[chunk];
            std::vector<double>& total = total_t[chunk];
            const size_t row_end = std::min(m, (chunk + 1) * kChunkRows);
            for (size_t i = chunk * kChunkRows; i < row_end; ++i) {
                for (size_t l = i; l < m; ++l) {
                    const double weight = e.a[i] * e.a[l] * (l == i ? 1.0 : 2.0);
                    // poly[q][N] holds the product over the features done so far.
                    std::fill(poly.begin(), poly.end(), 0.0);
                    poly[0] = 1.0;
                    size_t max_q = 0, max_N = 0;
                    for (size_t j = 0; j < d; ++j) {
                        const size_t w = static_cast<size_t>(e.basis.degree(j)) + 1;
                        const double* pi = &P[j][i * w];
                        const double* pl = &P[j][l * w];
                        double gs = 0.0;
                        for (size_t k = 1; k < w; ++k) {
                            g[k] = pi[k] * pl[k];
                            gs += g[k];
                        }
                        g_sum[j] = gs;
                        K[j] = kappa[j] + gs;
                        if (capped) capped_totals.set_terms(j, g.data(), w);
                        // next = kappa_j * poly + s * sum_k t^k g_k * poly
                        const size_t next_q = std::min(max_q + 1, order), next_N = std::min(max_N + w - 1, reach);
                        for (size_t q = 0; q <= next_q; ++q)
                            std::fill_n(next.begin() + static_cast<std::ptrdiff_t>(q * width), next_N + 1, 0.0);
                        for (size_t q = 0; q <= max_q; ++q) {
                            const double* src = &poly[q * width];
                            double* same = &next[q * width];
                            double* up = q < order ? &next[(q + 1) * width] : nullptr;  // s^{Q+1}: not kept
                            for (size_t N = 0; N <= max_N; ++N) {
                                const double v = src[N];
                                if (v == 0.0) continue;
                                same[N] += kappa[j] * v;
                                if (up)
                                    for (size_t k = 1; k < w && N + k <= next_N; ++k) up[N + k] += g[k] * v;
                            }
                        }
                        std::swap(poly, next);
                        max_q = next_q;
                        max_N = next_N;
                    }
                    for (size_t q = 0; q <= max_q; ++q)
                        for (size_t N = 0; N <= max_N; ++N) block[q * width + N] += weight * poly[q * width + N];
                    if (capped) {
                        double kept = 0.0;
                        for (size_t q = 0; q <= max_q; ++q)
                            for (size_t N = 0; N <= max_N; ++N) kept += poly[q * width + N];
                        capped_totals.add(kappa, kept, weight, total);
                        continue;
                    }
                    if (truncated) {
                        truncated_totals(kappa, g_sum, order, pre, suf, weight, total);
                        continue;
                    }
                    // T_i: g_i times the product of the other features' full kernels.
                    prefix[0] = 1.0;
                    for (size_t j = 0; j < d; ++j) prefix[j + 1] = prefix[j] * K[j];
                    suffix[d] = 1.0;
                    for (size_t j = d; j-- > 0;) suffix[j] = suffix[j + 1] * K[j];
                    for (size_t j = 0; j < d; ++j) total[j] += weight * g_sum[j] * prefix[j] * suffix[j + 1];
                }
            }
        }
    });
    raw.block.assign((d + 1) * width, 0.0);
    raw.total.assign(d, 0.0);
    for (size_t t = 0; t < block_t.size(); ++t) {
        for (size_t k = 0; k < raw.block.size(); ++k) raw.block[k] += block_t[t][k];
        for (size_t j = 0; j < d; ++j) raw.total[j] += total_t[t][j];
    }
    margin_masses(e, P, raw.marginal, raw.pairwise);
    const auto& n = e.basis.degrees();
    const size_t cap = e.basis.degree_truncated() ? e.basis.max_total_degree() : 0;
    for (size_t i = 0; i < d; ++i) {  // candidates: only the subsets the basis has functions of
        if (n[i] > 0) raw.subsets.push_back({{static_cast<int>(i)}, raw.marginal[i]});
        for (size_t j = i + 1; j < d; ++j)
            if (holds_pair(n, e.basis.max_order(), cap, i, j))
                raw.subsets.push_back({{static_cast<int>(i), static_cast<int>(j)}, raw.pairwise[i * d + j]});
    }
    raw.max_subset_order = std::min<size_t>(2, d);
    return raw;
}

}  // namespace orca
