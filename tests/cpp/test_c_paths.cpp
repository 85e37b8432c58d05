// Fits along a path of C values (TrainOptions::nearby, the sweep's C paths): a fit that screens
// its rows from the previous C's model reaches the optimum a fit on its own reaches, for two
// classes, several, and a regression, and takes fewer Newton steps (it skips the coarse fit).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"
#include "orca/multiclass.hpp"
#include "orca/training.hpp"

using namespace orca;

namespace {

// Rows of d uniform features; classes from a smooth rule of the first three (three classes:
// its terciles), 10% of the labels redrawn; or a regression target with noise.
Dataset table(size_t rows, size_t d, size_t classes, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.2);
    Dataset ds;
    ds.source = "table";
    ds.cols = d;
    ds.rows = rows;
    ds.target_name = "y";
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("x" + std::to_string(j));
    for (size_t r = 0; r < rows; ++r) {
        for (size_t j = 0; j < d; ++j) ds.X.push_back(u(rng));
        const double* x = &ds.X[r * d];
        const double rule = std::sin(2.0 * x[0]) + 0.8 * x[1] * x[1] - 0.5 * x[2] - 0.25;
        if (classes == 0) {
            ds.target.push_back(std::to_string(rule + noise(rng)));
            continue;
        }
        size_t label = classes == 2 ? (rule > 0.0 ? 1 : 0) : (rule < -0.3 ? 0 : rule < 0.3 ? 1 : 2);
        if (u(rng) > 0.8) label = static_cast<size_t>(u(rng) > 0.0) + (classes == 3 && u(rng) > 0.3 ? 1 : 0);
        ds.target.push_back(std::to_string(label));
    }
    return ds;
}

TrainOptions additive(double C, Task task = Task::classification) {
    TrainOptions o;
    o.task = task;
    o.spec.degrees = {3};
    o.spec.max_order = 1;
    o.C = C;
    return o;
}

// The largest difference of the two models' machine decision values over the training rows,
// in units of the first one's range.
double relative_difference(const Model& a, const Model& b, const Dataset& data) {
    const auto points = a.scaled_rows(data.X, data.rows, OutOfRange::clip, data.source);
    const auto ga = machine_decisions(a, points, data.rows), gb = machine_decisions(b, points, data.rows);
    double lo = ga[0], hi = ga[0], most = 0.0;
    for (size_t i = 0; i < ga.size(); ++i) {
        lo = std::min(lo, ga[i]);
        hi = std::max(hi, ga[i]);
        most = std::max(most, std::abs(ga[i] - gb[i]));
    }
    return most / (hi - lo);
}

// The fit at C alone and from the model at C / 10: the same optimum (objectives within the
// solvers' tolerance, decisions within 1e-3 of their range).
void expect_path_step_equals_fit(const Dataset& data, TrainOptions options) {
    TrainOptions before = options;
    before.C = options.C / 10.0;
    const Model previous = train_model(data, before);
    const Model alone = train_model(data, options);
    options.nearby = &previous;
    const Model warm = train_model(data, options);
    EXPECT_TRUE(warm.summary.converged);
    EXPECT_NEAR(warm.summary.objective, alone.summary.objective, 1e-4 * std::abs(alone.summary.objective));
    EXPECT_LT(relative_difference(alone, warm, data), 1e-3);
}

}  // namespace

TEST(CPaths, ATwoClassFitFromThePreviousCReachesTheSameOptimum) {
    expect_path_step_equals_fit(table(30000, 5, 2, 1u), additive(10.0));
}

TEST(CPaths, EachMachineOfSeveralClassesStartsFromItsOwnPredecessor) {
    // One-vs-rest: three machines on every row; one-vs-one: three on two classes' rows each.
    const Dataset data = table(36000, 4, 3, 2u);
    TrainOptions o = additive(1.0);
    o.multi_class = MultiClass::ovr;
    expect_path_step_equals_fit(data, o);
    o.multi_class = MultiClass::ovo;
    expect_path_step_equals_fit(data, o);
}

TEST(CPaths, ARegressionScreensInTheUnitsItIsTrainedIn) {
    // The target is standardized for training: the previous model's decision values (in the
    // target's units) are brought to the same units, or its screen would misjudge the bounds.
    Dataset data = table(30000, 5, 0, 3u);
    for (auto& cell : data.target) cell = std::to_string(50.0 + 20.0 * std::stod(cell));
    expect_path_step_equals_fit(data, additive(10.0, Task::regression));
}

TEST(CPaths, ANearbyModelWithOtherMachinesIsRefused) {
    const Dataset two = table(200, 3, 2, 4u), three = table(200, 3, 3, 4u);
    const Model previous = train_model(two, additive(1.0));
    TrainOptions o = additive(1.0);
    o.nearby = &previous;
    o.multi_class = MultiClass::ovr;
    EXPECT_THROW((void)train_model(three, o), ParameterError);
}

TEST(CPaths, ASweepAlongCScoresAsItsSettingsSweptOneByOne) {
    // Folds of 20,000 rows: every fit after a path's first is screened from its predecessor.
    const Dataset data = table(40000, 4, 2, 5u);
    SweepOptions options;
    options.folds = 2;
    std::vector<Setting> settings;
    for (double C : {100.0, 0.1, 1.0}) {  // out of order: each path runs in increasing C
        Setting s;
        s.spec.degrees = {3};
        s.spec.max_order = 1;
        s.C = C;
        settings.push_back(s);
    }
    const SweepResult path = sweep(data, settings, options);
    ASSERT_EQ(path.rows.size(), settings.size());
    for (size_t s = 0; s < settings.size(); ++s) {
        const SweepResult alone = sweep(data, {settings[s]}, options);
        EXPECT_EQ(path.rows[s].setting.C, settings[s].C);
        for (size_t k = 0; k < options.folds; ++k)
            EXPECT_NEAR(path.rows[s].fold_accuracy[k], alone.rows[0].fold_accuracy[k], 2e-4) << settings[s].label();
        EXPECT_NEAR(path.rows[s].train_accuracy, alone.rows[0].train_accuracy, 2e-4);
        EXPECT_TRUE(path.rows[s].converged);
    }
}
