// scaling = quantile: each feature through its training distribution function onto the family's
// own law. The law's distribution function against closed forms and against the weight and mass
// the recurrence uses (its derivative), the knots against their definition (mid-ranks), the map
// and its inverse, the basis orthonormal under the data's marginals, the model file, and a data
// set with a known answer (a heavily skewed feature).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"

using namespace orca;

TEST(QuantileScaling, TheLawsDistributionFunctionHasItsClosedFormsAndTheWeightAsDerivative) {
    const double pi = std::numbers::pi;
    for (double x : {-0.95, -0.4, 0.0, 0.3, 0.99}) {
        EXPECT_NEAR(law_cdf(FamilySpec::make("legendre"), x), (1.0 + x) / 2.0, 1e-14);
        EXPECT_NEAR(law_cdf(FamilySpec::make("chebyshev1"), x), 1.0 - std::acos(x) / pi, 1e-13);
        EXPECT_NEAR(law_cdf(FamilySpec::make("chebyshev2"), x), 0.5 + (x * std::sqrt(1 - x * x) + std::asin(x)) / pi,
                    1e-13);
    }
    // d/dx G(x) = w(x) / mass: the weight (1 - x)^alpha (1 + x)^beta and the mass the recurrence uses.
    for (const auto& family : {FamilySpec::make("jacobi", 2.5, 1.2), FamilySpec::make("jacobi", -0.5, 0.3),
                               FamilySpec::make("gegenbauer", 0, 0, 1.5)}) {
        const Recurrence rec(family, Measure::lebesgue, 1);
        const auto [alpha, beta] = family.jacobi_exponents();
        for (double x : {-0.7, -0.1, 0.4, 0.8}) {
            const double h = 1e-5;
            const double slope = (law_cdf(family, x + h) - law_cdf(family, x - h)) / (2 * h);
            EXPECT_NEAR(slope, std::pow(1 - x, alpha) * std::pow(1 + x, beta) / rec.mass(), 1e-7);
        }
        for (double u : {0.001, 0.2, 0.5, 0.9, 0.999}) EXPECT_NEAR(law_cdf(family, law_quantile(family, u)), u, 1e-13);
    }
    const FamilySpec hermite = FamilySpec::make("hermite");
    EXPECT_NEAR(law_quantile(hermite, 0.975), 1.959963984540054, 1e-12);
    EXPECT_NEAR(law_quantile(hermite, 0.5), 0.0, 1e-14);
    EXPECT_THROW((void)law_quantile(hermite, 1.0), ParameterError);
}

TEST(QuantileScaling, KnotsAreTheLawsQuantilesOfTheMidRanksAndTheMapInvertsOnTheRange) {
    // Ties share their middle rank; a gap (NaN) takes no rank.
    const std::vector<double> X{5.0, 1.0, 1.0, NAN, 9.0, 5.0, 5.0, 2.0};
    const FamilySpec family = FamilySpec::make("jacobi", 2.5, 1.2);
    const Scaler s = Scaler::fit(X, 8, 1, ScalerKind::quantile, {"x"}, family);
    const std::vector<double> x{1.0, 2.0, 5.0, 9.0}, rank{1.0 / 7, 2.5 / 7, 4.5 / 7, 6.5 / 7};
    ASSERT_EQ(s.knot_x[0], x);
    for (size_t i = 0; i < x.size(); ++i) {
        EXPECT_EQ(s.knot_z[0][i], law_quantile(family, rank[i]));
        EXPECT_EQ(s.scale(0, x[i]), s.knot_z[0][i]);
    }
    for (double v : {1.0, 1.7, 3.3, 5.0, 8.9}) EXPECT_NEAR(s.unscale(0, s.scale(0, v)), v, 1e-12);
    EXPECT_LT(s.scale(0, 3.0), s.scale(0, 4.0));
    // Many distinct values: at most about kMaxQuantileKnots knots, evenly in rank, ends kept.
    std::mt19937_64 rng(1);
    std::lognormal_distribution<double> skewed(0.0, 1.5);
    std::vector<double> many(20000);
    for (double& v : many) v = skewed(rng);
    const Scaler t = Scaler::fit(many, many.size(), 1, ScalerKind::quantile, {"x"}, FamilySpec::make("legendre"));
    EXPECT_LE(t.knot_x[0].size(), kMaxQuantileKnots + 2);
    EXPECT_GE(t.knot_x[0].size(), kMaxQuantileKnots * 95 / 100);
    EXPECT_EQ(t.knot_x[0].front(), *std::min_element(many.begin(), many.end()));
    EXPECT_EQ(t.knot_x[0].back(), *std::max_element(many.begin(), many.end()));
}

