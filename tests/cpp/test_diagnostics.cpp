// Sweeps, stability and selection: folds, determinism, the documented rules.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>
#include <set>

#include "orca/diagnostics.hpp"
#include "orca/diagnostics_format.hpp"
#include "orca/errors.hpp"
#include "orca/model_analysis.hpp"
#include "orca/multiclass.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "paper/experiments.hpp"
#include "paper/spiral.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

Setting legendre(int n, double C = 1.0) {
    Setting s;
    s.spec.family = FamilySpec::make("legendre");
    s.spec.degrees = {n};
    s.C = C;
    return s;
}

// A sweep result built by hand, to test the selection rule in isolation.
SettingResult row(const char* fam, int n, double acc, double sd, std::vector<double> order, int T, int peak,
                  std::vector<double> marginal) {
    SettingResult r;
    r.setting = legendre(n);
    (void)fam;
    r.cv_mean = acc;
    r.cv_sd = sd;
    r.fold_accuracy.assign(5, acc);
    r.okc.order = std::move(order);
    r.okc.eps = {0.05};
    r.okc.thresholds = {T};
    r.okc.peak = peak;
    r.okc.marginal = std::move(marginal);
    return r;
}

}  // namespace

TEST(Diagnostics, StratifiedFoldsBalanceClassesAndAreDeterministic) {
    std::vector<double> y;
    for (int i = 0; i < 53; ++i) y.push_back(i % 3 == 0 ? 1.0 : -1.0);
    const auto f = stratified_folds(y, 5, 7);
    EXPECT_EQ(f, stratified_folds(y, 5, 7));
    EXPECT_NE(f, stratified_folds(y, 5, 8));
    for (size_t k = 0; k < 5; ++k) {
        size_t pos = 0, neg = 0;
        for (size_t r = 0; r < y.size(); ++r)
            if (f[r] == k) (y[r] > 0 ? pos : neg)++;
        EXPECT_GE(pos, 3u);
        EXPECT_LE(pos, 4u);
        EXPECT_GE(neg, 7u);
        EXPECT_LE(neg, 8u);
    }
    EXPECT_THROW((void)stratified_folds({1, 1, -1, -1}, 3, 1), DataError);
    EXPECT_THROW((void)stratified_folds(y, 1, 1), ParameterError);
}

TEST(Diagnostics, SweepIsTheSameForAnyNumberOfThreadsAndMatchesDirectFits) {
    const Dataset data = make_double_spiral();
    const std::vector<Setting> settings{legendre(3), legendre(8), legendre(8, 10.0)};
    SweepOptions o;
    o.folds = 4;
    o.jobs = 1;
    const SweepResult one = sweep(data, settings, o);
    o.jobs = 2;
    const SweepResult two = sweep(data, settings, o);
    EXPECT_EQ(sweep_to_json(one), sweep_to_json(two));
    // The OKC profile is the one of the model fitted on all data.
    TrainOptions t;
    t.spec.max_order = 0;  // the full tensor product, whatever the number of features
    t.spec.degrees = {8};
    const OkcReport direct = analyze(expansion_of(train_model(data, t)));
    EXPECT_EQ(one.rows[1].okc.order, direct.order);
    EXPECT_EQ(one.rows[1].okc.peak, direct.peak);
    // Fold accuracies are those of fits on the other folds.
    BinaryLabels labels = encode_binary_labels(data.target, "s");
    const auto fold = stratified_folds(labels.y, 4, o.seed);
    std::vector<size_t> in, out;
    for (size_t r = 0; r < data.rows; ++r) (fold[r] == 2 ? out : in).push_back(r);
    const Model m = train_model(subset(data, in), t);
    const Dataset test = subset(data, out);
    const auto g = decision_function(m, test.X, test.rows, OutOfRange::clip, "t");
    size_t correct = 0;
    for (size_t r = 0; r < test.rows; ++r) correct += m.label_for(g[r]) == test.target[r];
    EXPECT_DOUBLE_EQ(one.rows[1].fold_accuracy[2], static_cast<double>(correct) / static_cast<double>(test.rows));
    EXPECT_GT(one.rows[1].cv_mean, one.rows[0].cv_mean);
}

