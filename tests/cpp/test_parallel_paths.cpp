// Every parallel path of the engine on data large enough that its loops are really shared out
// (each case checks that the thread team ran loops with workers): SMO on kernel rows, the
// interior-point route, coordinate descent in the feature space, computed features, a Dask driver's
// features, one-vs-one and one-vs-rest machines with Platt's folds, epsilon-SVR,
// prediction, explanations, both analysis algorithms and a sweep. Each gives the same result bit
// for bit on one thread and on four. The ThreadSanitizer build (make test-tsan) runs this file
// to find data races in these paths, not only in the team's own tests.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "orca/dataset.hpp"
#include "orca/diagnostics.hpp"
#include "orca/explain.hpp"
#include "orca/feature_space.hpp"
#include "orca/model.hpp"
#include "orca/model_analysis.hpp"
#include "orca/model_io.hpp"
#include "orca/okc_format.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "parallel/work_team.hpp"
#include "training/blocked_cholesky.hpp"
#include "training/feature_rows.hpp"
#include "training/interior_point.hpp"
#include "training/screened_interior_point.hpp"
#include "test_helpers.hpp"
#include "thread_limit.hpp"

namespace {

using orca::test::ThreadLimit;

enum class Target { two_classes, three_classes, regression };

// m rows of d features uniform in [-1, 1] and a smooth target with noise.
orca::Dataset table(size_t m, size_t d, Target target, unsigned seed) {
    orca::Dataset data;
    data.source = "parallel-paths";
    data.rows = m;
    data.cols = d;
    for (size_t j = 0; j < d; ++j) data.feature_names.push_back("x" + std::to_string(j));
    data.target_name = "y";
    data.X = orca::test::uniform_points(m, d, seed);
    const std::vector<double> noise = orca::test::uniform_points(m, 1, seed + 1, -0.3, 0.3);
    for (size_t r = 0; r < m; ++r) {
        const double* x = &data.X[r * d];
        const double f = std::sin(2.0 * x[0]) + x[1] * x[2] - 0.5 * x[d - 1] * x[d - 1] + noise[r];
        if (target == Target::two_classes) {
            data.target.emplace_back(f > 0.0 ? "yes" : "no");
        } else if (target == Target::three_classes) {
            data.target.emplace_back(f < -0.3 ? "low" : (f < 0.4 ? "mid" : "high"));
        } else {
            char text[32];
            std::snprintf(text, sizeof text, "%.17g", f);
            data.target.emplace_back(text);
        }
    }
    return data;
}

// Two classes of m points in d >= 5 features: a smooth rule of four features against a fast wiggle
// of the fifth.
std::vector<double> wavy_classes(const std::vector<double>& points, size_t m, size_t d) {
    std::vector<double> y(m);
    for (size_t t = 0; t < m; ++t) {
        const double* x = &points[t * d];
        y[t] = std::sin(2.0 * x[0]) + x[1] * x[2] - 0.3 * x[3] > 0.1 * std::cos(40.0 * x[4]) ? 1.0 : -1.0;
    }
    return y;
}

// Main effects and pairs of d features at degree 3.
orca::Basis pairs_of(size_t d) {
    return orca::Basis(orca::FamilySpec::make("legendre"), orca::Measure::probability, std::vector<int>(d, 3), 2);
}

// Runs `work` on one thread and on four and returns both results; fails unless the four-thread
// run shared loops out to the team's workers.
template <class Result>
std::pair<Result, Result> on_one_and_four_threads(const std::function<Result()>& work) {
    Result one;
    {
        const ThreadLimit limit(1);
        one = work();
    }
    const size_t before = orca::parallel::testing::shared_loops();
    Result four;
    {
        const ThreadLimit limit(4);
        four = work();
    }
    EXPECT_GT(orca::parallel::testing::shared_loops(), before) << "no loop of this path ran on several threads";
    return {std::move(one), std::move(four)};
}

orca::TrainOptions options_for(int degree, int max_order, double C) {
    orca::TrainOptions o;
    o.spec.degrees = {degree};
    o.spec.max_order = max_order;
    o.C = C;
    return o;
}

// Fits on one thread and on four, expects the same model file, and returns the model.
orca::Model expect_same_fit(const orca::Dataset& data, const orca::TrainOptions& options) {
    const auto [one, four] = on_one_and_four_threads<orca::Model>([&] { return orca::train_model(data, options); });
    EXPECT_EQ(orca::model_to_json(one), orca::model_to_json(four));
    return four;
}

}  // namespace

