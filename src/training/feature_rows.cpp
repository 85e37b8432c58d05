#include "training/feature_rows.hpp"

#include <algorithm>

#include "parallel/work_team.hpp"
#include "platform/system_memory.hpp"

namespace orca::training {
namespace {

// Rows per chunk of the parallel loops over rows.
constexpr size_t kRowsPerChunk = 256;

}  // namespace

bool features_fit(double m, double p) {
    const double bytes = 8.0 * m * p;
    return bytes <= kMaxStoredFeatureBytes && bytes <= 0.25 * available_memory_bytes();
}

FeatureRows::FeatureRows(const Basis& basis, std::span<const double> points, size_t m, bool store)
    : map_(basis), points_(points), m_(m) {
    if (!store) return;
    const size_t p = map_.size(), d = map_.dim();
    matrix_.resize(m * p);
    parallel::for_chunks(m, 64, [&](size_t begin, size_t end) {
        std::vector<double> table(map_.table_size());
        for (size_t t = begin; t < end; ++t) map_.evaluate(points_.data() + t * d, table.data(), matrix_.data() + t * p);
    });
}

FeatureRows::Scratch FeatureRows::scratch() const {
    Scratch s;
    if (!stored()) {
        s.table.resize(map_.table_size());
        s.row.resize(map_.size());
    }
    return s;
}

const double* FeatureRows::row(size_t t, Scratch& scratch) const {
    return rows(t, t + 1, scratch);
}

const double* FeatureRows::rows(size_t begin, size_t end, Scratch& scratch) const {
    const size_t p = map_.size();
    if (!matrix_.empty()) return matrix_.data() + begin * p;
    scratch.row.resize((end - begin) * p);
    for (size_t t = begin; t < end; ++t)
        map_.evaluate(points_.data() + t * map_.dim(), scratch.table.data(), scratch.row.data() + (t - begin) * p);
    return scratch.row.data();
}

const double* FeatureRows::strided_rows(size_t begin, size_t end, size_t stride, Scratch& scratch) const {
    const size_t p = map_.size();
    scratch.row.resize((end - begin) * p);
    scratch.table.resize(map_.table_size());
    for (size_t t = begin; t < end; ++t)
        map_.evaluate(points_.data() + t * stride * map_.dim(), scratch.table.data(),
                      scratch.row.data() + (t - begin) * p);
    return scratch.row.data();
}

void FeatureRows::combine(std::span<const double> coef, double* out) const {
    const size_t p = map_.size();
    std::vector<double> w(p, 0.0);
    if (!matrix_.empty()) {
        // In one pass, in row order: the interior-point route's polish has always summed so.
        for (size_t t = 0; t < m_; ++t)
            if (coef[t] != 0.0)
                for (size_t k = 0; k < p; ++k) w[k] += coef[t] * matrix_[t * p + k];
        for (size_t t = 0; t < m_; ++t) {
            double sum = 0.0;
            for (size_t k = 0; k < p; ++k) sum += matrix_[t * p + k] * w[k];
            out[t] = sum;
        }
        return;
    }
    // Computed features: w summed per chunk of rows and the chunks added in order (the same bits
    // on any number of threads), then every row's product with w.
    const size_t chunks = (m_ + kRowsPerChunk - 1) / kRowsPerChunk;
    std::vector<std::vector<double>> partial(chunks);
    parallel::for_chunks(chunks, 1, [&](size_t c, size_t) {
        Scratch s = scratch();
        std::vector<double>& part = partial[c];
        part.assign(p, 0.0);
        for (size_t t = c * kRowsPerChunk; t < std::min(m_, (c + 1) * kRowsPerChunk); ++t) {
            if (coef[t] == 0.0) continue;
            const double* phi = row(t, s);
            for (size_t k = 0; k < p; ++k) part[k] += coef[t] * phi[k];
        }
    });
    for (const auto& part : partial)
        for (size_t k = 0; k < p; ++k) w[k] += part[k];
    parallel::for_chunks(m_, kRowsPerChunk, [&](size_t begin, size_t end) {
        Scratch s = scratch();
        for (size_t t = begin; t < end; ++t) {
            const double* phi = row(t, s);
            double sum = 0.0;
            for (size_t k = 0; k < p; ++k) sum += phi[k] * w[k];
            out[t] = sum;
        }
    });
}

}  // namespace orca::training
