#include "training/blocked_cholesky.hpp"

#include <Eigen/Cholesky>
#include <algorithm>

#include "parallel/work_team.hpp"

namespace orca::training {

bool blocked_cholesky(Eigen::MatrixXd& A, Eigen::Index blocked_from) {
    const Eigen::Index p = A.rows();
    if (p < blocked_from) {
        Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>, Eigen::Lower> in_place(A);
        return in_place.info() == Eigen::Success;
    }
    for (Eigen::Index k = 0; k < p; k += kCholeskyBlock) {
        const Eigen::Index b = std::min(kCholeskyBlock, p - k), rest = p - k - b;
        // The diagonal block: L11 L11' = A11.
        auto diagonal = A.block(k, k, b, b);
        Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>, Eigen::Lower> factor(diagonal);
        if (factor.info() != Eigen::Success) return false;
        if (rest == 0) break;
        // The blocks of kCholeskyBlock rows (for the panel) and columns (for the trailing update)
        // beyond the diagonal block.
        const size_t blocks = static_cast<size_t>((rest + kCholeskyBlock - 1) / kCholeskyBlock);
        // The panel below it, L21 = A21 L11^-T, by row blocks.
        const auto L11 = A.block(k, k, b, b).triangularView<Eigen::Lower>();
        parallel::for_chunks(blocks, 1, [&](size_t begin, size_t end) {
            for (size_t c = begin; c < end; ++c) {
                const Eigen::Index lo = k + b + static_cast<Eigen::Index>(c) * kCholeskyBlock;
                const Eigen::Index rows = std::min(kCholeskyBlock, p - lo);
                auto panel = A.block(lo, k, rows, b);
                L11.transpose().solveInPlace<Eigen::OnTheRight>(panel);
            }
        });
        // The trailing update A22 -= L21 L21' (lower triangle), one column block a task: the
        // block's square on the diagonal, then the rows below it.
        const auto L21 = A.block(k + b, k, rest, b);
        parallel::for_chunks(blocks, 1, [&](size_t begin, size_t end) {
            for (size_t c = begin; c < end; ++c) {
                const Eigen::Index j = static_cast<Eigen::Index>(c) * kCholeskyBlock;
                const Eigen::Index width = std::min(kCholeskyBlock, rest - j);
                const auto top = L21.middleRows(j, width);
                A.block(k + b + j, k + b + j, width, width).selfadjointView<Eigen::Lower>().rankUpdate(top, -1.0);
                const Eigen::Index below = rest - j - width;
                if (below > 0)
                    A.block(k + b + j + width, k + b + j, below, width).noalias() -=
                        L21.bottomRows(below) * top.transpose();
            }
        });
    }
    return true;
}

void cholesky_solve_in_place(const Eigen::MatrixXd& L, Eigen::MatrixXd& B) {
    L.triangularView<Eigen::Lower>().solveInPlace(B);
    L.triangularView<Eigen::Lower>().transpose().solveInPlace(B);
}

}  // namespace orca::training
