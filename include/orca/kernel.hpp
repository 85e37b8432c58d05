#pragma once
// The truncated tensor-product Christoffel–Darboux kernel K(x, z) = prod_j K_{n_j}(x_j, z_j),
// or, for a basis truncated by interaction order Q, K_Q(x, z) = sum_{q <= Q} e_q(k'_1, ..., k'_d)
// with k'_j = K_{n_j} - kappa_j (kappa_j = p_0(x_j) p_0(z_j)) and e_q the elementary symmetric
// polynomials weighted by the kappas (the O(dQ) recurrence below): the kernel of exactly the
// retained functions. Q = d takes the plain product, bit for bit. A basis truncated by total
// degree N sums the per-degree terms p_k(x_j) p_k(z_j) by a degree-budget recurrence over the
// features (O(d N n), with the order Q tracked too when both apply).
//
// Each 1-D factor is evaluated in O(1) from p_n and p_{n+1} cached per point (Christoffel–
// Darboux identity), so an entry costs O(d) like an RBF entry. The identity divides by s - t,
// so the absolute rounding error of p_n, p_{n+1} (about (n+1) eps times their size) is
// amplified by 1 / |s - t|. The direct sum's error is about eps sqrt(K(s,s) K(t,t)). Each
// factor takes the identity only where its error bound is within kCdErrorRatio of that, and
// the O(n) direct sum elsewhere (points close in that coordinate).
#include <cstddef>
#include <span>
#include <vector>

#include "orca/basis.hpp"

namespace orca {

// Points in the kernel's coordinates (already scaled), with the per-point quantities the
// Christoffel–Darboux formula needs. Row-major: point i's d values are contiguous.
struct PreparedPoints {
    size_t count = 0;
    size_t dim = 0;
    std::vector<double> x;          // count * dim
    std::vector<double> p_n;        // p_{n_j}(x_ij)
    std::vector<double> p_next;     // p_{n_j + 1}(x_ij)
    std::vector<double> envelope;   // |p_{n_j}(x_ij)| + |p_{n_j+1}(x_ij)|
    std::vector<double> root_self;  // sqrt(K_{n_j}(x_ij, x_ij)) per coordinate
    std::vector<double> self;       // K(x_i, x_i), computed by the direct sum
    // The same per-coordinate quantities feature-major (dim x count), so that a row over all
    // points streams contiguous memory and vectorises.
    std::vector<double> x_t, p_n_t, p_next_t, envelope_t, root_self_t;
    // values_t[j][k * count + i] = p_k(x_ij), k = 0..n_j: the direct sum becomes a dot product.
    std::vector<std::vector<double>> values_t;
};

class TensorKernel {
  public:
    explicit TensorKernel(Basis basis);

    [[nodiscard]] const Basis& basis() const { return basis_; }

    // points: count x dim, row-major.
    [[nodiscard]] PreparedPoints prepare(std::span<const double> points, size_t count) const;

    // K(P_i, Q_l) through the Christoffel–Darboux identity (with the direct-sum fallback).
    [[nodiscard]] double entry(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l) const;
    // The d one-dimensional factors K_{n_j}(P_ij, Q_lj) of that entry, written to out[0..d).
    void factors(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l, double* out) const;
    // K(x, z) by the direct sums only: the slow reference used by tests and benchmarks.
    [[nodiscard]] double entry_direct(std::span<const double> x, std::span<const double> z) const;

    // out[cols[c]] = K(P_i, Q_{cols[c]}) for each c (scattered into a full-length row);
    // parallel when long enough to pay.
    void row_scatter(const PreparedPoints& P, size_t i, const PreparedPoints& Q, std::span<const int> cols,
                     double* out) const;
    // out[l] = K(P_i, Q_l) for every l of Q.
    void row(const PreparedPoints& P, size_t i, const PreparedPoints& Q, std::span<double> out) const;

    // Dense Gram matrix of P with itself (count x count, row-major). For tests and small data.
    [[nodiscard]] std::vector<double> gram(const PreparedPoints& P) const;

    // The kernel entry from its d one-dimensional factors: their product, or for a truncated
    // basis the sum over |u| <= Q of prod_{j in u} (f_j - kappa_j) prod_{j not in u} kappa_j.
    [[nodiscard]] double combine(const double* factors) const;

  private:
    [[nodiscard]] double factor(size_t j, const PreparedPoints& P, size_t ip, const PreparedPoints& Q, size_t iq) const;
    // K(P_i, Q_l) for a basis truncated by total degree, from the cached p_k values.
    [[nodiscard]] double by_degree(const PreparedPoints& P, size_t i, const PreparedPoints& Q, size_t l) const;

    // K_{n_j}(P_ij, Q_lj) as the dot product of the cached p_k values (exact, O(n_j)).
    [[nodiscard]] double direct_factor(size_t j, const PreparedPoints& P, size_t i, const PreparedPoints& Q,
                                       size_t l) const;

    Basis basis_;
    std::vector<double> kappa_;      // p_0^(j) squared per feature
    std::vector<double> a_next_;     // a_{n_j + 1} per feature
    std::vector<double> cd_switch_;  // (n_j + 1) a_{n_j+1} / kCdErrorRatio per feature
    std::vector<char> direct_only_;  // per feature: 1 where the family has no identity (a gap level)
};

}  // namespace orca
