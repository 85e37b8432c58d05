#include "training/interior_point.hpp"

#include <Eigen/Core>
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <limits>

#include "parallel/work_team.hpp"
#include "training/blocked_cholesky.hpp"
#include "training/gram_lanes.hpp"

namespace orca::training {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using Array = Eigen::ArrayXd;

// Newton steps before giving up (the method takes 12-20 on small problems, 40-60 on 80,000 rows of
// 436 functions).
constexpr int kMaxSteps = 80;
// Near the end D^-1 can span 30 orders of magnitude and the Newton directions lose their accuracy:
// measured at 20,000 rows of 436 functions and C = 1000, the stationarity residual rose again from
// step 39 on and the last 40 steps (most shorter than 1e-3 of the way) went nowhere, leaving SMO
// 250,000 iterations to polish the last point. So the method keeps the best point it saw, and
// once that is within kStallNear of the stopping rule, kStallSteps steps in a row shorter than
// kShortStep end it: SMO polishes the best point (at 20,000 rows: in 14 iterations; 38 s -> 7 s).
// Far from the rule short steps are not taken for a stall: they can be an early step's.
constexpr int kStallSteps = 3;
constexpr double kShortStep = 1e-2;
constexpr double kStallNear = 1e3;
// Fraction of the step to the boundary taken, keeping the iterates interior.
constexpr double kStepFraction = 0.99;
// Within this fraction of C_t of a bound, a value is put on the bound.
constexpr double kRoundTo = 1e-6;
// Rows per chunk when U' D^-1 U is summed over rows on several threads.
constexpr size_t kRowsPerChunk = 512;
// A row whose rounding to single precision would disturb M = I + F' E F by more than this (about
// 6e-8 E_t |f_t|^2) is summed in double precision by the refined sums (NewtonSums).
constexpr double kHeavyRow = 1e-2 / 6e-8;
// U' D^-1 U is summed into partial p x p matrices (lanes, training/gram_lanes.hpp), each over a
// fixed run of chunks: memory O(lanes p^2) whatever m is (one partial per chunk was 1.5 GB at
// 500,000 rows of 436 functions), and the same bits on any number of threads.

// U = diag(y) P F, where F (m x p) holds one row of scaled features per point and P (n x m) sends
// each variable to its point (variable v is point v % m: C-SVC has n = m, epsilon-SVR n = 2m, its
// alpha_t and alpha_t* sharing point t's row). The products with U fold the n variables onto the m
// points first, so an epsilon-SVR step costs what a C-SVC step on the same rows costs and F is
// never stored twice. Multiplying by y = +-1 is exact, so C-SVC's products keep their bits.
//
// The features of a large problem do not fit in cache (500,000 rows of 31 functions are 124 MB), so
// each product is one pass over memory: they are shared out in row chunks on the thread team
// (partial p-vectors added in chunk order: the same bits on any number of threads), and the solves
// of a step take their right-hand sides together.
class VariableMap {
  public:
    VariableMap(std::span<const double> y, size_t points) : y_(y.data(), static_cast<Eigen::Index>(y.size())),
                                                            m_(static_cast<Eigen::Index>(points)) {}
    [[nodiscard]] Eigen::Index variables() const { return y_.size(); }
    // Sum over each point's variables of y_v T_v (n x k -> m x k).
    [[nodiscard]] Eigen::MatrixXd fold_signed(const Eigen::MatrixXd& T) const {
        Eigen::MatrixXd out = y_.head(m_).asDiagonal() * T.topRows(m_);
        for (Eigen::Index v = m_; v < y_.size(); v += m_) out += y_.segment(v, m_).asDiagonal() * T.middleRows(v, m_);
        return out;
    }
    // Sum over each point's variables of x_v (n -> m).
    [[nodiscard]] Array fold(const Array& x) const {
        Array out = x.head(m_);
        for (Eigen::Index v = m_; v < x.size(); v += m_) out += x.segment(v, m_);
        return out;
    }
    // y_v G_{v % m} (m x k -> n x k).
    [[nodiscard]] Eigen::MatrixXd expand_signed(const Eigen::MatrixXd& G) const {
        Eigen::MatrixXd out(y_.size(), G.cols());
        for (Eigen::Index v = 0; v < y_.size(); v += m_) out.middleRows(v, m_) = y_.segment(v, m_).asDiagonal() * G;
        return out;
    }

