#include "orca/kernel.hpp"

#include <algorithm>
#include <cmath>

#include "basis/degree_budget.hpp"
#include "parallel/work_team.hpp"

namespace orca {

namespace {
// How much larger than the direct sum's rounding error the identity's error bound may be.
constexpr double kCdErrorRatio = 32.0;
// Up to this degree the direct sum over cached p_k values costs no more than the identity
// (n + 1 multiply-adds against ~10 operations and a division), and is exact: use it outright.
constexpr int kDirectUpTo = 6;
// Columns per chunk of a row shared among threads: rows shorter than two chunks are computed on
// one thread (the hand-off costs more than it saves); a chunk's factors stay in cache.
constexpr size_t kBlock = 512;
}  // namespace

TensorKernel::TensorKernel(Basis basis) : basis_(std::move(basis)) {
    kappa_.resize(basis_.dim());
    for (size_t j = 0; j < basis_.dim(); ++j) kappa_[j] = basis_.recurrence(j).p0() * basis_.recurrence(j).p0();
    a_next_.resize(basis_.dim());
    cd_switch_.resize(basis_.dim());
    direct_only_.resize(basis_.dim());
    for (size_t j = 0; j < basis_.dim(); ++j) {
        direct_only_[j] = basis_.recurrence(j).direct_only() ? 1 : 0;
        a_next_[j] = basis_.recurrence(j).a(basis_.degree(j) + 1);
        cd_switch_[j] = (basis_.degree(j) + 1.0) * a_next_[j] / kCdErrorRatio;
    }
}

PreparedPoints TensorKernel::prepare(std::span<const double> points, size_t count) const {
    const size_t d = basis_.dim();
    PreparedPoints P;
    P.count = count;
    P.dim = d;
    P.x.assign(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(count * d));
    P.p_n.resize(count * d);
    P.p_next.resize(count * d);
    P.envelope.resize(count * d);
    P.root_self.resize(count * d);
    P.self.resize(count);
    std::vector<double> diagonal(d);
    for (size_t i = 0; i < count; ++i) {
        for (size_t j = 0; j < d; ++j) {
            const auto& rec = basis_.recurrence(j);
            const double x = P.x[i * d + j];
            auto [pn, pn1] = rec.evaluate_pair(x, basis_.degree(j));
            P.p_n[i * d + j] = pn;
            P.p_next[i * d + j] = pn1;
            P.envelope[i * d + j] = std::abs(pn) + std::abs(pn1);
            const double diag = rec.kernel_direct(x, x, basis_.degree(j));
            P.root_self[i * d + j] = std::sqrt(diag);
            diagonal[j] = diag;
        }
        P.self[i] = combine(diagonal.data());
    }
    auto transpose = [&](const std::vector<double>& a, std::vector<double>& t) {
        t.resize(a.size());
        for (size_t i = 0; i < count; ++i)
            for (size_t j = 0; j < d; ++j) t[j * count + i] = a[i * d + j];
    };
    transpose(P.x, P.x_t);
    transpose(P.p_n, P.p_n_t);
    transpose(P.p_next, P.p_next_t);
    transpose(P.envelope, P.envelope_t);
    transpose(P.root_self, P.root_self_t);
    P.values_t.resize(d);
    for (size_t j = 0; j < d; ++j) {
        const size_t w = static_cast<size_t>(basis_.degree(j)) + 1;
        P.values_t[j].resize(w * count);
        std::vector<double> p(w);
        for (size_t i = 0; i < count; ++i) {
            basis_.recurrence(j).evaluate_all(P.x[i * d + j], p);
            for (size_t k = 0; k < w; ++k) P.values_t[j][k * count + i] = p[k];
        }
    }
    if (basis_.degree_truncated())
        for (size_t i = 0; i < count; ++i) P.self[i] = by_degree(P, i, P, i);
    return P;
}

double TensorKernel::by_degree(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l) const {
    return degree_budget_sum(
        basis_, [&](size_t j, size_t k) { return P.values_t[j][k * P.count + i] * Q.values_t[j][k * Q.count + l]; });
}

double TensorKernel::direct_factor(size_t j, const PreparedPoints& P, size_t i, const PreparedPoints& Q,
                                   size_t l) const {
    const size_t w = static_cast<size_t>(basis_.degree(j)) + 1;
    const double* a = P.values_t[j].data();
    const double* b = Q.values_t[j].data();
    double sum = 0.0;
    for (size_t k = 0; k < w; ++k) sum += a[k * P.count + i] * b[k * Q.count + l];
    return sum;
}

double TensorKernel::factor(size_t j, const PreparedPoints& P, size_t ip, const PreparedPoints& Q, size_t iq) const {
    const size_t d = basis_.dim();
    if (basis_.degree(j) <= kDirectUpTo || direct_only_[j]) return direct_factor(j, P, ip / d, Q, iq / d);
    const double s = P.x[ip], t = Q.x[iq];
    const double gap = std::abs(s - t);
    if (gap * P.root_self[ip] * Q.root_self[iq] >= cd_switch_[j] * P.envelope[ip] * Q.envelope[iq] && gap > 0.0) {
        return a_next_[j] * (P.p_next[ip] * Q.p_n[iq] - P.p_n[ip] * Q.p_next[iq]) / (s - t);
    }
    return direct_factor(j, P, ip / d, Q, iq / d);
}

double TensorKernel::combine(const double* f) const {
    const size_t d = basis_.dim();
    double prod = 1.0;
    if (!basis_.order_truncated()) {
        for (size_t j = 0; j < d; ++j) prod *= f[j];
        return prod;
    }
    // e[q] = sum over u of the features done, |u| = q, of prod_{u} (f - kappa) prod_{not u} kappa.
    const size_t Q = basis_.max_order();
    constexpr size_t kStack = 33;
    double stack[kStack];
    std::vector<double> heap;
    double* e = stack;
    if (Q + 1 > kStack) {
        heap.assign(Q + 1, 0.0);
        e = heap.data();
    }
    std::fill(e, e + Q + 1, 0.0);
    e[0] = 1.0;
    for (size_t j = 0; j < d; ++j) {
        const double g = f[j] - kappa_[j], k = kappa_[j];
        for (size_t q = std::min(j + 1, Q); q >= 1; --q) e[q] = k * e[q] + g * e[q - 1];
        e[0] *= k;
    }
    double sum = 0.0;
    for (size_t q = 0; q <= Q; ++q) sum += e[q];
    return sum;
}

double TensorKernel::entry(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l) const {
    const size_t d = basis_.dim();
    if (basis_.degree_truncated()) return by_degree(P, i, Q, l);
    if (basis_.order_truncated()) {
        constexpr size_t kStack = 64;
        double stack[kStack];
        std::vector<double> heap;
        double* f = d <= kStack ? stack : (heap.resize(d), heap.data());
        factors(P, i, Q, l, f);
        return combine(f);
    }
    double prod = 1.0;
    for (size_t j = 0; j < d; ++j) prod *= factor(j, P, i * d + j, Q, l * d + j);
    return prod;
}

void TensorKernel::factors(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l, double* out) const {
    const size_t d = basis_.dim();
    for (size_t j = 0; j < d; ++j) out[j] = factor(j, P, i * d + j, Q, l * d + j);
}

double TensorKernel::entry_direct(std::span<const double> x, std::span<const double> z) const {
    if (basis_.degree_truncated()) {
        std::vector<std::vector<double>> px(basis_.dim()), pz(basis_.dim());
        for (size_t j = 0; j < basis_.dim(); ++j) {
            px[j].resize(static_cast<size_t>(basis_.degree(j)) + 1);
            pz[j].resize(px[j].size());
            basis_.recurrence(j).evaluate_all(x[j], px[j]);
            basis_.recurrence(j).evaluate_all(z[j], pz[j]);
        }
        return degree_budget_sum(basis_, [&](size_t j, size_t k) { return px[j][k] * pz[j][k]; });
    }
    std::vector<double> f(basis_.dim());
    for (size_t j = 0; j < basis_.dim(); ++j) f[j] = basis_.recurrence(j).kernel_direct(x[j], z[j], basis_.degree(j));
    return combine(f.data());
}

void TensorKernel::row_scatter(const PreparedPoints& P, size_t i, const PreparedPoints& Q, std::span<const int> cols,
                               double* out) const {
    const int* idx = cols.data();
    parallel::for_chunks(cols.size(), kBlock, [&](size_t begin, size_t end) {
        for (size_t c = begin; c < end; ++c) {
            const auto l = static_cast<size_t>(idx[c]);
            out[l] = entry(P, i, Q, l);
        }
    });
}

void TensorKernel::row(const PreparedPoints& P, size_t i, const PreparedPoints& Q, std::span<double> out) const {
    const size_t n = Q.count, d = basis_.dim();
    if (basis_.degree_truncated()) {  // entry by entry: the degree budget couples the features
        parallel::for_chunks(n, kBlock, [&](size_t begin, size_t end) {
            for (size_t l = begin; l < end; ++l) out[l] = by_degree(P, i, Q, l);
        });
        return;
    }
    // Column blocks, each filled feature by feature while it is in cache; blocks are shared
    // among threads when the row is long.
    parallel::for_chunks(n, kBlock, [&](size_t lo, size_t hi) {
        double* o = out.data();
        double f[kBlock];
        unsigned char direct[kBlock];
        // Truncated basis: e[q * kBlock + l] holds the order-q sums of the features done.
        const size_t order = basis_.max_order();
        std::vector<double> e;
        if (basis_.order_truncated()) {
            e.assign((order + 1) * kBlock, 0.0);
            std::fill_n(e.begin(), kBlock, 1.0);
        }
        // Folds feature j's factors f into the block: a product, or the order recurrence.
        auto fold = [&](size_t j) {
            if (!basis_.order_truncated()) {
                for (size_t l = lo; l < hi; ++l) o[l] *= f[l - lo];
                return;
            }
            const double k = kappa_[j];
            for (size_t q = std::min(j + 1, order); q >= 1; --q) {
                double* eq = &e[q * kBlock];
                const double* below = &e[(q - 1) * kBlock];
                for (size_t l = 0; l < hi - lo; ++l) eq[l] = k * eq[l] + (f[l] - k) * below[l];
            }
            for (size_t l = 0; l < hi - lo; ++l) e[l] *= k;
        };
        for (size_t l = lo; l < hi; ++l) o[l] = 1.0;
        for (size_t j = 0; j < d; ++j) {
            const int nj = basis_.degree(j);
            if (nj <= kDirectUpTo || direct_only_[j]) {
                // f = sum_k p_k(s) p_k(t_l): contiguous multiply-adds over the block.
                const double* tab = Q.values_t[j].data();
                for (size_t l = lo; l < hi; ++l) f[l - lo] = 0.0;
                for (int k = 0; k <= nj; ++k) {
                    const double pk = P.values_t[j][static_cast<size_t>(k) * P.count + i];
                    const double* row_k = tab + static_cast<size_t>(k) * n;
#pragma omp simd
                    for (size_t l = lo; l < hi; ++l) f[l - lo] += pk * row_k[l];
                }
                fold(j);
                continue;
            }
            const double s = P.x[i * d + j], ps = P.p_n[i * d + j], ps1 = P.p_next[i * d + j];
            const double lhs = P.root_self[i * d + j], rhs = cd_switch_[j] * P.envelope[i * d + j], a = a_next_[j];
            const double* t = &Q.x_t[j * n];
            const double* pn = &Q.p_n_t[j * n];
            const double* p1 = &Q.p_next_t[j * n];
            const double* env = &Q.envelope_t[j * n];
            const double* root = &Q.root_self_t[j * n];
            bool any_direct = false;
#pragma omp simd reduction(| : any_direct)
            for (size_t l = lo; l < hi; ++l) {
                const double diff = s - t[l];
                const double gap = diff < 0.0 ? -diff : diff;
                const bool ok = gap * lhs * root[l] >= rhs * env[l] && gap > 0.0;
                f[l - lo] = a * (ps1 * pn[l] - ps * p1[l]) / (ok ? diff : 1.0);
                direct[l - lo] = static_cast<unsigned char>(!ok);
                any_direct |= !ok;
            }
            // Lanes where the identity's error bound failed: the exact direct sum instead.
            if (any_direct)
                for (size_t l = lo; l < hi; ++l)
                    if (direct[l - lo]) f[l - lo] = direct_factor(j, P, i, Q, l);
            fold(j);
        }
        if (basis_.order_truncated())
            for (size_t l = lo; l < hi; ++l) {
                double sum = 0.0;
                for (size_t q = 0; q <= order; ++q) sum += e[q * kBlock + (l - lo)];
                o[l] = sum;
            }
    });
}

std::vector<double> TensorKernel::gram(const PreparedPoints& P) const {
    const size_t m = P.count;
    std::vector<double> G(m * m);
    for (size_t i = 0; i < m; ++i) {
        G[i * m + i] = P.self[i];
        for (size_t l = i + 1; l < m; ++l) {
            G[i * m + l] = G[l * m + i] = entry(P, i, P, l);
        }
    }
    return G;
}

}  // namespace orca
