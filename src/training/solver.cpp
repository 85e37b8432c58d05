#include "orca/solver.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "orca/errors.hpp"
#include "parallel/work_team.hpp"
#include "training/row_cache.hpp"

namespace orca {

void RowSource::compute_full_row(size_t i, double* out) const {
    std::vector<int> all(size());
    std::iota(all.begin(), all.end(), 0);
    compute_row(i, all, out);
}

bool RowSource::combine(std::span<const double> /*coef*/, double* /*out*/) const {
    return false;
}

namespace {

// Curvature used when K_ii + K_jj - 2 K_ij <= 0 (a non-strictly-convex pair), as LIBSVM does.
constexpr double kTau = 1e-12;
// Variables per chunk of a gradient update shared among threads (updates over fewer than two
// chunks stay on one thread).
constexpr size_t kUpdateChunk = 1024;
constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Bound : char { lower, upper, free };

class Smo {
  public:
    Smo(const RowSource& rows, std::span<const double> y, std::span<const double> upper, std::span<const double> linear,
        const SolverOptions& options)
        : rows_(rows),
          m_(rows.size()),
          y_(y),
          C_(upper),
          p_(linear),
          opt_(options),
          cache_(rows.size(), rows.size(), options.cache_mb) {
        alpha_.assign(m_, 0.0);
        G_.assign(p_.begin(), p_.end());
        Gbar_.assign(m_, 0.0);
        status_.assign(m_, Bound::lower);
        all_.resize(m_);
        std::iota(all_.begin(), all_.end(), 0);
        active_ = all_;
        diag_.resize(m_);
        for (size_t t = 0; t < m_; ++t) diag_[t] = rows_.diagonal(t);
        if (opt_.initial_alpha.size() == m_) start_from(opt_.initial_alpha);
    }

    SolverResult run() {
        if (opt_.phase) opt_.phase(ProgressPhase{"iterations", "largest KKT violation", opt_.tolerance});
        SolverResult result;
        const long max_iter = iteration_cap(opt_, m_);
        const long shrink_period = static_cast<long>(std::min<size_t>(m_, 1000));
        long counter = shrink_period + 1;
        long iter = 0;
        double gap = kInf;
        // Optimise; then certify with a gradient recomputed from scratch. If the fresh gradient
        // violates the stopping rule (drift over many incremental updates), optimise on from it.
        constexpr int kMaxRefreshes = 20;
        for (;;) {
            optimise(iter, max_iter, counter, shrink_period, gap);
            reconstruct();
            result.drift = refresh_gradient();
            gap = certified_violation();
            if (gap < opt_.tolerance || iter >= max_iter || result.refreshes >= kMaxRefreshes) break;
            ++result.refreshes;
            counter = 1;
        }
        result.converged = gap < opt_.tolerance;
        result.stop = result.converged   ? StopReason::converged
                      : iter >= max_iter ? StopReason::iteration_cap
                                         : StopReason::precision;
        result.iterations = iter;
        result.gap = gap;
        result.rho = compute_rho();
        double v = 0.0, duality = 0.0;
        for (size_t t = 0; t < m_; ++t) {
            v += alpha_[t] * (G_[t] + p_[t]);
            duality += alpha_[t] * G_[t] + C_[t] * std::max(0.0, y_[t] * result.rho - G_[t]);
        }
        result.objective = v / 2.0;
        result.duality_gap = std::max(0.0, duality);
        result.alpha = alpha_;
        result.gradient = G_;
        return result;
    }

  private:
    // alpha = start made feasible (see SolverOptions::initial_alpha), then the gradient from
    // scratch.
    void start_from(std::span<const double> start) {
        double plus = 0.0, minus = 0.0;
        for (size_t t = 0; t < m_; ++t) {
            alpha_[t] = std::isfinite(start[t]) ? std::clamp(start[t], 0.0, C_[t]) : 0.0;
            (y_[t] > 0 ? plus : minus) += alpha_[t];
        }
        // y'alpha = plus - minus. The free variables take it up first, each in proportion to its
        // room in the direction that lowers |y'alpha|, so that a start on its bounds stays there
        // (scaling a side down would move every variable at C off its bound and turn a nearly
        // optimal start into a large violation); only when they cannot, the larger side is scaled.
        const double excess = plus - minus;
        if (excess != 0.0) {
            const double sign = excess > 0.0 ? 1.0 : -1.0;
            double room = 0.0;
            for (size_t t = 0; t < m_; ++t)
                if (alpha_[t] > 0.0 && alpha_[t] < C_[t]) room += y_[t] == sign ? alpha_[t] : C_[t] - alpha_[t];
            if (room >= std::abs(excess)) {
                const double f = std::abs(excess) / room;
                for (size_t t = 0; t < m_; ++t) {
                    if (!(alpha_[t] > 0.0 && alpha_[t] < C_[t])) continue;
                    alpha_[t] = y_[t] == sign ? alpha_[t] - f * alpha_[t] : alpha_[t] + f * (C_[t] - alpha_[t]);
                    alpha_[t] = std::clamp(alpha_[t], 0.0, C_[t]);
                }
            } else {
                const double larger = std::max(plus, minus);
                const double factor = larger > 0.0 ? std::min(plus, minus) / larger : 0.0;
                for (size_t t = 0; t < m_; ++t)
                    if (y_[t] == sign) alpha_[t] *= factor;
            }
        }
        for (size_t t = 0; t < m_; ++t) set_status(t);
        refresh_gradient();
    }

