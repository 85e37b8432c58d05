// The feature space a Dask driver trains in (orca/feature_space.hpp): the settings resolved from
// column statistics are the ones train_model resolves from the rows themselves; phi(x) . phi(z)
// is the model's kernel; the model of a machine solved there predicts sum_i a_i K(x_i, x) + b; more
// classes take train_model's machines and weights; a regression takes train_model's target scale
// and scales its machine back as train_model does; and what the route does not train is refused,
// naming the setting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "orca/errors.hpp"
#include "orca/feature_space.hpp"
#include "orca/kernel.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

using orca::test::kNaN;

// Rows on [-3, 5] with a gap or two, labels by a smooth rule (about a third positive).
Dataset table(size_t m, size_t d) {
    Dataset ds;
    ds.source = "table";
    ds.rows = m;
    ds.cols = d;
    ds.X = test::uniform_points(m, d, 11u, -3.0, 5.0);
    ds.X[3 * d + 1] = kNaN;
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("f" + std::to_string(j));
    for (size_t r = 0; r < m; ++r) ds.target.push_back(ds.X[r * d] + 0.5 * ds.X[r * d + d - 1] > 2.0 ? "1" : "0");
    ds.target_name = "y";
    return ds;
}

// Per feature, what the driver reduces: range, mean and population sd of the values present,
// missing values; rows per class.
ColumnStatistics statistics(const Dataset& ds) {
    ColumnStatistics s;
    for (size_t j = 0; j < ds.cols; ++j) {
        double lo = INFINITY, hi = -INFINITY, sum = 0.0, n = 0.0, gaps = 0.0;
        for (size_t r = 0; r < ds.rows; ++r) {
            const double v = ds.X[r * ds.cols + j];
            if (std::isnan(v)) {
                gaps += 1.0;
                continue;
            }
            lo = std::min(lo, v), hi = std::max(hi, v), sum += v, n += 1.0;
        }
        double squares = 0.0;
        for (size_t r = 0; r < ds.rows; ++r) {
            const double v = ds.X[r * ds.cols + j];
            if (!std::isnan(v)) squares += (v - sum / n) * (v - sum / n);
        }
        s.min.push_back(lo), s.max.push_back(hi), s.mean.push_back(sum / n), s.sd.push_back(std::sqrt(squares / n));
        s.missing.push_back(gaps);
    }
    s.class_rows = {0.0, 0.0};
    for (const auto& t : ds.target) s.class_rows[t == "1" ? 1 : 0] += 1.0;
    return s;
}

TrainOptions options(const SettingTexts& given, const Dataset& ds) {
    return train_options(given, ds.feature_names);
}

// What a driver counts for scaling quantile, from the definition: every distinct value of a
// feature of at most kMaxQuantileKnots, else the smallest, the largest, and for each k the first
// whose mid-rank reaches k / kMaxQuantileKnots; each with the values below it and equal to it.
void count_knots(const Dataset& ds, ColumnStatistics& s) {
    const auto K = static_cast<long long>(kMaxQuantileKnots);
    for (size_t j = 0; j < ds.cols; ++j) {
        std::vector<double> v;
        for (size_t r = 0; r < ds.rows; ++r)
            if (!std::isnan(ds.X[r * ds.cols + j])) v.push_back(ds.X[r * ds.cols + j]);
        std::sort(v.begin(), v.end());
        std::vector<double> distinct = v;
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        const auto m = static_cast<long long>(v.size());
        const auto below = [&](double x) { return std::lower_bound(v.begin(), v.end(), x) - v.begin(); };
        const auto ties = [&](double x) { return std::upper_bound(v.begin(), v.end(), x) - v.begin() - below(x); };
        std::vector<double> kept;
        if (distinct.size() <= kMaxQuantileKnots) {
            kept = distinct;
        } else {
            kept = {distinct.front()};
            for (long long k = 1; k < K; ++k)
                for (double x : distinct)
                    if (K * (2 * below(x) + ties(x)) >= 2 * k * m) {
                        if (x != kept.back()) kept.push_back(x);
                        break;
                    }
            if (kept.back() != distinct.back()) kept.push_back(distinct.back());
        }
        s.knot_x.push_back(kept);
        s.knot_below.emplace_back(), s.knot_ties.emplace_back();
        for (double x : kept) {
            s.knot_below.back().push_back(static_cast<double>(below(x)));
            s.knot_ties.back().push_back(static_cast<double>(ties(x)));
        }
    }
}

}  // namespace