TEST(ParallelPaths, SmoOnKernelRows) {
    // The full tensor product of 4 features at degree 4 (625 functions): SMO on kernel rows.
    const orca::Dataset data = table(4000, 4, Target::two_classes, 3);
    orca::TrainOptions o = options_for(4, 0, 0.05);
    o.solver.route = orca::DualRoute::kernel_rows;  // 4,000 rows would take the explicit features
    const orca::Model model = expect_same_fit(data, o);
    EXPECT_EQ(model.summary.interior_point_steps, 0);
    EXPECT_GT(model.summary.iterations, 100);
}

TEST(ParallelPaths, InteriorPointRoute) {
    // An additive basis at large C: the interior-point route, certified by SMO.
    const orca::Dataset data = table(4000, 6, Target::two_classes, 5);
    const orca::Model model = expect_same_fit(data, options_for(3, 1, 1000.0));
    EXPECT_GT(model.summary.interior_point_steps, 0);
}

TEST(ParallelPaths, ScreenedInteriorPointRoute) {
    // 20,000 rows of an additive basis: the smoothed hinge's estimate from every row, then the
    // interior-point method on the working set it leaves (training/screened_interior_point.hpp),
    // certified by SMO.
    const orca::Dataset data = table(20000, 4, Target::two_classes, 23);
    const orca::Model model = expect_same_fit(data, options_for(2, 1, 1.0));
    EXPECT_GT(model.summary.interior_point_steps, 0);
}

TEST(ParallelPaths, ScreenedInteriorPointOnFeaturesComputedByBlocks) {
    // The route's form for features that do not fit in memory: the smoothed hinge's passes, the
    // screen and the checks read blocks of rows computed by each lane of the team.
    const size_t m = 8000, d = 5;
    const std::vector<double> points = orca::test::uniform_points(m, d, 41);
    const std::vector<double> y = wavy_classes(points, m, d), upper(m, 1.0), linear(m, -1.0);
    const orca::training::FeatureRows computed(pairs_of(d), points, m, false);
    const auto [one, four] = on_one_and_four_threads<orca::training::ScreenedInteriorPointResult>([&] {
        return orca::training::screened_interior_point(orca::training::FeatureBlocks(computed), y, upper, linear,
                                                       1e-3);
    });
    EXPECT_GT(four.hinge_steps, 0);
    EXPECT_GE(four.rounds, 1);
    EXPECT_EQ(one.method.alpha, four.method.alpha);
    EXPECT_EQ(one.method.bias, four.method.bias);
}

TEST(ParallelPaths, FeatureSpaceCoordinateDescent) {
    // epsilon-SVR on 1,500 rows with 64 functions: coordinate descent in the feature space (its
    // features formed on the team), certified by SMO through them. At C = 0.1 the descent converges
    // by itself (under ThreadSanitizer in seconds; at C = 1 it ran into its cap of passes and SMO
    // finished, 150 s there).
    const orca::Dataset data = table(1500, 3, Target::regression, 13);
    orca::TrainOptions o = options_for(3, 0, 0.1);
    o.task = orca::Task::regression;
    o.epsilon = 0.25;
    o.solver.route = orca::DualRoute::feature_space;  // the automatic route is the interior-point method
    const orca::Model model = expect_same_fit(data, o);
    EXPECT_GT(model.summary.feature_space_passes, 0);
    EXPECT_EQ(model.summary.iterations, 0);  // SMO found nothing left to do
}

TEST(ParallelPaths, RegressionInteriorPointRoute) {
    // epsilon-SVR's 2m variables folded onto the points' rows in each Newton step (the automatic
    // route for these rows), certified by SMO through the features.
    const orca::Dataset data = table(4000, 4, Target::regression, 19);
    orca::TrainOptions o = options_for(3, 2, 10.0);
    o.task = orca::Task::regression;
    o.epsilon = 0.1;
    const orca::Model model = expect_same_fit(data, o);
    EXPECT_GT(model.summary.interior_point_steps, 0);
}

