#include "orca/training_monitor.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <span>

namespace orca {

TrainingMonitor::TrainingMonitor(double tolerance, long window, ProgressPhase phase)
    : tolerance_(tolerance), window_(window), phase_(std::move(phase)) {}

void TrainingMonitor::record(long iterations, double violation, double elapsed) {
    if (!(violation > 0.0) || !std::isfinite(violation)) return;
    reports_.push_back({iterations, violation, elapsed});
}

std::optional<double> TrainingMonitor::seconds_to_go() const {
    // A least-squares line through log(violation) against iterations over every report, and the
    // distance from the line's end (not the last, noisy report) to the tolerance. SMO's violation
    // falls roughly geometrically but jumps by factors of ten between reports: a line through the
    // last half alone, ending at the last report, gave estimates from 374 s to 323,748 s in one
    // fit; over a noisy decrease with a known end this one stays within a factor of 2 of it
    // (test_training_monitor).
    //
    // A measure that rises first (the interior-point method's) is fitted from its last peak on: a
    // line through its rise and fall together said 4.9 min to go when 0.2 s were left.
    if (reports_.size() < 4) return std::nullopt;
    auto first = reports_.begin();
    if (phase_.rises_first)
        for (auto it = reports_.begin(); it != reports_.end(); ++it)
            if (it->violation >= first->violation) first = it;
    const std::span<const Report> fitted(first, reports_.end());
    if (fitted.size() < 3) return std::nullopt;
    const double n = static_cast<double>(fitted.size());
    double mx = 0, my = 0;
    for (const Report& r : fitted) {
        mx += static_cast<double>(r.iterations) / n;
        my += std::log(r.violation) / n;
    }
    double sxx = 0, sxy = 0;
    for (const Report& r : fitted) {
        const double dx = static_cast<double>(r.iterations) - mx;
        sxx += dx * dx;
        sxy += dx * (std::log(r.violation) - my);
    }
    if (!(sxx > 0)) return std::nullopt;
    const double slope = sxy / sxx;  // d log(violation) / d iteration
    if (!(slope < 0)) return std::nullopt;
    const Report& last = reports_.back();
    const double fitted_end = my + slope * (static_cast<double>(last.iterations) - mx);
    double remaining = std::max(0.0, (fitted_end - std::log(tolerance_)) / -slope);
    if (phase_.most > 0)
        remaining = std::min(remaining, std::max(0.0, static_cast<double>(reports_.front().iterations +
                                                                          phase_.most - 1 - last.iterations)));
    const Report& start = reports_.front();
    const double per_iteration =
        (last.elapsed - start.elapsed) / static_cast<double>(last.iterations - start.iterations);
    if (!(per_iteration > 0) || !std::isfinite(remaining * per_iteration)) return std::nullopt;
    return remaining * per_iteration;
}

bool TrainingMonitor::stagnating() const {
    if (window_ <= 0 || reports_.empty() || reports_.back().iterations < 2 * window_) return false;
    const long cut = reports_.back().iterations - window_;
    double before = INFINITY, recent = INFINITY;  // the best violation before and within the window
    for (const auto& r : reports_) {
        double& best = r.iterations <= cut ? before : recent;
        best = std::min(best, r.violation);
    }
    return recent > 0.9 * before;
}

std::string TrainingMonitor::line() const {
    if (reports_.empty()) return "";
    const Report& last = reports_.back();
    // Short: the line is repeated; what stagnation means is said once, by advice().
    if (stagnating())
        return fmt::format("{} {}, {} {:.3g}: no progress over the last {}", last.iterations, phase_.counts,
                           phase_.measure, last.violation, window_);
    std::string text = fmt::format("{} {}, {} {:.3g} (tolerance {:.3g})", last.iterations, phase_.counts,
                                   phase_.measure, last.violation, tolerance_);
    if (const auto eta = seconds_to_go()) text += *eta < 1e6 ? ", " + time_to_go(*eta) : ", far from converging";
    return text;
}

std::string TrainingMonitor::advice() const {
    if (!stagnating()) return "";
    const long since = reports_.back().iterations - window_;
    double low = INFINITY, high = 0;
    for (const auto& r : reports_)
        if (r.iterations > since) {
            low = std::min(low, r.violation);
            high = std::max(high, r.violation);
        }
    return fmt::format(
        "the violation has stayed between {:.3g} and {:.3g} (tolerance {:.3g}): the problem\n"
        "is ill-conditioned at this C. A C 10 to 100 times smaller (C is relative to the\n"
        "mean K(x, x)), a lower degree or max order, or a looser tolerance converges\n"
        "faster; max_iter caps the wait.",
        low, high, tolerance_);
}

std::string time_to_go(double seconds) {
    // Two significant figures in the largest unit that keeps them: the estimate is not finer.
    if (seconds < 90) return fmt::format("about {:.0f} s to go", std::max(1.0, seconds));
    if (seconds < 90 * 60) return fmt::format("about {:.2g} min to go", seconds / 60);
    return fmt::format("about {:.2g} h to go", seconds / 3600);
}

void watch_training(TrainOptions& options, const std::string& label, std::function<void(const std::string&)> show,
                    bool first_at_once) {
    using Clock = std::chrono::steady_clock;
    struct State {
        TrainingMonitor monitor;
        std::string label, stage;
        std::function<void(const std::string&)> show;
        Clock::time_point start, last;
        bool advised = false;  // the stagnation advice is given once a fit
    };
    const Clock::time_point now = Clock::now();
    auto state = std::make_shared<State>(State{TrainingMonitor(options.solver.tolerance), label, "", std::move(show),
                                               now, first_at_once ? Clock::time_point{} : now});
    const double tolerance = options.solver.tolerance;
    options.solver.progress = [state](long iterations, double violation) {
        const auto at = Clock::now();
        state->monitor.record(iterations, violation, std::chrono::duration<double>(at - state->start).count());
        if (at - state->last < std::chrono::seconds(1)) return;
        state->last = at;
        state->show(state->label + (state->stage.empty() ? "" : " (" + state->stage + ")") + ": " +
                    state->monitor.line());
        if (const std::string advice = state->monitor.advice(); !advice.empty() && !state->advised) {
            state->advised = true;
            state->show(advice);
        }
    };
    // Each route announces what it counts and measures; a new phase is watched afresh.
    options.solver.phase = [state](const ProgressPhase& phase) {
        const bool smo = phase.counts == ProgressPhase{}.counts;
        state->monitor = TrainingMonitor(phase.target, smo ? 200000 : 0, phase);
        state->start = Clock::now();
    };
    options.stage = [state, tolerance](const std::string& text) {
        state->stage = text;
        state->monitor = TrainingMonitor(tolerance);
        state->start = Clock::now();
    };
}

}  // namespace orca