TEST(FeatureSpace, SettingsFromStatisticsAreTrainingsOwn) {
    const Dataset ds = table(300, 4);
    for (const SettingTexts& given : {SettingTexts{{"max_order", "2"}, {"degree", "3"}, {"class_weight", "balanced"}},
                                      SettingTexts{{"family", "hermite"}, {"degree", "2"}, {"C", "7"}},
                                      SettingTexts{{"family", "jacobi"}, {"alpha", "-0.5"}, {"beta", "1.5"},
                                                   {"class_weight", "0=2.5"}}}) {
        const TrainOptions o = options(given, ds);
        const Model trained = train_model(ds, o);
        const FeatureSpace space(o, ds.feature_names, {"0", "1"}, statistics(ds));
        const ModelSettings& s = space.settings();
        EXPECT_EQ(s.spec.degrees, trained.spec.degrees);
        EXPECT_EQ(s.spec.max_order, trained.spec.max_order);
        EXPECT_EQ(s.scaler.kind, trained.scaler.kind);
        EXPECT_EQ(s.scaler.min, trained.scaler.min);
        EXPECT_EQ(s.scaler.max, trained.scaler.max);
        for (size_t j = 0; j < s.scaler.mean.size(); ++j) {
            EXPECT_NEAR(s.scaler.mean[j], trained.scaler.mean[j], 1e-12 * std::abs(trained.scaler.mean[j]) + 1e-14);
            EXPECT_NEAR(s.scaler.std[j], trained.scaler.std[j], 1e-12 * trained.scaler.std[j]);
        }
        ASSERT_EQ(s.class_weights.size(), 2u);
        EXPECT_DOUBLE_EQ(s.class_weights[0], trained.class_weights[0]);
        EXPECT_DOUBLE_EQ(s.class_weights[1], trained.class_weights[1]);
        EXPECT_DOUBLE_EQ(space.upper(1), o.C * trained.class_weights[1]);
        EXPECT_EQ(s.missing, trained.missing);
    }
}