TEST(ParallelPaths, ComputedFeaturesCombined) {
    // Features too many to store are computed again per row; K coef sums them per chunk.
    const size_t m = 6000;
    const std::vector<double> points = orca::test::uniform_points(m, 5, 17u);
    const orca::Basis basis(orca::FamilySpec::make("legendre"), orca::Measure::probability, std::vector<int>(5, 3), 2);
    const orca::training::FeatureRows features(basis, points, m, false);
    std::vector<double> coef(m);
    for (size_t t = 0; t < m; ++t) coef[t] = std::cos(static_cast<double>(t));
    const auto [one, four] = on_one_and_four_threads<std::vector<double>>([&] {
        std::vector<double> out(m);
        features.combine(coef, out.data());
        return out;
    });
    EXPECT_EQ(one, four);
}

TEST(ParallelPaths, FeatureSpaceOfADaskDriver) {
    // The explicit features of a block of rows, as a Dask worker asks for them (FeatureSpace).
    const orca::Dataset data = table(6000, 5, Target::two_classes, 19);
    orca::ColumnStatistics stats;
    stats.min.assign(5, -1.0), stats.max.assign(5, 1.0), stats.mean.assign(5, 0.0), stats.sd.assign(5, 0.5);
    stats.missing.assign(5, 0.0), stats.class_rows = {3000.0, 3000.0};
    const orca::FeatureSpace space(options_for(3, 2, 1.0), data.feature_names, {"no", "yes"}, stats);
    const auto points = space.scaled(data.X, data.rows, "parallel-paths");
    const auto [one, four] = on_one_and_four_threads<std::vector<double>>(
        [&] { return space.features(points, data.rows); });
    EXPECT_EQ(one, four);
}

TEST(ParallelPaths, MultiClassMachinesWithProbabilityFolds) {
    const orca::Dataset data = table(1000, 3, Target::three_classes, 7);
    for (const orca::MultiClass strategy : {orca::MultiClass::ovo, orca::MultiClass::ovr}) {
        orca::TrainOptions o = options_for(3, 0, 0.1);
        o.multi_class = strategy;
        o.probability = true;
        expect_same_fit(data, o);
    }
}

TEST(ParallelPaths, EpsilonRegression) {
    const orca::Dataset data = table(1500, 3, Target::regression, 9);
    orca::TrainOptions o = options_for(3, 0, 0.1);
    o.task = orca::Task::regression;
    o.epsilon = 0.2;
    expect_same_fit(data, o);
}

TEST(ParallelPaths, PredictionExplanationsAndAnalysis) {
    const orca::Dataset data = table(2000, 5, Target::two_classes, 11);
    const orca::Model model = orca::train_model(data, options_for(3, 0, 1.0));
    const orca::Dataset rows = table(4000, 5, Target::two_classes, 12);
    using Values = std::vector<double>;
    {
        SCOPED_TRACE("prediction");
        const auto [one, four] = on_one_and_four_threads<Values>(
            [&] { return orca::decision_function(model, rows.X, rows.rows, orca::OutOfRange::clip, "rows"); });
        EXPECT_EQ(one, four);
    }
    {
        SCOPED_TRACE("explanations");
        orca::ExplainOptions how;
        how.interactions = true;
        const auto [one, four] = on_one_and_four_threads<orca::Explanation>(
            [&] { return orca::explain(model, std::span<const double>(rows.X).first(300 * 5), 300, how); });
        EXPECT_EQ(one.shapley, four.shapley);
        EXPECT_EQ(one.main, four.main);
        EXPECT_EQ(one.pair, four.pair);
        EXPECT_EQ(one.interaction, four.interaction);
        EXPECT_EQ(one.decision, four.decision);
    }
    for (const orca::OkcMethod method : {orca::OkcMethod::enumeration, orca::OkcMethod::pairs}) {
        SCOPED_TRACE(std::string(orca::name_of(method)));
        orca::OkcOptions how;
        how.method = method;
        const auto [one, four] = on_one_and_four_threads<std::string>(
            [&] { return orca::model_analysis_to_json(orca::analyze_model(model, how), model); });
        EXPECT_EQ(one, four);
    }
}

