// A model stored by its basis coefficients (store coefficients) is the same function as the one
// stored by its support vectors: predictions, the OKC analysis, explanations, shape functions,
// pair surfaces, class scores and the model file agree with the support-vector form, which the
// rest of the suite checks against brute force and LIBSVM.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "orca/coefficients.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/model_io.hpp"
#include "orca/model_store.hpp"
#include "orca/multiclass.hpp"
#include "orca/okc.hpp"
#include "orca/prediction.hpp"
#include "orca/probability.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

// d features uniform on [-2, 3] (a tenth of the cells missing when gaps), target from a
// function with main effects and one interaction: classes by its sign (three by its terciles)
// or its value.
Dataset table(size_t rows, size_t d, Task task, size_t classes, bool gaps, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-2.0, 3.0), unit(0.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.3);
    Dataset data;
    data.source = "table";
    data.rows = rows;
    data.cols = d;
    for (size_t j = 0; j < d; ++j) data.feature_names.push_back("x" + std::to_string(j));
    for (size_t r = 0; r < rows; ++r) {
        double f = noise(rng);
        std::vector<double> x(d);
        for (size_t j = 0; j < d; ++j) {
            x[j] = u(rng);
            data.X.push_back(gaps && unit(rng) < 0.1 ? std::numeric_limits<double>::quiet_NaN() : x[j]);
            f += (j % 2 ? 0.4 : -0.3) * x[j] + (j == 1 ? 0.2 * x[j] * x[j] : 0.0);
        }
        f += 0.5 * x[0] * x[1];
        if (task == Task::regression)
            data.target.push_back(std::to_string(f));
        else if (classes == 2)
            data.target.push_back(f > 0.3 ? "yes" : "no");
        else
            data.target.push_back(f < -0.5 ? "low" : f < 1.0 ? "mid" : "high");
    }
    return data;
}

TrainOptions pairs(Task task, Store store) {
    TrainOptions o;
    o.task = task;
    o.spec.family = FamilySpec::make("legendre");
    o.spec.degrees = {3};
    o.spec.max_order = 2;
    o.C = 10.0;
    o.store = store;
    return o;
}

void expect_near_all(const std::vector<double>& got, const std::vector<double>& want, double tol, const char* what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (size_t k = 0; k < want.size(); ++k) EXPECT_NEAR(got[k], want[k], tol) << what << "[" << k << "]";
}

// Everything the two forms of one machine's model must agree on.
// The first `rows` rows of X (raw units).
void expect_same_function(const Model& by_sv, const Model& by_c, const std::vector<double>& all, size_t rows) {
    const std::vector<double> X(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(rows * by_sv.dim()));
    ASSERT_FALSE(by_sv.machines().front().by_functions());
    ASSERT_TRUE(by_c.machines().front().by_functions());
    const auto want = decision_values(by_sv, by_sv.scaled_rows(X, rows, OutOfRange::clip, "X"), rows);
    const auto got = decision_values(by_c, by_c.scaled_rows(X, rows, OutOfRange::clip, "X"), rows);
    expect_near_all(got, want, 1e-9, "decision");

    OkcOptions o;
    o.top_coefficients = 12;
    const OkcReport a = analyze(expansion_of(by_sv), o), b = analyze(expansion_of(by_c), o);
    EXPECT_NEAR(b.energy, a.energy, 1e-9 * a.energy);
    EXPECT_NEAR(b.energy_kernel, a.energy_kernel, 1e-9 * a.energy_kernel);
    EXPECT_NEAR(b.constant, a.constant, 1e-9);
    expect_near_all(b.order, a.order, 1e-10, "OKC(q)");
    expect_near_all(b.spectrum, a.spectrum, 1e-10, "spectrum");
    expect_near_all(b.marginal, a.marginal, 1e-10, "OKC_i");
    expect_near_all(b.pairwise, a.pairwise, 1e-10, "OKC_ij");
    expect_near_all(b.total_effect, a.total_effect, 1e-10, "T_i");
    EXPECT_EQ(b.thresholds, a.thresholds);
    EXPECT_EQ(b.peak, a.peak);
    EXPECT_NEAR(b.even, a.even, 1e-10);
    ASSERT_EQ(b.top_subsets.size(), a.top_subsets.size());
    for (size_t k = 0; k < a.top_subsets.size(); ++k) {
        EXPECT_EQ(b.top_subsets[k].features, a.top_subsets[k].features);
        EXPECT_NEAR(b.top_subsets[k].share, a.top_subsets[k].share, 1e-10);
    }
    ASSERT_EQ(b.coefficients.size(), a.coefficients.size());
    for (size_t k = 0; k < a.coefficients.size(); ++k) {
        EXPECT_EQ(b.coefficients[k].index, a.coefficients[k].index) << "coefficient " << k;
        EXPECT_NEAR(b.coefficients[k].value, a.coefficients[k].value, 1e-9);
    }
    expect_near_all(dense_coefficients(expansion_of(by_c)), dense_coefficients(expansion_of(by_sv)), 1e-9,
                    "dense c");

    ExplainOptions e;
    e.interactions = true;
    e.method = PredictMethod::support_vectors;  // the support vectors' own route as the reference
    const Explanation ea = explain(by_sv, X, rows, e);
    e.method = PredictMethod::automatic;
    const Explanation eb = explain(by_c, X, rows, e);
    EXPECT_NEAR(eb.base, ea.base, 1e-9);
    expect_near_all(eb.decision, ea.decision, 1e-9, "explained decision");
    expect_near_all(eb.shapley, ea.shapley, 1e-9, "shapley");
    expect_near_all(eb.main, ea.main, 1e-9, "main");
    expect_near_all(eb.pair, ea.pair, 1e-9, "pair");
    expect_near_all(eb.remainder, ea.remainder, 1e-9, "remainder");
    expect_near_all(eb.interaction, ea.interaction, 1e-9, "interaction");

    const auto sa = shape_functions(by_sv, 9), sb = shape_functions(by_c, 9);
    ASSERT_EQ(sb.size(), sa.size());
    for (size_t j = 0; j < sa.size(); ++j) {
        expect_near_all(sb[j].x, sa[j].x, 0.0, "shape grid");
        expect_near_all(sb[j].h, sa[j].h, 1e-9, "shape");
    }
    const PairSurface pa = pair_surface(by_sv, 0, 1, 6), pb = pair_surface(by_c, 0, 1, 6);
    expect_near_all(pb.h, pa.h, 1e-9, "pair surface");
    const PairSurface qa = pair_surface(by_sv, 2, 0, 5), qb = pair_surface(by_c, 2, 0, 5);
    expect_near_all(qb.h, qa.h, 1e-9, "pair surface, features reversed");
}

}  // namespace