    // SMO iterations until the (incremental) stopping rule holds or the cap is reached.
    void optimise(long& iter, long max_iter, long& counter, long shrink_period, double& gap) {
        while (iter < max_iter) {
            if (opt_.shrinking && --counter == 0) {
                counter = shrink_period;
                shrink();
            }
            int i = -1, j = -1;
            if (!select(i, j, gap)) {
                reconstruct();
                if (!select(i, j, gap)) return;  // optimal on every variable, by this gradient
                counter = 1;                     // shrink again at the next iteration
            }
            ++iter;
            step(static_cast<size_t>(i), static_cast<size_t>(j));
            if (opt_.progress && opt_.progress_every > 0 && iter % opt_.progress_every == 0) opt_.progress(iter, gap);
        }
    }

    // G = Q alpha + p from scratch: through the source's combine when it has one (explicit
    // features), else one kernel row per non-zero alpha (most are cached), summed in index order.
    // Gbar (the bounded variables' part) is rebuilt alike.
    // Returns the largest change of a gradient entry (the drift it removes).
    double refresh_gradient() {
        std::vector<double> G(p_.begin(), p_.end()), Gbar(m_, 0.0);
        std::vector<double> coef(m_), bound_coef(m_), K_coef(m_), K_bound(m_);
        for (size_t l = 0; l < m_; ++l) {
            coef[l] = y_[l] * alpha_[l];
            bound_coef[l] = status_[l] == Bound::upper ? C_[l] * y_[l] : 0.0;
        }
        if (rows_.combine(coef, K_coef.data()) && rows_.combine(bound_coef, K_bound.data())) {
            for (size_t t = 0; t < m_; ++t) {
                G[t] += y_[t] * K_coef[t];
                Gbar[t] = y_[t] * K_bound[t];
            }
            return replace_gradient(std::move(G), std::move(Gbar));
        }
        for (size_t l = 0; l < m_; ++l) {
            if (alpha_[l] == 0.0) continue;
            const double* K = row(l, true);
            const double w = y_[l] * alpha_[l];
            const bool bounded = status_[l] == Bound::upper;
            for (size_t t = 0; t < m_; ++t) {
                const double q = y_[t] * w * K[t];
                G[t] += q;
                if (bounded) Gbar[t] += y_[t] * C_[l] * y_[l] * K[t];
            }
        }
        return replace_gradient(std::move(G), std::move(Gbar));
    }

    // Installs a gradient computed from scratch; returns its largest difference from the old one.
    double replace_gradient(std::vector<double> G, std::vector<double> Gbar) {
        double drift = 0.0;
        for (size_t t = 0; t < m_; ++t) drift = std::max(drift, std::abs(G[t] - G_[t]));
        G_ = std::move(G);
        Gbar_ = std::move(Gbar);
        return drift;
    }

    // m(alpha) - M(alpha) over every variable with the current gradient.
    [[nodiscard]] double certified_violation() const {
        double gmax = -kInf, gmin = kInf;
        for (size_t t = 0; t < m_; ++t) {
            if (in_up(t)) gmax = std::max(gmax, violation(t));
            if (in_low(t)) gmin = std::min(gmin, violation(t));
        }
        return gmax == -kInf || gmin == kInf ? 0.0 : std::max(0.0, gmax - gmin);
    }

    [[nodiscard]] bool in_up(size_t t) const {
        return y_[t] > 0 ? status_[t] != Bound::upper : status_[t] != Bound::lower;
    }
    [[nodiscard]] bool in_low(size_t t) const {
        return y_[t] > 0 ? status_[t] != Bound::lower : status_[t] != Bound::upper;
    }
    [[nodiscard]] double violation(size_t t) const { return -y_[t] * G_[t]; }

