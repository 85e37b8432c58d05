#include "training/screened_interior_point.hpp"

#include <fmt/format.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "orca/errors.hpp"
#include "parallel/work_team.hpp"
#include "training/hinge_estimate.hpp"

namespace orca::training {
namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

constexpr size_t kPointsPerChunk = 512;

enum class Held : unsigned char { free, at_zero, at_upper };

// A problem as interior_point_dual takes it: variable v is point v % m. Its features are stored,
// or computed by blocks (C-SVC's whole problem only: its estimate and checks pass over the rows,
// and only the working set's rows are gathered).
struct Problem {
    FeatureBlocks phi;
    size_t m = 0, p = 0;
    std::span<const double> y, upper, linear;
};

// w = sum_v y_v a_v phi(x_{v % m}), each chunk of points summed apart and the chunks added in
// order: the same bits on any number of threads.
Eigen::VectorXd weight_vector(const Problem& q, std::span<const double> alpha) {
    const size_t m = q.m, per_point = q.y.size() / m;
    const auto p = static_cast<Eigen::Index>(q.p);
    const size_t chunks = (m + kPointsPerChunk - 1) / kPointsPerChunk;
    std::vector<Eigen::VectorXd> partial(chunks);
    for_blocks(q.phi, kPointsPerChunk, [&](size_t c, size_t lo, size_t hi, const double* block) {
        Eigen::VectorXd coef(static_cast<Eigen::Index>(hi - lo));
        for (size_t t = lo; t < hi; ++t) {
            double sum = 0.0;
            for (size_t r = 0; r < per_point; ++r) sum += q.y[t + r * m] * alpha[t + r * m];
            coef[static_cast<Eigen::Index>(t - lo)] = sum;
        }
        partial[c].noalias() = Eigen::Map<const RowMatrix>(block, coef.size(), p).transpose() * coef;
    });
    Eigen::VectorXd w = Eigen::VectorXd::Zero(p);
    for (const auto& part : partial) w += part;
    return w;
}

// phi(x_t) . w for every point.
std::vector<double> scores(const Problem& q, const Eigen::VectorXd& w) {
    std::vector<double> s(q.m);
    Eigen::Map<Eigen::VectorXd> out(s.data(), static_cast<Eigen::Index>(q.m));
    const auto p = static_cast<Eigen::Index>(q.p);
    for_blocks(q.phi, kPointsPerChunk, [&](size_t, size_t lo, size_t hi, const double* block) {
        const auto rows = static_cast<Eigen::Index>(hi - lo);
        out.segment(static_cast<Eigen::Index>(lo), rows).noalias() = Eigen::Map<const RowMatrix>(block, rows, p) * w;
    });
    return s;
}

// The problem over some of the points, all their variables (variable j + r |points| is
// points[j] + r m), with its bounds multiplied by upper_scale and `shift` (one per variable of the
// whole problem, or empty) added to its linear term.
struct Subproblem {
    std::vector<double> phi, y, upper, linear;
    size_t m = 0, p = 0;
    [[nodiscard]] Problem problem() const { return {FeatureBlocks(phi, m, p), m, p, y, upper, linear}; }
};
Subproblem gather(const Problem& q, const std::vector<size_t>& points, double upper_scale,
                  const std::vector<double>& shift) {
    Subproblem sub;
    sub.m = points.size();
    sub.p = q.p;
    const size_t per_point = q.y.size() / q.m;
    sub.phi.resize(sub.m * q.p);
    parallel::for_chunks(sub.m, 256, [&](size_t begin, size_t end) {
        FeatureBlocks::Buffer buffer = q.phi.buffer();
        for (size_t j = begin; j < end; ++j)
            std::copy_n(q.phi.block(points[j], points[j] + 1, buffer), q.p, sub.phi.data() + j * q.p);
    });
    for (size_t r = 0; r < per_point; ++r)
        for (size_t point : points) {
            const size_t v = point + r * q.m;
            sub.y.push_back(q.y[v]);
            sub.upper.push_back(q.upper[v] * upper_scale);
            sub.linear.push_back(q.linear[v] + (shift.empty() ? 0.0 : shift[v]));
        }
    return sub;
}

void announce(const std::function<void(const ProgressPhase&)>& phase, const std::string& counts,
              const std::string& measure = "relative duality measure", double target = kInteriorPointTarget,
              long most = 0) {
    if (phase) phase(ProgressPhase{counts, measure, target, true, most});
}

// The unit of the screen's margin: 1 for C-SVC (one variable a point, l = -1), the standard
// deviation of the targets for epsilon-SVR (l_t = epsilon - z_t), or 1 when they are constant.
double margin_unit(const Problem& q) {
    if (q.y.size() == q.m) return 1.0;
    double mean = 0.0, square = 0.0;
    for (size_t t = 0; t < q.m; ++t) mean += q.linear[t];
    mean /= static_cast<double>(q.m);
    for (size_t t = 0; t < q.m; ++t) square += (q.linear[t] - mean) * (q.linear[t] - mean);
    const double sd = std::sqrt(square / static_cast<double>(q.m));
    return sd > 0.0 ? sd : 1.0;
}

// Reduced gradients g_v = y_v phi(x_v) . w + l_v + b y_v of every variable.
std::vector<double> reduced_gradients(const Problem& q, const Eigen::VectorXd& w, double bias) {
    const std::vector<double> s = scores(q, w);
    std::vector<double> g(q.y.size());
    for (size_t v = 0; v < g.size(); ++v) g[v] = q.y[v] * (s[v % q.m] + bias) + q.linear[v];
    return g;
}

// The method on every row at once.
InteriorPointResult whole(const Problem& q, const std::function<void(const ProgressPhase&)>& phase,
                          const std::function<void(long, double)>& progress) {
    if (!q.phi.stored()) throw ParameterError("screened_interior_point: the whole method needs stored features");
    announce(phase, "interior-point steps");
    return interior_point_dual(q.phi.matrix(), q.m, q.p, q.y, q.upper, q.linear, {progress});
}

// margin_given: the screen's margin (nullopt: the estimate's own, kHingeScreenMargin or
// kScreenMargin).
ScreenedInteriorPointResult solve(const Problem& q, double tolerance, std::optional<double> margin_given, bool exact,
                                  const std::function<void(const ProgressPhase&)>& phase,
                                  const std::function<void(long, double)>& progress) {
    ScreenedInteriorPointResult out;
    const size_t m = q.m, n = q.y.size(), per_point = n / m;
    if (!screened(m, q.p, per_point == 2)) {
        out.method = whole(q, phase, progress);
        out.working_points = m;
        return out;
    }
    // 1. Every variable's reduced gradient estimated, g_v = y_v f(x_v) + l_v: from the smoothed
    // hinge's minimiser (C-SVC), or from a coarse fit, its C multiplied by the stride (epsilon-SVR).
    int steps = 0;
    double screen_margin = margin_given.value_or(kScreenMargin);
    std::vector<double> g;
    if (per_point == 1) {
        // Each level of the estimate is a phase of its own: its steps' cost and its measure's peak.
        const auto level = [&](size_t rows) {
            announce(phase,
                     rows == m ? std::string("Newton steps on the smoothed hinge")
                               : fmt::format("Newton steps on the smoothed hinge over {} of {} rows", rows, m),
                     "largest change of a decision value", kHingeSettled,
                     static_cast<long>(std::size(kHingeWidths)) - 1 + kHingeMaxSteps);
        };
        const HingeEstimate estimate = smoothed_hinge_estimate(q.phi, q.y, q.upper, q.linear, progress, level);
        out.hinge_steps = estimate.steps;
        g = reduced_gradients(q, estimate.w, estimate.bias);
        screen_margin = margin_given.value_or(kHingeScreenMargin);
    } else {
        std::vector<size_t> coarse_points;
        const size_t stride = screen_stride(m, q.p);
        for (size_t t = 0; t < m; t += stride) coarse_points.push_back(t);
        const Subproblem coarse =
            gather(q, coarse_points, static_cast<double>(m) / static_cast<double>(coarse_points.size()), {});
        const ScreenedInteriorPointResult first =
            solve(coarse.problem(), tolerance, margin_given, false, phase, progress);
        steps = first.method.steps;
        g = reduced_gradients(q, weight_vector(coarse.problem(), first.method.alpha), first.method.bias);
    }
    // 2. Hold the variables far from zero on their bound. The working set: every point with a free
    // variable, all its variables free; at least kMinWorkingPoints, the points nearest their
    // margins added first. A later round adds the points of the variables held wrongly and keeps
    // the rest as they were: the working set only grows, so the rounds cannot cycle. (Screening
    // again from the working set's gradients with a narrower margin, tried first, let the set
    // shrink and the violations stay: 614, 608, 306, 97 over four rounds on pairs at 50,000 rows.)
    const double margin = screen_margin * margin_unit(q);
    std::vector<Held> held(n);
    for (size_t v = 0; v < n; ++v)
        held[v] = g[v] > margin ? Held::at_zero : g[v] < -margin ? Held::at_upper : Held::free;
    std::vector<unsigned char> working(m, 0);
    for (size_t v = 0; v < n; ++v)
        if (held[v] == Held::free) working[v % m] = 1;
    {
        const size_t count = static_cast<size_t>(std::count(working.begin(), working.end(), 1));
        const size_t least = std::min(m, kMinWorkingPoints);
        if (count < least) {
            std::vector<std::pair<double, size_t>> nearest;
            for (size_t t = 0; t < m; ++t) {
                if (working[t] != 0) continue;
                double closest = std::abs(g[t]);
                for (size_t r = 1; r < per_point; ++r) closest = std::min(closest, std::abs(g[t + r * m]));
                nearest.emplace_back(closest, t);
            }
            std::nth_element(nearest.begin(), nearest.begin() + static_cast<std::ptrdiff_t>(least - count),
                             nearest.end());
            for (size_t i = 0; i < least - count; ++i) working[nearest[i].second] = 1;
        }
    }
    std::vector<double> alpha(n, 0.0);
    for (int round = 1;; ++round) {
        std::vector<size_t> points;
        for (size_t t = 0; t < m; ++t)
            if (working[t] != 0) points.push_back(t);
        double rhs = 0.0;
        for (size_t v = 0; v < n; ++v) {
            if (working[v % m] != 0) {
                held[v] = Held::free;
                alpha[v] = 0.0;
            } else {
                alpha[v] = held[v] == Held::at_upper ? q.upper[v] : 0.0;
                rhs -= q.y[v] * alpha[v];
            }
        }
        // The held variables' part of each working variable's gradient, y_v phi(x_v) . w_H, and of
        // the objective, 1/2 |w_H|^2 + l_H' a_H.
        InteriorPointOptions options;
        options.progress = progress;
        options.equality_rhs = rhs;
        options.whole_variables = n;
        const Eigen::VectorXd w_held = weight_vector(q, alpha);
        options.objective_offset = 0.5 * w_held.squaredNorm();
        for (size_t v = 0; v < n; ++v) options.objective_offset += q.linear[v] * alpha[v];
        const std::vector<double> s_held = scores(q, w_held);
        std::vector<double> shift(n);
        for (size_t v = 0; v < n; ++v) shift[v] = q.y[v] * s_held[v % m];
        Subproblem work = gather(q, points, 1.0, shift);
        announce(phase, fmt::format("interior-point steps on {} of {} rows", points.size(), m));
        InteriorPointResult fit =
            interior_point_dual(std::move(work.phi), work.m, work.p, work.y, work.upper, work.linear, options);
        steps += fit.steps;
        for (size_t r = 0; r < per_point; ++r)
            for (size_t j = 0; j < points.size(); ++j) alpha[points[j] + r * m] = fit.alpha[j + r * points.size()];
        out.working_points = points.size();
        out.rounds = round;
        // 3. The held variables against the working set's solution.
        g = reduced_gradients(q, weight_vector(q, alpha), fit.bias);
        size_t violations = 0;
        for (size_t v = 0; v < n; ++v) {
            const bool wrong = (held[v] == Held::at_zero && g[v] < -0.5 * tolerance) ||
                               (held[v] == Held::at_upper && g[v] > 0.5 * tolerance);
            if (wrong) {
                working[v % m] = 1;
                ++violations;
            }
        }
        fit.alpha = alpha;
        fit.steps = steps;
        out.method = std::move(fit);
        // 4. After the first round the working set's variables have their exact gradients: when only
        // a few held variables were wrong, the next set keeps of it only the points with a free
        // variable or one within kNarrowMargin of its margin, the rest held where this round put
        // them, and adds the violators' points (the next round's check covers the points let go,
        // and from then on the set only grows).
        if (exact && round == 1 && violations > 0 && violations * kFewViolations <= points.size()) {
            const double narrow = kNarrowMargin * margin_unit(q);
            std::vector<unsigned char> near(m, 0);
            for (size_t v = 0; v < n; ++v) {
                const bool free = alpha[v] > 0.0 && alpha[v] < q.upper[v];
                if (free || std::abs(g[v]) < narrow) near[v % m] = 1;
            }
            size_t kept = 0;
            for (size_t t = 0; t < m; ++t) kept += working[t] != 0 && near[t] != 0 ? 1 : 0;
            kept += violations;  // at most: a point may hold two
            if (2 * kept <= points.size() && kept >= std::min(m, kMinWorkingPoints)) {
                out.narrowed = true;
                for (size_t t : points) {
                    if (near[t] != 0) continue;
                    working[t] = 0;
                    for (size_t r = 0; r < per_point; ++r) {
                        const size_t v = t + r * m;
                        held[v] = alpha[v] > 0.0 ? Held::at_upper : Held::at_zero;
                    }
                }
            }
        }
        // More variables held wrongly than the working set holds: the estimate was poor, and the
        // rounds would grow the set towards the whole problem one Newton solve at a time. The
        // whole problem at once bounds the loss to the coarse fit and this round (with its features
        // stored; computed, the rounds go on).
        if (exact && round == 1 && violations > points.size() && q.phi.stored()) {
            out.method = whole(q, phase, progress);
            out.method.steps += steps;
            out.working_points = m;
            out.fell_back = true;
            break;
        }
        // A coarse fit only estimates: its first round is enough.
        if (!exact || violations == 0 || round == kScreenRounds) break;
    }
    return out;
}

}  // namespace