TEST(ModelStore, CoefficientsAreTheSameFunctionAsTheSupportVectors) {
    for (const bool gaps : {false, true}) {
        const Dataset data = table(400, 4, Task::classification, 2, gaps, 7u);
        const Model by_sv = train_model(data, pairs(Task::classification, Store::support_vectors));
        const Model by_c = train_model(data, pairs(Task::classification, Store::coefficients));
        EXPECT_EQ(by_c.summary.support_vectors, by_sv.summary.support_vectors);
        EXPECT_EQ(by_c.machines().front().summary.support_vectors, by_sv.machine().support_count());
        EXPECT_EQ(by_c.machine().function_coefficients.size(), by_c.basis().size());
        expect_same_function(by_sv, by_c, data.X, data.rows);
        // as_stored converts a trained support-vector model to the same machine.
        expect_near_all(as_stored(by_sv, Store::coefficients).machine().function_coefficients,
                        by_c.machine().function_coefficients, 0.0, "as_stored");
    }
}

TEST(ModelStore, RegressionAndFullProductBases) {
    const Dataset data = table(300, 3, Task::regression, 0, true, 11u);
    const Model by_sv = train_model(data, pairs(Task::regression, Store::support_vectors));
    const Model by_c = train_model(data, pairs(Task::regression, Store::coefficients));
    expect_same_function(by_sv, by_c, data.X, data.rows);
    TrainOptions full = pairs(Task::classification, Store::support_vectors);
    full.spec.max_order = 0;  // the untruncated product of 3 features: 64 functions
    const Dataset two = table(200, 3, Task::classification, 2, false, 5u);
    const Model product = train_model(two, full);
    expect_same_function(product, as_stored(product, Store::coefficients), two.X, two.rows);
}

