// Prediction from the coefficient vector equals prediction from the support vectors, and the
// automatic choice follows the work estimate.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "orca/errors.hpp"
#include "orca/prediction.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

Model random_model(const std::string& family, Measure measure, std::vector<int> degrees, size_t nsv, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0.0, 1.0);
    const size_t d = degrees.size();
    const bool bounded = FamilySpec::make(family, 0.7, -0.3).is_bounded();
    Model m;
    m.spec.family = FamilySpec::make(family, 0.7, -0.3);
    m.spec.measure = measure;
    m.spec.degrees = std::move(degrees);
    for (size_t j = 0; j < d; ++j) m.feature_names.push_back("x" + std::to_string(j));
    m.classes = {"a", "b"};
    m.scaler.min.assign(d, -1.0);
    m.scaler.max.assign(d, 1.0);
    m.scaler.mean.assign(d, 0.0);
    m.scaler.std.assign(d, 1.0);
    Machine machine;
    machine.classes = m.classes;
    machine.support_vectors =
        bounded ? test::uniform_points(nsv, d, seed) : test::uniform_points(nsv, d, seed, -3.0, 3.0);
    for (size_t i = 0; i < nsv; ++i) machine.coefficients.push_back(z(rng));
    machine.bias = 0.37;
    m.set_machines({std::move(machine)});
    return m;
}

}  // namespace

TEST(Prediction, CoefficientRouteEqualsSupportVectorRoute) {
    struct Case {
        std::string family;
        Measure measure;
        std::vector<int> degrees;
        int max_order = 0, max_total_degree = 0;  // truncations (0: none)
    };
    const Case cases[] = {{"legendre", Measure::probability, {8, 8}},
                          {"jacobi", Measure::lebesgue, {3, 5, 2}},
                          {"chebyshev1", Measure::probability, {4, 0, 6, 1}},
                          {"hermite", Measure::probability, {5, 3}},
                          {"gegenbauer", Measure::lebesgue, {12}},
                          {"legendre", Measure::probability, {2, 2, 2, 2, 2, 2}},
                          {"legendre", Measure::probability, {3, 3, 3, 3, 3}, 2},
                          {"jacobi", Measure::probability, {4, 4, 4}, 1},
                          {"chebyshev2", Measure::probability, {5, 5, 5}, 0, 6},
                          {"legendre", Measure::probability, {3, 3, 3, 3}, 2, 4}};
    unsigned seed = 1;
    for (const auto& c : cases) {
        SCOPED_TRACE(c.family + " Q=" + std::to_string(c.max_order) + " N=" + std::to_string(c.max_total_degree));
        Model m = random_model(c.family, c.measure, c.degrees, 150, seed++);
        m.spec.max_order = c.max_order;
        m.spec.max_total_degree = c.max_total_degree;
        const bool bounded = m.spec.family.is_bounded();
        const auto X = bounded ? test::uniform_points(400, c.degrees.size(), seed)
                               : test::uniform_points(400, c.degrees.size(), seed, -3.0, 3.0);
        const auto sv = decision_values(m, X, 400, PredictMethod::support_vectors);
        const auto coef = decision_values(m, X, 400, PredictMethod::coefficients);
        double scale = 0.0;
        for (double a : m.machine().coefficients) scale += std::abs(a);
        for (size_t r = 0; r < 400; ++r) EXPECT_NEAR(coef[r], sv[r], 1e-12 * scale * std::max(1.0, std::abs(sv[r])));
    }
}

TEST(Prediction, AutomaticChoiceFollowsTheWork) {
    // Two features of degree 8 and 300 support vectors: 81 coefficients beat 300 kernel rows.
    const Model small = random_model("legendre", Measure::probability, {8, 8}, 300, 3);
    EXPECT_EQ(choose_prediction_method(small, small.machine(), 10000), PredictMethod::coefficients);
    // 625 coefficients from 2000 support vectors: worth it for many rows, not for one.
    const Model mid = random_model("legendre", Measure::probability, {4, 4, 4, 4}, 2000, 8);
    EXPECT_EQ(choose_prediction_method(mid, mid.machine(), 10000), PredictMethod::coefficients);
    EXPECT_EQ(choose_prediction_method(mid, mid.machine(), 1), PredictMethod::support_vectors);
    // Ten features of degree 3: a million coefficients per row against 100 support vectors.
    const Model wide = random_model("legendre", Measure::probability, std::vector<int>(10, 3), 100, 4);
    EXPECT_EQ(choose_prediction_method(wide, wide.machine(), 10000), PredictMethod::support_vectors);
    const Model huge = random_model("legendre", Measure::probability, std::vector<int>(12, 4), 10, 5);
    EXPECT_EQ(choose_prediction_method(huge, huge.machine(), 1000000), PredictMethod::support_vectors);
    const auto X = test::uniform_points(2, 12, 6);
    EXPECT_THROW((void)decision_values(huge, X, 2, PredictMethod::coefficients), ResourceError);
    // The model's own prediction uses the automatic route and agrees with both.
    const auto Y = test::uniform_points(5000, 2, 7);
    const auto own = decision_values(small, Y, 5000);
    const auto sv = decision_values(small, Y, 5000, PredictMethod::support_vectors);
    for (size_t r = 0; r < 5000; ++r) EXPECT_NEAR(own[r], sv[r], 1e-11);
}
