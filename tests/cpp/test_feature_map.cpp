// The explicit features of a basis: phi(x) . phi(z) is the kernel for every truncation, the
// functions listed are the kept multi-indices, and computed features equal stored ones.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "basis/feature_map.hpp"
#include "orca/errors.hpp"
#include "orca/kernel.hpp"
#include "test_helpers.hpp"
#include "training/feature_rows.hpp"

using namespace orca;

namespace {

std::vector<Basis> bases() {
    return {Basis(FamilySpec::make("legendre"), Measure::probability, {3, 2, 4, 1}),
            Basis(FamilySpec::make("jacobi", -0.5, 0.3), Measure::probability, {5, 5, 5, 5}, 2),
            Basis(FamilySpec::make("chebyshev1"), Measure::lebesgue, {4, 4, 4, 4}, 0, 5),
            Basis(FamilySpec::make("legendre"), Measure::probability, {6, 6, 6, 6}, 1, 4),
            Basis(FamilySpec::make("gegenbauer", 0.0, 0.0, 1.5), Measure::lebesgue, {3, 0, 2, 5}, 2)};
}

}  // namespace

TEST(FeatureMap, ReproducesTheKernelForEveryTruncation) {
    // Phi Phi' must be the kernel's Gram matrix, with one column per function the basis keeps.
    const size_t m = 40;
    const std::vector<double> pts = test::uniform_points(m, 4, 3u);
    for (const Basis& basis : bases()) {
        const size_t p = static_cast<size_t>(basis.size());
        const TensorKernel kernel(basis);
        const auto G = kernel.gram(kernel.prepare(pts, m));
        const training::FeatureRows rows(basis, pts, m, true);
        ASSERT_EQ(rows.size(), p);
        const auto phi = rows.matrix();
        ASSERT_EQ(phi.size(), m * p);
        for (size_t t = 0; t < m; ++t)
            for (size_t s = 0; s < m; ++s) {
                double k = 0.0;
                for (size_t c = 0; c < p; ++c) k += phi[t * p + c] * phi[s * p + c];
                ASSERT_NEAR(k, G[t * m + s], 1e-11 * (1.0 + std::abs(G[t * m + t]))) << t << "," << s;
            }
    }
}

TEST(FeatureMap, ListsEachKeptMultiIndexOnceInLexicographicOrder) {
    for (const Basis& basis : bases()) {
        const FeatureMap map(basis);
        std::set<std::vector<int>> seen;
        std::vector<int> previous;
        for (size_t k = 0; k < map.size(); ++k) {
            const std::vector<int> index = map.index(k);
            size_t active = 0, total = 0;
            for (size_t j = 0; j < basis.dim(); ++j) {
                ASSERT_GE(index[j], 0);
                ASSERT_LE(index[j], basis.degree(j));
                active += index[j] > 0 ? 1 : 0;
                total += static_cast<size_t>(index[j]);
            }
            EXPECT_TRUE(basis.keeps(active, total));
            EXPECT_TRUE(seen.insert(index).second);
            if (k > 0) {
                EXPECT_LT(previous, index);
            }
            previous = index;
        }
        EXPECT_EQ(static_cast<double>(map.size()), basis.size());
        // phi_k(x) is the product of the 1-D functions of its multi-index.
        const std::vector<double> x = test::uniform_points(1, basis.dim(), 11u);
        std::vector<double> table(map.table_size()), phi(map.size());
        map.evaluate(x.data(), table.data(), phi.data());
        for (size_t k = 0; k < map.size(); ++k) {
            const std::vector<int> index = map.index(k);
            double expected = 1.0;
            for (size_t j = 0; j < basis.dim(); ++j) {
                std::vector<double> values(static_cast<size_t>(index[j]) + 1);
                basis.recurrence(j).evaluate_all(x[j], values);
                expected *= values.back();
            }
            EXPECT_NEAR(phi[k], expected, 1e-13 * (1.0 + std::abs(expected)));
        }
    }
}

