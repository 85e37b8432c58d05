// Categorical features: the orthonormal basis of a finite set of levels under the training
// frequencies (the discrete measure's polynomials at evenly spread nodes). Checked against what
// such a basis must be, independently of how it is built: orthonormal under the frequencies,
// spanning every function of the levels, a kernel delta(x, z) / pi_x on the levels, and the
// model built on it against explicit features and brute-force Shapley values.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>

#include "basis/feature_map.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/kernel.hpp"
#include "orca/model_card.hpp"
#include "orca/model_io.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

std::vector<double> frequencies(size_t L, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.05, 1.0);
    std::vector<double> w(L);
    for (double& v : w) v = u(rng);
    const double total = std::accumulate(w.begin(), w.end(), 0.0);
    for (double& v : w) v /= total;
    return w;
}

}  // namespace

TEST(Categorical, TheLevelsBasisIsOrthonormalUnderTheFrequenciesAndItsKernelIsDeltaOverPi) {
    for (size_t L : {2u, 3u, 7u, 12u, 40u}) {
        SCOPED_TRACE(L);
        const std::vector<double> w = frequencies(L, static_cast<unsigned>(L));
        std::vector<double> nodes(L);
        for (size_t l = 0; l < L; ++l) nodes[l] = categorical_node(l, L);
        const Recurrence rec = Recurrence::discrete(nodes, w);
        EXPECT_EQ(rec.max_degree(), static_cast<int>(L) - 1);
        std::vector<std::vector<double>> p(L, std::vector<double>(L));
        for (size_t l = 0; l < L; ++l) rec.evaluate_all(nodes[l], p[l]);
        for (size_t k = 0; k < L; ++k)
            for (size_t m = 0; m < L; ++m) {
                double g = 0.0;
                for (size_t l = 0; l < L; ++l) g += w[l] * p[l][k] * p[l][m];
                ASSERT_NEAR(g, k == m ? 1.0 : 0.0, 1e-13) << k << "," << m;
            }
        // The whole basis' kernel on the levels: delta / pi, by the direct sum and through the
        // tensor kernel (which takes the Christoffel-Darboux identity beyond degree 6).
        const TensorKernel kernel(Basis(FamilySpec::make("legendre"), Measure::probability, {static_cast<int>(L) - 1},
                                        0, 0, {w}));
        const PreparedPoints P = kernel.prepare(nodes, L);
        std::vector<double> row(L);
        for (size_t l = 0; l < L; ++l) {
            kernel.row(P, l, P, row);
            for (size_t m = 0; m < L; ++m) {
                const double expected = l == m ? 1.0 / w[l] : 0.0;
                EXPECT_NEAR(rec.kernel_direct(nodes[l], nodes[m], static_cast<int>(L) - 1), expected, 1e-9 * (1 + expected));
                EXPECT_NEAR(kernel.entry(P, l, P, m), expected, 1e-9 * (1 + expected)) << l << "," << m;
                EXPECT_NEAR(row[m], expected, 1e-9 * (1 + expected)) << l << "," << m;
            }
        }
    }
    EXPECT_THROW((void)Recurrence::discrete(std::vector<double>{0.0, 1.0}, std::vector<double>{0.5, 0.0}), ParameterError);
    EXPECT_THROW((void)Basis(FamilySpec::make("legendre"), Measure::probability, {3}, 0, 0, {{0.5, 0.5}}), ParameterError);
}

namespace {

// Three classes of rows: a categorical 'color' of 4 levels (codes), a numeric 'size', and a
// two-level 'flag'; the class depends on all three.
Dataset colors(size_t m, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::discrete_distribution<int> pick({0.4, 0.3, 0.2, 0.1});
    std::uniform_real_distribution<double> u(0.0, 10.0), coin(0.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.3);
    const double effect[] = {1.0, -0.5, 0.3, -1.2};
    Dataset d;
    d.source = "colors";
    d.feature_names = {"color", "size", "flag"};
    d.cols = 3;
    d.rows = m;
    d.levels = {{"red", "green", "blue", "teal"}, {}, {"no", "yes"}};
    for (size_t r = 0; r < m; ++r) {
        const int c = pick(rng);
        const double size = u(rng), flag = coin(rng) < 0.3 ? 1.0 : 0.0;
        d.X.insert(d.X.end(), {static_cast<double>(c), size, flag});
        d.target.push_back(effect[c] + 0.2 * (size - 5.0) + 0.8 * flag + noise(rng) > 0 ? "p" : "n");
    }
    return d;
}

// The Shapley values of data's first `rows` rows against all coalitions, and the model file's
// round trip (the same text, the same decisions on every row of data); returns the loaded model.
Model expect_exact_shapley_and_round_trip(const Model& model, const Dataset& data, size_t rows) {
    const std::vector<double> X(data.X.begin(), data.X.begin() + static_cast<std::ptrdiff_t>(rows * data.cols));
    const Explanation e = explain(model, X, rows);
    const auto brute = shapley_by_coalitions(model, X, rows);
    for (size_t i = 0; i < rows * data.cols; ++i) EXPECT_NEAR(e.shapley[i], brute[i], 1e-9);
    const std::string text = model_to_json(model);
    Model back = model_from_json(text, "m.json");
    EXPECT_EQ(model_to_json(back), text);
    EXPECT_EQ(decision_function(back, data.X, data.rows, OutOfRange::clip, "d"),
              decision_function(model, data.X, data.rows, OutOfRange::clip, "d"));
    return back;
}

}  // namespace