TEST(QuantileScaling, TheBasisIsOrthonormalUnderTheDatasMarginal) {
    // A lognormal feature, mapped onto each family's law: the empirical Gram matrix of p_0..p_3
    // over the data is the identity up to the quantile grid's discretisation: O(1 / m) on the
    // bounded families; the normal law's tails beyond the extreme mid-ranks (|z| > 3.7 at
    // m = 4,000) carry 4% of E[He_3^2], which the data cannot reach.
    std::mt19937_64 rng(2);
    std::lognormal_distribution<double> skewed(0.0, 1.5);
    const size_t m = 4000;
    std::vector<double> X(m);
    for (double& v : X) v = skewed(rng);
    for (const auto& family : {FamilySpec::make("legendre"), FamilySpec::make("jacobi", 2.5, 1.2),
                               FamilySpec::make("chebyshev2"), FamilySpec::make("hermite")}) {
        const Scaler s = Scaler::fit(X, m, 1, ScalerKind::quantile, {"x"}, family);
        const Recurrence rec(family, Measure::probability, 3);
        double gram[4][4] = {};
        std::vector<double> p(4);
        for (double v : X) {
            rec.evaluate_all(s.scale(0, v), p);
            for (size_t k = 0; k < 4; ++k)
                for (size_t l = 0; l < 4; ++l) gram[k][l] += p[k] * p[l] / static_cast<double>(m);
        }
        for (size_t k = 0; k < 4; ++k)
            for (size_t l = 0; l < 4; ++l)
                EXPECT_NEAR(gram[k][l], k == l ? 1.0 : 0.0, family.is_bounded() ? 0.02 : 0.05) << k << "," << l;
        // Min-max scaling of the same data is far from it: most of the data sits near -1.
    }
    const Scaler range = Scaler::fit(X, m, 1, ScalerKind::minmax, {"x"});
    const Recurrence legendre(FamilySpec::make("legendre"), Measure::probability, 1);
    double mean_p1 = 0.0;
    std::vector<double> p(2);
    for (double v : X) {
        legendre.evaluate_all(range.scale(0, v), p);
        mean_p1 += p[1] / static_cast<double>(m);
    }
    EXPECT_LT(mean_p1, -1.0);
}

TEST(QuantileScaling, ASkewedFeatureIsLearntAndTheModelFileKeepsTheKnots) {
    // The class is the sign of log x - 0.3 (x lognormal): under min-max scaling almost every row
    // sits near -1, where a cubic cannot place the boundary; through the quantile map it can.
    std::mt19937_64 rng(3);
    std::lognormal_distribution<double> skewed(0.0, 2.0);
    std::normal_distribution<double> noise(0.0, 0.1);
    Dataset d;
    d.source = "skewed";
    d.feature_names = {"income", "other"};
    d.cols = 2;
    d.rows = 2000;
    for (size_t r = 0; r < d.rows; ++r) {
        const double x = skewed(rng), other = noise(rng);
        d.X.insert(d.X.end(), {x, other});
        d.target.push_back(std::log(x) - 0.3 + noise(rng) > 0 ? "high" : "low");
    }
    const auto accuracy = [&](const Model& model) {
        const auto g = decision_function(model, d.X, d.rows, OutOfRange::clip, "d");
        size_t right = 0;
        for (size_t r = 0; r < d.rows; ++r) right += model.label_for(g[r]) == d.target[r];
        return static_cast<double>(right) / static_cast<double>(d.rows);
    };
    const Model range = train_model(d, train_options({{"degree", "3"}}, d.feature_names));
    const Model quantile = train_model(d, train_options({{"degree", "3"}, {"scaling", "quantile"}}, d.feature_names));
    EXPECT_EQ(quantile.scaler.kind, ScalerKind::quantile);
    EXPECT_EQ(*model_setting(quantile, "scaling"), "quantile");
    EXPECT_GT(accuracy(quantile), 0.95);
    EXPECT_GT(accuracy(quantile), accuracy(range) + 0.03);
    const std::string text = model_to_json(quantile);
    const Model loaded = model_from_json(text, "q.json");
    EXPECT_EQ(model_to_json(loaded), text);
    EXPECT_EQ(decision_function(loaded, d.X, d.rows, OutOfRange::clip, "d"),
              decision_function(quantile, d.X, d.rows, OutOfRange::clip, "d"));
    // Knots that do not increase are refused.
    std::string bad = text;
    const auto at = bad.find("\"knot_x\"");
    ASSERT_NE(at, std::string::npos);
    const auto first = bad.find_first_of("-0123456789", bad.find('[', bad.find('[', at) + 1));
    bad.insert(first, "1e300, ");
    EXPECT_THROW((void)model_from_json(bad, "bad.json"), ModelFileError);
}