TEST(FeatureSpace, FeaturesGiveTheKernelAndTheModelItsDecisions) {
    const Dataset ds = table(60, 3);
    const TrainOptions o = options({{"max_order", "2"}, {"degree", "4"}}, ds);
    const FeatureSpace space(o, ds.feature_names, {"0", "1"}, statistics(ds));
    const auto points = space.scaled(ds.X, ds.rows, "table");
    const size_t p = space.size();
    ASSERT_EQ(static_cast<double>(p), space.settings().basis().size());
    const auto phi = space.features(points, ds.rows);
    ASSERT_EQ(phi.size(), ds.rows * p);
    // Into a caller's buffer (what the Python binding fills): the same bits, and a buffer of the
    // wrong size refused.
    std::vector<double> buffer(ds.rows * p, std::nan(""));
    space.features(points, ds.rows, buffer);
    EXPECT_EQ(buffer, phi);
    buffer.pop_back();
    EXPECT_THROW(space.features(points, ds.rows, buffer), ParameterError);
    const TensorKernel kernel = space.settings().kernel();
    const size_t d = ds.cols;
    for (size_t s = 0; s < ds.rows; s += 7)
        for (size_t t = 0; t < ds.rows; t += 5) {
            double dot = 0.0;
            for (size_t k = 0; k < p; ++k) dot += phi[s * p + k] * phi[t * p + k];
            const double K =
                kernel.entry_direct(std::span(points.data() + s * d, d), std::span(points.data() + t * d, d));
            EXPECT_NEAR(dot, K, 1e-12 * (1.0 + std::abs(K))) << s << ", " << t;
        }
    // A machine of three support vectors: the model predicts b + sum_i a_i K(x_i, x).
    Machine machine;
    machine.support_vectors.assign(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(3 * d));
    machine.coefficients = {0.5, -1.25, 0.75};
    machine.bias = 0.3;
    machine.summary.rows = ds.rows;
    machine.summary.support_vectors = 3;
    machine.summary.converged = true;
    const Model model = space.model({machine}, ds.rows, 3, 0.5);
    EXPECT_EQ(model.machine().classes, (std::vector<std::string>{"0", "1"}));
    EXPECT_EQ(model.summary.rows, ds.rows);
    EXPECT_EQ(model.summary.training_accuracy, 0.5);
    const auto g = decision_values(model, points, ds.rows, PredictMethod::support_vectors);
    for (size_t t = 0; t < ds.rows; ++t) {
        double expected = machine.bias;
        for (size_t i = 0; i < 3; ++i)
            expected += machine.coefficients[i] * kernel.entry_direct(std::span(points.data() + i * d, d),
                                                                      std::span(points.data() + t * d, d));
        EXPECT_NEAR(g[t], expected, 1e-11 * (1.0 + std::abs(expected)));
    }
    Machine empty;
    EXPECT_THROW((void)space.model({empty}, ds.rows, 0, 0.5), ParameterError);
    EXPECT_THROW((void)space.model({machine, machine}, ds.rows, 3, 0.5), ParameterError);  // one machine, not two
    Machine short_vectors = machine;
    short_vectors.support_vectors.pop_back();
    EXPECT_THROW((void)space.model({short_vectors}, ds.rows, 3, 0.5), ParameterError);
}

// A table with categorical columns: 'color' (codes of 4 named levels, one never held, a few gaps),
// a numeric 'size' with a gap, and 'flag' (2 levels, no gap).
Dataset categorical_table(size_t m) {
    Dataset ds = table(m, 3);
    ds.feature_names = {"color", "size", "flag"};
    ds.levels = {{"red", "green", "never", "blue"}, {}, {"no", "yes"}};
    for (size_t r = 0; r < m; ++r) {
        const double u = ds.X[r * 3] + 3.0;  // on [0, 8]
        ds.X[r * 3] = r % 17 == 5 ? kNaN : u < 2.0 ? 0.0 : u < 5.0 ? 1.0 : 3.0;
        ds.X[r * 3 + 2] = ds.X[r * 3 + 2] > 1.0 ? 1.0 : 0.0;
    }
    return ds;
}

// What a driver reduces for categorical columns: the rows per level (codes renumbered over the
// levels held, as the model keeps them), the numeric statistics of the codes.
ColumnStatistics categorical_statistics(Dataset ds) {
    std::vector<std::vector<double>> counts(ds.cols);
    for (size_t j = 0; j < ds.cols; ++j) {
        if (ds.levels[j].empty()) continue;
        std::vector<double> count(ds.levels[j].size(), 0.0);
        for (size_t r = 0; r < ds.rows; ++r)
            if (!std::isnan(ds.X[r * ds.cols + j])) count[static_cast<size_t>(ds.X[r * ds.cols + j])] += 1.0;
        std::vector<double> code(count.size(), kNaN);
        std::vector<std::string> held;
        for (size_t l = 0; l < count.size(); ++l)
            if (count[l] > 0.0) {
                code[l] = static_cast<double>(held.size());
                held.push_back(ds.levels[j][l]);
            }
        counts[j] = count;
        for (size_t r = 0; r < ds.rows; ++r) {
            double& v = ds.X[r * ds.cols + j];
            if (!std::isnan(v)) v = code[static_cast<size_t>(v)];
        }
    }
    ColumnStatistics s = statistics(ds);
    s.levels = ds.levels;  // every level, "never" with 0 rows: the space keeps those held
    s.level_counts = counts;
    return s;
}