TEST(Categorical, AModelIsExactOnItsLevelsAndAnUnseenLevelIsTheFrequencyWeightedMean) {
    const Dataset data = colors(400, 5u);
    for (const char* order : {"1", "2", "0"}) {
        SCOPED_TRACE(order);
        const Model model = train_model(data, train_options({{"degree", "3"}, {"max_order", order}}, data.feature_names));
        ASSERT_TRUE(model.categorical(0));
        EXPECT_FALSE(model.categorical(1));
        EXPECT_EQ(model.spec.degrees[0], 3);  // every contrast of 4 levels, whatever the degree setting
        EXPECT_EQ(model.spec.degrees[2], 1);
        // Rows with an unseen level (code 7) predict the mean over the levels under the training
        // frequencies: the discrete measure's integral, computed here from the model's own
        // predictions at each level.
        const std::vector<double>& pi = model.spec.level_weights[0];
        for (double size : {1.0, 4.5, 9.0})
            for (double flag : {0.0, 1.0}) {
                double mean = 0.0;
                for (size_t l = 0; l < 4; ++l) {
                    const std::vector<double> x{static_cast<double>(l), size, flag};
                    mean += pi[l] * decision_function(model, x, 1, OutOfRange::clip, "x")[0];
                }
                const std::vector<double> unseen{7.0, size, flag}, missing{NAN, size, flag};
                EXPECT_NEAR(decision_function(model, unseen, 1, OutOfRange::clip, "x")[0], mean, 1e-10);
                EXPECT_NEAR(decision_function(model, missing, 1, OutOfRange::clip, "x")[0], mean, 1e-10);
            }
        // Shapley values against all coalitions; the model file keeps the levels and frequencies.
        const Model back = expect_exact_shapley_and_round_trip(model, data, 10);
        EXPECT_EQ(back.levels, model.levels);
    }
    // Under missing error an unseen level is refused; a level with no rows is left out.
    Dataset strict = data;
    strict.levels[0].push_back("never");
    const Model m = train_model(strict, train_options({{"missing", "error"}}, strict.feature_names));
    EXPECT_EQ(m.levels[0].size(), 4u);
    const std::vector<double> unseen{4.0, 5.0, 0.0};
    EXPECT_THROW((void)decision_function(m, unseen, 1, OutOfRange::clip, "x"), DataError);
}

TEST(Categorical, AOneLevelColumnIsConstantAndQuantileScalingLeavesCategoriesAlone) {
    Dataset data = colors(200, 6u);
    for (size_t r = 0; r < data.rows; ++r) data.X[r * 3 + 2] = 0.0;  // 'flag' is always "no"
    for (const char* scaling : {"range", "quantile"}) {
        SCOPED_TRACE(scaling);
        const Model model = train_model(data, train_options({{"scaling", scaling}}, data.feature_names));
        EXPECT_EQ(model.spec.degrees[2], 0);
        EXPECT_EQ(model.levels[2], std::vector<std::string>{"no"});
        EXPECT_TRUE(model.scaler.knot_x.empty() || model.scaler.knot_x[0].empty());
        const std::string text = model_to_json(model);
        const Model back = model_from_json(text, "m.json");
        EXPECT_EQ(model_to_json(back), text);
        EXPECT_EQ(decision_function(back, data.X, data.rows, OutOfRange::clip, "d"),
                  decision_function(model, data.X, data.rows, OutOfRange::clip, "d"));
    }
}

