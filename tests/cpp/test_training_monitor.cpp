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

TEST(TrainingMonitor, ABoundedPhaseNeverPromisesMoreThanItsCountsLeft) {
    // The smoothed hinge's largest change of a decision value on its coarse level (62,500 of
    // 1,000,000 rows of pairs of 30 features, the progress lines of a real fit, about 1.3 s a step):
    // it hovers near 10 for 45 steps and then falls, reaching the tolerance 1e-3 at step 66. Fitted
    // as a geometric decrease it said 74 min to go at step 30, 40 s before the end. With the level's
    // bound (2 wider widths + 100 steps at the last), no estimate of the end passes 102 steps, and
    // every one lies within a factor of 5 of the end.
    const std::vector<std::pair<long, double>> reports = {
        {1, 4.62},   {2, 47.6},   {3, 7.76},   {4, 8.81},   {5, 9.58},   {6, 7.83},   {7, 14.5},   {8, 14.8},
        {9, 9.69},   {10, 11.5},  {11, 10.2},  {12, 39.5},  {13, 12.9},  {14, 21.1},  {15, 10.5},  {16, 9.91},
        {17, 11.8},  {18, 16.5},  {19, 12.8},  {20, 23.6},  {21, 23.2},  {22, 10.8},  {23, 7.74},  {24, 10.3},
        {25, 21.7},  {26, 9.19},  {27, 9.11},  {28, 29.7},  {29, 7.89},  {30, 8.93},  {31, 5.71},  {32, 9.42},
        {33, 5.27},  {34, 3.27},  {35, 13.2},  {36, 6.03},  {37, 16.5},  {38, 9.58},  {39, 2.87},  {40, 5.38},
        {41, 10},    {42, 10.4},  {43, 2.53},  {44, 6.83},  {45, 5.74},  {46, 4.95},  {47, 3.02},  {48, 1.93},
        {49, 3.11},  {50, 0.997}, {51, 3.68},  {52, 2.16},  {53, 1.62},  {54, 0.813}, {55, 1.3},   {56, 0.296},
        {58, 0.88},  {59, 1.59},  {60, 0.806}, {61, 0.134}, {63, 0.402}, {65, 0.00574}};
    const double per_step = 1.3, end = 66 * per_step;
    const orca::ProgressPhase unbounded{"Newton steps on the smoothed hinge", "largest change of a decision value",
                                        1e-3, true};
    orca::ProgressPhase bounded = unbounded;
    bounded.most = 102;
    TrainingMonitor free_running(1e-3, 0, unbounded), capped(1e-3, 0, bounded);
    double worst_free = 0, worst_capped = 0, least_capped = INFINITY;  // estimates of the end
    for (const auto& [step, change] : reports) {
        free_running.record(step, change, x(step) * per_step);
        capped.record(step, change, x(step) * per_step);
        if (const auto eta = free_running.seconds_to_go()) worst_free = std::max(worst_free, *eta + x(step) * per_step);
        if (const auto eta = capped.seconds_to_go()) {
            EXPECT_LE(*eta + x(step) * per_step, 102 * per_step * (1 + 1e-12)) << step;
            worst_capped = std::max(worst_capped, *eta + x(step) * per_step);
            least_capped = std::min(least_capped, *eta + x(step) * per_step);
        }
    }
    EXPECT_GT(worst_free, 10 * end);   // what the bound is for
    EXPECT_LT(worst_capped, 2 * end);  // 102 of 66 steps at the most
    EXPECT_GT(worst_capped, end);
    EXPECT_GT(least_capped, end / 5);  // the first estimates, from a few steps: 18.7 s
}
