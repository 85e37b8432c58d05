#include "orca/kernel.hpp"

#include <cmath>

namespace orca {
namespace {
// How much larger than the direct sum's rounding error the identity's error bound may be.
constexpr double kCdErrorRatio = 32.0;
// Rows shorter than this are computed on one thread: the fork costs more than it saves.
constexpr size_t kParallelRowLength = 4096;
}  // namespace

TensorKernel::TensorKernel(Basis basis) : basis_(std::move(basis)) {
    a_next_.resize(basis_.dim());
    cd_switch_.resize(basis_.dim());
    for (size_t j = 0; j < basis_.dim(); ++j) {
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
    for (size_t i = 0; i < count; ++i) {
        double self = 1.0;
        for (size_t j = 0; j < d; ++j) {
            const auto& rec = basis_.recurrence(j);
            const double x = P.x[i * d + j];
            auto [pn, pn1] = rec.evaluate_pair(x, basis_.degree(j));
            P.p_n[i * d + j] = pn;
            P.p_next[i * d + j] = pn1;
            P.envelope[i * d + j] = std::abs(pn) + std::abs(pn1);
            const double diag = rec.kernel_direct(x, x, basis_.degree(j));
            P.root_self[i * d + j] = std::sqrt(diag);
            self *= diag;
        }
        P.self[i] = self;
    }
    return P;
}

double TensorKernel::factor(size_t j, const PreparedPoints& P, size_t ip, const PreparedPoints& Q, size_t iq) const {
    const double s = P.x[ip], t = Q.x[iq];
    const double gap = std::abs(s - t);
    if (gap * P.root_self[ip] * Q.root_self[iq] >= cd_switch_[j] * P.envelope[ip] * Q.envelope[iq] && gap > 0.0) {
        return a_next_[j] * (P.p_next[ip] * Q.p_n[iq] - P.p_n[ip] * Q.p_next[iq]) / (s - t);
    }
    return basis_.recurrence(j).kernel_direct(s, t, basis_.degree(j));
}

double TensorKernel::entry(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l) const {
    const size_t d = basis_.dim();
    double prod = 1.0;
    for (size_t j = 0; j < d; ++j) prod *= factor(j, P, i * d + j, Q, l * d + j);
    return prod;
}

void TensorKernel::factors(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l, double* out) const {
    const size_t d = basis_.dim();
    for (size_t j = 0; j < d; ++j) out[j] = factor(j, P, i * d + j, Q, l * d + j);
}

double TensorKernel::entry_direct(std::span<const double> x, std::span<const double> z) const {
    double prod = 1.0;
    for (size_t j = 0; j < basis_.dim(); ++j) prod *= basis_.recurrence(j).kernel_direct(x[j], z[j], basis_.degree(j));
    return prod;
}

void TensorKernel::row_scatter(const PreparedPoints& P, size_t i, const PreparedPoints& Q, std::span<const int> cols,
                               double* out) const {
    const auto n = static_cast<std::ptrdiff_t>(cols.size());
    const int* idx = cols.data();
#pragma omp parallel for schedule(static) if (cols.size() >= kParallelRowLength)
    for (std::ptrdiff_t c = 0; c < n; ++c) {
        const auto l = static_cast<size_t>(idx[c]);
        out[l] = entry(P, i, Q, l);
    }
}

void TensorKernel::row(const PreparedPoints& P, size_t i, const PreparedPoints& Q, std::span<double> out) const {
    const auto n = static_cast<std::ptrdiff_t>(Q.count);
#pragma omp parallel for schedule(static) if (Q.count >= kParallelRowLength)
    for (std::ptrdiff_t l = 0; l < n; ++l) {
        out[static_cast<size_t>(l)] = entry(P, i, Q, static_cast<size_t>(l));
    }
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
