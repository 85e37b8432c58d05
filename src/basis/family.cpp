#include "orca/family.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "orca/errors.hpp"
#include "platform/log_gamma.hpp"

namespace orca {
namespace {

std::string describe(double v) {
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

// Monic Jacobi recurrence: P~_{k+1} = (x - b_k) P~_k - c_k P~_{k-1}. Returns c_k for k >= 1.
// The k = 1 case is written out because the general formula is 0/0 when alpha + beta = -1.
double jacobi_c(int k, double al, double be) {
    const double s = al + be;
    if (k == 1) {
        return 4.0 * (1.0 + al) * (1.0 + be) / ((2.0 + s) * (2.0 + s) * (3.0 + s));
    }
    const double kk = k;
    const double t = 2.0 * kk + s;
    return 4.0 * kk * (kk + al) * (kk + be) * (kk + s) / (t * t * (t + 1.0) * (t - 1.0));
}

// b_0 is written out because the general formula is 0/0 when alpha + beta = 0.
double jacobi_b(int k, double al, double be) {
    const double s = al + be;
    if (k == 0) return (be - al) / (s + 2.0);
    const double t = 2.0 * k + s;
    return (be * be - al * al) / (t * (t + 2.0));
}

// int_{-1}^{1} (1-x)^al (1+x)^be dx, in logs to stay finite for large exponents.
double jacobi_mass(double al, double be) {
    const double log_mass =
        (al + be + 1.0) * std::log(2.0) + log_gamma(al + 1.0) + log_gamma(be + 1.0) - log_gamma(al + be + 2.0);
    return std::exp(log_mass);
}

}  // namespace

FamilySpec FamilySpec::make(const std::string& name, double alpha, double beta, double lambda) {
    FamilySpec spec;
    spec.kind = parse_family_kind(name);
    if (spec.kind == FamilyKind::jacobi) {
        if (!(alpha > -1.0) || !std::isfinite(alpha))
            throw ParameterError("alpha must be a finite number > -1, got " + describe(alpha));
        if (!(beta > -1.0) || !std::isfinite(beta))
            throw ParameterError("beta must be a finite number > -1, got " + describe(beta));
        spec.alpha = alpha;
        spec.beta = beta;
    }
    if (spec.kind == FamilyKind::gegenbauer) {
        if (!(lambda > -0.5) || !std::isfinite(lambda))
            throw ParameterError("lambda must be a finite number > -0.5, got " + describe(lambda));
        spec.lambda = lambda;
    }
    auto [a, b] = spec.jacobi_exponents();
    spec.alpha = a;
    spec.beta = b;
    return spec;
}

std::pair<double, double> FamilySpec::jacobi_exponents() const {
    switch (kind) {
        case FamilyKind::legendre:
            return {0.0, 0.0};
        case FamilyKind::chebyshev1:
            return {-0.5, -0.5};
        case FamilyKind::chebyshev2:
            return {0.5, 0.5};
        case FamilyKind::gegenbauer:
            return {lambda - 0.5, lambda - 0.5};
        case FamilyKind::jacobi:
            return {alpha, beta};
        case FamilyKind::hermite:
            return {0.0, 0.0};
    }
    return {0.0, 0.0};
}

Recurrence::Recurrence(const FamilySpec& spec, Measure measure, int max_degree) : max_degree_(max_degree) {
    if (max_degree < 0) throw ParameterError("degree must be >= 0, got " + std::to_string(max_degree));
    const auto top = static_cast<size_t>(max_degree) + 2;
    a_.assign(top, 0.0);
    b_.assign(top, 0.0);
    if (spec.kind == FamilyKind::hermite) {
        // Probabilists' Hermite: monic He_{k+1} = x He_k - k He_{k-1}; weight exp(-x^2/2).
        for (size_t k = 1; k < top; ++k) a_[k] = std::sqrt(static_cast<double>(k));
        mass_ = std::sqrt(2.0 * std::numbers::pi);
    } else {
        auto [al, be] = spec.jacobi_exponents();
        for (size_t k = 0; k < top; ++k) b_[k] = jacobi_b(static_cast<int>(k), al, be);
        for (size_t k = 1; k < top; ++k) a_[k] = std::sqrt(jacobi_c(static_cast<int>(k), al, be));
        mass_ = jacobi_mass(al, be);
    }
    if (measure == Measure::probability) mass_ = 1.0;
    p0_ = 1.0 / std::sqrt(mass_);
}

Recurrence Recurrence::discrete(std::span<const double> nodes, std::span<const double> weights) {
    const size_t L = nodes.size();
    if (L == 0 || weights.size() != L) throw ParameterError("a discrete measure needs one weight per node");
    double total = 0.0;
    for (double w : weights) {
        if (!(w > 0.0) || !std::isfinite(w)) throw ParameterError("a discrete measure's weights must be > 0");
        total += w;
    }
    if (std::abs(total - 1.0) > 1e-9) throw ParameterError("a discrete measure's weights must sum to 1");
    for (size_t l = 1; l < L; ++l)
        if (!(nodes[l] > nodes[l - 1])) throw ParameterError("a discrete measure's nodes must increase");
    // Lanczos: the arrowhead matrix [1, sqrt(w)'; sqrt(w), diag(x)] brought to tridiagonal form by
    // reflections that leave the first axis alone; its diagonal below the corner holds b_0 ..
    // b_{L-1} and its subdiagonal a_1 .. a_{L-1} (signs are those of the reflections: |a_k|).
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(L + 1), static_cast<Eigen::Index>(L + 1));
    A(0, 0) = 1.0;
    for (size_t l = 0; l < L; ++l) {
        const auto i = static_cast<Eigen::Index>(l + 1);
        A(i, 0) = A(0, i) = std::sqrt(weights[l] / total);
        A(i, i) = nodes[l];
    }
    const Eigen::Tridiagonalization<Eigen::MatrixXd> tri(A);
    const Eigen::VectorXd diagonal = tri.diagonal(), sub = tri.subDiagonal();
    const Eigen::MatrixXd Q = tri.matrixQ();
    Recurrence r;
    r.nodes_.assign(nodes.begin(), nodes.end());
    r.node_values_.resize(L * L);
    for (size_t l = 0; l < L; ++l)
        for (size_t k = 0; k < L; ++k) {
            const double q = Q(static_cast<Eigen::Index>(l + 1), static_cast<Eigen::Index>(k + 1));
            // q_0 = sqrt(w) exactly up to its sign: p_0 = 1 fixes the sign of the first column.
            const double sign0 = Q(1, 1) < 0.0 ? -1.0 : 1.0;
            r.node_values_[l * L + k] = (k == 0 ? sign0 * q : q) / std::sqrt(weights[l] / total);
        }
    r.max_degree_ = static_cast<int>(L) - 1;
    r.a_.assign(L + 1, 0.0);
    r.b_.assign(L + 1, 0.0);
    for (size_t k = 0; k < L; ++k) r.b_[k] = diagonal[static_cast<Eigen::Index>(k + 1)];
    for (size_t k = 1; k < L; ++k) r.a_[k] = std::abs(sub[static_cast<Eigen::Index>(k)]);
    r.a_[L] = 1.0;
    r.mass_ = 1.0;
    r.p0_ = 1.0;
    return r;
}

const double* Recurrence::node_row(double x) const {
    if (nodes_.size() == 1) return node_values_.data();  // one level: p_0 = 1 wherever it is asked
    const auto it = std::lower_bound(nodes_.begin(), nodes_.end(), x);
    ORCA_ASSERT(it != nodes_.end() && *it == x, "a categorical feature's basis is evaluated at its level nodes only");
    return node_values_.data() + static_cast<size_t>(it - nodes_.begin()) * nodes_.size();
}

Recurrence Recurrence::with_gap(Recurrence polynomials, double gap_weight) {
    if (!(gap_weight > 0.0 && gap_weight < 1.0))
        throw ParameterError("a gap level's weight must be in (0, 1), got " + std::to_string(gap_weight));
    if (!polynomials.nodes_.empty() || polynomials.gap_weight_ > 0.0)
        throw ParameterError("a gap level is for a numeric feature's polynomials");
    Recurrence r = std::move(polynomials);
    r.max_degree_ += 1;  // function n + 1 is the gap's
    r.a_.push_back(1.0);  // a(n + 2): never read, as no identity runs over this family
    r.b_.push_back(0.0);
    r.gap_weight_ = gap_weight;
    r.value_factor_ = 1.0 / std::sqrt(1.0 - gap_weight);
    // Orthogonal to p_0 and of norm 1 under (1 - w) mu + w m delta_gap (m: mu's mass, p_0^2 = 1 / m):
    // (1 - w) chi_value + w chi_gap = 0 and m ((1 - w) chi_value^2 + w chi_gap^2) = 1.
    const double ratio = std::sqrt(gap_weight / (1.0 - gap_weight));
    r.chi_value_ = -r.p0_ * ratio;
    r.chi_gap_ = r.p0_ / ratio;
    return r;
}

void Recurrence::polynomials(double x, std::span<double> out) const {
    out[0] = p0_;
    if (out.size() == 1) return;
    out[1] = (x - b_[0]) * p0_ / a_[1];
    for (size_t k = 1; k + 1 < out.size(); ++k) {
        out[k + 1] = ((x - b_[k]) * out[k] - a_[k] * out[k - 1]) / a_[k + 1];
    }
}

void Recurrence::evaluate_all(double x, std::span<double> out) const {
    // With a gap function there is no p_{n+2} to give (function n + 1 is the gap's).
    const size_t most = static_cast<size_t>(max_degree_) + (direct_only() ? 1 : 2);
    if (out.size() > most)
        throw ParameterError("evaluate_all: asked for degree " + std::to_string(out.size() - 1) +
                             " of a recurrence built up to " + std::to_string(most - 1));
    if (out.empty()) return;
    out[0] = p0_;
    if (out.size() == 1) return;
    if (std::isnan(x)) {  // missing: the constant alone (every other p_k has mean 0)
        std::fill(out.begin() + 1, out.end(), 0.0);
        return;
    }
    if (direct_only()) {
        const auto gap_function = static_cast<size_t>(max_degree_);
        if (x == kGapCoordinate) {  // the gap: only the constant and the gap's function
            std::fill(out.begin() + 1, out.end(), 0.0);
            if (out.size() > gap_function) out[gap_function] = chi_gap_;
            return;
        }
        const size_t polys = std::min(out.size(), gap_function);
        polynomials(x, out.first(polys));
        for (size_t k = 1; k < polys; ++k) out[k] *= value_factor_;
        if (out.size() > gap_function) out[gap_function] = chi_value_;
        return;
    }
    if (!nodes_.empty()) {  // a discrete measure: the values at its node, p_L = 0
        const double* row = node_row(x);
        for (size_t k = 1; k < out.size(); ++k) out[k] = k < nodes_.size() ? row[k] : 0.0;
        return;
    }
    polynomials(x, out);
}

std::pair<double, double> Recurrence::evaluate_pair(double x, int n) const {
    if (n < 0 || n > max_degree_)
        throw ParameterError("evaluate_pair: degree " + std::to_string(n) + " outside 0.." +
                             std::to_string(max_degree_));
    if (std::isnan(x)) return {n == 0 ? p0_ : 0.0, 0.0};  // missing: the constant alone
    if (direct_only()) {  // functions n and n + 1 (none beyond the gap's)
        std::vector<double> p(static_cast<size_t>(std::min(n + 2, max_degree_ + 1)));
        evaluate_all(x, p);
        const auto k = static_cast<size_t>(n);
        return {p[k], k + 1 < p.size() ? p[k + 1] : 0.0};
    }
    if (!nodes_.empty()) {
        const double* row = node_row(x);
        const auto k = static_cast<size_t>(n);
        return {row[k], k + 1 < nodes_.size() ? row[k + 1] : 0.0};
    }
    double prev = 0.0;
    double cur = p0_;
    for (int k = 0; k <= n; ++k) {
        const auto ku = static_cast<size_t>(k);
        const double next = ((x - b_[ku]) * cur - a_[ku] * prev) / a_[ku + 1];
        prev = cur;
        cur = next;
    }
    return {prev, cur};
}

double Recurrence::kernel_direct(double s, double t, int n) const {
    if (n < 0 || n > max_degree_ + 1)
        throw ParameterError("kernel_direct: degree " + std::to_string(n) + " outside 0.." +
                             std::to_string(max_degree_ + 1));
    if (std::isnan(s) || std::isnan(t)) return p0_ * p0_;  // missing: the constant term alone
    if (direct_only()) {
        if (n > max_degree_)
            throw ParameterError("kernel_direct: degree " + std::to_string(n) + " outside 0.." +
                                 std::to_string(max_degree_) + " (the last function is the gap's)");
        std::vector<double> ps(static_cast<size_t>(n) + 1), pt(ps.size());
        evaluate_all(s, ps);
        evaluate_all(t, pt);
        double sum = 0.0;
        for (size_t k = 0; k < ps.size(); ++k) sum += ps[k] * pt[k];
        return sum;
    }
    if (!nodes_.empty()) {
        const double *ps = node_row(s), *pt = node_row(t);
        double sum = 0.0;
        for (size_t k = 0; k <= static_cast<size_t>(n) && k < nodes_.size(); ++k) sum += ps[k] * pt[k];
        return sum;
    }
    double ps_prev = 0.0, ps = p0_, pt_prev = 0.0, pt = p0_;
    double sum = ps * pt;
    for (int k = 0; k < n; ++k) {
        const auto ku = static_cast<size_t>(k);
        const double ps_next = ((s - b_[ku]) * ps - a_[ku] * ps_prev) / a_[ku + 1];
        const double pt_next = ((t - b_[ku]) * pt - a_[ku] * pt_prev) / a_[ku + 1];
        ps_prev = ps;
        ps = ps_next;
        pt_prev = pt;
        pt = pt_next;
        sum += ps * pt;
    }
    return sum;
}

void Recurrence::gauss_rule(int points, std::vector<double>& nodes, std::vector<double>& weights) const {
    if (direct_only()) throw ParameterError("gauss_rule: a family with a gap level has no Gauss rule");
    if (points < 1 || points > max_degree_ + 1)
        throw ParameterError("gauss_rule: points must be in 1.." + std::to_string(max_degree_ + 1));
    // Golub–Welsch nodes (eigenvalues of the Jacobi matrix). The weights come from the
    // Christoffel function 1 / sum_{k<points} p_k(x_i)^2 rather than from the eigenvectors,
    // whose small components are only absolutely accurate (tiny tail weights would be lost).
    const Eigen::Index np = points;
    Eigen::VectorXd diag(np);
    Eigen::VectorXd sub(np > 1 ? np - 1 : 0);
    for (Eigen::Index k = 0; k < np; ++k) diag[k] = b_[static_cast<size_t>(k)];
    for (Eigen::Index k = 0; k + 1 < np; ++k) sub[k] = a_[static_cast<size_t>(k) + 1];
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver;
    solver.computeFromTridiagonal(diag, sub, Eigen::EigenvaluesOnly);
    nodes.resize(static_cast<size_t>(np));
    weights.resize(static_cast<size_t>(np));
    std::vector<double> p(static_cast<size_t>(np));
    for (Eigen::Index i = 0; i < np; ++i) {
        double x = solver.eigenvalues()[i];
        // Two Newton steps on p_points polish the eigenvalue to full relative accuracy.
        for (int it = 0; it < 2; ++it) {
            double q_prev = 0.0, q = p0_, d_prev = 0.0, dq = 0.0;
            for (int k = 0; k < points; ++k) {
                const auto ku = static_cast<size_t>(k);
                const double q_next = ((x - b_[ku]) * q - a_[ku] * q_prev) / a_[ku + 1];
                const double d_next = ((x - b_[ku]) * dq + q - a_[ku] * d_prev) / a_[ku + 1];
                q_prev = q;
                q = q_next;
                d_prev = dq;
                dq = d_next;
            }
            if (dq != 0.0 && std::isfinite(q / dq)) x -= q / dq;
        }
        evaluate_all(x, p);
        double sum = 0.0;
        for (double v : p) sum += v * v;
        nodes[static_cast<size_t>(i)] = x;
        weights[static_cast<size_t>(i)] = 1.0 / sum;
    }
}

}  // namespace orca
