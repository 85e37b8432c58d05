#pragma once
// Watches a solver's progress reports (iterations, largest KKT violation) and tells the user how
// long is left and whether training has stopped making progress, with the numbers. Shared by the
// CLI's progress line and Python's verbose fits. The solver itself is not changed by it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "orca/train_options.hpp"

namespace orca {

class TrainingMonitor {
  public:
    // tolerance: the stopping threshold on the violation; window: iterations over which no
    // improvement of the best violation by 10% counts as stagnation (0: never, for routes other
    // than SMO). phase: what the reports count and measure.
    explicit TrainingMonitor(double tolerance, long window = 200000, ProgressPhase phase = {});

    // Records one report (elapsed: seconds since training started).
    void record(long iterations, double violation, double elapsed);

    // Seconds to go, from the rate at which log(violation) fell over the recent reports and the
    // time per iteration; none while the rate cannot be estimated (too few reports, no decrease).
    [[nodiscard]] std::optional<double> seconds_to_go() const;

    // True once the best violation has not improved by 10% over the last `window` iterations.
    [[nodiscard]] bool stagnating() const;

    // The progress line's text: "N iterations, largest KKT violation v (tolerance t), about T s to
    // go" (another route's counts and measure in its phase), or "...: no progress over the last W"
    // when stagnating. About 100 characters at most (the stagnating line 80), said once a second.
    [[nodiscard]] std::string line() const;

    // When stagnating, what that means and what to change, in lines of at most 80 characters
    // ("" otherwise); watch_training shows it once a fit.
    [[nodiscard]] std::string advice() const;

  private:
    struct Report {
        long iterations;
        double violation, elapsed;
    };
    double tolerance_;
    long window_;
    ProgressPhase phase_;
    std::vector<Report> reports_;
};

// "about 40 s to go", "about 6.5 min to go", "about 2.1 h to go".
[[nodiscard]] std::string time_to_go(double seconds);

// Wires a progress display into training: every solver report is recorded in a TrainingMonitor,
// and at most once a second `show` receives "<label>: <line>" ("<label> (<stage>): ..." once
// training has named its stage); each new stage (the next machine) is watched afresh.
// first_at_once: show the first report at once rather than after a second.
void watch_training(TrainOptions& options, const std::string& label, std::function<void(const std::string&)> show,
                    bool first_at_once);

}  // namespace orca