TEST(Diagnostics, SelectionFollowsTheOccamRule) {
    SweepResult r;
    r.feature_names = {"a", "b"};
    r.rows.push_back(row("l", 4, 0.80, 0.05, {0, 0.9, 0.1}, 4, 3, {0.5, 0.4}));      // not accurate enough
    r.rows.push_back(row("l", 6, 0.92, 0.05, {0, 0.5, 0.5}, 9, 7, {0.3, 0.2}));      // within 1 SE
    r.rows.push_back(row("l", 8, 0.94, 0.05, {0, 0.2, 0.8}, 12, 9, {0.1, 0.1}));     // the best
    r.rows.push_back(row("l", 10, 0.93, 0.05, {0, 0.5, 0.5}, 11, 9, {0.25, 0.25}));  // ties row 1 on order
    const Selection s = select_model(r);  // 1 SE = 0.05 / sqrt(5) = 0.022: candidates 1, 2, 3
    EXPECT_EQ(s.candidates, (std::vector<size_t>{1, 2, 3}));
    EXPECT_EQ(s.chosen, 1u);  // lowest mean order (1.5, tied with row 3; then lower T_0.05 9 < 11)
    EXPECT_NE(s.reason.find("legendre n=6 C=1 chosen"), std::string::npos) << s.reason;
    EXPECT_NE(s.reason.find("lower threshold T_0.05 (9 vs 11)"), std::string::npos) << s.reason;
    // A tighter tolerance leaves only the best.
    EXPECT_EQ(select_model(r, 0.005).chosen, 2u);
    // Balance decides when everything else ties.
    r.rows[3].okc.thresholds = {9};
    r.rows[3].okc.peak = 7;
    EXPECT_EQ(select_model(r).chosen, 3u);
    EXPECT_NE(select_model(r).reason.find("more balanced marginals"), std::string::npos);
}

TEST(Diagnostics, StabilityRuleAndResamplesAreReproducible) {
    const Dataset data = make_double_spiral();
    StabilityOptions o;
    o.count = 8;
    const auto a = stability(data, legendre(8), o);
    const auto b = stability(data, legendre(8), o);
    ASSERT_EQ(a.size(), b.size());
    std::set<std::string> names;
    for (size_t k = 0; k < a.size(); ++k) {
        names.insert(a[k].name);
        EXPECT_EQ(a[k].values, b[k].values);
        EXPECT_EQ(a[k].values.size(), 8u);
        EXPECT_LE(a[k].lo, a[k].mean + 1e-12);
        EXPECT_GE(a[k].hi, a[k].mean - 1e-12);
        if (a[k].is_degree)
            EXPECT_EQ(a[k].stable, a[k].hi - a[k].lo <= 2.0);
        else
            EXPECT_EQ(a[k].stable, a[k].sd <= 0.05);
    }
    for (const char* n : {"OKC(1)", "OKC(2)", "N*", "T_0.05", "M_even", "OKC_i[x1]", "T_i[x2]"})
        EXPECT_TRUE(names.count(n)) << n;
    o.kind = Resampling::cv;
    o.count = 5;
    const auto c = stability(data, legendre(8), o);
    EXPECT_EQ(c[0].values.size(), 5u);
}

TEST(Diagnostics, OverfittingSignalNamesWhatMoved) {
    SweepResult r;
    r.feature_names = {"a", "b"};
    auto base = row("l", 4, 0.90, 0.02, {0, 0.6, 0.4}, 6, 5, {0.3, 0.3});
    base.okc.eps = {0.01, 0.05};
    base.okc.thresholds = {7, 6};
    auto more = row("l", 8, 0.90, 0.02, {0, 0.3, 0.7}, 10, 9, {0.2, 0.1});
    more.okc.eps = {0.01, 0.05};
    more.okc.thresholds = {12, 10};
    auto better = row("l", 9, 0.99, 0.01, {0, 0.2, 0.8}, 12, 9, {0.2, 0.1});
    better.okc.eps = {0.01, 0.05};
    better.okc.thresholds = {13, 12};
    r.rows = {base, more, better};
    flag_overfitting(r);
    EXPECT_TRUE(r.rows[0].overfitting.empty());
    EXPECT_NE(r.rows[1].overfitting.find("mean interaction order 1.40 -> 1.70, T_0.05 6 -> 10"), std::string::npos)
        << r.rows[1].overfitting;
    EXPECT_TRUE(r.rows[2].overfitting.empty());  // accuracy improved: no signal
}

