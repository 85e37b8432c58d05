// The Christoffel–Darboux kernel against the direct sum, near the diagonal and at +-1, and
// positive semidefiniteness of Gram matrices.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

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
