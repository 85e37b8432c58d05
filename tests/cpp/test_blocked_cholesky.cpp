// The blocked Cholesky factor on the thread team against Eigen's LLT (the factor it replaces) and
// against the matrix it factors.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <random>

#include "training/blocked_cholesky.hpp"

namespace {

// B B' / cols + I, with B of normal entries: definite, and not diagonal-dominant.
Eigen::MatrixXd definite(Eigen::Index p, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal;
    Eigen::MatrixXd B(p, p / 2);
    for (Eigen::Index i = 0; i < B.size(); ++i) B.data()[i] = normal(rng);
    return B * B.transpose() / static_cast<double>(B.cols()) + Eigen::MatrixXd::Identity(p, p);
}

}  // namespace

TEST(BlockedCholesky, FactorsAsEigensLltDoesAtEveryOrderAroundTheBlocks) {
    // Below the order the blocks start from, Eigen's own; above it, orders that end on a block's
    // edge and inside one, and one that leaves a last block of a single column. The blocks start
    // from 2 blocks here rather than kBlockedCholeskyFrom (8 blocks), the same code at orders
    // that stay quick under the sanitizers; the default's own order is factored once as well.
    const Eigen::Index block = orca::training::kCholeskyBlock, from = 2 * block;
    for (const Eigen::Index p : {Eigen::Index{100}, from, from + 1, from + block / 2, 2 * from + 3,
                                 orca::training::kBlockedCholeskyFrom}) {
        const Eigen::MatrixXd A = definite(p, static_cast<unsigned>(p));
        Eigen::MatrixXd factor = A;
        factor.triangularView<Eigen::StrictlyUpper>().setConstant(7.0);  // never read, never written
        ASSERT_TRUE(orca::training::blocked_cholesky(factor, from)) << p;
        const Eigen::MatrixXd L = factor.triangularView<Eigen::Lower>();
        const Eigen::MatrixXd upper = factor.triangularView<Eigen::StrictlyUpper>();
        const Eigen::MatrixXd sevens = Eigen::MatrixXd::Constant(p, p, 7.0).triangularView<Eigen::StrictlyUpper>();
        EXPECT_TRUE(upper == sevens) << p;
        const Eigen::MatrixXd theirs = Eigen::LLT<Eigen::MatrixXd>(A).matrixL();
        EXPECT_LT((L - theirs).cwiseAbs().maxCoeff(), 1e-12 * theirs.cwiseAbs().maxCoeff()) << p;
        EXPECT_LT((L * L.transpose() - A).cwiseAbs().maxCoeff(), 1e-12 * A.cwiseAbs().maxCoeff()) << p;
        // Its solve, on several right-hand sides at once: A x = rhs, and A's first column gives e_1.
        Eigen::MatrixXd rhs = Eigen::MatrixXd::Ones(p, 3);
        rhs.col(1).setLinSpaced(-1.0, 1.0);
        rhs.col(2) = A.col(0);
        Eigen::MatrixXd x = rhs;
        orca::training::cholesky_solve_in_place(factor, x);
        EXPECT_LT((A * x - rhs).cwiseAbs().maxCoeff(), 1e-10) << p;
        EXPECT_LT((x.col(2) - Eigen::VectorXd::Unit(p, 0)).cwiseAbs().maxCoeff(), 1e-10) << p;
    }
}

TEST(BlockedCholesky, RefusesAMatrixThatIsNotDefinite) {
    // A negative pivot in the first block, and one in a later block (where only the trailing
    // updates can show it).
    const Eigen::Index from = 2 * orca::training::kCholeskyBlock;
    for (const Eigen::Index p : {Eigen::Index{100}, Eigen::Index{3 * from / 2}}) {
        Eigen::MatrixXd first = definite(p, 3u);
        first(5, 5) = -1.0;
        EXPECT_FALSE(orca::training::blocked_cholesky(first, from)) << p;
        Eigen::MatrixXd later = definite(p, 4u);
        later.row(p - 2) = later.row(p - 1);  // two equal rows and columns: singular
        later.col(p - 2) = later.col(p - 1);
        later(p - 2, p - 2) = later(p - 1, p - 1) - 0.5;
        EXPECT_FALSE(orca::training::blocked_cholesky(later, from)) << p;
    }
}