TEST(Diagnostics, OverfittingMarksWhatASimplerSettingValidatesAsWell) {
    // A sweep with a known answer: degree 4 and 9 are the honest models; degree 12 trains perfectly
    // and validates far worse than 9 (overfitting); degree 14 is the most accurate (never marked,
    // however rich); degree 2 trains worse than 4 and validates worse (underfitting: not marked).
    SweepResult r;
    r.feature_names = {"a", "b"};
    auto make = [](int n, double cv, double train, std::vector<double> order, int T) {
        SettingResult s = row("l", n, cv, 0.02, std::move(order), T, T, {0.3, 0.3});
        s.train_accuracy = train;
        return s;
    };
    r.rows = {make(4, 0.90, 0.92, {0, 0.6, 0.4}, 6), make(9, 0.95, 0.97, {0, 0.4, 0.6}, 9),
              make(12, 0.37, 1.00, {0, 0.1, 0.9}, 14), make(14, 0.97, 0.99, {0, 0.05, 0.95}, 16),
              make(2, 0.80, 0.85, {0, 0.7, 0.3}, 6)};
    flag_overfitting(r);
    EXPECT_TRUE(r.rows[0].overfitting.empty()) << r.rows[0].overfitting;
    EXPECT_TRUE(r.rows[1].overfitting.empty()) << r.rows[1].overfitting;
    EXPECT_EQ(r.rows[2].overfitting,
              "validation accuracy 0.370 is below 0.950 at the simpler legendre n=9 C=1, with training accuracy 1.000 "
              "against 0.970, and the energy moved to higher orders or degrees (mean interaction order 1.60 -> 1.90, "
              "T_0.05 9 -> 14): likely overfitting");
    EXPECT_TRUE(r.rows[3].overfitting.empty()) << r.rows[3].overfitting;  // the most accurate
    EXPECT_TRUE(r.rows[4].overfitting.empty()) << r.rows[4].overfitting;  // trains worse: underfitting
    // The grid's order does not matter.
    SweepResult reversed = r;
    std::reverse(reversed.rows.begin(), reversed.rows.end());
    flag_overfitting(reversed);
    for (size_t i = 0; i < r.rows.size(); ++i)
        EXPECT_EQ(reversed.rows[r.rows.size() - 1 - i].overfitting, r.rows[i].overfitting);
}

TEST(Diagnostics, ExperimentsDefineThePapersSettings) {
    const auto spiral = spiral_experiment();
    ASSERT_EQ(spiral.size(), 2u);
    EXPECT_EQ(spiral[0].settings.size(), 16u);
    EXPECT_EQ(spiral[1].settings[4].label(), "jacobi(2.5,1.2) n=12 C=1");
    const auto echo = echocardiogram_experiment(test::echocardiogram_path());
    ASSERT_EQ(echo.size(), 3u);
    EXPECT_EQ(echo[0].data.rows, 108u);
    EXPECT_EQ(echo[2].settings.back().label(), "jacobi(0.8,2.7) n=25 C=1");
}

TEST(Diagnostics, SweepJsonRoundTripsAndPartsJoinToTheWhole) {
    const Dataset data = make_double_spiral();
    const std::vector<Setting> settings{legendre(2), legendre(5), legendre(8)};
    SweepOptions o;
    o.folds = 3;
    const SweepResult whole = sweep(data, settings, o);
    EXPECT_EQ(sweep_to_json(sweep_from_json(sweep_to_json(whole))), sweep_to_json(whole));
    // Each setting swept on its own, joined, flagged: the same as the whole sweep.
    SweepResult joined;
    for (const auto& s : settings) {
        SweepResult part = sweep_from_json(sweep_to_json(sweep(data, {s}, o)));
        joined.feature_names = part.feature_names;
        joined.rows.push_back(part.rows[0]);
    }
    flag_overfitting(joined);
    EXPECT_EQ(sweep_to_json(joined), sweep_to_json(whole));
    EXPECT_EQ(sweep_to_text(joined), sweep_to_text(whole));
    EXPECT_THROW((void)sweep_from_json("{}"), ParameterError);
    // A setting's kernel is read as the model file's is: every field checked, the path named.
    const auto refused = [&](const std::string& key, const nlohmann::json& value, const std::string& message,
                             const std::string& prefix = "malformed sweep JSON: ") {
        auto j = nlohmann::json::parse(sweep_to_json(whole));
        j["rows"][1]["setting"][key] = value;
        try {
            (void)sweep_from_json(j.dump());
            ADD_FAILURE() << key << " = " << value << " accepted";
        } catch (const ParameterError& e) {
            EXPECT_EQ(std::string(e.what()), prefix + message);
        }
    };
    refused("degrees", {2.5}, "sweep: rows[1].setting.degrees: expected integers in 0..10000");  // was read as 2
    refused("degrees", {5, 5}, "sweep: rows[1].setting.degrees: expected 1 values, found 2");
    refused("alpha", "x", "sweep: rows[1].setting.alpha: expected a number");
    refused("measure", "uniform", "measure must be one of probability or lebesgue, got 'uniform'", "");
}