TEST(FeatureMap, ListsAWideAdditiveBasisByItsActiveFeatures) {
    // 200,000 features of degree 3, one active at a time: 600,001 functions. The listing follows
    // the functions, not d per function (it took minutes, and recursed 200,000 frames deep).
    const size_t d = 200000;
    const Basis basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 1);
    const FeatureMap map(basis);
    ASSERT_EQ(map.size(), 3 * d + 1);
    const auto active = [&](size_t k) {
        std::vector<std::pair<size_t, int>> out;
        const std::vector<int> index = map.index(k);
        for (size_t j = 0; j < d; ++j)
            if (index[j] > 0) out.emplace_back(j, index[j]);
        return out;
    };
    using Active = std::vector<std::pair<size_t, int>>;
    EXPECT_EQ(active(0), Active{});                   // the constant first
    EXPECT_EQ(active(1), (Active{{d - 1, 1}}));       // then the last feature's functions
    EXPECT_EQ(active(3 * d), (Active{{0, 3}}));       // and the first feature's highest last
    // Each function's scale is the product of p_0 over its inactive features: under the Lebesgue
    // measure p_0 = 1/sqrt(2), so over 999 of them 2^-499.5 (small, not zero).
    const size_t w = 1000;
    const Basis lebesgue(FamilySpec::make("legendre"), Measure::lebesgue, std::vector<int>(w, 3), 1);
    const FeatureMap wide(lebesgue);
    const std::vector<double> x(w, 0.25);
    std::vector<double> table(wide.table_size()), phi(wide.size());
    wide.evaluate(x.data(), table.data(), phi.data());
    std::vector<double> p(4);
    lebesgue.recurrence(0).evaluate_all(0.25, p);
    const double inactive = std::pow(p[0], static_cast<double>(w - 1));
    ASSERT_GT(inactive, 1e-200);
    EXPECT_NEAR(phi[1], p[1] * inactive, 1e-12 * std::abs(p[1] * inactive));
    EXPECT_NEAR(phi[0], inactive * p[0], 1e-12 * inactive);
}

TEST(FeatureMap, RefusesBasesTooLargeToList) {
    const Basis huge(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(12, 9));
    EXPECT_THROW((void)FeatureMap(huge), ResourceError);
}

TEST(FeatureRows, ComputedFeaturesEqualStoredOnes) {
    // The route keeps features as a matrix when it fits and computes each row again otherwise;
    // both must give the same rows and the same K coef (to rounding: the sums run in other orders).
    const size_t m = 1500;
    const std::vector<double> pts = test::uniform_points(m, 4, 5u);
    for (const Basis& basis : bases()) {
        const training::FeatureRows stored(basis, pts, m, true), computed(basis, pts, m, false);
        EXPECT_TRUE(stored.stored());
        EXPECT_FALSE(computed.stored());
        auto s1 = stored.scratch(), s2 = computed.scratch();
        for (size_t t : {size_t{0}, size_t{7}, m - 1}) {
            const double* a = stored.row(t, s1);
            const double* b = computed.row(t, s2);
            for (size_t k = 0; k < stored.size(); ++k) ASSERT_EQ(a[k], b[k]);
        }
        std::vector<double> coef(m), out_stored(m), out_computed(m);
        for (size_t t = 0; t < m; ++t) coef[t] = t % 3 == 0 ? 0.0 : std::sin(static_cast<double>(t));
        stored.combine(coef, out_stored.data());
        computed.combine(coef, out_computed.data());
        // And against the kernel: K coef summed explicitly.
        const TensorKernel kernel(basis);
        const PreparedPoints P = kernel.prepare(pts, m);
        std::vector<double> row(m);
        for (size_t t : {size_t{1}, size_t{500}, m - 2}) {
            kernel.row(P, t, P, row);
            double expected = 0.0, scale = 0.0;
            for (size_t l = 0; l < m; ++l) {
                expected += coef[l] * row[l];
                scale += std::abs(coef[l] * row[l]);
            }
            EXPECT_NEAR(out_stored[t], expected, 1e-12 * scale);
            EXPECT_NEAR(out_computed[t], expected, 1e-12 * scale);
        }
    }
}
