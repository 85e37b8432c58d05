// The progress monitor's estimates on report sequences whose answer is known.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "orca/training_monitor.hpp"

using orca::TrainingMonitor;

namespace {
double x(long k) {
    return static_cast<double>(k);
}
}  // namespace

TEST(TrainingMonitor, EstimatesTheTimeToGoOfAGeometricDecrease) {
    // violation = 10 * exp(-k / 10000) at 1 ms per iteration: it reaches 1e-3 at k = 10000 ln(1e4).
    TrainingMonitor m(1e-3, 1000000);
    for (long k = 10000; k <= 50000; k += 10000) m.record(k, 10.0 * std::exp(-x(k) / 10000.0), x(k) * 1e-3);
    const auto eta = m.seconds_to_go();
    ASSERT_TRUE(eta.has_value());
    const double expected = (10000.0 * std::log(1e4) - 50000.0) * 1e-3;
    EXPECT_NEAR(*eta, expected, 1e-6 * expected);
    EXPECT_FALSE(m.stagnating());
    EXPECT_NE(m.line().find("s to go"), std::string::npos) << m.line();
    EXPECT_LE(m.line().size(), 100u) << m.line();
}

TEST(TrainingMonitor, TheTimeToGoOfANoisyDecreaseStaysWithinAFactorOfTwo) {
    // SMO's violation jumps by factors of ten between reports. Here: 10 exp(-k / 10000) times a
    // deterministic factor between e^-2.3 and e^2.3, reported every 1,000 iterations at 1 ms an
    // iteration; the trend reaches 1e-3 at k = 10000 ln(1e4), after 92.1 s.
    TrainingMonitor m(1e-3, 1000000);
    const double end = 10000.0 * std::log(1e4) * 1e-3;
    double lowest = INFINITY, highest = 0;
    for (long k = 1000; k <= 90000; k += 1000) {
        const double noise = 2.3 * std::sin(x(k) * 0.7) * std::cos(x(k) * 0.013);
        m.record(k, 10.0 * std::exp(-x(k) / 10000.0 + noise), x(k) * 1e-3);
        if (k < 10000) continue;  // ten reports first
        const auto eta = m.seconds_to_go();
        ASSERT_TRUE(eta.has_value()) << k;
        lowest = std::min(lowest, *eta + x(k) * 1e-3);
        highest = std::max(highest, *eta + x(k) * 1e-3);
    }
    EXPECT_GT(lowest, end / 2);
    EXPECT_LT(highest, end * 2);
}

TEST(TrainingMonitor, TimeToGoIsWrittenInTheLargestUnitThatKeepsTwoFigures) {
    EXPECT_EQ(orca::time_to_go(0.2), "about 1 s to go");
    EXPECT_EQ(orca::time_to_go(42.4), "about 42 s to go");
    EXPECT_EQ(orca::time_to_go(390), "about 6.5 min to go");
    EXPECT_EQ(orca::time_to_go(7560), "about 2.1 h to go");
}

TEST(TrainingMonitor, SaysWhenTheViolationStopsFalling) {
    TrainingMonitor m(1e-3, 100000);
    // Falls to 10 over the first 100,000 iterations, then wanders between 10 and 19.
    for (long k = 10000; k <= 100000; k += 10000) m.record(k, 1000.0 / (x(k) / 10000.0), x(k) * 1e-3);
    EXPECT_FALSE(m.stagnating());
    for (long k = 110000; k <= 320000; k += 10000)
        m.record(k, 10.0 + 9.0 * std::abs(std::sin(x(k) / 7000.0)), x(k) * 1e-3);
    EXPECT_TRUE(m.stagnating());
    const std::string line = m.line(), advice = m.advice();
    EXPECT_EQ(line, "320000 iterations, largest KKT violation " + fmt::format("{:.3g}", 10.0 + 9.0 * std::abs(std::sin(320000.0 / 7000.0))) +
                        ": no progress over the last 100000");
    EXPECT_LE(line.size(), 80u);
    EXPECT_NE(advice.find("C 10 to 100 times smaller"), std::string::npos) << advice;
    EXPECT_NE(advice.find("(tolerance 0.001)"), std::string::npos) << advice;
    for (size_t at = 0, next; at < advice.size(); at = next + 1) {  // every line fits 80 columns
        next = std::min(advice.find('\n', at), advice.size());
        EXPECT_LE(next - at, 80u) << advice.substr(at, next - at);
    }
}