TEST(Diagnostics, StabilityPiecesGiveTheWhole) {
    const Dataset data = make_double_spiral();
    StabilityOptions o;
    o.count = 4;
    const auto whole = stability(data, legendre(6), o);
    std::vector<IndexValues> values;
    for (const auto& rows : draw_resamples(data, o)) values.push_back(resample_indices(data, legendre(6), rows, o));
    const auto pieces = summarize_stability(values);
    ASSERT_EQ(pieces.size(), whole.size());
    for (size_t k = 0; k < whole.size(); ++k) {
        EXPECT_EQ(pieces[k].values, whole[k].values);
        EXPECT_EQ(pieces[k].verdict, whole[k].verdict);
    }
}

TEST(Diagnostics, SubsetKeepsSampleWeights) {
    Dataset d = make_double_spiral();
    d.weights.assign(d.rows, 1.0);
    d.weights[7] = 2.5;
    const Dataset s = subset(d, {3, 7, 9});
    EXPECT_EQ(s.weights, (std::vector<double>{1.0, 2.5, 1.0}));
    EXPECT_EQ(s.target.size(), 3u);
}

namespace {

// n rows of two features uniform on [-1, 1]: three classes by the first feature's tercile
// (classification), or a smooth function of both plus no noise (regression).
Dataset two_features(size_t n, bool regression) {
    Dataset d;
    d.source = "test";
    d.feature_names = {"a", "b"};
    d.target_name = "y";
    d.cols = 2;
    d.rows = n;
    d.X = orca::test::uniform_points(n, 2, 17u);
    for (size_t r = 0; r < n; ++r) {
        const double a = d.X[r * 2], b = d.X[r * 2 + 1];
        d.target.push_back(regression ? fmt::format("{:.17g}", std::sin(2 * a) + b * b)
                                      : std::string(a < -1.0 / 3 ? "low" : a < 1.0 / 3 ? "mid" : "high"));
    }
    return d;
}

}  // namespace

TEST(Diagnostics, MulticlassSweepScoresEveryFoldAndFollowsTheAggregate) {
    const Dataset data = two_features(150, false);
    SweepOptions o;
    o.folds = 3;
    const SweepResult r = sweep(data, {legendre(2), legendre(4)}, o);
    ASSERT_EQ(r.rows.size(), 2u);
    const auto fold = cv_folds(data, 3, o.seed, Task::classification);
    for (const std::string cls : {"low", "mid", "high"}) {  // stratified: each class dealt over the folds
        std::vector<size_t> per(3, 0);
        for (size_t i = 0; i < data.rows; ++i)
            if (data.target[i] == cls) ++per[fold[i]];
        EXPECT_LE(*std::max_element(per.begin(), per.end()) - *std::min_element(per.begin(), per.end()), 1u) << cls;
    }
    for (size_t s = 0; s < 2; ++s) {
        const auto& row = r.rows[s];
        // Each fold's accuracy, recomputed by hand: train on the other folds, count the hits.
        for (size_t k = 0; k < 3; ++k) {
            std::vector<size_t> in, out;
            for (size_t i = 0; i < data.rows; ++i) (fold[i] == k ? out : in).push_back(i);
            const Model m = train_model(subset(data, in), r.rows[s].setting.train_options(o.solver));
            const Dataset test = subset(data, out);
            const auto points = m.scaled_rows(test.X, test.rows, OutOfRange::clip, "test");
            const ClassPrediction predicted =
                predict_classes(m, machine_decisions(m, points, test.rows), test.rows);
            size_t hits = 0;
            for (size_t i = 0; i < test.rows; ++i) hits += m.classes[predicted.label[i]] == test.target[i] ? 1 : 0;
            EXPECT_DOUBLE_EQ(row.fold_accuracy[k], static_cast<double>(hits) / static_cast<double>(test.rows));
        }
        // The profile is the energy-weighted aggregate of the machines of the fit on all data.
        const Model all = train_model(data, row.setting.train_options(o.solver));
        ASSERT_TRUE(all.is_multiclass());
        EXPECT_EQ(row.okc.order, analyze_model(all, o.okc).energy_weighted->order);
        EXPECT_EQ(row.train_accuracy, all.summary.training_accuracy);
    }
    EXPECT_EQ(sweep_to_text(r).rfind("| setting | CV accuracy |", 0), 0u);
}

