// Training, prediction and the model file, end to end in the engine.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <numbers>
#include <thread>

#include "orca/data_score.hpp"
#include "orca/errors.hpp"
#include "orca/model_analysis.hpp"
#include "orca/model_io.hpp"
#include "orca/multiclass.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "paper/spiral.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

TrainOptions legendre(int n, double C) {
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.spec.family = FamilySpec::make("legendre");
    o.spec.degrees = {n};
    o.C = C;
    return o;
}

}  // namespace

TEST(Model, DecisionIsTheKernelExpansionPlusBias) {
    const Dataset data = make_double_spiral();
    const Model model = train_model(data, legendre(8, 1.0));
    ASSERT_TRUE(model.summary.converged);
    EXPECT_GT(model.summary.training_accuracy, 0.95);
    // Reference: g(x) = sum_i a_i K(x_i, x) + b with K by direct sums only.
    const auto grid = test::uniform_points(40, 2, 21u);
    const auto g = decision_values(model, grid, 40);
    const TensorKernel k = model.kernel();
    for (size_t r = 0; r < 40; ++r) {
        double ref = model.machine().bias;
        for (size_t i = 0; i < model.machine().support_count(); ++i)
            ref += model.machine().coefficients[i] *
                   k.entry_direct(std::span(model.machine().support_vectors).subspan(i * 2, 2),
                                  std::span(grid).subspan(r * 2, 2));
        EXPECT_NEAR(g[r], ref, 1e-11 * (1.0 + std::abs(ref)));
    }
    // The equality constraint: sum_i a_i = 0.
    double s = 0.0, scale = 0.0;
    for (double a : model.machine().coefficients) {
        s += a;
        scale += std::abs(a);
    }
    EXPECT_LT(std::abs(s), 1e-12 * scale);
}

TEST(Model, SaveLoadPredictIsBitForBit) {
    const Dataset data = make_double_spiral();
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.spec.family = FamilySpec::make("jacobi", 2.5, 1.2);
    o.spec.degrees = {6, 9};
    o.spec.measure = Measure::lebesgue;
    o.C = 3.0;
    const Model model = train_model(data, o);
    const std::string text = model_to_json(model);
    const Model back = model_from_json(text, "m.json");
    EXPECT_EQ(model_to_json(back), text);
    const auto a = decision_function(model, data.X, data.rows, OutOfRange::clip, "x");
    const auto b = decision_function(back, data.X, data.rows, OutOfRange::clip, "x");
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]);
    EXPECT_EQ(back.spec.degrees, (std::vector<int>{6, 9}));
    EXPECT_EQ(back.spec.measure, Measure::lebesgue);
    EXPECT_EQ(back.classes, model.classes);
}

TEST(Model, InteractionOrderIsSavedLoadedAndOlderFilesMeanTheFullProduct) {
    const Dataset data = make_double_spiral();
    TrainOptions o = legendre(6, 1.0);
    o.spec.max_order = 1;
    const Model additive = train_model(data, o);
    EXPECT_EQ(additive.spec.max_order, 1);
    const std::string text = model_to_json(additive);
    const Model back = model_from_json(text, "m.json");
    EXPECT_EQ(back.spec.max_order, 1);
    EXPECT_EQ(model_to_json(back), text);
    const auto a = decision_function(additive, data.X, data.rows, OutOfRange::clip, "x");
    const auto b = decision_function(back, data.X, data.rows, OutOfRange::clip, "x");
    EXPECT_EQ(a, b);
    // Q >= d is the full product: stored as no truncation, the same model bit for bit.
    o.spec.max_order = 2;
    const Model full = train_model(data, legendre(6, 1.0)), same = train_model(data, o);
    EXPECT_EQ(same.spec.max_order, 0);
    EXPECT_EQ(model_to_json(same), model_to_json(full));
    // Files without the field (written before it existed) hold full products.
    auto doc = nlohmann::json::parse(text);
    EXPECT_EQ(doc["kernel"]["max_order"], 1);
    doc["kernel"].erase("max_order");
    EXPECT_EQ(model_from_json(doc.dump(), "old.json").spec.max_order, 0);
    doc["kernel"]["max_order"] = 3;
    try {
        (void)model_from_json(doc.dump(), "m.json");
        FAIL() << "accepted max_order 3 for 2 features";
    } catch (const ModelFileError& e) {
        EXPECT_STREQ(e.what(), "m.json: kernel.max_order: expected an integer in 1..2");
    }
}

