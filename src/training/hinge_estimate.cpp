#include "training/hinge_estimate.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "parallel/work_team.hpp"
#include "training/blocked_cholesky.hpp"
#include "training/gram_lanes.hpp"

namespace orca::training {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Features = Eigen::Map<const RowMatrix>;
// Rows per chunk of the products; the Hessian's updates are summed in fixed lanes of chunks. Both
// add their partial sums in order: the same bits on any number of threads.
constexpr size_t kHingeRowsPerChunk = 512;
// Newton's method on the line search's slope, a piecewise-linear function of the step, ends in a
// few iterations; the cap only guards against a slope that never changes sign.
constexpr int kLineSearchSteps = 60;

size_t chunk_count(size_t rows) { return (rows + kHingeRowsPerChunk - 1) / kHingeRowsPerChunk; }

// F v: every point's change of decision value.
Eigen::ArrayXd decision_change(const FeatureBlocks& F, const Eigen::VectorXd& v) {
    const auto p = static_cast<Eigen::Index>(F.size());
    Eigen::ArrayXd out(static_cast<Eigen::Index>(F.rows()));
    for_blocks(F, kHingeRowsPerChunk, [&](size_t, size_t lo, size_t hi, const double* block) {
        const auto rows = static_cast<Eigen::Index>(hi - lo);
        out.segment(static_cast<Eigen::Index>(lo), rows) = (Features(block, rows, p) * v).array();
    });
    return out;
}

// sum over `rows` of coef[t] phi(x_t).
Eigen::VectorXd combination(const FeatureBlocks& F, const std::vector<Eigen::Index>& rows,
                            const Eigen::ArrayXd& coef) {
    const auto p = static_cast<Eigen::Index>(F.size());
    std::vector<Eigen::VectorXd> partial(chunk_count(rows.size()));
    parallel::for_chunks(partial.size(), 1, [&](size_t c, size_t) {
        FeatureBlocks::Buffer buffer = F.buffer();
        partial[c] = Eigen::VectorXd::Zero(p);
        for (size_t j = c * kHingeRowsPerChunk; j < std::min(rows.size(), (c + 1) * kHingeRowsPerChunk); ++j) {
            const auto t = static_cast<size_t>(rows[j]);
            partial[c] += coef[rows[j]] * Eigen::Map<const Eigen::VectorXd>(F.block(t, t + 1, buffer), p);
        }
    });
    Eigen::VectorXd out = Eigen::VectorXd::Zero(p);
    for (const auto& part : partial) out += part;
    return out;
}

// The band's part of the Hessian, sum_band c_t z_t z_t' with z_t = [phi(x_t); 1] (lower triangle).
class BandHessian {
  public:
    explicit BandHessian(const FeatureBlocks& F)
        : F_(F), p_(static_cast<Eigen::Index>(F.size())), sum_(Eigen::MatrixXd::Zero(p_ + 1, p_ + 1)) {}

    // Adds sign * sum over `rows` of weight[t] z_t z_t'.
    void add(const std::vector<Eigen::Index>& rows, const Eigen::ArrayXd& weight, double sign) {
        const auto p = p_;
        const size_t chunks = chunk_count(rows.size());
        const size_t lanes = gram_lanes(chunks, static_cast<size_t>(p) + 1);
        std::vector<Eigen::MatrixXd> partial(lanes);
        parallel::for_chunks(lanes, 1, [&](size_t lane, size_t) {
            partial[lane] = Eigen::MatrixXd::Zero(p + 1, p + 1);
            FeatureBlocks::Buffer buffer = F_.buffer();
            RowMatrix B;
            for (size_t c = lane * chunks / lanes; c < (lane + 1) * chunks / lanes; ++c) {
                const size_t lo = c * kHingeRowsPerChunk, hi = std::min(rows.size(), lo + kHingeRowsPerChunk);
                B.resize(static_cast<Eigen::Index>(hi - lo), p + 1);
                for (size_t j = lo; j < hi; ++j) {
                    const double s = std::sqrt(weight[rows[j]]);
                    const auto r = static_cast<Eigen::Index>(j - lo);
                    const auto t = static_cast<size_t>(rows[j]);
                    B.row(r).head(p) = s * Eigen::Map<const Eigen::RowVectorXd>(F_.block(t, t + 1, buffer), p);
                    B(r, p) = s;
                }
                partial[lane].selfadjointView<Eigen::Lower>().rankUpdate(B.transpose());
            }
        });
        for (const auto& part : partial) sum_ += sign * part;
    }
    // The Newton direction d: (diag(I_p, 0) + sum) d = -g. Cholesky's factor takes half the time
    // of LDL' (0.05 of the estimate's 0.8 s on pairs at 50,000 rows); LDL' where rounding has lost
    // the bias' nudge.
    [[nodiscard]] Eigen::VectorXd newton_direction(const Eigen::VectorXd& g) const {
        Eigen::MatrixXd H = newton_matrix();
        if (blocked_cholesky(H)) {
            Eigen::MatrixXd d = -g;
            cholesky_solve_in_place(H, d);
            return d;
        }
        // The factor overwrote H's lower triangle: the matrix again, rather than a copy of it
        // kept on every step for this rare case (128 MB at 4,006 functions).
        return -newton_matrix().selfadjointView<Eigen::Lower>().ldlt().solve(g);
    }