    void set_status(size_t t) {
        if (alpha_[t] >= C_[t])
            status_[t] = Bound::upper;
        else if (alpha_[t] <= 0.0)
            status_[t] = Bound::lower;
        else
            status_[t] = Bound::free;
    }

    // The row of K for variable i, valid at least on the active columns (all when full).
    const double* row(size_t i, bool full) {
        auto slot = cache_.get(i);
        // With most columns active, the contiguous full row is cheaper than gathering.
        const bool everything_active = 2 * active_.size() >= m_;
        if (!slot.cached) {
            if (full || everything_active) {
                rows_.compute_full_row(i, slot.data);
                cache_.mark(i, true);
            } else {
                rows_.compute_row(i, active_, slot.data);
                cache_.mark(i, false);
            }
        } else if (full && !slot.full) {
            rows_.compute_row(i, inactive_, slot.data);
            cache_.mark(i, true);
        }
        return slot.data;
    }

    // Second-order working-set selection. Returns false when the maximal violation is below
    // the tolerance (optimal on the active set).
    bool select(int& i_out, int& j_out, double& gap) {
        double gmax = -kInf;
        int i = -1;
        for (int t : active_) {
            const auto tu = static_cast<size_t>(t);
            if (in_up(tu) && violation(tu) >= gmax) {
                gmax = violation(tu);
                i = t;
            }
        }
        double gmin = kInf;
        int j = -1;
        double best = kInf;
        if (i >= 0) {
            const auto iu = static_cast<size_t>(i);
            const double* Ki = row(iu, false);
            for (int t : active_) {
                const auto tu = static_cast<size_t>(t);
                if (!in_low(tu)) continue;
                const double mt = violation(tu);
                gmin = std::min(gmin, mt);
                const double b = gmax - mt;
                if (b <= 0.0) continue;
                double a = diag_[iu] + diag_[tu] - 2.0 * Ki[tu];
                if (a <= 0.0) a = kTau;
                const double score = -(b * b) / a;
                if (score <= best) {
                    best = score;
                    j = t;
                }
            }
        }
        gap = gmax - gmin;
        i_out = i;
        j_out = j;
        return i >= 0 && j >= 0 && gap >= opt_.tolerance;
    }

    // Moves alpha_i up the direction (y_i, -y_j) by the clipped Newton step.
    void step(size_t i, size_t j) {
        const double* Ki = row(i, false);
        const double* Kj = row(j, false);
        double a = diag_[i] + diag_[j] - 2.0 * Ki[j];
        if (a <= 0.0) a = kTau;
        double lam = (violation(i) - violation(j)) / a;
        const double room_i = y_[i] > 0 ? C_[i] - alpha_[i] : alpha_[i];
        const double room_j = y_[j] > 0 ? alpha_[j] : C_[j] - alpha_[j];
        lam = std::min({lam, room_i, room_j});
        const double old_i = alpha_[i];
        const double old_j = alpha_[j];
        // Land exactly on a bound when the step is clipped there, so status tests are exact.
        alpha_[i] = lam == room_i ? (y_[i] > 0 ? C_[i] : 0.0) : old_i + y_[i] * lam;
        alpha_[j] = lam == room_j ? (y_[j] > 0 ? 0.0 : C_[j]) : old_j - y_[j] * lam;
        const double wi = y_[i] * (alpha_[i] - old_i);
        const double wj = y_[j] * (alpha_[j] - old_j);
        const int* act = active_.data();
        parallel::for_chunks(active_.size(), kUpdateChunk, [&](size_t begin, size_t end) {
            for (size_t c = begin; c < end; ++c) {
                const auto t = static_cast<size_t>(act[c]);
                G_[t] += y_[t] * (wi * Ki[t] + wj * Kj[t]);
            }
        });
        update_bound_gradient(i);
        update_bound_gradient(j);
    }

    // Keeps Gbar_t = sum over upper-bound l of C_l Q_tl, used to rebuild shrunk gradients.
    void update_bound_gradient(size_t l) {
        const bool was_upper = status_[l] == Bound::upper;
        set_status(l);
        const bool is_upper = status_[l] == Bound::upper;
        if (was_upper == is_upper) return;
        const double* Kl = row(l, true);
        const double w = (is_upper ? 1.0 : -1.0) * C_[l] * y_[l];
        parallel::for_chunks(m_, kUpdateChunk, [&](size_t begin, size_t end) {
            for (size_t t = begin; t < end; ++t) Gbar_[t] += w * y_[t] * Kl[t];
        });
    }