TEST(Model, TotalDegreeCapIsSavedLoadedAndACapAtTheTopIsNone) {
    const Dataset data = make_double_spiral();
    TrainOptions o = legendre(8, 1.0);
    o.spec.max_total_degree = 10;
    const Model capped = train_model(data, o);
    EXPECT_EQ(capped.spec.max_total_degree, 10);
    const std::string text = model_to_json(capped);
    const Model back = model_from_json(text, "m.json");
    EXPECT_EQ(back.spec.max_total_degree, 10);
    EXPECT_EQ(model_to_json(back), text);
    EXPECT_EQ(decision_function(capped, data.X, data.rows, OutOfRange::clip, "x"),
              decision_function(back, data.X, data.rows, OutOfRange::clip, "x"));
    o.spec.max_total_degree = 16;  // = n_1 + n_2: nothing left out
    EXPECT_EQ(model_to_json(train_model(data, o)), model_to_json(train_model(data, legendre(8, 1.0))));
    auto doc = nlohmann::json::parse(text);
    doc["kernel"]["max_total_degree"] = 17;
    try {
        (void)model_from_json(doc.dump(), "m.json");
        FAIL() << "accepted a cap above the total degree";
    } catch (const ModelFileError& e) {
        EXPECT_STREQ(e.what(), "m.json: kernel.max_total_degree: expected an integer in 1..16");
    }
    o.spec.max_total_degree = -1;
    EXPECT_THROW((void)train_model(data, o), ParameterError);
}

TEST(Model, BasisFarLargerThanTheDataIsNamedWithTheSettingsToChange) {
    Dataset data;
    data.source = "random";
    data.cols = 8;
    data.rows = 60;
    for (size_t j = 0; j < 8; ++j) data.feature_names.push_back("f" + std::to_string(j));
    data.X = test::uniform_points(60, 8, 3u);
    for (size_t r = 0; r < 60; ++r) data.target.push_back(data.X[r * 8] > 0 ? "p" : "n");
    const Model full = train_model(data, legendre(3, 1.0));  // 4^8 = 65536 functions, 60 rows
    EXPECT_EQ(basis_size_warning(full),
              "the basis has 6.55e+04 functions for 60 training rows (the full tensor product of 8 features, max "
              "degree 3): the model can interpolate its training data and generalise poorly; set max_order to 1 "
              "(additive) or 2 (pairs) and degree to 2..4");
    TrainOptions pairs = legendre(3, 1.0);
    pairs.spec.max_order = 2;  // 1 + 24 + 28 * 9 = 277 functions: below 20 per row
    EXPECT_EQ(basis_size_warning(train_model(data, pairs)), "");
    EXPECT_EQ(basis_size_warning(train_model(make_double_spiral(), legendre(8, 1.0))), "");
}