  private:
    // diag(I_p, 0) + sum. An empty band leaves the bias without curvature: a nudge far below the
    // rest keeps it definite.
    [[nodiscard]] Eigen::MatrixXd newton_matrix() const {
        Eigen::MatrixXd H = sum_;
        H.diagonal().head(p_).array() += 1.0;
        H(p_, p_) += 1e-12 * (1.0 + H.diagonal().maxCoeff());
        return H;
    }

    const FeatureBlocks& F_;
    Eigen::Index p_;
    Eigen::MatrixXd sum_;
};

// The step t minimising the objective along (dw, db) from the point whose shortfalls are r: the
// objective is convex and piecewise quadratic in t, and its slope
// w.dw + t |dw|^2 + sum_t C_t H'(r_t + t dr_t) dr_t is found zero by Newton's method, kept inside
// the bracket where the slope changes sign.
double exact_step(const Eigen::VectorXd& w, const Eigen::VectorXd& dw, const Eigen::ArrayXd& r,
                  const Eigen::ArrayXd& dr, const Eigen::ArrayXd& C, double h) {
    const double w_dw = w.dot(dw), dw_dw = dw.squaredNorm();
    double lo = 0.0, hi = std::numeric_limits<double>::infinity(), t = 1.0;
    for (int k = 0; k < kLineSearchSteps; ++k) {
        const Eigen::ArrayXd rt = r + t * dr;
        const double slope = w_dw + t * dw_dw + (C * (rt / h).max(0.0).min(1.0) * dr).sum();
        const double curvature = dw_dw + ((rt > 0.0 && rt < h).cast<double>() * C / h * dr * dr).sum();
        if (slope == 0.0) break;
        (slope < 0.0 ? lo : hi) = t;
        double next = curvature > 0.0 ? t - slope / curvature : std::numeric_limits<double>::quiet_NaN();
        if (!(next > lo && next < hi)) next = std::isfinite(hi) ? 0.5 * (lo + hi) : 2.0 * t;
        if (std::abs(next - t) <= 1e-12 * t) break;
        t = next;
    }
    return t;
}

// Newton's method at width h from out (w, bias) and f = F w: one step, or (settle) until no
// decision value moves by kHingeSettled in a step, at most kHingeMaxSteps.
void newton_at_width(const FeatureBlocks& F, const Eigen::ArrayXd& Y, const Eigen::ArrayXd& C,
                     const Eigen::ArrayXd& L, double h, bool settle, HingeEstimate& out, Eigen::ArrayXd& f,
                     const std::function<void(long, double)>& progress) {
    const size_t m = F.rows();
    const auto points = static_cast<Eigen::Index>(m), cols = static_cast<Eigen::Index>(F.size());
    const Eigen::ArrayXd weight = C / h;
    BandHessian hessian(F);
    std::vector<unsigned char> in_band(m, 0), saturated(m, 0);
    // The gradient's sum over the points at or beyond the band's far edge (r_t >= h, where
    // y_t alpha_t = y_t C_t whatever r_t is), kept from step to step like the Hessian: the points
    // that cross that edge are added or subtracted, a few hundred a step, where the points short
    // of their margin are thousands (at 1,000,000 rows of computed features, each one's features
    // computed again for the sum). The band's own points are summed afresh each step.
    Eigen::VectorXd saturated_sum = Eigen::VectorXd::Zero(cols);
    const Eigen::ArrayXd yc = Y * C;
    for (int step = 0; step < kHingeMaxSteps; ++step) {
        const Eigen::ArrayXd r = -L - Y * (f + out.bias);
        const Eigen::ArrayXd ya = yc * (r / h).max(0.0).min(1.0);  // y_t alpha_t
        std::vector<Eigen::Index> band, entered, left, crossed_in, crossed_out;
        for (Eigen::Index t = 0; t < points; ++t) {
            const auto u = static_cast<size_t>(t);
            const unsigned char now = r[t] > 0.0 && r[t] < h ? 1 : 0;
            if (now != 0) band.push_back(t);
            if (now != in_band[u]) (now != 0 ? entered : left).push_back(t);
            in_band[u] = now;
            const unsigned char beyond = r[t] >= h ? 1 : 0;
            if (beyond != saturated[u]) (beyond != 0 ? crossed_in : crossed_out).push_back(t);
            saturated[u] = beyond;
        }
        saturated_sum += combination(F, crossed_in, yc) - combination(F, crossed_out, yc);
        Eigen::VectorXd gradient(cols + 1);
        gradient.head(cols) = out.w - saturated_sum - combination(F, band, ya);
        gradient[cols] = -ya.sum();
        hessian.add(entered, weight, 1.0);
        hessian.add(left, weight, -1.0);
        const Eigen::VectorXd d = hessian.newton_direction(gradient);
        const Eigen::VectorXd dw = d.head(cols);
        const Eigen::ArrayXd change = decision_change(F, dw);
        const Eigen::ArrayXd df = change + d[cols];
        const double t = exact_step(out.w, dw, r, -Y * df, C, h);
        out.w += t * dw;
        out.bias += t * d[cols];
        f += t * change;
        ++out.steps;
        const double moved = t * df.abs().maxCoeff();
        if (progress) progress(out.steps, moved);
        if (!settle || moved < kHingeSettled) break;
    }
}

HingeEstimate estimate(const FeatureBlocks& F, std::span<const double> y, std::span<const double> upper,
                       std::span<const double> linear, const std::function<void(long, double)>& progress,
                       const std::function<void(size_t)>& level, size_t stride) {
    const size_t m = F.rows();
    const auto points = static_cast<Eigen::Index>(m);
    const Eigen::Map<const Eigen::ArrayXd> Y(y.data(), points), C(upper.data(), points), L(linear.data(), points);
    const double last_width = std::end(kHingeWidths)[-1];
    HingeEstimate out;
    if (stride > 1) {
        // Every stride-th point, C multiplied by m / (its count) so that its loss weighs as the whole
        // problem's: its minimiser (from w = 0 through every width) starts this one at the last.
        const FeatureBlocks coarse = F.every(stride);
        std::vector<double> yc, uc, lc;
        const double scale = static_cast<double>(m) / static_cast<double>(coarse.rows());
        for (size_t t = 0; t < m; t += stride) {
            yc.push_back(y[t]);
            uc.push_back(upper[t] * scale);
            lc.push_back(linear[t]);
        }
        out = estimate(coarse, yc, uc, lc, progress, level, hinge_coarse_stride(coarse.rows(), F.size()));
        if (level) level(m);
        Eigen::ArrayXd f = decision_change(F, out.w);
        newton_at_width(F, Y, C, L, last_width, true, out, f, progress);
        return out;
    }
    if (level) level(m);
    out.w = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(F.size()));
    Eigen::ArrayXd f = Eigen::ArrayXd::Zero(points);  // phi(x_t) . w
    for (double h : kHingeWidths) newton_at_width(F, Y, C, L, h, h == last_width, out, f, progress);
    return out;
}

}  // namespace

size_t hinge_coarse_stride(size_t m, size_t p) {
    const double rows = static_cast<double>(m), functions = static_cast<double>(p);
    if (rows * functions * functions / 2 < kHingeCoarseMinWork) return 1;
    const double least = std::max(kHingeCoarseMinPoints, kHingeCoarsePointsPerFunction * functions);
    size_t stride = 1;
    while (static_cast<double>(m) / static_cast<double>(stride * kHingeCoarseStride) >= least)
        stride *= kHingeCoarseStride;
    return stride;
}

HingeEstimate smoothed_hinge_estimate(const FeatureBlocks& F, std::span<const double> y,
                                      std::span<const double> upper, std::span<const double> linear,
                                      const std::function<void(long, double)>& progress,
                                      const std::function<void(size_t)>& level, size_t coarse_stride) {
    return estimate(F, y, upper, linear, progress, level,
                    coarse_stride > 0 ? coarse_stride : hinge_coarse_stride(F.rows(), F.size()));
}

}  // namespace orca::training
