// The Christoffel–Darboux kernel against the direct sum, near the diagonal and at +-1, and
// positive semidefiniteness of Gram matrices.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

#include "orca/errors.hpp"
#include "orca/kernel.hpp"
#include "test_helpers.hpp"

using namespace orca;
using orca::test::kEps;

namespace {

// sqrt(K(s,s) K(t,t)) >= sum_k |p_k(s) p_k(t)| >= |K(s,t)| (Cauchy–Schwarz): the scale of the
// direct sum's own rounding error, against which both evaluations are measured.
double magnitude(const Recurrence& rec, double s, double t, int n) {
    return std::sqrt(rec.kernel_direct(s, s, n) * rec.kernel_direct(t, t, n));
}

struct Spec {
    const char* name;
    double alpha, beta;
};
const Spec kSpecs[] = {{"legendre", 0, 0},   {"chebyshev1", 0, 0},  {"jacobi", 2.5, 1.2},
                       {"jacobi", 4.3, 1.8}, {"jacobi", -0.9, 3.0}, {"hermite", 0, 0}};

}  // namespace

TEST(Kernel, ChristoffelDarbouxMatchesDirectSum) {
    for (const auto& sp : kSpecs) {
        for (int n : {1, 3, 8, 25, 100}) {
            const Basis basis(FamilySpec::make(sp.name, sp.alpha, sp.beta), Measure::probability, {n});
            const TensorKernel kernel(basis);
            const double lo = basis.family().is_bounded() ? -1.0 : -3.0;
            auto pts = test::uniform_points(200, 1, 7u + static_cast<unsigned>(n), lo, -lo);
            // Near-diagonal pairs and the interval's ends on purpose.
            for (double delta : {1e-1, 1e-3, 1e-6, 1e-9, 1e-12, 1e-15}) {
                pts.push_back(0.3);
                pts.push_back(0.3 + delta);
            }
            pts.insert(pts.end(), {-1.0, 1.0, 1.0, 1.0 - 1e-13, -1.0, -1.0 + 1e-10});
            const auto P = kernel.prepare(pts, pts.size());
            for (size_t i = 0; i + 1 < pts.size(); ++i) {
                for (size_t l : {i + 1, (i * 7) % pts.size()}) {
                    const double fast = kernel.entry(P, i, P, l);
                    const double direct = basis.recurrence(0).kernel_direct(pts[i], pts[l], n);
                    const double scale = magnitude(basis.recurrence(0), pts[i], pts[l], n);
                    EXPECT_NEAR(fast, direct, 64.0 * (n + 1) * kEps * scale)
                        << sp.name << " n=" << n << " s=" << pts[i] << " t=" << pts[l];
                }
            }
        }
    }
}

TEST(Kernel, TensorEntryIsTheProductOfDirectSums) {
    const Basis basis(FamilySpec::make("jacobi", 0.8, 2.7), Measure::lebesgue, {4, 7, 2});
    const TensorKernel kernel(basis);
    const auto pts = test::uniform_points(50, 3, 11u);
    const auto P = kernel.prepare(pts, 50);
    for (size_t i = 0; i < 50; ++i) {
        for (size_t l = 0; l < 50; ++l) {
            const double direct =
                kernel.entry_direct(std::span(pts).subspan(i * 3, 3), std::span(pts).subspan(l * 3, 3));
            EXPECT_NEAR(kernel.entry(P, i, P, l), direct, 1e-12 * std::max(1.0, std::abs(direct)));
        }
        EXPECT_NEAR(P.self[i], kernel.entry_direct(std::span(pts).subspan(i * 3, 3), std::span(pts).subspan(i * 3, 3)),
                    1e-12 * P.self[i]);
    }
}

TEST(Kernel, GramMatricesArePositiveSemidefinite) {
    for (const auto& sp : kSpecs) {
        const Basis basis(FamilySpec::make(sp.name, sp.alpha, sp.beta), Measure::probability, {6, 6, 6});
        const TensorKernel kernel(basis);
        const size_t m = 120;
        const auto pts = test::uniform_points(m, 3, 5u);
        const auto P = kernel.prepare(pts, m);
        const auto G = kernel.gram(P);
        Eigen::Map<const Eigen::MatrixXd> Gm(G.data(), static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(m));
        EXPECT_EQ((Gm - Gm.transpose()).cwiseAbs().maxCoeff(), 0.0);
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(Gm, Eigen::EigenvaluesOnly);
        const double top = es.eigenvalues().maxCoeff();
        EXPECT_GT(es.eigenvalues().minCoeff(), -1e-12 * top * static_cast<double>(m)) << sp.name;
        // Rank is at most the basis size (7^3 = 343 >= m here, so full rank is possible);
        // with d = 1 and n = 3 the rank must be 4.
    }
    const Basis small(FamilySpec::make("legendre"), Measure::probability, {3});
    const TensorKernel k1(small);
    const auto pts = test::uniform_points(30, 1, 3u);
    const auto G = k1.gram(k1.prepare(pts, 30));
    Eigen::Map<const Eigen::MatrixXd> Gm(G.data(), 30, 30);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(Gm, Eigen::EigenvaluesOnly);
    int rank = 0;
    for (Eigen::Index i = 0; i < 30; ++i) rank += es.eigenvalues()[i] > 1e-10 * es.eigenvalues().maxCoeff();
    EXPECT_EQ(rank, 4);
}

