#include "analysis/enumerate_blocks.hpp"

#include <Eigen/Core>

#include "parallel/work_team.hpp"

namespace orca {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct Walker {
    const Expansion& e;
    const std::vector<std::vector<double>>& P;
    const BlockSink& sink;
    size_t d, m, last_a, last_b;
    std::vector<size_t> stride;  // flat stride of each index

    // Per-thread scratch: w per level, prefix, the leaf's block.
    struct Scratch {
        std::vector<std::vector<double>> w;
        std::vector<int> prefix;
        RowMatrix block;
        RowMatrix weighted;
    };

    [[nodiscard]] size_t width(size_t j) const { return static_cast<size_t>(e.basis.degree(j)) + 1; }

    void leaf(Scratch& s, const std::vector<double>& w, std::uint64_t mask, int q, int N, size_t flat,
              size_t task) const {
        CoefficientBlock b{&s.prefix, mask, q, N, 1, 0, nullptr, flat};
        if (d == 1) {
            const size_t nb = width(0);
            s.block.setZero(1, static_cast<Eigen::Index>(nb));
            for (size_t i = 0; i < m; ++i)
                for (size_t k = 0; k < nb; ++k) s.block(0, static_cast<Eigen::Index>(k)) += w[i] * P[0][i * nb + k];
            b.cols = nb;
        } else {
            const size_t na = width(last_a), nb = width(last_b);
            Eigen::Map<const RowMatrix> A(P[last_a].data(), static_cast<Eigen::Index>(m),
                                          static_cast<Eigen::Index>(na));
            Eigen::Map<const RowMatrix> B(P[last_b].data(), static_cast<Eigen::Index>(m),
                                          static_cast<Eigen::Index>(nb));
            Eigen::Map<const Eigen::VectorXd> wv(w.data(), static_cast<Eigen::Index>(m));
            s.weighted.noalias() = wv.asDiagonal() * B;
            s.block.noalias() = A.transpose() * s.weighted;
            b.rows = na;
            b.cols = nb;
        }
        // A truncated basis (by order or total degree) leaves some of the block's functions
        // out: their entries are zero.
        if (e.basis.truncated())
            for (size_t r = 0; r < b.rows; ++r)
                for (size_t c = 0; c < b.cols; ++c) {
                    const size_t ra = d >= 2 ? r : 0;
                    const auto active = static_cast<size_t>(q) + (ra > 0) + (c > 0);
                    if (!e.basis.keeps(active, static_cast<size_t>(N) + ra + c))
                        s.block(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = 0.0;
                }
        b.values = s.block.data();
        sink(b, task);
    }

    void walk(Scratch& s, size_t level, std::uint64_t mask, int q, int N, size_t flat, size_t task) const {
        const std::vector<double>& w = s.w[level];
        if (d <= 2 || level == d - 2) {
            leaf(s, w, mask, q, N, flat, task);
            return;
        }
        for (size_t k = 0; k < width(level); ++k) visit_child(s, level, k, mask, q, N, flat, task);
    }

    void visit_child(Scratch& s, size_t level, size_t k, std::uint64_t mask, int q, int N, size_t flat,
                     size_t task) const {
        // Beyond the interaction order every coefficient of the subtree is outside the basis.
        if (k > 0 && !e.basis.keeps(static_cast<size_t>(q) + 1, static_cast<size_t>(N) + k)) return;
        const size_t nw = width(level);
        const std::vector<double>& w = s.w[level];
        std::vector<double>& next = s.w[level + 1];
        for (size_t i = 0; i < m; ++i) next[i] = w[i] * P[level][i * nw + k];
        s.prefix[level] = static_cast<int>(k);
        walk(s, level + 1, k > 0 ? mask | (std::uint64_t{1} << level) : mask, q + (k > 0), N + static_cast<int>(k),
             flat + k * stride[level], task);
    }

    Scratch make_scratch() const {
        Scratch s;
        s.w.assign(d + 1, std::vector<double>(m));
        s.w[0] = e.a;
        s.prefix.assign(d, 0);
        return s;
    }
};

}  // namespace

size_t enumeration_tasks(const Expansion& e) {
    return e.dim() <= 2 ? 1 : static_cast<size_t>(e.basis.degree(0)) + 1;
}

void enumerate_blocks(const Expansion& e, const std::vector<std::vector<double>>& P, const BlockSink& sink) {
    Walker walker{e, P, sink, e.dim(), e.count(), e.dim() >= 2 ? e.dim() - 2 : 0, e.dim() >= 2 ? e.dim() - 1 : 0, {}};
    walker.stride.assign(walker.d, 1);
    for (size_t j = walker.d; j-- > 1;) walker.stride[j - 1] = walker.stride[j] * walker.width(j);
    if (walker.d <= 2) {
        auto s = walker.make_scratch();
        walker.walk(s, 0, 0, 0, 0, 0, 0);
        return;
    }
    // Parallel over the first index (one task per value); each thread has its own scratch.
    parallel::for_chunks(walker.width(0), 1, [&](size_t begin, size_t end) {
        auto s = walker.make_scratch();
        for (size_t k = begin; k < end; ++k) walker.visit_child(s, 0, k, 0, 0, 0, 0, k);
    });
}

}  // namespace orca