  private:
    Eigen::Map<const Vector> y_;
    Eigen::Index m_;
};

// F' T for T with one row per point (m x k).
Eigen::MatrixXd transposed_times(const Eigen::Map<const RowMatrix>& F, const Eigen::MatrixXd& T) {
    const auto m = static_cast<size_t>(F.rows());
    const size_t chunks = (m + kRowsPerChunk - 1) / kRowsPerChunk;
    std::vector<Eigen::MatrixXd> partial(chunks);
    parallel::for_chunks(chunks, 16, [&](size_t begin, size_t end) {
        for (size_t c = begin; c < end; ++c) {
            const auto lo = static_cast<Eigen::Index>(c * kRowsPerChunk);
            const auto rows = static_cast<Eigen::Index>(std::min(m, (c + 1) * kRowsPerChunk)) - lo;
            partial[c].noalias() = F.middleRows(lo, rows).transpose() * T.middleRows(lo, rows);
        }
    });
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(F.cols(), T.cols());
    for (const auto& part : partial) out += part;
    return out;
}

Eigen::MatrixXd times(const Eigen::Map<const RowMatrix>& F, const Eigen::MatrixXd& W) {
    const auto m = static_cast<size_t>(F.rows());
    Eigen::MatrixXd out(F.rows(), W.cols());
    const size_t chunks = (m + kRowsPerChunk - 1) / kRowsPerChunk;
    parallel::for_chunks(chunks, 16, [&](size_t begin, size_t end) {
        const auto lo = static_cast<Eigen::Index>(begin * kRowsPerChunk);
        const auto rows = static_cast<Eigen::Index>(std::min(m, end * kRowsPerChunk)) - lo;
        out.middleRows(lo, rows).noalias() = F.middleRows(lo, rows) * W;
    });
    return out;
}

// U' T and U W.
Eigen::MatrixXd transposed_times(const Eigen::Map<const RowMatrix>& F, const VariableMap& map,
                                 const Eigen::MatrixXd& T) {
    return transposed_times(F, map.fold_signed(T));
}
Eigen::MatrixXd times(const Eigen::Map<const RowMatrix>& F, const VariableMap& map, const Eigen::MatrixXd& W) {
    return map.expand_signed(times(F, W));
}

// Largest step in [0, 1] keeping x + step dx >= 0.
double max_step(const Array& x, const Array& dx) {
    double s = 1.0;
    for (Eigen::Index i = 0; i < x.size(); ++i)
        if (dx[i] < 0.0) s = std::min(s, -x[i] / dx[i]);
    return s;
}

// Adds sum_t E_t f_t f_t' over the rows t of F (all of them, or those listed) to out's lower
// triangle, in Scalar's precision, in chunks of rows on the thread team: lane l adds its run of
// chunks in order, then the lanes are added in order (the same bits on any number of threads).
template <class Scalar>
void add_gram(const Eigen::Map<const RowMatrix>& F, const Array& E, const std::vector<Eigen::Index>* listed,
              Eigen::MatrixXd& out) {
    using Rows = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    using Square = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
    const auto p = F.cols();
    const size_t m = listed != nullptr ? listed->size() : static_cast<size_t>(F.rows());
    if (m == 0) return;
    const size_t chunks = (m + kRowsPerChunk - 1) / kRowsPerChunk;
    const size_t lanes = gram_lanes(chunks, static_cast<size_t>(p));
    std::vector<Square> partial(lanes);
    parallel::for_chunks(lanes, 1, [&](size_t lane, size_t) {
        partial[lane] = Square::Zero(p, p);
        Rows B;
        for (size_t c = lane * chunks / lanes; c < (lane + 1) * chunks / lanes; ++c) {
            const auto lo = static_cast<Eigen::Index>(c * kRowsPerChunk);
            const auto rows = static_cast<Eigen::Index>(std::min(m, (c + 1) * kRowsPerChunk)) - lo;
            if (listed == nullptr) {
                B.noalias() = (E.segment(lo, rows).sqrt().matrix().asDiagonal() * F.middleRows(lo, rows))
                                  .template cast<Scalar>();
            } else {
                B.resize(rows, p);
                for (Eigen::Index r = 0; r < rows; ++r) {
                    const Eigen::Index t = (*listed)[static_cast<size_t>(lo + r)];
                    B.row(r) = (std::sqrt(E[t]) * F.row(t)).template cast<Scalar>();
                }
            }
            partial[lane].template selfadjointView<Eigen::Lower>().rankUpdate(B.transpose());
        }
    });
    for (const auto& part : partial) out += part.template cast<double>();
}

// Solves (D + U U') h = r for many right-hand sides through the Woodbury identity:
// h = D^-1 r - D^-1 U M^-1 U' D^-1 r with M = I + U' D^-1 U = I + F' E F, E the points' folded D^-1
// (y_v^2 = 1). M^-1 comes from M's Cholesky factor, or (NewtonSums::refined) from conjugate
// gradients on M preconditioned by the factor of M summed in single precision.
class NewtonSystem {
  public:
    // refined: square_norms holds |f_t|^2 for every row of F (the method computes them once).
    NewtonSystem(const Eigen::Map<const RowMatrix>& F, const VariableMap& map, const Array& d_inverse, bool refined,
                 const Array& square_norms)
        : F_(F), map_(map), dinv_(d_inverse), point_dinv_(map.fold(d_inverse)) {
        if (refined) {
            // Rounding a row to single precision disturbs M by about 6e-8 E_t |f_t|^2 across f_t;
            // rows where that would reach kHeavyRow (M's curvature is at least 1 in every
            // direction) are summed in double precision: near the end, the free variables' few
            // rows, whose E_t grows without bound, while the rest tend to 0.
            Array light = point_dinv_;
            std::vector<Eigen::Index> heavy;
            for (Eigen::Index t = 0; t < light.size(); ++t)
                if (light[t] * square_norms[t] > kHeavyRow) {
                    heavy.push_back(t);
                    light[t] = 0.0;
                }
            factor_ = Eigen::MatrixXd::Identity(F.cols(), F.cols());
            add_gram<float>(F, light, nullptr, factor_);
            add_gram<double>(F, point_dinv_, &heavy, factor_);
            refined_ = blocked_cholesky(factor_);
            if (refined_) return;
            fell_back_ = true;  // the rounded sum is not definite: the exact one
        }
        factor_exactly();
    }