namespace {

// K_Q(x, z) by its definition: the sum over every retained multi-index (at most Q non-zero
// entries, total degree at most N) of prod_j p_{k_j}(x_j) p_{k_j}(z_j), each p_k by the recurrence.
double truncated_by_definition(const Basis& basis, const double* x, const double* z) {
    const size_t d = basis.dim();
    std::vector<std::vector<double>> px(d), pz(d);
    for (size_t j = 0; j < d; ++j) {
        px[j].resize(static_cast<size_t>(basis.degree(j)) + 1);
        pz[j].resize(px[j].size());
        basis.recurrence(j).evaluate_all(x[j], px[j]);
        basis.recurrence(j).evaluate_all(z[j], pz[j]);
    }
    std::vector<size_t> k(d, 0);
    double sum = 0.0;
    while (true) {
        size_t active = 0, total = 0;
        double term = 1.0;
        for (size_t j = 0; j < d; ++j) {
            active += k[j] > 0;
            total += k[j];
            term *= px[j][k[j]] * pz[j][k[j]];
        }
        if (active <= basis.max_order() && total <= basis.max_total_degree()) sum += term;
        size_t j = d;
        while (j > 0 && k[j - 1] == static_cast<size_t>(basis.degree(j - 1))) k[--j] = 0;
        if (j == 0) break;
        ++k[j - 1];
    }
    return sum;
}

}  // namespace

TEST(Kernel, InteractionOrderTruncationMatchesTheSumOverRetainedFunctions) {
    struct Case {
        const char* family;
        double alpha, beta;
        Measure measure;
        std::vector<int> degrees;
    };
    const Case cases[] = {{"legendre", 0, 0, Measure::probability, {3, 4, 2, 9, 1}},
                          {"jacobi", 2.5, 1.2, Measure::lebesgue, {2, 8, 3, 2, 7}},
                          {"hermite", 0, 0, Measure::probability, {3, 2, 4, 2, 2}}};
    for (const auto& c : cases) {
        const size_t d = c.degrees.size();
        for (int Q = 1; Q < static_cast<int>(d); ++Q) {
            SCOPED_TRACE(std::string(c.family) + " Q=" + std::to_string(Q));
            const Basis basis(FamilySpec::make(c.family, c.alpha, c.beta), c.measure, c.degrees, Q);
            ASSERT_TRUE(basis.order_truncated());
            const TensorKernel kernel(basis);
            const double lo = basis.family().is_bounded() ? -1.0 : -2.5;
            const size_t m = 40;
            auto pts = test::uniform_points(m, d, 17u + static_cast<unsigned>(Q), lo, -lo);
            pts.insert(pts.end(), pts.begin(), pts.begin() + static_cast<std::ptrdiff_t>(d));  // a repeated point
            const auto P = kernel.prepare(pts, m + 1);
            std::vector<double> row(m + 1);
            for (size_t i = 0; i < m + 1; i += 5) {
                kernel.row(P, i, P, row);
                for (size_t l = 0; l < m + 1; ++l) {
                    const double truth = truncated_by_definition(basis, &pts[i * d], &pts[l * d]);
                    const double scale = std::sqrt(P.self[i] * P.self[l]);
                    EXPECT_NEAR(kernel.entry(P, i, P, l), truth, 1e-12 * scale) << i << "," << l;
                    EXPECT_NEAR(row[l], truth, 1e-12 * scale) << i << "," << l;
                }
                EXPECT_NEAR(P.self[i], truncated_by_definition(basis, &pts[i * d], &pts[i * d]), 1e-12 * P.self[i]);
            }
            // Fewer functions, smaller diagonal: K_Q(x, x) grows with Q up to the full product.
            const TensorKernel full(Basis(basis.family(), c.measure, c.degrees));
            const auto F = full.prepare(pts, m + 1);
            for (size_t i = 0; i < m + 1; ++i) EXPECT_LE(P.self[i], F.self[i] * (1 + 1e-12));
        }
    }
}

