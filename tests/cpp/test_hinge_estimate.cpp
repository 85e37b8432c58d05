// The smoothed hinge's minimiser (training/hinge_estimate.hpp) against LIBSVM on the dual of the
// same smoothed problem, and against the C-SVC it estimates.
#include <gtest/gtest.h>

#include <svm.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "libsvm_gram.hpp"
#include "orca/basis.hpp"
#include "test_helpers.hpp"
#include "training/feature_rows.hpp"
#include "training/gram_lanes.hpp"
#include "training/hinge_estimate.hpp"
#include "training/interior_point.hpp"
#include "training/screened_interior_point.hpp"

using namespace orca;

namespace {

// m points in [-1, 1]^d labelled by a smooth rule of two features and a product, 15% flipped.
struct Labelled {
    std::vector<double> points, y;
};
Labelled labelled(size_t m, size_t d, unsigned seed) {
    Labelled out{test::uniform_points(m, d, seed), {}};
    std::mt19937 rng(seed + 1);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (size_t t = 0; t < m; ++t) {
        const double* x = &out.points[t * d];
        const double rule = x[0] + 0.8 * x[1] * x[1] - 0.5 * x[2] + 0.6 * x[0] * x[3] - 0.3;
        out.y.push_back((rule > 0.0) == (u(rng) > 0.15) ? 1.0 : -1.0);
    }
    return out;
}

// Decision values phi(x_t) . w + b of the estimate.
std::vector<double> decisions(std::span<const double> phi, size_t m, size_t p, const training::HingeEstimate& e) {
    std::vector<double> f(m, e.bias);
    for (size_t t = 0; t < m; ++t)
        for (size_t k = 0; k < p; ++k) f[t] += phi[t * p + k] * e.w[static_cast<Eigen::Index>(k)];
    return f;
}

// Decision values sum_j a_j K(x_t, x_j) + b for a = y * alpha.
std::vector<double> decisions(const std::vector<double>& K, size_t m, const std::vector<double>& a, double b) {
    std::vector<double> f(m, b);
    for (size_t t = 0; t < m; ++t)
        for (size_t j = 0; j < m; ++j) f[t] += K[t * m + j] * a[j];
    return f;
}

double largest_difference(const std::vector<double>& a, const std::vector<double>& b) {
    double most = 0.0;
    for (size_t t = 0; t < a.size(); ++t) most = std::max(most, std::abs(a[t] - b[t]));
    return most;
}

}  // namespace

TEST(HingeEstimate, IsTheSmoothedProblemsSolutionAsLibsvmFindsItFromItsDual) {
    // C * H_h(r) = max over 0 <= a <= C of a r - h a^2 / 2C, so the smoothed primal's dual is
    // C-SVC's with the kernel K + (h / C) I: LIBSVM solves it on that Gram matrix, and its
    // decision values sum_j y_j a_j K(x_t, x_j) + b (without the added diagonal) are the primal
    // minimiser's.
    const size_t m = 1200, d = 4;
    const double C = 1.0, h = std::end(training::kHingeWidths)[-1];
    const Labelled data = labelled(m, d, 5u);
    const Basis pairs(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 2);
    const training::FeatureRows features(pairs, data.points, m, true);
    const size_t p = features.size();
    const auto phi = features.matrix();
    const std::vector<double> upper(m, C), linear(m, -1.0);
    const training::HingeEstimate ours = training::smoothed_hinge_estimate(training::FeatureBlocks(features), data.y, upper, linear);
    EXPECT_GT(ours.steps, static_cast<int>(std::size(training::kHingeWidths)));
    EXPECT_LE(ours.steps, training::kHingeMaxSteps);

    std::vector<double> K(m * m), G(m * m);
    for (size_t t = 0; t < m; ++t)
        for (size_t j = 0; j < m; ++j) {
            double s = 0.0;
            for (size_t k = 0; k < p; ++k) s += phi[t * p + k] * phi[j * p + k];
            K[t * m + j] = s;
            G[t * m + j] = s + (t == j ? h / C : 0.0);
        }
    const test::LibsvmSolution reference = test::train_libsvm(G, data.y, C, 1e-9);
    const std::vector<double>& a = reference.a;
    const double bias = reference.bias;

    const std::vector<double> theirs = decisions(K, m, a, bias), mine = decisions(phi, m, p, ours);
    // It stops once a step moves no decision value by kHingeSettled; the steps before that
    // converge quadratically, so what is left is far less than the last step (3e-5 here).
    EXPECT_LT(largest_difference(mine, theirs), 0.1 * training::kHingeSettled);
}

TEST(HingeEstimate, HoldsNoVariableOnTheWrongBoundAtTheScreensMargin) {
    // From the estimate's decision values the screen holds at 0 every point beyond its margin by
    // more than kHingeScreenMargin and at C every point inside it by more (screened_interior_point):
    // each of them is on that bound in the C-SVC's solution (the exact one, by the interior-point
    // method on every row), here with C per point (class weights) and 154 functions at C = 10,
    // where decision values far from the margin differ from the C-SVC's by up to 0.28.
    const size_t m = 6000, d = 6;
    const Labelled data = labelled(m, d, 9u);
    const Basis pairs(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 2);
    const training::FeatureRows features(pairs, data.points, m, true);
    const size_t p = features.size();
    const auto phi = features.matrix();
    std::vector<double> upper(m), linear(m, -1.0);
    for (size_t t = 0; t < m; ++t) upper[t] = data.y[t] > 0 ? 10.0 : 25.0;
    const training::HingeEstimate estimate = training::smoothed_hinge_estimate(training::FeatureBlocks(features), data.y, upper, linear);
    const training::InteriorPointResult exact = training::interior_point_dual(phi, m, p, data.y, upper, linear);
    ASSERT_TRUE(exact.converged);
    const std::vector<double> f = decisions(phi, m, p, estimate);
    size_t held = 0, wrong = 0;
    for (size_t t = 0; t < m; ++t) {
        const double g = data.y[t] * f[t] - 1.0;
        if (std::abs(g) <= training::kHingeScreenMargin) continue;
        ++held;
        if (exact.alpha[t] != (g > 0.0 ? 0.0 : upper[t])) ++wrong;
    }
    EXPECT_GT(held, m / 2);
    EXPECT_EQ(wrong, 0u);
}