    // One column of solutions per column of R (n x k), in two passes over F for all of them (and
    // one more per refinement).
    [[nodiscard]] Eigen::MatrixXd solve(const Eigen::MatrixXd& R) {
        const Eigen::MatrixXd T = dinv_.matrix().asDiagonal() * R;
        Eigen::MatrixXd w = transposed_times(F_, map_, T);
        if (refined_ && !refine(w)) {
            fell_back_ = true;
            refined_ = false;
            factor_exactly();
        }
        if (!refined_) {
            if (use_qr_) {
                r_.transpose().triangularView<Eigen::Lower>().solveInPlace(w);
                r_.triangularView<Eigen::Upper>().solveInPlace(w);
            } else {
                cholesky_solve_in_place(factor_, w);
            }
        }
        return T - dinv_.matrix().asDiagonal() * times(F_, map_, w);
    }

    // Whether the single-precision sum's refinement gave up (in the factor or in a solve): the
    // method's later steps sum exactly.
    [[nodiscard]] bool fell_back() const { return fell_back_; }
    [[nodiscard]] bool refined() const { return refined_; }

  private:
    void factor_exactly() {
        factor_ = Eigen::MatrixXd::Identity(F_.cols(), F_.cols());
        add_gram<double>(F_, point_dinv_, nullptr, factor_);
        if (!blocked_cholesky(factor_)) {
            // Near the end D^-1 spans 30 orders of magnitude: the QR of [E^1/2 F; I] is the
            // stable way to the same factor.
            const auto m = F_.rows(), p = F_.cols();
            RowMatrix stacked(m + p, p);
            stacked.topRows(m) = point_dinv_.sqrt().matrix().asDiagonal() * F_;
            stacked.bottomRows(p).setIdentity();
            const Eigen::HouseholderQR<RowMatrix> qr(stacked);
            r_ = qr.matrixQR().topRows(p).triangularView<Eigen::Upper>();
            use_qr_ = true;
        }
    }

