#pragma once
// The Cholesky factor of a large symmetric positive definite matrix on the thread team.
//
// Eigen's LLT runs on one thread here (the engine defines EIGEN_DONT_PARALLELIZE: its parallel
// work runs on src/parallel's team), and at 4,007 functions it took 0.53-0.61 s, once in each of
// the 100 Newton steps of the smoothed hinge and the 34 of the interior-point method at 1,000,000
// rows of pairs of 30 features. The right-looking blocked algorithm does nearly all its work in the
// trailing update A22 -= L21 L21', whose column blocks are independent: they are shared out on the
// team, each computed by one thread in a fixed order, so the factor has the same bits on any
// number of threads (0.31-0.34 s on 2 cores; docs/benchmarks.md).
#include <Eigen/Core>
#include <cstddef>

namespace orca::training {

// Below this order Eigen's LLT is used as it is: the team's hand-offs would cost more than they save.
inline constexpr Eigen::Index kBlockedCholeskyFrom = 1024;
// Columns per block (the trailing update's tasks are blocks of this many columns).
inline constexpr Eigen::Index kCholeskyBlock = 128;

// Overwrites the lower triangle of the symmetric matrix A (its lower triangle read) with its
// Cholesky factor L (A = L L'); the strict upper triangle is left as it was. Returns false, A's
// lower triangle then undefined, when a pivot is not positive (A not numerically definite).
// blocked_from: the order from which the blocks are used (the tests lower it, so that every
// edge case of the blocks is covered at orders that stay quick under the sanitizers).
[[nodiscard]] bool blocked_cholesky(Eigen::MatrixXd& A, Eigen::Index blocked_from = kBlockedCholeskyFrom);

// Solves L L' X = B in place for the factor of blocked_cholesky.
void cholesky_solve_in_place(const Eigen::MatrixXd& L, Eigen::MatrixXd& B);

}  // namespace orca::training
