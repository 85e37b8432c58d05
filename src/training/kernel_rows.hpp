#pragma once
// Rows of the kernel matrix over the training points, for SMO (orca/solver.hpp). The kernel's
// prepared points (about 10 + n + 1 doubles a coordinate: 3.4 GB at 1,000,000 rows of 30 features
// of degree 3) are made on the first row asked for: the routes on explicit features hand SMO a
// point it typically certifies in a few rows, and need only the diagonal, computed here by blocks
// of points (the same values). Where the prepared points would take more than max_prepared_bytes
// (by default kMaxPreparedBytes, or an eighth of the memory available if less), each row prepares
// its columns block by block instead: about twice a row's work, in O(block d) memory.
#include <cstddef>
#include <mutex>
#include <span>
#include <vector>

#include "orca/kernel.hpp"
#include "orca/solver.hpp"

namespace orca::training {

inline constexpr double kMaxPreparedBytes = 1024.0 * 1024 * 1024;

class KernelRowSource final : public RowSource {
  public:
    // points: m x d in kernel coordinates (kept by reference). max_prepared_bytes < 0: the default.
    KernelRowSource(const TensorKernel& kernel, std::span<const double> points, size_t m,
                    double max_prepared_bytes = -1.0);

    [[nodiscard]] size_t size() const override { return m_; }
    [[nodiscard]] double diagonal(size_t i) const override { return self_[i]; }
    void compute_row(size_t i, std::span<const int> cols, double* out) const override;
    void compute_full_row(size_t i, double* out) const override;
    // Whether rows prepare their columns block by block.
    [[nodiscard]] bool by_blocks() const { return by_blocks_; }

  private:
    static constexpr size_t kBlock = 4096;
    const PreparedPoints& prepared() const;

    const TensorKernel& kernel_;
    std::span<const double> points_;
    size_t m_;
    std::vector<double> self_;
    bool by_blocks_ = false;
    mutable std::once_flag once_;
    mutable PreparedPoints prepared_;
};

}  // namespace orca::training
