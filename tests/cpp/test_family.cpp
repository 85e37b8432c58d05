// Orthonormal families: recurrences proven by Gauss quadrature, and the quadrature itself
// proven against the measure's known moments (so a wrong recurrence cannot pass both).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "orca/errors.hpp"
#include "orca/family.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

struct FamilyCase {
    const char* name;
    double alpha, beta, lambda;
};

const FamilyCase kCases[] = {
    {"legendre", 0, 0, 0.5},   {"chebyshev1", 0, 0, 0.5}, {"chebyshev2", 0, 0, 0.5}, {"gegenbauer", 0, 0, 1.7},
    {"jacobi", -0.5, -0.5, 0}, {"jacobi", 2.5, 1.2, 0},   {"jacobi", 4.3, 1.8, 0},   {"jacobi", -0.9, 3.0, 0},
    {"jacobi", 0.8, 2.7, 0},   {"hermite", 0, 0, 0.5},
};

// Moments under the normalised measure, from closed forms independent of the recurrence,
// chosen so that the reference has no cancellation: for Jacobi E[U^k] with U = (1 + X) / 2 ~
// Beta(beta + 1, alpha + 1) (a product of positive factors); for Hermite E[X^k] of N(0, 1).
double probability_moment(const FamilySpec& spec, int k) {
    if (spec.kind == FamilyKind::hermite) {
        if (k % 2) return 0.0;
        double m = 1.0;
        for (int r = k - 1; r > 0; r -= 2) m *= r;
        return m;
    }
    auto [al, be] = spec.jacobi_exponents();
    double mu = 1.0;
    for (int r = 1; r <= k; ++r) mu *= (be + r) / (al + be + 1 + r);
    return mu;
}

double moment_variable(const FamilySpec& spec, double x) {
    return spec.kind == FamilyKind::hermite ? x : (1.0 + x) / 2.0;
}

}  // namespace

TEST(Family, GaussRuleReproducesTheMeasureMoments) {
    for (const auto& c : kCases) {
        const auto spec = FamilySpec::make(c.name, c.alpha, c.beta, c.lambda);
        const Recurrence rec(spec, Measure::probability, 20);
        std::vector<double> x, w;
        rec.gauss_rule(12, x, w);
        for (int k = 0; k <= 12; ++k) {
            double q = 0.0;
            for (size_t i = 0; i < x.size(); ++i) q += w[i] * std::pow(moment_variable(spec, x[i]), k);
            const double exact = probability_moment(spec, k);
            // Relative for the positive Jacobi moments; Hermite's odd moments are 0, measured
            // against E|X|^(k+1) which bounds the terms' size.
            const double scale = spec.kind == FamilyKind::hermite ? probability_moment(spec, k + (k % 2)) : exact;
            EXPECT_NEAR(q, exact, 1e-13 * (k + 1) * scale)
                << c.name << " alpha=" << c.alpha << " beta=" << c.beta << " k=" << k;
        }
    }
}

TEST(Family, OrthonormalByQuadratureUpToDegree100BothMeasures) {
    for (const auto& c : kCases) {
        for (auto measure : {Measure::probability, Measure::lebesgue}) {
            const auto spec = FamilySpec::make(c.name, c.alpha, c.beta, c.lambda);
            const int n = 100;
            const Recurrence rec(spec, measure, n + 2);
            std::vector<double> x, w;
            rec.gauss_rule(n + 2, x, w);  // exact for degree <= 2n + 3
            std::vector<std::vector<double>> P(x.size(), std::vector<double>(n + 1));
            for (size_t i = 0; i < x.size(); ++i) rec.evaluate_all(x[i], P[i]);
            double worst = 0.0;
            for (int k = 0; k <= n; ++k) {
                for (int l = k; l <= n; ++l) {
                    double s = 0.0;
                    for (size_t i = 0; i < x.size(); ++i)
                        s += w[i] * P[i][static_cast<size_t>(k)] * P[i][static_cast<size_t>(l)];
                    worst = std::max(worst, std::abs(s - (k == l ? 1.0 : 0.0)));
                }
            }
            EXPECT_LT(worst, 1e-12) << c.name << " alpha=" << c.alpha << " beta=" << c.beta
                                    << " measure=" << to_string(measure);
        }
    }
}

TEST(Family, ClosedFormValues) {
    // Legendre, probability measure: p_n(1) = sqrt(2n + 1).
    const Recurrence leg(FamilySpec::make("legendre"), Measure::probability, 60);
    std::vector<double> p(61);
    leg.evaluate_all(1.0, p);
    for (int k = 0; k <= 60; ++k) EXPECT_NEAR(p[static_cast<size_t>(k)], std::sqrt(2.0 * k + 1.0), 1e-12 * (k + 1));
    // Chebyshev first kind: p_n(cos t) = sqrt(2) cos(n t) for n >= 1.
    const Recurrence ch(FamilySpec::make("chebyshev1"), Measure::probability, 60);
    const double t = 0.7;
    ch.evaluate_all(std::cos(t), p);
    for (int k = 1; k <= 60; ++k) EXPECT_NEAR(p[static_cast<size_t>(k)], std::sqrt(2.0) * std::cos(k * t), 1e-12);
    // Hermite: p_3(x) = (x^3 - 3x) / sqrt(6).
    const Recurrence he(FamilySpec::make("hermite"), Measure::probability, 5);
    he.evaluate_all(1.3, std::span(p).first(6));
    EXPECT_THROW(he.evaluate_all(1.3, p), ParameterError);  // beyond the table: refused, not read
    EXPECT_NEAR(p[3], (1.3 * 1.3 * 1.3 - 3 * 1.3) / std::sqrt(6.0), 1e-14);
    // Lebesgue Legendre: p_0 = 1/sqrt(2).
    const Recurrence leb(FamilySpec::make("legendre"), Measure::lebesgue, 3);
    EXPECT_NEAR(leb.p0(), 1.0 / std::sqrt(2.0), 1e-15);
    EXPECT_NEAR(leb.mass(), 2.0, 1e-14);
}

TEST(Family, EvaluatePairMatchesEvaluateAll) {
    const Recurrence rec(FamilySpec::make("jacobi", 2.5, 1.2), Measure::probability, 41);
    std::vector<double> p(42);
    for (double x : {-1.0, -0.3, 0.0, 0.77, 1.0}) {
        rec.evaluate_all(x, p);
        auto [pn, pn1] = rec.evaluate_pair(x, 40);
        EXPECT_EQ(pn, p[40]);
        EXPECT_EQ(pn1, p[41]);
    }
}

TEST(Family, RefusesParametersOutsideTheDomain) {
    EXPECT_THROW((void)FamilySpec::make("jacobi", -1.0, 0.0), ParameterError);
    EXPECT_THROW((void)FamilySpec::make("jacobi", 0.0, -1.5), ParameterError);
    EXPECT_THROW((void)FamilySpec::make("jacobi", NAN, 0.0), ParameterError);
    EXPECT_THROW((void)FamilySpec::make("gegenbauer", 0, 0, -0.5), ParameterError);
    EXPECT_THROW((void)FamilySpec::make("laguerre"), ParameterError);
    EXPECT_THROW((void)parse_measure("uniform"), ParameterError);
    EXPECT_THROW(Recurrence(FamilySpec::make("legendre"), Measure::probability, -1), ParameterError);
    try {
        (void)FamilySpec::make("jacobi", -2.0, 0.0);
        FAIL();
    } catch (const ParameterError& e) {
        EXPECT_NE(std::string(e.what()).find("alpha"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("-2"), std::string::npos);
    }
}