TEST(FeatureSpace, CategoricalStatisticsGiveTrainingsLevelsAndMeasures) {
    const Dataset ds = categorical_table(240);
    const ColumnStatistics stats = categorical_statistics(ds);
    EXPECT_EQ(stats.level_counts[0][2], 0.0);  // "never"
    for (const SettingTexts& given : {SettingTexts{{"max_order", "2"}},
                                      SettingTexts{{"missing", "level"}, {"degree", "2"}},
                                      SettingTexts{{"missing", "level"}, {"family", "hermite"}}}) {
        const TrainOptions o = options(given, ds);
        const Model trained = train_model(ds, o);
        const FeatureSpace space(o, ds.feature_names, {"0", "1"}, stats);
        const ModelSettings& s = space.settings();
        EXPECT_EQ(s.levels, trained.levels);
        EXPECT_EQ(s.levels[0].front(), "red");
        EXPECT_EQ(std::find(s.levels[0].begin(), s.levels[0].end(), "never"), s.levels[0].end());
        ASSERT_EQ(s.spec.level_weights.size(), trained.spec.level_weights.size());
        for (size_t j = 0; j < s.spec.level_weights.size(); ++j) {
            ASSERT_EQ(s.spec.level_weights[j].size(), trained.spec.level_weights[j].size()) << j;
            for (size_t l = 0; l < s.spec.level_weights[j].size(); ++l)
                EXPECT_NEAR(s.spec.level_weights[j][l], trained.spec.level_weights[j][l], 1e-15);
        }
        EXPECT_EQ(s.spec.degrees, trained.spec.degrees);
        EXPECT_EQ(s.scaler.levels, trained.scaler.levels);
        EXPECT_EQ(s.scaler.missing_level, trained.scaler.missing_level);
        EXPECT_EQ(s.scaler.min, trained.scaler.min);
        EXPECT_EQ(s.scaler.max, trained.scaler.max);
        // The trained model's machine, given to the space, decides as the trained model on rows
        // coded by the held levels (a gap: NaN, the gap level's under missing level).
        Dataset coded = ds;
        for (size_t r = 0; r < coded.rows; ++r) {
            double& v = coded.X[r * 3];
            if (!std::isnan(v)) v = v == 3.0 ? 2.0 : v;  // "blue" is code 2 among the held levels
        }
        const auto points = space.scaled(coded.X, coded.rows, "coded");
        const Model rebuilt = space.model({trained.machine()}, ds.rows, trained.summary.support_vectors, 0.5);
        const auto expected = decision_values(trained, trained.scaled_rows(coded.X, coded.rows, OutOfRange::clip,
                                                                           "coded"), ds.rows);
        const auto got = decision_values(rebuilt, points, ds.rows);
        for (size_t t = 0; t < ds.rows; ++t) EXPECT_NEAR(got[t], expected[t], 1e-12 * (1.0 + std::abs(expected[t])));
    }
    // A column whose levels no row holds keeps its first, a constant feature, as training does
    // (under missing level its gaps are its one level).
    ColumnStatistics unheld = stats;
    unheld.level_counts[2] = {0.0, 0.0};
    EXPECT_EQ(FeatureSpace(options({}, ds), ds.feature_names, {"0", "1"}, unheld).settings().levels[2],
              std::vector<std::string>{"no"});
    unheld.missing[2] = 4.0;
    EXPECT_EQ(FeatureSpace(options({{"missing", "level"}}, ds), ds.feature_names, {"0", "1"}, unheld)
                  .settings()
                  .levels[2],
              std::vector<std::string>{std::string(kMissingLevel)});
    // Under missing level a column holding a level named as the gap level is refused; a count that
    // is not a number >= 0, or counts that do not match the levels, are refused by name.
    ColumnStatistics named = stats;
    named.levels[0][1] = std::string(kMissingLevel);
    EXPECT_THROW((void)FeatureSpace(options({{"missing", "level"}}, ds), ds.feature_names, {"0", "1"}, named),
                 DataError);
    ColumnStatistics negative = stats;
    negative.level_counts[2][0] = -1.0;
    try {
        (void)FeatureSpace(options({}, ds), ds.feature_names, {"0", "1"}, negative);
        ADD_FAILURE() << "a negative row count was accepted";
    } catch (const ParameterError& e) {
        EXPECT_NE(std::string(e.what()).find("feature 'flag', level 'no'"), std::string::npos) << e.what();
    }
    ColumnStatistics short_counts = stats;
    short_counts.level_counts[0].pop_back();
    EXPECT_THROW((void)FeatureSpace(options({}, ds), ds.feature_names, {"0", "1"}, short_counts), ParameterError);
}