TEST(TrainingMonitor, GivesNoEstimateWithoutEnoughReportsOrWithoutDecrease) {
    TrainingMonitor m(1e-3);
    m.record(10000, 5.0, 1.0);
    m.record(20000, 4.0, 2.0);
    EXPECT_FALSE(m.seconds_to_go().has_value());
    for (long k = 30000; k <= 80000; k += 10000) m.record(k, 4.0 + (k % 20000 == 0 ? 1.0 : 0.0), x(k) * 1e-4);
    EXPECT_FALSE(m.seconds_to_go().has_value());  // flat: no rate to extrapolate
}

TEST(TrainingMonitor, OtherRoutesSayWhatTheyCountAndNeverClaimStagnation) {
    // The interior-point route's phase: steps and its duality measure, down to its own target;
    // the estimate follows that target, and a flat stretch is no SMO stagnation (window 0).
    TrainingMonitor m(1e-9, 0, orca::ProgressPhase{"interior-point steps", "relative duality measure", 1e-9});
    for (long k = 1; k <= 8; ++k) m.record(k, std::pow(10.0, -static_cast<double>(k)), x(k) * 0.5);
    const auto eta = m.seconds_to_go();
    ASSERT_TRUE(eta.has_value());
    EXPECT_NEAR(*eta, 0.5, 1e-9);  // one more step to 1e-9 at half a second a step
    EXPECT_EQ(m.line().rfind("8 interior-point steps, relative duality measure 1e-08 (tolerance 1e-09)", 0), 0u)
        << m.line();
    for (long k = 9; k < 500000; k += 1000) m.record(k, 1e-8, x(k));
    EXPECT_FALSE(m.stagnating());
}

TEST(TrainingMonitor, AMeasureThatRisesFirstIsEstimatedFromItsPeak) {
    // The relative duality measure of a real interior-point fit (50,000 rows, 436 functions, every
    // third step as it was printed, 0.2 s a step): it rises from 7.7e-5 to 0.45 over 17 steps, then
    // falls to 4.8e-8 at step 35 and below its target 1e-9 at step 36, after 7.2 s. A line through
    // the rise and the fall together put the end at 4.9 min; from the peak on, every estimate of
    // the end stays within a factor of 2.5 of it, and none is given while the measure still rises.
    const std::vector<std::pair<long, double>> reports = {
        {2, 7.67e-05}, {5, 0.000401}, {8, 0.00151}, {11, 0.00491}, {14, 0.0226}, {17, 0.448},
        {20, 0.138},   {23, 0.0711},  {26, 0.0297}, {29, 0.0046},  {32, 0.000218}, {35, 4.79e-08}};
    TrainingMonitor m(1e-9, 0, orca::ProgressPhase{"interior-point steps", "relative duality measure", 1e-9, true});
    const double end = 36 * 0.2;
    int estimates = 0;
    for (const auto& [step, measure] : reports) {
        m.record(step, measure, x(step) * 0.2);
        const auto eta = m.seconds_to_go();
        if (step <= 20) {
            EXPECT_FALSE(eta.has_value()) << step;  // rising, or fewer than 3 reports from the peak
            continue;
        }
        ASSERT_TRUE(eta.has_value()) << step;
        EXPECT_GT(*eta + x(step) * 0.2, end / 2.5) << step;
        EXPECT_LT(*eta + x(step) * 0.2, end * 2.5) << step;
        ++estimates;
    }
    EXPECT_EQ(estimates, 5);
}
