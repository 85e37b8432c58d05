#pragma once
// One-dimensional orthonormal polynomial families, represented by their three-term recurrence.
//
// Every family the project supports (Jacobi and its special cases, Hermite) is fully described
// by the recurrence  x p_k = a_{k+1} p_{k+1} + b_k p_k + a_k p_{k-1}  and the constant p_0.
// Holding the family as that table keeps the kernel's hot loop monomorphic: one code path
// evaluates every family, with no virtual call per element.
#include <array>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "orca/names.hpp"

namespace orca {

enum class FamilyKind { legendre, chebyshev1, chebyshev2, gegenbauer, jacobi, hermite };

// How the weight is normalised. probability: mu = w / int w, so p_0 == 1 (project default).
// lebesgue: mu = w itself, so p_0 = 1 / sqrt(int w) (the textbook orthonormal family).
enum class Measure { probability, lebesgue };

template <>
struct EnumNames<FamilyKind> {
    static constexpr std::string_view setting = "family";
    static constexpr std::array<Named<FamilyKind>, 6> names{{{FamilyKind::legendre, "legendre"},
                                                             {FamilyKind::chebyshev1, "chebyshev1"},
                                                             {FamilyKind::chebyshev2, "chebyshev2"},
                                                             {FamilyKind::gegenbauer, "gegenbauer"},
                                                             {FamilyKind::jacobi, "jacobi"},
                                                             {FamilyKind::hermite, "hermite"}}};
};
template <>
struct EnumNames<Measure> {
    static constexpr std::string_view setting = "measure";
    static constexpr std::array<Named<Measure>, 2> names{
        {{Measure::probability, "probability"}, {Measure::lebesgue, "lebesgue"}}};
};

struct FamilySpec {
    FamilyKind kind = FamilyKind::legendre;
    double alpha = 0.0;   // Jacobi exponent on (1 - x); derived for the special cases
    double beta = 0.0;    // Jacobi exponent on (1 + x)
    double lambda = 0.5;  // Gegenbauer parameter (only read for gegenbauer)

    // Builds a spec from a user-facing name and parameters; validates the domain
    // (alpha, beta > -1; lambda > -1/2) and throws ParameterError naming the parameter.
    static FamilySpec make(const std::string& name, double alpha = 0.0, double beta = 0.0, double lambda = 0.5);

    // The Jacobi exponents actually used (special cases resolved). Meaningless for hermite.
    [[nodiscard]] std::pair<double, double> jacobi_exponents() const;
    [[nodiscard]] bool is_bounded() const { return kind != FamilyKind::hermite; }
};

// The family's weight normalised to a probability law (Jacobi(alpha, beta): (1 + x) / 2 follows
// Beta(beta + 1, alpha + 1) on [-1, 1], uniform for Legendre; Hermite: the standard normal): its
// distribution function, and its u-quantile for u in (0, 1) (ParameterError outside). The
// quantile scaler maps each feature's training distribution onto this law.
[[nodiscard]] double law_cdf(const FamilySpec& family, double x);
[[nodiscard]] double law_quantile(const FamilySpec& family, double u);

[[nodiscard]] inline std::string to_string(FamilyKind kind) {
    return std::string(name_of(kind));
}
[[nodiscard]] inline FamilyKind parse_family_kind(const std::string& name) {
    return parse_name<FamilyKind>(name);
}
[[nodiscard]] inline std::string to_string(Measure measure) {
    return std::string(name_of(measure));
}
[[nodiscard]] inline Measure parse_measure(const std::string& name) {
    return parse_name<Measure>(name);
}

// Where a gap of a numeric feature that has a gap function (a gap level, KernelSpec::gap_weights)
// sits in the kernel's coordinates: a number no scaled value reaches (the scaler clips values to
// the training range, and refuses ranges it cannot scale), finite so that model files hold it.
inline constexpr double kGapCoordinate = std::numeric_limits<double>::max();

// Recurrence table of an orthonormal family up to degree max_degree + 1 (the Christoffel–
// Darboux formula needs p_{n+1} and a_{n+1}).
class Recurrence {
  public:
    Recurrence(const FamilySpec& spec, Measure measure, int max_degree);
    // The orthonormal polynomials of a discrete probability measure sum_l weights[l] delta(x -
    // nodes[l]) (a categorical feature's levels at their nodes, with their training
    // frequencies): p_0 .. p_{L-1} span every function of the L levels. Built by the Lanczos
    // process (an orthogonal tridiagonalisation that keeps the first axis). Its values are taken
    // at the nodes only, from the process' orthogonal vectors (p_k(x_l) = q_k[l] / sqrt(w_l)):
    // a three-term recurrence run forward loses digits with the degree (5e-10 at 40 levels), the
    // vectors do not. p_L vanishes at every node and a_L is set to 1, so the Christoffel-Darboux
    // identity (which needs only a_L p_L) gives K_{L-1}(x_l, x_m) = delta_lm / weights[l]. A point
    // that is not a node is an internal error; NaN is missing, as for every family.
    // Throws ParameterError unless the nodes increase and the weights are positive, summing to 1.
    static Recurrence discrete(std::span<const double> nodes, std::span<const double> weights);