TEST(FeatureSpace, QuantileKnotsCountedByTheRuleGiveTrainingsScaler) {
    // 3,000 rows: one feature of 3,000 distinct values, one rounded to 1,500 with ties (both past
    // kMaxQuantileKnots), one of 33 values; a gap in feature 1.
    Dataset ds = table(3000, 3);
    for (size_t r = 0; r < ds.rows; ++r) {
        double& tied = ds.X[r * 3 + 1];
        if (!std::isnan(tied)) tied = std::round(tied * 187.0) / 187.0;
        ds.X[r * 3 + 2] = std::round(ds.X[r * 3 + 2] * 4.0);
    }
    for (const SettingTexts& given :
         {SettingTexts{{"scaling", "quantile"}}, SettingTexts{{"scaling", "quantile"}, {"family", "jacobi"},
                                                              {"alpha", "2"}, {"beta", "0.5"}, {"max_order", "2"}}}) {
        const TrainOptions o = options(given, ds);
        const Model trained = train_model(ds, o);
        ColumnStatistics stats = statistics(ds);
        count_knots(ds, stats);
        EXPECT_GT(stats.knot_x[0].size(), kMaxQuantileKnots * 9 / 10);
        const FeatureSpace space(o, ds.feature_names, {"0", "1"}, stats);
        const Scaler& s = space.settings().scaler;
        ASSERT_EQ(s.kind, ScalerKind::quantile);
        for (size_t j = 0; j < 3; ++j) {
            EXPECT_EQ(s.knot_x[j], stats.knot_x[j]) << j;
            EXPECT_EQ(s.knot_x[j], trained.scaler.knot_x[j]) << j;
            EXPECT_EQ(s.knot_z[j], trained.scaler.knot_z[j]) << j;
        }
        for (size_t r = 0; r < 40; ++r)
            for (size_t j = 0; j < 3; ++j) {
                const double x = ds.X[r * 3 + j];
                if (std::isnan(x)) continue;  // a gap stays a gap
                EXPECT_EQ(s.scale(j, x), trained.scaler.scale(j, x));
            }
    }
    // Counts that do not fit together are refused, naming the feature.
    ColumnStatistics stats = statistics(ds);
    count_knots(ds, stats);
    const auto refused = [&](ColumnStatistics bad, const std::string& says) {
        try {
            (void)FeatureSpace(options({{"scaling", "quantile"}}, ds), ds.feature_names, {"0", "1"}, bad);
            ADD_FAILURE() << "accepted; expected: " << says;
        } catch (const ParameterError& e) {
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    };
    ColumnStatistics bad = stats;
    bad.knot_x[2].front() += 0.5;
    refused(bad, "feature 'f2': its quantile knots must begin at the feature's min");
    bad = stats;
    bad.knot_ties[0][7] = 0.0;
    refused(bad, "feature 'f0': its quantile knots need whole counts");
    bad = stats;
    std::swap(bad.knot_x[2][3], bad.knot_x[2][4]);
    refused(bad, "must increase");
    bad = stats;
    bad.knot_ties[1].back() += 1.0;
    refused(bad, "feature 'f1': its quantile knots count");
    bad = stats;
    bad.knot_x.pop_back();
    refused(bad, "quantile knots of every feature");
}

TEST(FeatureSpace, RefusesWhatTheRouteDoesNotTrain) {
    const Dataset ds = table(50, 4);
    const ColumnStatistics stats = statistics(ds);
    const auto refused = [&](const SettingTexts& given, const std::string& says,
                             std::vector<std::string> classes = {"0", "1"}) {
        try {
            (void)FeatureSpace(options(given, ds), ds.feature_names, classes, stats);
            ADD_FAILURE() << "accepted; expected: " << says;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    };
    refused({{"task", "regression"}}, "a regression has no classes");
    refused({{"scaling", "quantile"}}, "quantile knots of every feature");
    refused({{"max_order", "0"}, {"degree", "12"}}, "lower max_order");
    refused({{"missing", "error"}}, "feature 'f1' has 1 missing values");
    refused({}, "two or more classes with their rows, got 1", {"0"});
    ColumnStatistics no_positive = stats;
    no_positive.class_rows[1] = 0.0;
    EXPECT_THROW((void)FeatureSpace(options({}, ds), ds.feature_names, {"0", "1"}, no_positive), DataError);
}

TEST(FeatureSpace, MoreClassesTakeTrainingsMachinesAndWeights) {
    Dataset ds = table(240, 3);
    for (size_t r = 0; r < ds.rows; ++r) ds.target[r] = std::to_string(r % 3 == 0 ? 0 : (ds.X[r * 3] > 1.0 ? 1 : 2));
    ColumnStatistics stats = statistics(ds);
    stats.class_rows = {0.0, 0.0, 0.0};
    for (const auto& t : ds.target) stats.class_rows[static_cast<size_t>(std::stoi(t))] += 1.0;
    for (const std::string strategy : {"ovo", "ovr"}) {
        const TrainOptions o =
            options({{"max_order", "2"}, {"class_weight", "balanced"}, {"multi_class", strategy}}, ds);
        const Model trained = train_model(ds, o);
        const FeatureSpace space(o, ds.feature_names, {"0", "1", "2"}, stats);
        EXPECT_EQ(space.settings().multi_class, trained.multi_class);
        ASSERT_EQ(space.settings().class_weights.size(), 3u);
        for (size_t c = 0; c < 3; ++c) EXPECT_DOUBLE_EQ(space.settings().class_weights[c], trained.class_weights[c]);
        // The trained machines, installed through the space, give the trained model's decisions.
        const Model again = space.model(trained.machines(), ds.rows, trained.summary.support_vectors,
                                        trained.summary.training_accuracy);
        ASSERT_EQ(again.machines().size(), trained.machines().size());
        EXPECT_EQ(again.summary.support_vectors, trained.summary.support_vectors);
        EXPECT_EQ(again.summary.rows, trained.summary.rows);
        EXPECT_EQ(again.summary.bounded_support_vectors, trained.summary.bounded_support_vectors);
        const auto points = trained.scaled_rows(ds.X, ds.rows, OutOfRange::clip, "table");
        for (size_t m = 0; m < again.machines().size(); ++m) {
            EXPECT_EQ(again.machines()[m].classes, trained.machines()[m].classes);
            EXPECT_EQ(decision_values(again, again.machines()[m], points, ds.rows),
                      decision_values(trained, trained.machines()[m], points, ds.rows));
        }
        EXPECT_THROW((void)space.model({trained.machines().front()}, ds.rows, 1, 1.0), ParameterError);
    }
}

namespace {

// A regression's table: the classifier's rows, a smooth numeric target; its statistics with the
// target's range, mean and population sd.
Dataset regression_table(size_t m, size_t d) {
    Dataset ds = table(m, d);
    for (size_t r = 0; r < m; ++r)
        ds.target[r] = std::to_string(100.0 + 3.0 * std::sin(ds.X[r * d]) + 0.5 * ds.X[r * d + d - 1]);
    return ds;
}

ColumnStatistics regression_statistics(const Dataset& ds) {
    ColumnStatistics s = statistics(ds);
    s.class_rows.clear();
    double lo = INFINITY, hi = -INFINITY, sum = 0.0, squares = 0.0;
    for (const auto& t : ds.target) {
        const double v = std::stod(t);
        lo = std::min(lo, v), hi = std::max(hi, v), sum += v;
    }
    const double mean = sum / static_cast<double>(ds.rows);
    for (const auto& t : ds.target) squares += (std::stod(t) - mean) * (std::stod(t) - mean);
    s.target_min = lo, s.target_max = hi, s.target_mean = mean;
    s.target_sd = std::sqrt(squares / static_cast<double>(ds.rows));
    s.target_name = ds.target_name;
    return s;
}

}  // namespace

TEST(FeatureSpace, RegressionTakesTrainingsTargetScaleAndScalesItsMachineBack) {
    const Dataset ds = regression_table(200, 3);
    for (const char* scaling : {"standardize", "none"}) {
        SCOPED_TRACE(scaling);
        const TrainOptions o = options({{"task", "regression"}, {"target_scaling", scaling}, {"epsilon", "0.05"},
                                        {"C", "3"}}, ds);
        const Model trained = train_model(ds, o);
        const FeatureSpace space(o, ds.feature_names, {}, regression_statistics(ds));
        EXPECT_NEAR(space.target_scale(), trained.target_scale, 1e-12 * trained.target_scale);
        EXPECT_DOUBLE_EQ(space.upper(0), 3.0);
        EXPECT_DOUBLE_EQ(space.settings().epsilon, 0.05);
        // train_model's machine, as a driver would have solved it on (z - shift) / scale.
        Machine solved = trained.machine();
        const double s = space.target_scale(), shift = space.target_shift();
        EXPECT_EQ(shift == 0.0, std::string(scaling) == "none");
        for (double& a : solved.coefficients) a /= s;
        solved.bias = (solved.bias - shift) / s;
        const Model model = space.regression_model(solved, 0.75);
        EXPECT_EQ(model.task, Task::regression);
        EXPECT_DOUBLE_EQ(model.summary.training_r2, 0.75);
        ASSERT_EQ(model.machine().coefficients.size(), trained.machine().coefficients.size());
        for (size_t i = 0; i < model.machine().coefficients.size(); ++i)
            EXPECT_NEAR(model.machine().coefficients[i], trained.machine().coefficients[i],
                        1e-12 * std::abs(trained.machine().coefficients[i]));
        EXPECT_NEAR(model.machine().bias, trained.machine().bias, 1e-12 * std::abs(trained.machine().bias));
        EXPECT_THROW((void)space.model({solved}, ds.rows, 1, 0.0), ParameterError);  // a classifier's
    }
}

TEST(FeatureSpace, RegressionRefusesATargetItCannotLearn) {
    const Dataset ds = regression_table(80, 3);
    const TrainOptions o = options({{"task", "regression"}, {"epsilon", "5"}}, ds);
    try {
        (void)FeatureSpace(o, ds.feature_names, {}, regression_statistics(ds));
        ADD_FAILURE() << "a tube wider than the target was accepted";
    } catch (const ParameterError& e) {
        EXPECT_NE(std::string(e.what()).find("epsilon 5 standard deviations is at least half the range of target 'y'"),
                  std::string::npos) << e.what();
    }
    ColumnStatistics constant = regression_statistics(ds);
    constant.target_max = constant.target_min;
    EXPECT_THROW((void)FeatureSpace(options({{"task", "regression"}}, ds), ds.feature_names, {}, constant), DataError);
    ColumnStatistics not_finite = regression_statistics(ds);
    not_finite.target_sd = std::numeric_limits<double>::infinity();
    EXPECT_THROW((void)FeatureSpace(options({{"task", "regression"}}, ds), ds.feature_names, {}, not_finite),
                 DataError);
}