TEST(ParallelPaths, ModelStoredByCoefficients) {
    // Training ends in as_stored; prediction, explanations and the shape and pair grids of a model
    // stored by coefficients run the kept functions' loops.
    const orca::Dataset data = table(3000, 5, Target::two_classes, 13);
    orca::TrainOptions options = options_for(3, 2, 1.0);
    options.store = orca::Store::coefficients;
    const orca::Model model = expect_same_fit(data, options);
    ASSERT_TRUE(model.machine().by_functions());
    const orca::Dataset rows = table(8000, 5, Target::two_classes, 14);
    using Values = std::vector<double>;
    const auto [one, four] = on_one_and_four_threads<Values>([&] {
        Values out = orca::decision_function(model, rows.X, rows.rows, orca::OutOfRange::clip, "rows");
        const orca::Explanation e = orca::explain(model, std::span<const double>(rows.X).first(2000 * 5), 2000);
        out.insert(out.end(), e.shapley.begin(), e.shapley.end());
        out.insert(out.end(), e.pair.begin(), e.pair.end());
        for (const auto& shape : orca::shape_functions(model, 400))
            out.insert(out.end(), shape.h.begin(), shape.h.end());
        const orca::PairSurface surface = orca::pair_surface(model, 1, 3, 100);
        out.insert(out.end(), surface.h.begin(), surface.h.end());
        return out;
    });
    EXPECT_EQ(one, four);
}

TEST(ParallelPaths, SweepFits) {
    // The sweep shares its fits out (one per thread); each fit's loops run on its own thread.
    const orca::Dataset data = table(1000, 3, Target::two_classes, 13);
    std::vector<orca::Setting> settings(3);
    for (size_t s = 0; s < settings.size(); ++s) {
        settings[s].spec.degrees = {static_cast<int>(2 + s)};
        settings[s].spec.max_order = 0;
        settings[s].C = 1.0;
    }
    orca::SweepOptions how;
    how.folds = 3;
    const auto [one, four] = on_one_and_four_threads<std::vector<std::string>>([&] {
        std::vector<std::string> rows;
        for (const orca::SettingResult& r : orca::sweep(data, settings, how).rows) {
            std::string row = r.setting.label();
            for (double a : r.fold_accuracy) row += " " + std::to_string(a);
            row += " " + std::to_string(r.support_vectors) + " " + std::to_string(r.okc.order.empty() ? 0.0 : r.okc.order.back());
            rows.push_back(row);
        }
        return rows;
    });
    EXPECT_EQ(one, four);
}

TEST(ParallelPaths, TheBlockedCholeskyFactorHasTheSameBitsOnOneThreadAndOnFour) {
    // The trailing updates' column blocks are shared out; each is one thread's, in a fixed order.
    // Blocks from 2 of them (rather than kBlockedCholeskyFrom's 8): 4 blocks and a part, quick
    // under ThreadSanitizer.
    const Eigen::Index from = 2 * orca::training::kCholeskyBlock, p = 2 * from + 77;
    Eigen::MatrixXd B = Eigen::MatrixXd::Zero(p, p / 3);
    for (Eigen::Index i = 0; i < B.rows(); ++i)
        for (Eigen::Index j = 0; j < B.cols(); ++j) B(i, j) = std::sin(0.37 * static_cast<double>(i * 31 + j * 17));
    const Eigen::MatrixXd A = B * B.transpose() + Eigen::MatrixXd::Identity(p, p);
    const auto [one, four] = on_one_and_four_threads<Eigen::MatrixXd>([&] {
        Eigen::MatrixXd factor = A;
        EXPECT_TRUE(orca::training::blocked_cholesky(factor, from));
        return factor;
    });
    EXPECT_TRUE((one.array() == four.array()).all());
}

TEST(ParallelPaths, TheInteriorPointMethodsRefinedSinglePrecisionSumsHaveTheSameBitsOnOneThreadAndOnFour) {
    // The single-precision lanes, the rows summed in double precision and the refinement's passes
    // over the features (NewtonSums::refined).
    const size_t m = 6000, d = 6;
    const std::vector<double> points = orca::test::uniform_points(m, d, 43);
    const std::vector<double> y = wavy_classes(points, m, d), upper(m, 10.0), linear(m, -1.0);
    const orca::training::FeatureRows features(pairs_of(d), points, m, true);
    orca::training::InteriorPointOptions options;
    options.sums = orca::training::NewtonSums::refined;
    const auto [one, four] = on_one_and_four_threads<orca::training::InteriorPointResult>([&] {
        return orca::training::interior_point_dual(features.matrix(), m, features.size(), y, upper, linear, options);
    });
    EXPECT_GT(four.refined_steps, 0);
    EXPECT_EQ(one.refined_steps, four.refined_steps);
    EXPECT_EQ(one.alpha, four.alpha);
    EXPECT_EQ(one.bias, four.bias);
}