TEST(ModelStore, MultiClassScoresAndProbabilities) {
    const Dataset data = table(450, 3, Task::classification, 3, false, 3u);
    for (const MultiClass strategy : {MultiClass::ovo, MultiClass::ovr}) {
        TrainOptions o = pairs(Task::classification, Store::support_vectors);
        o.multi_class = strategy;
        o.probability = true;
        const Model by_sv = train_model(data, o);
        o.store = Store::coefficients;
        const Model by_c = train_model(data, o);
        const auto Xa = by_sv.scaled_rows(data.X, data.rows, OutOfRange::clip, "X");
        const auto va = machine_decisions(by_sv, Xa, data.rows), vb = machine_decisions(by_c, Xa, data.rows);
        expect_near_all(vb, va, 1e-9, "machine decisions");
        const ClassPrediction a = predict_classes(by_sv, va, data.rows), b = predict_classes(by_c, vb, data.rows);
        EXPECT_EQ(b.label, a.label);
        expect_near_all(b.decision, a.decision, 1e-9, "class scores");
        expect_near_all(predict_probabilities(by_c, vb, data.rows), predict_probabilities(by_sv, va, data.rows), 1e-9,
                        "probabilities");
        for (size_t c = 0; c < 3; ++c) expect_same_function(class_model(by_sv, c), class_model(by_c, c), data.X, 60);
        expect_same_function(machine_model(by_sv, 1), machine_model(by_c, 1), data.X, 60);
        // The file keeps the form, and reads back to the same model.
        const Model back = model_from_json(model_to_json(by_c), "round trip");
        EXPECT_EQ(model_to_json(back), model_to_json(by_c));
        EXPECT_LT(model_to_json(by_c).size(), model_to_json(by_sv).size());
        // A file whose machines keep different forms is refused (class scores add them up).
        nlohmann::json mixed = nlohmann::json::parse(model_to_json(by_c));
        mixed["machines"][1] = nlohmann::json::parse(model_to_json(by_sv))["machines"][1];
        try {
            (void)model_from_json(mixed.dump(), "mixed.json");
            ADD_FAILURE() << "machines of two forms were read";
        } catch (const ModelFileError& error) {
            EXPECT_NE(std::string(error.what()).find("mixed.json: machines[1]: keeps support_vectors where machines[0] "
                                                     "keeps function_coefficients"),
                      std::string::npos)
                << error.what();
        }
    }
}

TEST(ModelStore, AutomaticKeepsSupportVectorsUntilTheyOutgrowTheCoefficients) {
    const Dataset data = table(300, 3, Task::classification, 2, false, 2u);
    EXPECT_FALSE(train_model(data, pairs(Task::classification, Store::automatic)).machine().by_functions());
    const Basis basis = train_model(data, pairs(Task::classification, Store::automatic)).basis();
    EXPECT_FALSE(stores_coefficients(Store::automatic, basis, kAutoStoredNumbers));
    EXPECT_TRUE(stores_coefficients(Store::automatic, basis, kAutoStoredNumbers + 1.0));
    EXPECT_FALSE(stores_coefficients(Store::support_vectors, basis, 1e12));
    EXPECT_TRUE(stores_coefficients(Store::coefficients, basis, 0.0));
    // A basis too large to store by coefficients keeps its support vectors under auto.
    const Basis large(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(8, 3));  // 4^8
    EXPECT_FALSE(stores_coefficients(Store::automatic, large, 1e9));
}

TEST(ModelStore, RefusalsNameTheSettingAndTheReason) {
    Dataset data = table(120, 8, Task::classification, 2, false, 4u);
    TrainOptions o = pairs(Task::classification, Store::coefficients);
    o.spec.max_order = 0;  // 4^8 = 65,536 functions
    try {
        (void)train_model(data, o);
        ADD_FAILURE() << "a basis beyond 20,000 functions was stored by coefficients";
    } catch (const ParameterError& e) {
        EXPECT_NE(std::string(e.what()).find("store coefficients: the basis keeps 65536 functions"), std::string::npos)
            << e.what();
    }
    const Dataset small = table(200, 3, Task::classification, 2, false, 4u);
    const Model by_c = train_model(small, pairs(Task::classification, Store::coefficients));
    const std::vector<double> first(small.X.begin(), small.X.begin() + 15);
    const auto X = by_c.scaled_rows(first, 5, OutOfRange::clip, "X");
    EXPECT_THROW((void)decision_values(by_c, X, 5, PredictMethod::support_vectors), ParameterError);
    ExplainOptions e;
    e.method = PredictMethod::support_vectors;
    EXPECT_THROW((void)explain(by_c, first, 5, e), ParameterError);
    OkcOptions pairs_method;
    pairs_method.method = OkcMethod::pairs;
    EXPECT_THROW((void)analyze(expansion_of(by_c), pairs_method), ParameterError);
    EXPECT_THROW((void)shapley_by_coalitions(by_c, first, 5), ParameterError);

    // The file's functions must be the basis' kept functions in order.
    nlohmann::json j = nlohmann::json::parse(model_to_json(by_c));
    ASSERT_TRUE(j.contains("functions"));
    EXPECT_FALSE(j.contains("support_vectors"));
    std::swap(j["functions"][1], j["functions"][2]);
    try {
        (void)model_from_json(j.dump(), "m.json");
        ADD_FAILURE() << "functions out of order were read";
    } catch (const ModelFileError& error) {
        EXPECT_NE(std::string(error.what()).find("m.json: functions[1]: expected"), std::string::npos) << error.what();
    }
    j = nlohmann::json::parse(model_to_json(by_c));
    j["function_coefficients"].erase(0);
    EXPECT_THROW((void)model_from_json(j.dump(), "m.json"), ModelFileError);
    j = nlohmann::json::parse(model_to_json(by_c));
    j["function_coefficients"][3] = 1e308;
    EXPECT_THROW((void)model_from_json(j.dump(), "m.json"), ModelFileError);
}