TEST(Diagnostics, RegressionSweepScoresRSquaredAndRmseOnShuffledFolds) {
    const Dataset data = two_features(120, true);
    SweepOptions o;
    o.task = Task::regression;
    o.folds = 4;
    const SweepResult r = sweep(data, {legendre(1), legendre(4)}, o);
    EXPECT_EQ(r.task, Task::regression);
    const auto fold = cv_folds(data, 4, o.seed, Task::regression);
    for (size_t k = 0; k < 4; ++k) EXPECT_EQ(std::count(fold.begin(), fold.end(), k), 30);
    for (const auto& row : r.rows) {
        double rmse_sum = 0.0;
        for (size_t k = 0; k < 4; ++k) {  // R^2 and RMSE of each fold, by their definitions
            std::vector<size_t> in, out;
            for (size_t i = 0; i < data.rows; ++i) (fold[i] == k ? out : in).push_back(i);
            const Model m = train_model(subset(data, in), row.setting.train_options(o.solver, Task::regression));
            const Dataset test = subset(data, out);
            const auto g = decision_function(m, test.X, test.rows, OutOfRange::clip, "test");
            double mean = 0.0, ss_res = 0.0, ss_tot = 0.0;
            for (const auto& t : test.target) mean += std::stod(t) / static_cast<double>(test.rows);
            for (size_t i = 0; i < test.rows; ++i) {
                const double y = std::stod(test.target[i]);
                ss_res += (y - g[i]) * (y - g[i]);
                ss_tot += (y - mean) * (y - mean);
            }
            EXPECT_NEAR(row.fold_accuracy[k], 1.0 - ss_res / ss_tot, 1e-12);
            EXPECT_NEAR(row.fold_rmse[k], std::sqrt(ss_res / static_cast<double>(test.rows)), 1e-12);
            rmse_sum += row.fold_rmse[k];
        }
        EXPECT_NEAR(row.cv_rmse, rmse_sum / 4, 1e-12);
        const Model all = train_model(data, row.setting.train_options(o.solver, Task::regression));
        EXPECT_EQ(row.train_accuracy, all.summary.training_r2);
        EXPECT_EQ(row.okc.order, analyze(expansion_of(all), o.okc).order);
    }
    EXPECT_GT(r.rows[1].cv_mean, r.rows[0].cv_mean);  // degree 4 captures sin(2a) + b^2; degree 1 cannot
    EXPECT_EQ(sweep_to_text(r).rfind("| setting | CV R² | CV RMSE | train R² |", 0), 0u);
    // The JSON keeps the task and the RMSE, and reads back to the same result.
    const SweepResult back = sweep_from_json(sweep_to_json(r));
    EXPECT_EQ(back.task, Task::regression);
    EXPECT_EQ(sweep_to_json(back), sweep_to_json(r));
    // Stability follows the task too.
    StabilityOptions so;
    so.task = Task::regression;
    so.kind = Resampling::cv;
    so.count = 4;
    EXPECT_FALSE(stability(data, legendre(3), so).empty());
    // A regression target read as classes is named for what it is.
    SweepOptions wrong;
    try {
        (void)sweep(data, {legendre(2)}, wrong);
        FAIL();
    } catch (const DataError& e) {
        EXPECT_NE(std::string(e.what()).find("120 distinct numbers, which reads as a regression: set task to regression"),
                  std::string::npos)
            << e.what();
    }
}

TEST(Diagnostics, AGridOverScalingSweepsEachWithItsOwnScaler) {
    const std::vector<Setting> grid = grid_settings({{"degree", "3,5"}, {"scaling", "range,quantile"}});
    ASSERT_EQ(grid.size(), 4u);
    EXPECT_EQ(grid[0].scaling, Scaling::range);
    EXPECT_EQ(grid[3].scaling, Scaling::quantile);
    EXPECT_EQ(grid[3].label(), "legendre n=5 C=1 quantile");
    EXPECT_THROW((void)grid_settings({{"scaling", "rank"}}), ParameterError);
    const Dataset data = make_double_spiral();
    SweepOptions o;
    o.folds = 3;
    const SweepResult r = sweep(data, {grid[1], grid[3]}, o);
    // The quantile row's profile is that of a quantile fit on all data; it differs from range's.
    TrainOptions t = grid[3].resolved(data.cols).train_options(o.solver);
    const OkcReport direct = analyze(expansion_of(train_model(data, t)));
    EXPECT_EQ(r.rows[1].okc.order, direct.order);
    EXPECT_NE(r.rows[0].okc.marginal, r.rows[1].okc.marginal);
    const SweepResult back = sweep_from_json(sweep_to_json(r));
    EXPECT_EQ(back.rows[1].setting.scaling, Scaling::quantile);
    EXPECT_EQ(sweep_to_json(back), sweep_to_json(r));
}