    // M X for p x k X: X + F' (E (F X)), one pass over F's row chunks on the thread team, the
    // chunks' parts added in order.
    [[nodiscard]] Eigen::MatrixXd apply(const Eigen::MatrixXd& X) const {
        const auto m = static_cast<size_t>(F_.rows());
        const size_t chunks = (m + kRowsPerChunk - 1) / kRowsPerChunk;
        std::vector<Eigen::MatrixXd> partial(chunks);
        parallel::for_chunks(chunks, 16, [&](size_t begin, size_t end) {
            Eigen::MatrixXd U;
            for (size_t c = begin; c < end; ++c) {
                const auto lo = static_cast<Eigen::Index>(c * kRowsPerChunk);
                const auto rows = static_cast<Eigen::Index>(std::min(m, (c + 1) * kRowsPerChunk)) - lo;
                U.noalias() = F_.middleRows(lo, rows) * X;
                U = point_dinv_.segment(lo, rows).matrix().asDiagonal() * U;
                partial[c].noalias() = F_.middleRows(lo, rows).transpose() * U;
            }
        });
        Eigen::MatrixXd out = X;
        for (const auto& part : partial) out += part;
        return out;
    }

    // Overwrites the right-hand sides B (p x k) with M^-1 B by preconditioned conjugate gradients,
    // one run per column, their products with M taken together; false when a column's residual is
    // still above kRefinedTolerance of its right-hand side after kMaxRefinements products.
    [[nodiscard]] bool refine(Eigen::MatrixXd& B) const {
        const auto k = B.cols();
        const Eigen::ArrayXd goal = kRefinedTolerance * B.colwise().norm().transpose().array();
        Eigen::MatrixXd X = B;
        cholesky_solve_in_place(factor_, X);
        Eigen::MatrixXd R = B - apply(X);
        Eigen::MatrixXd Z = R;
        cholesky_solve_in_place(factor_, Z);
        Eigen::MatrixXd P = Z;
        Eigen::ArrayXd rz = (R.array() * Z.array()).colwise().sum().transpose();
        for (int pass = 0;; ++pass) {
            const Eigen::ArrayXd residual = R.colwise().norm().transpose().array();
            const Eigen::Array<bool, Eigen::Dynamic, 1> done = residual <= goal;  // false for NaN
            if (done.all()) break;
            if (pass == kMaxRefinements) return false;
            const Eigen::MatrixXd Q = apply(P);
            for (Eigen::Index j = 0; j < k; ++j) {
                if (done[j]) continue;  // this column is solved: kept as it is
                const double alpha = rz[j] / P.col(j).dot(Q.col(j));
                X.col(j) += alpha * P.col(j);
                R.col(j) -= alpha * Q.col(j);
            }
            Z = R;
            cholesky_solve_in_place(factor_, Z);
            for (Eigen::Index j = 0; j < k; ++j) {
                if (done[j]) continue;
                const double next = R.col(j).dot(Z.col(j));
                P.col(j) = Z.col(j) + (next / rz[j]) * P.col(j);
                rz[j] = next;
            }
        }
        B = X;
        return true;
    }