TEST(Kernel, TotalDegreeTruncationMatchesTheSumOverRetainedFunctions) {
    struct Case {
        const char* family;
        std::vector<int> degrees;
        int max_order, max_total_degree;
    };
    const Case cases[] = {{"legendre", {3, 4, 2, 5}, 0, 4},
                          {"legendre", {3, 4, 2, 5}, 2, 5},
                          {"jacobi", {2, 6, 3}, 0, 1},
                          {"hermite", {3, 2, 4, 2, 2}, 3, 6},
                          {"chebyshev2", {8, 8}, 0, 9}};
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.family) + " Q=" + std::to_string(c.max_order) +
                     " N=" + std::to_string(c.max_total_degree));
        const size_t d = c.degrees.size();
        const Basis basis(FamilySpec::make(c.family, 1.5, 0.5), Measure::probability, c.degrees, c.max_order,
                          c.max_total_degree);
        ASSERT_TRUE(basis.degree_truncated());
        const TensorKernel kernel(basis);
        const double lo = basis.family().is_bounded() ? -1.0 : -2.5;
        const size_t m = 30;
        const auto pts = test::uniform_points(m, d, 23u, lo, -lo);
        const auto P = kernel.prepare(pts, m);
        std::vector<double> row(m);
        for (size_t i = 0; i < m; i += 3) {
            kernel.row(P, i, P, row);
            for (size_t l = 0; l < m; ++l) {
                const double truth = truncated_by_definition(basis, &pts[i * d], &pts[l * d]);
                const double scale = std::sqrt(P.self[i] * P.self[l]);
                EXPECT_NEAR(kernel.entry(P, i, P, l), truth, 1e-12 * scale);
                EXPECT_NEAR(row[l], truth, 1e-12 * scale);
                EXPECT_NEAR(kernel.entry_direct(std::span(pts).subspan(i * d, d), std::span(pts).subspan(l * d, d)),
                            truth, 1e-12 * scale);
            }
            EXPECT_NEAR(P.self[i], truncated_by_definition(basis, &pts[i * d], &pts[i * d]), 1e-12 * P.self[i]);
        }
    }
    // The count of retained functions: k_1 + k_2 <= 2 with k_j <= 3 in two features: 6.
    EXPECT_EQ(Basis(FamilySpec::make("legendre"), Measure::probability, {3, 3}, 0, 2).size(), 6.0);
    // With Q = 1 too: 1 + 2 + 2 (no k = (1, 1)): 5.
    EXPECT_EQ(Basis(FamilySpec::make("legendre"), Measure::probability, {3, 3}, 1, 2).size(), 5.0);
    // A cap at or above sum n_j is no cap.
    EXPECT_FALSE(Basis(FamilySpec::make("legendre"), Measure::probability, {3, 3}, 0, 6).degree_truncated());
    EXPECT_THROW((void)Basis(FamilySpec::make("legendre"), Measure::probability, {3, 3}, 0, -2), ParameterError);
}

TEST(Kernel, InteractionOrderAtLeastDIsTheFullProductBitForBit) {
    const std::vector<int> degrees{3, 8, 2, 5};
    const auto spec = FamilySpec::make("jacobi", 0.8, 2.7);
    const TensorKernel full(Basis(spec, Measure::probability, degrees));
    for (int Q : {4, 5, 0}) {
        const Basis basis(spec, Measure::probability, degrees, Q);
        EXPECT_FALSE(basis.order_truncated());
        EXPECT_EQ(basis.max_order(), 4u);
        EXPECT_EQ(basis.size(), full.basis().size());
        const TensorKernel k(basis);
        const auto pts = test::uniform_points(30, 4, 5u);
        const auto P = k.prepare(pts, 30), F = full.prepare(pts, 30);
        std::vector<double> a(30), b(30);
        for (size_t i = 0; i < 30; ++i) {
            k.row(P, i, P, a);
            full.row(F, i, F, b);
            EXPECT_EQ(a, b);
            EXPECT_EQ(P.self[i], F.self[i]);
        }
    }
    EXPECT_THROW((void)Basis(spec, Measure::probability, degrees, -1), ParameterError);
}

TEST(Kernel, TruncatedBasisSizeCountsRetainedFunctions) {
    // 1 + sum_j n_j + sum_{j<l} n_j n_l for Q = 2.
    const Basis b(FamilySpec::make("legendre"), Measure::probability, {2, 3, 4}, 2);
    EXPECT_EQ(b.size(), 1.0 + 9.0 + (6.0 + 8.0 + 12.0));
    EXPECT_EQ(b.product_size(), 60.0);
    const Basis additive(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(13, 8), 1);
    EXPECT_EQ(additive.size(), 1.0 + 13 * 8.0);
}