TEST(Categorical, UnderMissingLevelAColumnsGapsAreALevelOfTheirOwn) {
    // 'color' has gaps whose rows lean one way (gaps that mean something); 'size' has gaps too.
    Dataset gappy = colors(400, 7u);
    std::mt19937_64 rng(8u);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    for (size_t r = 0; r < gappy.rows; ++r) {
        if (coin(rng) < 0.15) {
            gappy.X[r * 3] = NAN;
            gappy.target[r] = coin(rng) < 0.8 ? "p" : "n";
        }
        if (coin(rng) < 0.1) gappy.X[r * 3 + 1] = NAN;
    }
    // The reference: the same rows with the gaps of 'color' written as an ordinary fifth level of
    // that name (the gaps of 'size' left as they are: both models give them a gap function).
    Dataset explicit_level = gappy;
    explicit_level.levels[0].emplace_back(kMissingLevel);
    for (size_t r = 0; r < gappy.rows; ++r)
        if (std::isnan(explicit_level.X[r * 3])) explicit_level.X[r * 3] = 4.0;
    for (const char* order : {"1", "2"}) {
        SCOPED_TRACE(order);
        const Model model =
            train_model(gappy, train_options({{"missing", "level"}, {"max_order", order}}, gappy.feature_names));
        const Model reference = train_model(
            explicit_level, train_options({{"missing", "level"}, {"max_order", order}}, gappy.feature_names));
        ASSERT_EQ(model.levels[0], reference.levels[0]);
        EXPECT_EQ(model.spec.level_weights[0], reference.spec.level_weights[0]);
        EXPECT_EQ(model.spec.degrees[0], 4);
        EXPECT_EQ(model.levels[2], (std::vector<std::string>{"no", "yes"}));  // no gap: no level for one
        EXPECT_EQ(missing_levels(model), (std::vector<bool>{true, false, false}));
        std::string card;  // the model card says where gaps and unseen levels go
        for (const CardLine& line : model_card(model)) card += line.label + ": " + line.value + "\n";
        EXPECT_NE(card.find("an unseen level taken as '(missing)' where a feature has it"), std::string::npos) << card;
        EXPECT_NE(card.find("a categorical feature's gaps are its level '(missing)'"), std::string::npos) << card;
        // A gap, an unseen level and the level itself predict alike, as the reference's fifth level.
        for (double size : {1.0, 6.0, std::nan("")})
            for (double flag : {0.0, 1.0}) {
                const double expected =
                    decision_function(reference, std::vector<double>{4.0, size, flag}, 1, OutOfRange::clip, "x")[0];
                for (double color : {std::nan(""), 4.0, 9.0})
                    EXPECT_NEAR(
                        decision_function(model, std::vector<double>{color, size, flag}, 1, OutOfRange::clip, "x")[0],
                        expected, 1e-10)
                        << color << " " << size << " " << flag;
            }
        // 'flag' had no gaps: one at prediction is integrated out (the frequency-weighted mean).
        const std::vector<double>& pi = model.spec.level_weights[2];
        double mean = 0.0;
        for (size_t l = 0; l < 2; ++l)
            mean += pi[l] * decision_function(model, std::vector<double>{1.0, 3.0, static_cast<double>(l)}, 1,
                                              OutOfRange::clip, "x")[0];
        EXPECT_NEAR(decision_function(model, std::vector<double>{1.0, 3.0, NAN}, 1, OutOfRange::clip, "x")[0], mean,
                    1e-10);
        // Shapley values of rows with gaps against all coalitions (the gap level has an effect);
        // the model file keeps the setting and the level, and the loaded model maps gaps to it.
        const Model back = expect_exact_shapley_and_round_trip(model, gappy, 20);
        EXPECT_EQ(back.missing, Missing::level);
        EXPECT_EQ(missing_levels(back), missing_levels(model));
    }
    // The level's name is kept for gaps: a column that has it as a level of its own is refused.
    Dataset clash = explicit_level;
    clash.X[0] = NAN;
    EXPECT_THROW((void)train_model(clash, train_options({{"missing", "level"}}, clash.feature_names)), DataError);
    // Without gaps in training, missing level is marginalize: the same model.
    const Dataset complete = colors(200, 9u);
    EXPECT_EQ(decision_function(train_model(complete, train_options({{"missing", "level"}}, complete.feature_names)),
                                complete.X, complete.rows, OutOfRange::clip, "d"),
              decision_function(train_model(complete, train_options({}, complete.feature_names)), complete.X,
                                complete.rows, OutOfRange::clip, "d"));
}
