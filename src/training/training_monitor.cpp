#include "orca/training_monitor.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

namespace orca {

TrainingMonitor::TrainingMonitor(double tolerance, long window, ProgressPhase phase)
    : tolerance_(tolerance), window_(window), phase_(std::move(phase)) {}

void TrainingMonitor::record(long iterations, double violation, double elapsed) {
    if (!(violation > 0.0) || !std::isfinite(violation)) return;
    reports_.push_back({iterations, violation, elapsed});
}

std::optional<double> TrainingMonitor::seconds_to_go() const {
    // A least-squares line through log(violation) against iterations over the last half of the
    // reports (SMO's violation falls roughly geometrically once it settles, noisily before).
    if (reports_.size() < 4) return std::nullopt;
    const size_t first = reports_.size() / 2;
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t k = first; k < reports_.size(); ++k) {
        const double x = static_cast<double>(reports_[k].iterations), y = std::log(reports_[k].violation);
        n += 1;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    const double denominator = n * sxx - sx * sx;
    if (!(denominator > 0)) return std::nullopt;
    const double slope = (n * sxy - sx * sy) / denominator;  // d log(violation) / d iteration
    if (!(slope < 0)) return std::nullopt;
    const Report& last = reports_.back();
    const double remaining = std::max(0.0, (std::log(last.violation) - std::log(tolerance_)) / -slope);
    const Report& start = reports_[first];
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
    std::string text = fmt::format("{} {}, {} {:.3g} (tolerance {:.3g})", last.iterations, phase_.counts,
                                   phase_.measure, last.violation, tolerance_);
    if (stagnating()) {
        double low = INFINITY, high = 0;
        for (const auto& r : reports_)
            if (r.iterations > last.iterations - window_) {
                low = std::min(low, r.violation);
                high = std::max(high, r.violation);
            }
        text += fmt::format(
            "; no progress over the last {} iterations (violation between {:.3g} and {:.3g}): the problem is "
            "ill-conditioned at this C; a C 10 to 100 times smaller (C is relative to the kernel's scale, its mean "
            "K(x, x)), a lower degree or max order, or a looser tolerance converges faster, and max_iter caps the wait",
            window_, low, high);
    } else if (const auto eta = seconds_to_go()) {
        text += *eta < 1e6 ? fmt::format(", about {:.0f} s to go", *eta) : ", far from converging at this rate";
    }
    return text;
}

void watch_training(TrainOptions& options, const std::string& label, std::function<void(const std::string&)> show,
                    bool first_at_once) {
    using Clock = std::chrono::steady_clock;
    struct State {
        TrainingMonitor monitor;
        std::string label, stage;
        std::function<void(const std::string&)> show;
        Clock::time_point start, last;
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