    void shrink() {
        double gmax = -kInf, gmin = kInf;
        auto bounds = [&] {
            gmax = -kInf;
            gmin = kInf;
            for (int t : active_) {
                const auto tu = static_cast<size_t>(t);
                if (in_up(tu)) gmax = std::max(gmax, violation(tu));
                if (in_low(tu)) gmin = std::min(gmin, violation(tu));
            }
        };
        bounds();
        if (!unshrunk_ && gmax - gmin <= 10.0 * opt_.tolerance) {
            // Close to the end: bring every variable back once so none is left out wrongly.
            unshrunk_ = true;
            reconstruct();
            bounds();
        }
        std::vector<int> keep;
        keep.reserve(active_.size());
        for (int t : active_) {
            const auto tu = static_cast<size_t>(t);
            const bool up = in_up(tu), low = in_low(tu);
            bool drop = false;
            if (up && !low) drop = violation(tu) < gmin;  // can never be the j of a pair
            if (low && !up) drop = violation(tu) > gmax;  // can never be the i of a pair
            if (drop)
                inactive_.push_back(t);
            else
                keep.push_back(t);
        }
        active_ = std::move(keep);
    }

    // Restores the exact gradient of shrunk variables and makes every variable active.
    void reconstruct() {
        if (active_.size() == m_) return;
        const std::vector<int> shrunk = inactive_;
        for (int t : shrunk) {
            const auto tu = static_cast<size_t>(t);
            G_[tu] = Gbar_[tu] + p_[tu];
        }
        cache_.drop_partial();
        active_ = all_;
        inactive_.clear();
        std::vector<int> free_vars;
        for (size_t l = 0; l < m_; ++l)
            if (status_[l] == Bound::free) free_vars.push_back(static_cast<int>(l));
        if (free_vars.size() <= shrunk.size()) {
            for (int l : free_vars) {
                const auto lu = static_cast<size_t>(l);
                const double* Kl = row(lu, true);
                const double w = y_[lu] * alpha_[lu];
                for (int t : shrunk) {
                    const auto tu = static_cast<size_t>(t);
                    G_[tu] += y_[tu] * w * Kl[tu];
                }
            }
        } else {
            for (int t : shrunk) {
                const auto tu = static_cast<size_t>(t);
                const double* Kt = row(tu, true);
                double s = 0.0;
                for (int l : free_vars) {
                    const auto lu = static_cast<size_t>(l);
                    s += y_[lu] * alpha_[lu] * Kt[lu];
                }
                G_[tu] += y_[tu] * s;
            }
        }
    }

    // The threshold as LIBSVM computes it: the mean of y_t G_t over free variables, or the
    // midpoint of the feasible interval when no variable is free.
    [[nodiscard]] double compute_rho() const {
        double ub = kInf, lb = -kInf, sum = 0.0;
        long free_count = 0;
        for (size_t t = 0; t < m_; ++t) {
            const double yg = y_[t] * G_[t];
            if (status_[t] == Bound::free) {
                sum += yg;
                ++free_count;
            } else if ((status_[t] == Bound::upper) == (y_[t] < 0)) {
                ub = std::min(ub, yg);
            } else {
                lb = std::max(lb, yg);
            }
        }
        if (free_count > 0) return sum / static_cast<double>(free_count);
        return (ub + lb) / 2.0;
    }

    const RowSource& rows_;
    size_t m_;
    std::span<const double> y_, C_, p_;
    SolverOptions opt_;
    RowCache cache_;
    std::vector<double> alpha_, G_, Gbar_, diag_;
    std::vector<Bound> status_;
    std::vector<int> all_, active_, inactive_;
    bool unshrunk_ = false;
};

}  // namespace

long iteration_cap(const SolverOptions& options, size_t m) {
    return options.max_iterations > 0 ? options.max_iterations
                                      : std::max<long>(10'000'000L, 100L * static_cast<long>(m));
}

SolverResult solve_dual(const RowSource& rows, std::span<const double> y, std::span<const double> upper,
                        std::span<const double> linear, const SolverOptions& options) {
    const size_t m = rows.size();
    if (y.size() != m || upper.size() != m || linear.size() != m)
        throw ParameterError("solve_dual: y, upper and linear must each have " + std::to_string(m) + " entries");
    ORCA_ASSERT(m > 0, "solve_dual needs training points");
    if (!(options.tolerance > 0.0))
        throw ParameterError("tolerance must be > 0, got " + std::to_string(options.tolerance));
    for (size_t t = 0; t < m; ++t) {
        if (y[t] != 1.0 && y[t] != -1.0) throw ParameterError("solve_dual: labels must be +1 or -1");
        if (!(upper[t] > 0.0) || !std::isfinite(upper[t])) throw ParameterError("C must be a finite number > 0");
    }
    Smo smo(rows, y, upper, linear, options);
    return smo.run();
}

}  // namespace orca