TEST(Model, MalformedModelFilesAreRefusedWithTheReason) {
    const Model model = train_model(make_double_spiral(), legendre(3, 1.0));
    const auto good = nlohmann::json::parse(model_to_json(model));
    auto message = [](const std::string& text) {
        try {
            (void)model_from_json(text, "m.json");
        } catch (const ModelFileError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_EQ(message("{not json"), "m.json: not valid JSON (byte 3); is this an ORCA model file?");
    EXPECT_EQ(message(model_to_json(model).substr(0, 200)).rfind("m.json: not valid JSON", 0), 0u);
    auto edited = good;
    edited["format_version"] = 99;
    EXPECT_EQ(message(edited.dump()), "m.json: model format version 99 is not supported (this orca reads version 1)");
    edited = good;
    edited.erase("bias");
    EXPECT_EQ(message(edited.dump()), "m.json: missing field 'bias'");
    edited = good;
    edited["coefficients"].erase(0);
    EXPECT_NE(message(edited.dump()).find("coefficients: expected"), std::string::npos);
    edited = good;
    edited["support_vectors"][0].push_back(0.5);
    EXPECT_NE(message(edited.dump()).find("support_vectors[0]: expected 2 values, found 3"), std::string::npos);
    edited = good;
    edited["kernel"]["alpha"] = "x";
    EXPECT_EQ(message(edited.dump()), "m.json: kernel.alpha: expected a number");
    edited = good;
    edited["kernel"]["family"] = "jacobi";
    edited["kernel"]["alpha"] = -3;
    EXPECT_NE(message(edited.dump()).find("alpha must be a finite number > -1"), std::string::npos);
    EXPECT_EQ(message("[1,2]"), "m.json: not an ORCA model file (no \"format\": \"orca-model\")");
}

TEST(Model, LoaderRefusesFieldsThatContradictEachOther) {
    // What no training writes: each edit alone, named by its field.
    const Model model = train_model(make_double_spiral(), legendre(3, 1.0));
    const auto good = nlohmann::json::parse(model_to_json(model));
    const auto refused = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& expected) {
        auto doc = good;
        edit(doc);
        try {
            (void)model_from_json(doc.dump(), "m.json");
        } catch (const ModelFileError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
            return;
        }
        ADD_FAILURE() << "accepted: " << expected;
    };
    refused([](auto& d) { d["features"][1] = d["features"][0]; }, "features: the feature 'x1' appears twice");
    refused([](auto& d) { d["classes"][1] = d["classes"][0]; }, "classes: the class 'A' appears twice");
    refused([](auto& d) { d["scaler"]["min"][0] = -1e308, d["scaler"]["max"][0] = 1e308; }, "scaler: feature 'x1' spans");
    refused([](auto& d) { d["training"]["C"] = -5; }, "training.C: expected a number in (0, 1e100]");
    refused([](auto& d) { d["training"]["tolerance"] = 0; }, "training.tolerance: expected a number > 0");
    refused([](auto& d) { d["training"]["training_accuracy"] = 7.5; }, "training_accuracy: expected a number from 0 to 1");
    refused([](auto& d) { d["weights"]["class"][0] = -1; }, "weights.class[0]: expected a number > 0");
    refused([](auto& d) { d["format_version"] = "1"; }, "format_version: expected an integer written without quotes");
    refused([](auto& d) { d["format_version"] = 1.0; }, "format_version: expected an integer");
    // A byte-order mark before the JSON is read past.
    EXPECT_EQ(model_from_json("\xEF\xBB\xBF" + good.dump(), "m.json").classes, model.classes);
}

TEST(Model, TwoFitsInTwoThreadsDoNotInterfere) {
    const Dataset data = make_double_spiral();
    const Model ref1 = train_model(data, legendre(8, 1.0));
    const Model ref2 = train_model(data, legendre(5, 10.0));
    Model m1, m2;
    std::thread t1([&] { m1 = train_model(data, legendre(8, 1.0)); });
    std::thread t2([&] { m2 = train_model(data, legendre(5, 10.0)); });
    t1.join();
    t2.join();
    EXPECT_EQ(model_to_json(m1), model_to_json(ref1));
    EXPECT_EQ(model_to_json(m2), model_to_json(ref2));
}

TEST(Model, IterationCapIsReportedNotThrown) {
    TrainOptions o = legendre(8, 100.0);
    o.solver.max_iterations = 5;
    const Model model = train_model(make_double_spiral(), o);
    EXPECT_FALSE(model.summary.converged);
    EXPECT_EQ(model.summary.iterations, 5);
}

TEST(Model, OutOfRangePointsAreClippedAndCountedOrRefused) {
    const Dataset data = make_double_spiral();
    const Model model = train_model(data, legendre(4, 1.0));
    std::vector<double> X = {0.0, 0.0, 1e6, 0.0, 0.0, -1e6, 1.0, 1.0};
    Clipping clipped;
    const auto g = decision_function(model, X, 4, OutOfRange::clip, "x", &clipped);
    EXPECT_EQ(clipped.rows, 2u);
    const Scaler& s = model.scaler;  // the farthest value, in training spans of its feature
    EXPECT_DOUBLE_EQ(clipped.excess,
                     std::max((1e6 - s.max[0]) / (s.max[0] - s.min[0]), (s.min[1] + 1e6) / (s.max[1] - s.min[1])));
    EXPECT_TRUE(clipped.notable(4));
    EXPECT_EQ(clipped_rows_note(clipped, 4).rfind("2 of 4 row(s) had values outside the training range and were "
                                                  "clipped to it (the farthest ",
                                                  0),
              0u);
    // Notable: more than a quarter of the rows, or a value more than one span outside.
    EXPECT_FALSE((Clipping{25, 0.99}).notable(100));
    EXPECT_TRUE((Clipping{26, 0.01}).notable(100));
    EXPECT_TRUE((Clipping{1, 1.01}).notable(100));
    EXPECT_FALSE((Clipping{0, 0.0}).notable(0));
    Clipping sum{3, 0.2};
    sum += Clipping{2, 0.7};
    EXPECT_EQ(sum.rows, 5u);
    EXPECT_EQ(sum.excess, 0.7);
    for (double v : g) EXPECT_TRUE(std::isfinite(v));
    try {
        (void)decision_function(model, X, 4, OutOfRange::error, "test.csv");
        FAIL();
    } catch (const DataError& e) {
        EXPECT_NE(
            std::string(e.what()).find("test.csv: row 2, feature 'x1': value 1000000 is outside the training range"),
            std::string::npos);
    }
}

// The spiral with a third column holding `value` on every row.
Dataset with_constant_column(const Dataset& data, double value) {
    Dataset out = data;
    out.cols = data.cols + 1;
    out.feature_names.push_back("x3");
    out.X.clear();
    for (size_t r = 0; r < data.rows; ++r) {
        for (size_t j = 0; j < data.cols; ++j) out.X.push_back(data.X[r * data.cols + j]);
        out.X.push_back(value);
    }
    return out;
}

TEST(Model, ConstantFeatureKeepsOnlyItsConstantFunctionAndChangesNothingElse) {
    // The reference is the model without the column: under the probability measure phi_0 = 1,
    // so a degree-0 feature multiplies the kernel by 1 and the dual problem is the same one.
    const Dataset data = make_double_spiral(), padded = with_constant_column(data, 4.0);
    const Model without = train_model(data, legendre(6, 1.0)), with = train_model(padded, legendre(6, 1.0));
    EXPECT_EQ(with.spec.degrees, (std::vector<int>{6, 6, 0}));
    EXPECT_TRUE(with.scaler.constant(2));
    EXPECT_NE(constant_features_warning(with).find("feature 'x3' is constant (every training value is 4)"),
              std::string::npos);
    EXPECT_EQ(constant_features_warning(without), "");
    // Rows to predict: the constant column at other values, far outside its one training value.
    Dataset moved = with_constant_column(data, -1e6);
    Clipping clipped{99, 9.0};
    const std::vector<double> g0 = decision_function(without, data.X, data.rows, OutOfRange::error, "test");
    const std::vector<double> g1 = decision_function(with, moved.X, data.rows, OutOfRange::error, "test", &clipped);
    EXPECT_EQ(clipped.rows, 0u);  // the model ignores the column, so nothing was clipped or refused
    for (size_t r = 0; r < data.rows; ++r) EXPECT_NEAR(g1[r], g0[r], 1e-9 * (1.0 + std::abs(g0[r])));
    const OkcReport a = analyze_model(without).machines[0].report, b = analyze_model(with).machines[0].report;
    EXPECT_DOUBLE_EQ(b.marginal[2], 0.0);
    EXPECT_DOUBLE_EQ(b.total_effect[2], 0.0);
    for (size_t j = 0; j < 2; ++j) EXPECT_NEAR(b.marginal[j], a.marginal[j], 1e-9);
    EXPECT_NEAR(b.energy, a.energy, 1e-9 * a.energy);
    // The file keeps it: a constant scaler entry with degree 0 loads, with another degree it does not.
    const Model back = model_from_json(model_to_json(with), "m.json");
    EXPECT_EQ(back.spec.degrees, with.spec.degrees);
    EXPECT_EQ(decision_function(back, moved.X, data.rows, OutOfRange::error, "test"), g1);
    nlohmann::json doc = nlohmann::json::parse(model_to_json(with));
    doc["kernel"]["degrees"][2] = 3;
    try {
        (void)model_from_json(doc.dump(), "m.json");
        FAIL();
    } catch (const ModelFileError& e) {
        EXPECT_NE(std::string(e.what()).find("feature 'x3' is constant in the scaler, so training gave it degree 0"),
                  std::string::npos)
            << e.what();
    }
}

TEST(Model, BadTrainingInputIsRefused) {
    Dataset data = make_double_spiral();
    for (size_t r = 0; r < data.rows; ++r) data.X[r * 2] = data.X[r * 2 + 1] = 4.0;
    try {
        (void)train_model(data, legendre(3, 1.0));
        FAIL();
    } catch (const DataError& e) {
        EXPECT_NE(std::string(e.what()).find("all 2 features are constant: there is nothing to learn from"),
                  std::string::npos);
    }
    TrainOptions o = legendre(3, 1.0);
    o.spec.degrees = {1, 2, 3};
    EXPECT_THROW((void)train_model(make_double_spiral(), o), ParameterError);
    o = legendre(3, 0.0);
    EXPECT_THROW((void)train_model(make_double_spiral(), o), ParameterError);
    o = legendre(-1, 1.0);
    EXPECT_THROW((void)train_model(make_double_spiral(), o), ParameterError);
}

TEST(Spiral, IsDeterministicAndMatchesTheSpec) {
    const Dataset a = make_double_spiral();
    const Dataset b = make_double_spiral();
    EXPECT_EQ(a.X, b.X);
    EXPECT_EQ(a.rows, 300u);
    // Arm B is the mirror of arm A before noise: the means of the two arms are opposite.
    SpiralOptions no_noise;
    no_noise.noise = 0.0;
    const Dataset c = make_double_spiral(no_noise);
    for (size_t k = 0; k < 150; ++k) {
        EXPECT_DOUBLE_EQ(c.X[2 * k], -c.X[2 * (k + 150)]);
        EXPECT_DOUBLE_EQ(c.X[2 * k + 1], -c.X[2 * (k + 150) + 1]);
    }
    EXPECT_NEAR(std::hypot(c.X[0], c.X[1]), std::numbers::pi / 2, 1e-12);
}

TEST(DataScore, CountsWhatTheDecisionFunctionSays) {
    // Accuracy by the decision's label row by row, over the rows whose label is a class; RMSE and
    // R^2 by their definitions over the rows with a finite numeric target.
    const Dataset data = make_double_spiral();
    const Model model = train_model(data, legendre(6, 1.0));
    const auto points = model.scaled_rows(data.X, data.rows, OutOfRange::clip, "spiral");
    const auto values = machine_decisions(model, points, data.rows);
    std::vector<std::string> target = data.target;
    target[0] = "not a class";  // left out
    size_t correct = 0;
    for (size_t r = 1; r < data.rows; ++r) correct += model.label_for(values[r]) == target[r];
    const DataScore score = score_on_data(model, values, target);
    EXPECT_EQ(score.scored, data.rows - 1);
    EXPECT_EQ(score.correct, correct);
    EXPECT_DOUBLE_EQ(score.accuracy, static_cast<double>(correct) / static_cast<double>(data.rows - 1));

    Model regression = model;
    regression.task = Task::regression;
    const std::vector<double> g{1.0, 2.0, 4.0, 0.5};
    const std::vector<std::string> z{"1.5", "", "3", "nan"};  // the empty and the NaN target are left out
    const DataScore fit = score_on_data(regression, g, z);
    EXPECT_EQ(fit.scored, 2u);
    EXPECT_DOUBLE_EQ(fit.rmse, std::sqrt((0.25 + 1.0) / 2.0));
    ASSERT_TRUE(fit.r2.has_value());
    EXPECT_DOUBLE_EQ(*fit.r2, 1.0 - 1.25 / (0.75 * 0.75 * 2.0));
    EXPECT_FALSE(score_on_data(regression, g, {"2", "x", "2", "y"}).r2.has_value());  // constant target
}
