#pragma once
// The explicit features of the training points (basis/feature_map.hpp), held as an m x p matrix
// when that fits the memory budget and otherwise computed again for each row asked for (about
// Q multiply-adds per function and the 1-D tables of the point), so that memory stays
// O(block p) however many rows there are.
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "basis/feature_map.hpp"
#include "orca/solver.hpp"
#include "parallel/work_team.hpp"
#include "platform/uninitialized.hpp"

namespace orca::training {

class FeatureRows {
  public:
    // points: m x d in kernel coordinates (kept by reference). The matrix is formed (on the
    // thread team) when store is true.
    FeatureRows(const Basis& basis, std::span<const double> points, size_t m, bool store);

    [[nodiscard]] size_t rows() const { return m_; }
    [[nodiscard]] size_t size() const { return map_.size(); }  // p
    [[nodiscard]] bool stored() const { return !matrix_.empty() || m_ == 0; }
    // The m x p matrix, row-major; only when stored().
    [[nodiscard]] std::span<const double> matrix() const { return matrix_; }

    // What row() and rows() need when the features are computed: one per thread.
    struct Scratch {
        std::vector<double> table, row;  // row: the computed rows
    };
    [[nodiscard]] Scratch scratch() const;
    // phi(x_t): a row of the matrix, or `scratch` filled with it.
    [[nodiscard]] const double* row(size_t t, Scratch& scratch) const;
    // Rows [begin, end) as an (end - begin) x p row-major block: the matrix's own, or `scratch`
    // (resized) filled with them.
    [[nodiscard]] const double* rows(size_t begin, size_t end, Scratch& scratch) const;
    // Rows begin s, (begin + 1) s, ... before end s (s: stride > 1) as a block, always in `scratch`.
    [[nodiscard]] const double* strided_rows(size_t begin, size_t end, size_t stride, Scratch& scratch) const;

    // out[t] = phi(x_t) . sum_l coef[l] phi(x_l) for every t: K coef in O(m p).
    void combine(std::span<const double> coef, double* out) const;

  private:
    FeatureMap map_;
    std::span<const double> points_;
    size_t m_;
    platform::UninitializedVector<double> matrix_;  // every entry written by the constructor
};

// An m x p feature matrix read by blocks of rows: a stored matrix, or the rows a FeatureRows
// computes on request. The routes that pass over every row (training/hinge_estimate.hpp,
// training/screened_interior_point.hpp) read it, so that they run with O(block p) memory where
// the matrix would not fit; a stored matrix gives them the same bits as before.
class FeatureBlocks {
  public:
    FeatureBlocks(std::span<const double> matrix, size_t m, size_t p) : matrix_(matrix), m_(m), p_(p) {}
    explicit FeatureBlocks(const FeatureRows& features)
        : matrix_(features.matrix()),
          computed_(features.stored() ? nullptr : &features),
          m_(features.rows()),
          p_(features.size()) {}

    [[nodiscard]] size_t rows() const { return m_; }
    [[nodiscard]] size_t size() const { return p_; }
    // Whether the rows are the rows of a matrix (a view of it: every row, stride 1).
    [[nodiscard]] bool stored() const { return computed_ == nullptr && stride_ == 1; }
    // Every stride-th row (rows 0, s, 2s, ...): what the smoothed hinge's coarser levels pass over.
    [[nodiscard]] FeatureBlocks every(size_t stride) const {
        FeatureBlocks out = *this;
        out.stride_ = stride_ * stride;
        out.m_ = (m_ + stride - 1) / stride;
        return out;
    }
    // The m x p matrix; only when stored().
    [[nodiscard]] std::span<const double> matrix() const { return matrix_; }

    // What block() needs when the rows are computed: one per thread.
    using Buffer = FeatureRows::Scratch;
    [[nodiscard]] Buffer buffer() const { return computed_ == nullptr ? Buffer{} : computed_->scratch(); }
    // Rows [begin, end), row-major: a view into the matrix, or `buffer` filled with them.
    [[nodiscard]] const double* block(size_t begin, size_t end, Buffer& buffer) const {
        if (stride_ != 1) {
            if (computed_ != nullptr) return computed_->strided_rows(begin, end, stride_, buffer);
            buffer.row.resize((end - begin) * p_);
            for (size_t t = begin; t < end; ++t)
                std::copy_n(matrix_.data() + t * stride_ * p_, p_, buffer.row.data() + (t - begin) * p_);
            return buffer.row.data();
        }
        if (computed_ == nullptr) return matrix_.data() + begin * p_;
        return computed_->rows(begin, end, buffer);
    }

  private:
    std::span<const double> matrix_;
    const FeatureRows* computed_ = nullptr;
    size_t m_, p_;
    size_t stride_ = 1;  // row t is the underlying row t * stride_
};

// Lanes of chunks for_blocks shares out: computed rows fill one buffer a lane.
inline constexpr size_t kBlockLanes = 16;

// body(c, begin, end, block) for every chunk c = [begin, end) of rows_per_chunk of F's rows, block
// its rows (row-major), on the thread team. What body computes from a chunk must not depend on the
// lane that takes it, so that the result is the same on any number of threads.
template <class Body>
void for_blocks(const FeatureBlocks& F, size_t rows_per_chunk, const Body& body) {
    const size_t m = F.rows(), chunks = (m + rows_per_chunk - 1) / rows_per_chunk;
    const size_t lanes = std::min(chunks, kBlockLanes);
    parallel::for_chunks(lanes, 1, [&](size_t lane, size_t) {
        FeatureBlocks::Buffer buffer = F.buffer();
        for (size_t c = lane * chunks / lanes; c < (lane + 1) * chunks / lanes; ++c) {
            const size_t begin = c * rows_per_chunk, end = std::min(m, begin + rows_per_chunk);
            body(c, begin, end, F.block(begin, end, buffer));
        }
    });
}

// Whether m x p features of this basis may be held as a matrix: within a quarter of the memory
// available and at most kMaxStoredFeatureBytes.
inline constexpr double kMaxStoredFeatureBytes = 2.0 * 1024 * 1024 * 1024;
[[nodiscard]] bool features_fit(double m, double p);

// Kernel rows from `rows`; K coef through the features (the solver's gradients from scratch in
// O(m p), where summing rows would cost a kernel row per support vector).
class FeatureRowSource final : public RowSource {
  public:
    FeatureRowSource(const RowSource& rows, const FeatureRows& features) : rows_(rows), features_(features) {}
    [[nodiscard]] size_t size() const override { return rows_.size(); }
    [[nodiscard]] double diagonal(size_t i) const override { return rows_.diagonal(i); }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override {
        rows_.compute_row(i, cols, out);
    }
    void compute_full_row(size_t i, double* out) const override { rows_.compute_full_row(i, out); }
    bool combine(std::span<const double> coef, double* out) const override {
        features_.combine(coef, out);
        return true;
    }

  private:
    const RowSource& rows_;
    const FeatureRows& features_;
};

}  // namespace orca::training
