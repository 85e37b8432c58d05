#include "training/kernel_rows.hpp"

#include <algorithm>
#include <string>

#include "orca/errors.hpp"
#include "parallel/work_team.hpp"
#include "platform/system_memory.hpp"

namespace orca::training {

KernelRowSource::KernelRowSource(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                 double max_prepared_bytes)
    : kernel_(kernel), points_(points), m_(m), self_(m) {
    const size_t d = kernel.basis().dim();
    for (size_t begin = 0; begin < m; begin += kBlock) {
        const size_t count = std::min(kBlock, m - begin);
        const PreparedPoints block = kernel.prepare(points.subspan(begin * d, count * d), count);
        std::copy(block.self.begin(), block.self.end(), self_.begin() + static_cast<std::ptrdiff_t>(begin));
    }
    // K(x, x) is the largest entry of its row; beyond ~1e300 products overflow to inf and the
    // solver would silently return NaN. Refuse with the reason instead.
    for (double v : self_)
        if (!(v < 1e300))
            throw ResourceError("kernel values overflow double precision (K(x,x) exceeds 1e300 with " +
                                std::to_string(d) + " features): lower the degree or use fewer features");
    // PreparedPoints: ten per-coordinate arrays (five and their transposes) and n_j + 1 values.
    double per_point = 0.0;
    for (size_t j = 0; j < d; ++j) per_point += 10.0 + kernel.basis().degree(j) + 1.0;
    const double budget =
        max_prepared_bytes >= 0.0 ? max_prepared_bytes : std::min(kMaxPreparedBytes, 0.125 * available_memory_bytes());
    by_blocks_ = 8.0 * per_point * static_cast<double>(m) > budget;
}

const PreparedPoints& KernelRowSource::prepared() const {
    std::call_once(once_, [this] { prepared_ = kernel_.prepare(points_, m_); });
    return prepared_;
}

void KernelRowSource::compute_row(size_t i, std::span<const int> cols, double* out) const {
    if (!by_blocks_) {
        const PreparedPoints& P = prepared();
        kernel_.row_scatter(P, i, P, cols, out);
        return;
    }
    const size_t d = kernel_.basis().dim();
    const PreparedPoints row_point = kernel_.prepare(points_.subspan(i * d, d), 1);
    const size_t blocks = (cols.size() + kBlock - 1) / kBlock;
    parallel::for_chunks(blocks, 1, [&](size_t begin, size_t end) {
        std::vector<double> gathered, values;
        for (size_t b = begin; b < end; ++b) {
            const size_t lo = b * kBlock, count = std::min(kBlock, cols.size() - lo);
            gathered.resize(count * d);
            for (size_t c = 0; c < count; ++c)
                std::copy_n(points_.data() + static_cast<size_t>(cols[lo + c]) * d, d, gathered.data() + c * d);
            values.resize(count);
            kernel_.row(row_point, 0, kernel_.prepare(gathered, count), values);
            for (size_t c = 0; c < count; ++c) out[cols[lo + c]] = values[c];
        }
    });
}

void KernelRowSource::compute_full_row(size_t i, double* out) const {
    if (!by_blocks_) {
        const PreparedPoints& P = prepared();
        kernel_.row(P, i, P, std::span<double>(out, m_));
        return;
    }
    const size_t d = kernel_.basis().dim();
    const PreparedPoints row_point = kernel_.prepare(points_.subspan(i * d, d), 1);
    const size_t blocks = (m_ + kBlock - 1) / kBlock;
    parallel::for_chunks(blocks, 1, [&](size_t begin, size_t end) {
        for (size_t b = begin; b < end; ++b) {
            const size_t lo = b * kBlock, count = std::min(kBlock, m_ - lo);
            kernel_.row(row_point, 0, kernel_.prepare(points_.subspan(lo * d, count * d), count),
                        std::span<double>(out + lo, count));
        }
    });
}

}  // namespace orca::training
