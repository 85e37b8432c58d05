#include "orca/family.hpp"

#include <cmath>

#include "orca/errors.hpp"
#include "platform/log_gamma.hpp"

namespace orca {
namespace {

// The regularised incomplete beta function I_t(a, b) by its continued fraction (modified Lentz),
// on the side where it converges fast (t < (a + 1) / (a + b + 2)), the symmetry otherwise.
double incomplete_beta(double t, double a, double b) {
    if (t <= 0.0) return 0.0;
    if (t >= 1.0) return 1.0;
    const double front =
        std::exp(log_gamma(a + b) - log_gamma(a) - log_gamma(b) + a * std::log(t) + b * std::log1p(-t));
    if (t > (a + 1.0) / (a + b + 2.0)) return 1.0 - incomplete_beta(1.0 - t, b, a);
    constexpr double tiny = 1e-300, eps = 1e-16;
    double f = 1.0, c = 1.0, d = 0.0;
    for (int i = 0; i <= 400; ++i) {
        const int m = i / 2;
        double numerator;
        if (i == 0)
            numerator = 1.0;
        else if (i % 2 == 0)
            numerator = (m * (b - m) * t) / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        else
            numerator = -((a + m) * (a + b + m) * t) / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        d = 1.0 + numerator * d;
        if (std::abs(d) < tiny) d = tiny;
        d = 1.0 / d;
        c = 1.0 + numerator / c;
        if (std::abs(c) < tiny) c = tiny;
        const double cd = c * d;
        f *= cd;
        if (std::abs(1.0 - cd) < eps) break;
    }
    return front * (f - 1.0) / a;
}

// The smallest x in [lo, hi] with cdf(x) >= u, to double precision, by bisection (cdf increasing).
template <class Cdf>
double invert(const Cdf& cdf, double u, double lo, double hi) {
    for (int i = 0; i < 200 && hi - lo > 1e-15 * (1.0 + std::abs(lo) + std::abs(hi)); ++i) {
        const double mid = 0.5 * (lo + hi);
        (cdf(mid) < u ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

}  // namespace

double law_cdf(const FamilySpec& family, double x) {
    if (family.kind == FamilyKind::hermite) return 0.5 * std::erfc(-x / std::sqrt(2.0));
    // w(x) = (1 - x)^alpha (1 + x)^beta on [-1, 1]: t = (1 + x) / 2 follows Beta(beta + 1, alpha + 1).
    const auto [alpha, beta] = family.jacobi_exponents();
    return incomplete_beta((1.0 + x) / 2.0, beta + 1.0, alpha + 1.0);
}

double law_quantile(const FamilySpec& family, double u) {
    if (!(u > 0.0 && u < 1.0)) throw ParameterError("law_quantile: u must lie in (0, 1), got " + std::to_string(u));
    const auto cdf = [&](double x) { return law_cdf(family, x); };
    if (family.kind == FamilyKind::hermite) return invert(cdf, u, -40.0, 40.0);
    return invert(cdf, u, -1.0, 1.0);
}

}  // namespace orca