    // A numeric feature's family with a gap level: the direct sum of the polynomials of
    // `polynomials` on the values present and an indicator of the gap, orthonormal under
    // (1 - gap_weight) mu + gap_weight delta_gap (gap_weight: the training share of gaps, in
    // (0, 1)). Its functions: p_0; psi_k = p_k / sqrt(1 - gap_weight) on a value, 0 on a gap
    // (k = 1 .. n, n = polynomials.max_degree()); and function n + 1, the gap's,
    // chi = p_0 sqrt(gap_weight / (1 - gap_weight)) x (-1 on a value, (1 - gap_weight) / gap_weight
    // on a gap). Its kernel is K_n(s, t) / (1 - gap_weight) for two values, p_0^2 / gap_weight for
    // two gaps, 0 for a value and a gap. A gap is the coordinate kGapCoordinate; NaN is still
    // integrated out (every function but p_0 has mean 0). It has no Christoffel-Darboux identity
    // and no Gauss rule: kernels sum it directly (direct_only()). Throws ParameterError unless
    // 0 < gap_weight < 1.
    static Recurrence with_gap(Recurrence polynomials, double gap_weight);

    [[nodiscard]] int max_degree() const { return max_degree_; }
    // Whether the kernel must sum this family directly (it has a gap function).
    [[nodiscard]] bool direct_only() const { return gap_weight_ > 0.0; }
    [[nodiscard]] double p0() const { return p0_; }
    // Total mass of the measure (1 under the probability convention).
    [[nodiscard]] double mass() const { return mass_; }
    // Off-diagonal coefficient a_k, k = 1 .. max_degree + 1.
    [[nodiscard]] double a(int k) const { return a_[static_cast<size_t>(k)]; }
    // Diagonal coefficient b_k, k = 0 .. max_degree.
    [[nodiscard]] double b(int k) const { return b_[static_cast<size_t>(k)]; }

    // A NaN x is a missing value: each evaluation below gives the polynomials' means under the
    // measure instead (p_0, and 0 for every k >= 1), so whatever is built from them (kernel
    // entries, features, coefficients, explanations) integrates that coordinate out exactly.
    //
    // Writes p_0(x) .. p_n(x) into out (out.size() == n + 1, n <= max_degree + 1).
    void evaluate_all(double x, std::span<double> out) const;
    // Returns (p_n(x), p_{n+1}(x)) in O(n) without storing the rest.
    [[nodiscard]] std::pair<double, double> evaluate_pair(double x, int n) const;
    // Christoffel–Darboux kernel K_n(s, t) = sum_{k<=n} p_k(s) p_k(t) by the direct sum.
    [[nodiscard]] double kernel_direct(double s, double t, int n) const;

    // Gauss rule with `points` nodes for this measure: nodes and weights (weights sum to mass()).
    // Exact for polynomials of degree <= 2 * points - 1. Needs points <= max_degree + 1.
    void gauss_rule(int points, std::vector<double>& nodes, std::vector<double>& weights) const;

  private:
    Recurrence() = default;
    int max_degree_ = 0;
    double p0_ = 1.0;
    double mass_ = 1.0;
    std::vector<double> a_;  // a_[0] unused
    std::vector<double> b_;
    // A discrete measure's: its nodes, and p_k(nodes[l]) at [l * L + k] (k < L).
    std::vector<double> nodes_, node_values_;
    [[nodiscard]] const double* node_row(double x) const;
    // with_gap's: the gap's share (0: none), and the values of the gap function on a value and on
    // a gap, and 1 / sqrt(1 - gap_weight) (the polynomials' factor on a value).
    double gap_weight_ = 0.0, chi_value_ = 0.0, chi_gap_ = 0.0, value_factor_ = 1.0;
    // p_0 .. p_{out.size() - 1} at x by the recurrence (x a number; the continuous families').
    void polynomials(double x, std::span<double> out) const;
};

}  // namespace orca