TEST(GramLanes, LargeBasesSumInFewerLanesToBoundTheirMemory) {
    // 16 lanes up to 1,448 functions; 2 lanes of 128 MB at pairs of 30 features; never more lanes
    // than chunks.
    EXPECT_EQ(training::gram_lanes(100, 437), 16u);
    EXPECT_EQ(training::gram_lanes(100, 1448), 16u);
    EXPECT_EQ(training::gram_lanes(100, 2000), 8u);
    EXPECT_EQ(training::gram_lanes(100, 4007), 2u);
    EXPECT_EQ(training::gram_lanes(100, 20000), 2u);
    EXPECT_EQ(training::gram_lanes(3, 437), 3u);
    for (size_t p : {10u, 437u, 2000u, 4007u, 8193u})
        EXPECT_LE(static_cast<double>(training::gram_lanes(1000, p)) * 8.0 * double(p) * double(p),
                  std::max(training::kGramLaneBytes, 2.0 * 8.0 * double(p) * double(p)));
}

TEST(HingeEstimate, FromACoarserLevelItIsStillTheSmoothedProblemsMinimiser) {
    // 100,000 rows of an additive model, asked to start from every 4th row (C multiplied by 4; the
    // rule keeps so small a problem on one level), and then with every row: the result
    // must still satisfy the smoothed primal's optimality conditions over every row,
    // w = sum_t y_t a_t phi(x_t) and sum_t y_t a_t = 0 with a_t = C_t clamp(r_t / h, 0, 1),
    // checked here by brute force.
    const size_t m = 100000, d = 4;
    const Basis additive(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 1);
    EXPECT_EQ(training::hinge_coarse_stride(1000000, 4006), 16u);  // pairs of 30 features
    EXPECT_EQ(training::hinge_coarse_stride(100000, 4006), 1u);    // the first Hessian is cheaper
    EXPECT_EQ(training::hinge_coarse_stride(100000, 436), 1u);     // pairs of 10 features
    EXPECT_EQ(training::hinge_coarse_stride(m, static_cast<size_t>(additive.size())), 1u);
    const Labelled data = labelled(m, d, 11u);
    const training::FeatureRows features(additive, data.points, m, true);
    const size_t p = features.size();
    const auto phi = features.matrix();
    const std::vector<double> upper(m, 2.0), linear(m, -1.0);
    std::vector<size_t> levels;  // the rows of each level as it starts
    const training::HingeEstimate estimate = training::smoothed_hinge_estimate(
        training::FeatureBlocks(features), data.y, upper, linear, {}, [&](size_t rows) { levels.push_back(rows); },
        training::kHingeCoarseStride);
    EXPECT_EQ(levels, (std::vector<size_t>{m / 4, m}));
    const double h = std::end(training::kHingeWidths)[-1];
    const std::vector<double> f = decisions(phi, m, p, estimate);
    std::vector<double> residual(p);
    for (size_t k = 0; k < p; ++k) residual[k] = estimate.w[static_cast<Eigen::Index>(k)];
    double balance = 0.0, scale = 0.0;
    for (size_t t = 0; t < m; ++t) {
        const double r = 1.0 - data.y[t] * f[t];
        const double ya = data.y[t] * upper[t] * std::clamp(r / h, 0.0, 1.0);
        for (size_t k = 0; k < p; ++k) residual[k] -= ya * phi[t * p + k];
        balance += ya;
        scale += std::abs(ya);
    }
    for (size_t k = 0; k < p; ++k) EXPECT_LT(std::abs(residual[k]), 1e-6 * scale) << "function " << k;
    EXPECT_LT(std::abs(balance), 1e-6 * scale);
}

TEST(FeatureBlocks, EveryStrideThRowIsTheSameStoredOrComputed) {
    const size_t m = 1003, d = 5, stride = 4;
    const Basis pairs(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 2);
    const std::vector<double> points = test::uniform_points(m, d, 3u);
    const training::FeatureRows stored(pairs, points, m, true), computed(pairs, points, m, false);
    const size_t p = stored.size();
    const training::FeatureBlocks a = training::FeatureBlocks(stored).every(stride);
    const training::FeatureBlocks b = training::FeatureBlocks(computed).every(stride);
    ASSERT_EQ(a.rows(), (m + stride - 1) / stride);
    ASSERT_EQ(b.rows(), a.rows());
    EXPECT_FALSE(a.stored());
    training::FeatureBlocks::Buffer ba = a.buffer(), bb = b.buffer();
    for (size_t begin = 0; begin < a.rows(); begin += 37) {
        const size_t end = std::min(a.rows(), begin + 37);
        const double* ra = a.block(begin, end, ba);
        std::vector<double> first(ra, ra + (end - begin) * p);
        const double* rb = b.block(begin, end, bb);
        for (size_t t = begin; t < end; ++t)
            for (size_t k = 0; k < p; ++k) {
                ASSERT_EQ(first[(t - begin) * p + k], stored.matrix()[t * stride * p + k]);
                ASSERT_EQ(rb[(t - begin) * p + k], stored.matrix()[t * stride * p + k]);
            }
    }
}