size_t screen_stride(size_t m, size_t p) {
    const auto most =
        static_cast<size_t>(static_cast<double>(m) / (kScreenPointsPerFunction * static_cast<double>(p)));
    return std::min(kScreenStride, most);
}

bool screened(size_t m, size_t p, bool regression) {
    if (!regression) return m >= kScreenMinPoints;
    // From kCoarseScreenMinPoints rows up to kScreenRegressionFunctions functions the coarse fit's
    // stride is at least 2 (20,000 / (50 * 100) = 4).
    return m >= kCoarseScreenMinPoints && p <= kScreenRegressionFunctions;
}

ScreenedInteriorPointResult screened_interior_point(const FeatureBlocks& phi, std::span<const double> y,
                                                    std::span<const double> upper, std::span<const double> linear,
                                                    double tolerance,
                                                    const std::function<void(const ProgressPhase&)>& phase,
                                                    const std::function<void(long, double)>& progress,
                                                    std::optional<double> margin) {
    if (!phi.stored() && (y.size() != phi.rows() || !screened(phi.rows(), phi.size())))
        throw ParameterError("screened_interior_point: features computed by blocks need a screened C-SVC");
    return solve(Problem{phi, phi.rows(), phi.size(), y, upper, linear}, tolerance, margin, true, phase, progress);
}

ScreenedInteriorPointResult screened_interior_point(std::span<const double> phi, size_t m, size_t p,
                                                    std::span<const double> y, std::span<const double> upper,
                                                    std::span<const double> linear, double tolerance,
                                                    const std::function<void(const ProgressPhase&)>& phase,
                                                    const std::function<void(long, double)>& progress,
                                                    std::optional<double> margin) {
    return screened_interior_point(FeatureBlocks(phi, m, p), y, upper, linear, tolerance, phase, progress, margin);
}

}  // namespace orca::training
