#include "training/feature_space_dual.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>

#include "parallel/work_team.hpp"

namespace orca::training {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// The rounds' stopping rule: the multiplier moves by less than this fraction of the tolerance.
constexpr double kBiasMove = 0.1;
// The random order of each pass; fixed, so that a fit is reproducible.
constexpr std::uint64_t kSeed = 0x6f726361;  // "orca"

// Four partial sums in a fixed order: the same bits everywhere, and vectorisable.
double dot(const double* a, const double* b, size_t n) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += a[k] * b[k];
        s1 += a[k + 1] * b[k + 1];
        s2 += a[k + 2] * b[k + 2];
        s3 += a[k + 3] * b[k + 3];
    }
    for (; k < n; ++k) s0 += a[k] * b[k];
    return (s0 + s1) + (s2 + s3);
}

// ||phi(x_t)||^2 = K(x_t, x_t) for every point.
std::vector<double> squared_norms(const FeatureRows& features) {
    const size_t m = features.rows(), p = features.size();
    std::vector<double> out(m);
    parallel::for_chunks(m, 256, [&](size_t begin, size_t end) {
        FeatureRows::Scratch s = features.scratch();
        for (size_t t = begin; t < end; ++t) {
            const double* phi = features.row(t, s);
            out[t] = dot(phi, phi, p);
        }
    });
    return out;
}

// A uniform index in [0, n) from the generator's raw output (std::uniform_int_distribution
// differs between standard libraries).
size_t below(std::mt19937_64& rng, size_t n) {
    return static_cast<size_t>(rng() % n);
}

// The state of the descent: alpha, w = sum_v y_v alpha_v phi(x_v), s = y'alpha, and the round's
// multiplier b; the inner objective is f(alpha) + b s + rho/2 s^2.
class Descent {
  public:
    Descent(const FeatureRows& features, std::span<const double> y, std::span<const double> upper,
            std::span<const double> linear, std::vector<double>& alpha)
        : features_(features),
          y_(y),
          upper_(upper),
          linear_(linear),
          alpha_(alpha),
          m_(features.rows()),
          p_(features.size()),
          self_(squared_norms(features)),
          w_(features.size(), 0.0),
          scratch_(features.scratch()) {
        // The multiplier's penalty: the size of the kernel's diagonal, so that the constant
        // feature it adds weighs like the others.
        rho_ = std::accumulate(self_.begin(), self_.end(), 0.0) / static_cast<double>(m_);
        if (!(rho_ > 0.0) || !std::isfinite(rho_)) rho_ = 1.0;
        for (size_t v = 0; v < alpha_.size(); ++v)
            if (alpha_[v] != 0.0) move(features_.row(v % m_, scratch_), alpha_[v] * y_[v]);
    }

    // The inner objective's partial derivative in alpha_v, whose features are phi.
    [[nodiscard]] double gradient(size_t v, const double* phi) const {
        return y_[v] * (dot(w_.data(), phi, p_) + bias()) + linear_[v];
    }
    // The decision function's bias at this point: b + rho s.
    [[nodiscard]] double bias() const { return b_ + rho_ * s_; }
    [[nodiscard]] const double* features(size_t v) { return features_.row(v % m_, scratch_); }

    // alpha_v minimised exactly along its coordinate, given its gradient G; true when it moved.
    bool update(size_t v, const double* phi, double G) {
        const double next = std::clamp(alpha_[v] - G / (self_[v % m_] + rho_), 0.0, upper_[v]);
        const double delta = next - alpha_[v];
        if (delta == 0.0) return false;
        alpha_[v] = next;
        move(phi, delta * y_[v]);
        return true;
    }

    // The round's end: b += rho s (the method of multipliers); returns the move.
    double next_round() {
        const double moved = rho_ * s_;
        b_ += moved;
        return moved;
    }

  private:
    // w += c phi, s += c.
    void move(const double* phi, double c) {
        for (size_t k = 0; k < p_; ++k) w_[k] += c * phi[k];
        s_ += c;
    }

    const FeatureRows& features_;
    std::span<const double> y_, upper_, linear_;
    std::vector<double>& alpha_;
    size_t m_, p_;
    std::vector<double> self_;
    std::vector<double> w_;
    double s_ = 0.0, b_ = 0.0, rho_ = 1.0;
    FeatureRows::Scratch scratch_;
};

}  // namespace

FeatureSpaceResult feature_space_dual(const FeatureRows& features, std::span<const double> y,
                                      std::span<const double> upper, std::span<const double> linear,
                                      std::span<const double> start, const FeatureSpaceOptions& options) {
    const size_t n = y.size();
    FeatureSpaceResult result;
    result.alpha.assign(n, 0.0);
    if (n == 0 || features.rows() == 0) return result;
    if (start.size() == n)
        for (size_t v = 0; v < n; ++v)
            result.alpha[v] = std::isfinite(start[v]) ? std::clamp(start[v], 0.0, upper[v]) : 0.0;
    std::vector<double>& alpha = result.alpha;
    Descent descent(features, y, upper, linear, alpha);

    const double spread_goal = kSpreadFraction * options.tolerance;
    std::vector<size_t> active(n);
    std::iota(active.begin(), active.end(), size_t{0});
    size_t active_size = n;
    // Shrinking as LIBLINEAR's: a variable on a bound whose gradient lies beyond the last pass's
    // extreme projected gradients leaves the active set until the active ones have converged.
    double shrink_above = kInf, shrink_below = -kInf;
    std::mt19937_64 rng(kSeed);
    while (result.visits < options.max_visits) {
        for (size_t i = active_size; i > 1; --i) std::swap(active[i - 1], active[below(rng, i)]);
        double pg_max = -kInf, pg_min = kInf;
        const size_t pass_size = active_size;
        for (size_t i = 0; i < active_size; ++i) {
            const size_t v = active[i];
            const double* phi = descent.features(v);
            const double G = descent.gradient(v, phi);
            double pg = G;
            if (alpha[v] == 0.0) {
                if (G > shrink_above) {
                    std::swap(active[i--], active[--active_size]);
                    continue;
                }
                pg = std::min(G, 0.0);
            } else if (alpha[v] == upper[v]) {
                if (G < shrink_below) {
                    std::swap(active[i--], active[--active_size]);
                    continue;
                }
                pg = std::max(G, 0.0);
            }
            pg_max = std::max(pg_max, pg);
            pg_min = std::min(pg_min, pg);
            if (std::abs(pg) > 1e-12 && descent.update(v, phi, G)) ++result.updates;
        }
        ++result.passes;
        result.visits += static_cast<double>(pass_size);
        const double spread = active_size == 0 ? 0.0 : pg_max - pg_min;
        if (options.progress) options.progress(result.passes, spread);
        if (spread <= spread_goal) {
            shrink_above = kInf;
            shrink_below = -kInf;
            if (active_size < n) {  // converged on the active variables: check all of them
                active_size = n;
                continue;
            }
            // This round's minimum: move the multiplier.
            const double moved = descent.next_round();
            ++result.rounds;
            if (std::abs(moved) <= kBiasMove * options.tolerance) {
                result.converged = true;
                break;
            }
            continue;
        }
        shrink_above = pg_max > 0.0 ? pg_max : kInf;
        shrink_below = pg_min < 0.0 ? pg_min : -kInf;
    }
    result.bias = descent.bias();
    return result;
}

}  // namespace orca::training
