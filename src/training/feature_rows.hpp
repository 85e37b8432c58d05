#pragma once
// The explicit features of the training points (basis/feature_map.hpp), held as an m x p matrix
// when that fits the memory budget and otherwise computed again for each row asked for (about
// Q multiply-adds per function and the 1-D tables of the point), so that memory stays
// O(block p) however many rows there are.
#include <cstddef>
#include <span>
#include <vector>

#include "basis/feature_map.hpp"
#include "orca/solver.hpp"
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

    // What row() needs when the features are computed: one per thread.
    struct Scratch {
        std::vector<double> table, row;
    };
    [[nodiscard]] Scratch scratch() const;
    // phi(x_t): a row of the matrix, or `scratch` filled with it.
    [[nodiscard]] const double* row(size_t t, Scratch& scratch) const;

    // out[t] = phi(x_t) . sum_l coef[l] phi(x_l) for every t: K coef in O(m p).
    void combine(std::span<const double> coef, double* out) const;

  private:
    FeatureMap map_;
    std::span<const double> points_;
    size_t m_;
    platform::UninitializedVector<double> matrix_;  // every entry written by the constructor
};

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