    const Eigen::Map<const RowMatrix>& F_;
    const VariableMap& map_;
    const Array& dinv_;
    Array point_dinv_;
    Eigen::MatrixXd factor_;  // M's Cholesky factor (lower triangle), or the single-precision sum's
    Eigen::MatrixXd r_;
    bool use_qr_ = false;
    bool refined_ = false;
    bool fell_back_ = false;
};

// The problem is scaled by the largest C so that the box is [0, upper / C_max] and the method's
// tolerances mean the same at every C: a = C_max a~, Q~ = C_max Q (the linear term is unchanged).
double largest_upper(std::span<const double> upper) {
    return *std::max_element(upper.begin(), upper.end());
}

// The method on `scaled`, the m x p features multiplied by sqrt(C_max).
InteriorPointResult scaled_method(const double* scaled, size_t m, size_t p, std::span<const double> y,
                                  std::span<const double> upper, std::span<const double> linear,
                                  const InteriorPointOptions& options) {
    const auto& progress = options.progress;
    const double c_max = largest_upper(upper);
    const size_t n = y.size();
    const auto rows = static_cast<Eigen::Index>(n), points = static_cast<Eigen::Index>(m),
               cols = static_cast<Eigen::Index>(p);
    const Eigen::Map<const RowMatrix> F(scaled, points, cols);
    const VariableMap map(y, m);
    const Eigen::Map<const Vector> yv(y.data(), rows);
    const Eigen::Map<const Array> lin(linear.data(), rows);
    Array ub(rows);
    for (Eigen::Index t = 0; t < rows; ++t) ub[t] = upper[static_cast<size_t>(t)] / c_max;
    const double rhs = options.equality_rhs / c_max;
    const auto counted = static_cast<double>(options.whole_variables > 0 ? options.whole_variables : n);

    Array a = ub / 2.0, s = ub - a, z = Array::Ones(rows), v = Array::Ones(rows);
    const double largest_feature = F.cwiseAbs().maxCoeff();
    double b = 0.0;
    InteriorPointResult result;
    Array best = a;
    double best_b = 0.0;
    double best_distance = std::numeric_limits<double>::infinity();
    int short_steps = 0;  // in a row
    Array square_norms;   // |f_t|^2, for the refined sums
    bool refined = options.sums == NewtonSums::refined ||
                   (options.sums == NewtonSums::automatic && p >= kRefinedFrom && m >= kRefinedRowsPerFunction * p);
    for (; result.steps < kMaxSteps; ++result.steps) {
        const Vector w = transposed_times(F, map, a.matrix());
        const Vector Qa = times(F, map, w);
        const Array rd = Qa.array() + lin + b * yv.array() - z + v;  // stationarity
        const double rp = yv.dot(a.matrix()) - rhs;                  // y'a = rhs
        const double mu = (a * z + s * v).sum() / (2.0 * static_cast<double>(n));
        const double objective = 0.5 * w.squaredNorm() + (lin * a).sum() + options.objective_offset / c_max;
        if (!std::isfinite(objective) || !rd.allFinite()) break;  // numerical breakdown: keep the best
        const double duality = 2.0 * counted * mu / (1.0 + std::abs(objective));
        if (progress && result.steps > 0) progress(result.steps, duality);
        const double rd_scale = 1.0 + largest_feature * w.cwiseAbs().maxCoeff();
        // How far the point is from the stopping rule, as the largest of its three ratios (below 1:
        // converged).
        const double distance = std::max({rd.abs().maxCoeff() / (1e-6 * rd_scale),
                                          std::abs(rp) / (1e-9 * (1.0 + ub.maxCoeff())),
                                          duality / kInteriorPointTarget});
        if (distance < best_distance) {
            best = a;
            best_b = b;
            best_distance = distance;
        }
        if (distance < 1.0) {
            result.converged = true;
            break;
        }
        const Array d_inverse = 1.0 / (z / a + v / s);
        if (refined && square_norms.size() == 0) square_norms = F.rowwise().squaredNorm().array();
        NewtonSystem system(F, map, d_inverse, refined, square_norms);
        // h_y = H^-1 y is solved together with the predictor's right-hand side (below).
        Vector h_y;
        double y_h_y = 0.0;
        // One Newton direction for the complementarity targets sigma_mu (with the predictor's
        // second-order terms when given).
        struct Direction {
            Array da, dz, dv;
            double db = 0.0;
        };
        auto direction = [&](double sigma_mu, const Direction* predictor) {
            Array c1 = sigma_mu - a * z, c2 = sigma_mu - s * v;
            if (predictor != nullptr) {
                c1 -= predictor->da * predictor->dz;
                c2 += predictor->da * predictor->dv;
            }
            Eigen::MatrixXd R(rows, predictor == nullptr ? 2 : 1);
            R.col(0) = (-rd + c1 / a - c2 / s).matrix();
            if (predictor == nullptr) R.col(1) = yv;
            const Eigen::MatrixXd H = system.solve(R);
            if (predictor == nullptr) {
                h_y = H.col(1);
                y_h_y = yv.dot(h_y);
            }
            const Vector h_r = H.col(0);
            Direction dir;
            dir.db = (yv.dot(h_r) + rp) / y_h_y;
            dir.da = (h_r - dir.db * h_y).array();
            dir.dz = (c1 - z * dir.da) / a;
            dir.dv = (c2 + v * dir.da) / s;
            return dir;
        };
        auto longest = [&](const Direction& dir) {
            return std::min({max_step(a, dir.da), max_step(s, -dir.da), max_step(z, dir.dz), max_step(v, dir.dv)});
        };
        const Direction affine = direction(0.0, nullptr);
        const double step_affine = longest(affine);
        const double mu_affine = ((a + step_affine * affine.da) * (z + step_affine * affine.dz) +
                                  (s - step_affine * affine.da) * (v + step_affine * affine.dv))
                                     .sum() /
                                 (2.0 * static_cast<double>(n));
        const double sigma = std::pow(mu_affine / mu, 3.0);
        const Direction dir = direction(sigma * mu, &affine);
        if (system.refined()) ++result.refined_steps;
        refined = refined && !system.fell_back();
        const double step = kStepFraction * longest(dir);
        if (!(step > 0.0)) break;
        short_steps = step < kShortStep ? short_steps + 1 : 0;
        if (short_steps >= kStallSteps && best_distance < kStallNear) {
            result.stalled = true;  // SMO polishes the best point
            break;
        }
        a += step * dir.da;
        s -= step * dir.da;
        z += step * dir.dz;
        v += step * dir.dv;
        b += step * dir.db;
    }
    result.bias = best_b;
    result.alpha.resize(n);
    for (size_t t = 0; t < n; ++t) {
        const double value = best[static_cast<Eigen::Index>(t)] * c_max;
        result.alpha[t] = value < kRoundTo * upper[t] ? 0.0 : value > (1.0 - kRoundTo) * upper[t] ? upper[t] : value;
    }
    return result;
}

}  // namespace

InteriorPointResult interior_point_dual(std::span<const double> phi, size_t m, size_t p, std::span<const double> y,
                                        std::span<const double> upper, std::span<const double> linear,
                                        const InteriorPointOptions& options) {
    const auto points = static_cast<Eigen::Index>(m), cols = static_cast<Eigen::Index>(p);
    const RowMatrix scaled = Eigen::Map<const RowMatrix>(phi.data(), points, cols) * std::sqrt(largest_upper(upper));
    return scaled_method(scaled.data(), m, p, y, upper, linear, options);
}

InteriorPointResult interior_point_dual(std::vector<double> phi, size_t m, size_t p, std::span<const double> y,
                                        std::span<const double> upper, std::span<const double> linear,
                                        const InteriorPointOptions& options) {
    Eigen::Map<RowMatrix>(phi.data(), static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(p)) *=
        std::sqrt(largest_upper(upper));
    return scaled_method(phi.data(), m, p, y, upper, linear, options);
}

}  // namespace orca::training
