// More than two classes: one-vs-one against LIBSVM's own multi-class C-SVC on the same Gram
// matrix; class scores, the model file, aggregated analysis and the probability pieces.
#include <gtest/gtest.h>
#include <svm.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "libsvm_gram.hpp"
#include "orca/coefficients.hpp"
#include "orca/errors.hpp"
#include "orca/expansion.hpp"
#include "orca/explain.hpp"
#include "orca/model_analysis.hpp"
#include "orca/model_io.hpp"
#include "orca/multiclass.hpp"
#include "orca/prediction.hpp"
#include "orca/probability.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

// k overlapping Gaussian clusters in d dimensions, labels "0".."k-1" in order of first
// appearance (LIBSVM orders classes that way).
Dataset clusters(size_t per_class, size_t k, size_t d, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0.0, 1.0);
    Dataset ds;
    ds.source = "clusters";
    ds.cols = d;
    ds.target_name = "class";
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("x" + std::to_string(j + 1));
    for (size_t i = 0; i < per_class * k; ++i) {
        const size_t c = i % k;
        for (size_t j = 0; j < d; ++j)
            ds.X.push_back(z(rng) + 1.6 * std::cos(static_cast<double>(c * (j + 1))) + 0.2 * z(rng) * z(rng));
        ds.target.push_back(std::to_string(c));
    }
    ds.rows = per_class * k;
    return ds;
}

TrainOptions options(MultiClass s, std::vector<int> degrees = {4}) {
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.multi_class = s;
    o.spec.degrees = std::move(degrees);
    o.C = 2.0;
    o.solver.tolerance = 1e-6;
    return o;
}

std::vector<double> scaled(const Model& model, const Dataset& data) {
    return model.scaled_rows(data.X, data.rows, OutOfRange::clip, data.source);
}

}  // namespace

TEST(Multiclass, OneVsOneMatchesLibsvmMulticlass) {
    const Dataset data = clusters(60, 4, 3, 11u);
    TrainOptions o = options(MultiClass::ovo);
    o.class_weight = {{"2", 2.5}};
    const Model model = train_model(data, o);
    ASSERT_EQ(model.machines().size(), 6u);
    const size_t m = data.rows, k = 4;
    const auto pts = scaled(model, data);
    const TensorKernel kernel = model.kernel();
    const auto G = kernel.gram(kernel.prepare(pts, m));

    svm_set_print_string_function(&orca::test::silent);
    test::LibsvmGram gram(G, m);
    std::vector<double> labels;
    for (const auto& t : data.target) labels.push_back(std::stod(t));
    svm_problem prob{static_cast<int>(m), labels.data(), gram.xs.data()};
    svm_parameter param{};
    param.svm_type = C_SVC;
    param.kernel_type = PRECOMPUTED;
    param.C = o.C;
    param.eps = 1e-6;
    param.cache_size = 100;
    param.shrinking = 1;
    std::vector<int> weight_label{2};
    std::vector<double> weight{2.5};
    param.nr_weight = 1;
    param.weight_label = weight_label.data();
    param.weight = weight.data();
    svm_model* ref = svm_train(&prob, &param);
    for (size_t c = 0; c < k; ++c) ASSERT_EQ(ref->label[c], static_cast<int>(c));  // same class order

    const auto ours = machine_decisions(model, pts, m);
    const auto predicted = predict_classes(model, ours, m);
    std::vector<double> dec(k * (k - 1) / 2);
    size_t ties = 0;
    for (size_t t = 0; t < m; ++t) {
        const double label = svm_predict_values(ref, gram.xs[t], dec.data());
        for (size_t p = 0; p < dec.size(); ++p)
            // LIBSVM's pair (i, j) is positive for i; ours for j.
            EXPECT_NEAR(ours[t * dec.size() + p], -dec[p], 2e-4 * (1.0 + std::abs(dec[p]))) << "row " << t;
        std::vector<int> votes(k, 0);
        size_t p = 0;
        for (size_t i = 0; i < k; ++i)
            for (size_t j = i + 1; j < k; ++j, ++p) ++votes[dec[p] > 0 ? i : j];
        const int top = *std::max_element(votes.begin(), votes.end());
        if (std::count(votes.begin(), votes.end(), top) > 1) {
            ++ties;  // LIBSVM takes the lowest class; we break ties by confidence
            continue;
        }
        EXPECT_EQ(predicted.label[t], static_cast<size_t>(label)) << "row " << t;
    }
    EXPECT_LT(ties, m / 10);
    svm_free_and_destroy_model(&ref);
}

TEST(Multiclass, PredictionIsTheLargestPerClassDecision) {
    for (MultiClass s : {MultiClass::ovo, MultiClass::ovr}) {
        const Dataset data = clusters(40, 3, 2, 3u);
        const Model model = train_model(data, options(s));
        EXPECT_EQ(model.machines().size(), 3u);
        const auto pts = scaled(model, data);
        const auto values = machine_decisions(model, pts, data.rows);
        const auto p = predict_classes(model, values, data.rows);
        size_t correct = 0;
        for (size_t t = 0; t < data.rows; ++t) {
            const double* row = p.decision.data() + t * 3;
            EXPECT_EQ(p.label[t], static_cast<size_t>(std::max_element(row, row + 3) - row));
            correct += model.classes[p.label[t]] == data.target[t];
        }
        EXPECT_DOUBLE_EQ(model.summary.training_accuracy,
                         static_cast<double>(correct) / static_cast<double>(data.rows));
        EXPECT_GT(model.summary.training_accuracy, 0.8);
    }
}

TEST(Multiclass, ClassModelIsTheClassScoreAndExplainsIt) {
    for (MultiClass s : {MultiClass::ovo, MultiClass::ovr}) {
        const Dataset data = clusters(30, 3, 3, 5u);
        const Model model = train_model(data, options(s, {3}));
        const auto pts = scaled(model, data);
        const auto values = machine_decisions(model, pts, data.rows);
        const auto w = class_score_weights(model);
        for (size_t c = 0; c < 3; ++c) {
            const Model cm = class_model(model, c);
            const auto score = decision_values(cm, pts, data.rows);
            const Explanation e = explain(cm, data.X, data.rows);
            for (size_t t = 0; t < data.rows; ++t) {
                double expected = 0.0;
                for (size_t mi = 0; mi < 3; ++mi) expected += w[c][mi] * values[t * 3 + mi];
                EXPECT_NEAR(score[t], expected, 1e-10 * (1.0 + std::abs(expected)));
                double phi = e.base;
                for (size_t j = 0; j < 3; ++j) phi += e.shapley[t * 3 + j];
                EXPECT_NEAR(phi, score[t], 1e-10 * (1.0 + std::abs(score[t])));
            }
        }
        EXPECT_THROW((void)explain(model, data.X, data.rows), ParameterError);
    }
}

TEST(Multiclass, ModelFileRoundTripIsExact) {
    for (MultiClass s : {MultiClass::ovo, MultiClass::ovr}) {
        const Dataset data = clusters(30, 3, 2, 8u);
        TrainOptions o = options(s);
        o.probability = true;
        const Model model = train_model(data, o);
        const Model back = model_from_json(model_to_json(model), "mem");
        EXPECT_EQ(model_to_json(back), model_to_json(model));
        ASSERT_EQ(back.machines().size(), model.machines().size());
        const auto pts = scaled(model, data);
        const auto a = machine_decisions(model, pts, data.rows), b = machine_decisions(back, pts, data.rows);
        EXPECT_EQ(a, b);
        EXPECT_EQ(predict_probabilities(model, a, data.rows), predict_probabilities(back, b, data.rows));
    }
}

TEST(Multiclass, EnergyWeightedAggregateIsTheStackedCoefficientVector) {
    const Dataset data = clusters(30, 3, 3, 9u);
    const Model model = train_model(data, options(MultiClass::ovo, {3, 2, 4}));
    const ModelAnalysis a = analyze_model(model);
    ASSERT_EQ(a.machines.size(), 3u);
    ASSERT_TRUE(a.energy_weighted && a.mean);
    // By definition: every machine's coefficients, stacked, split by interaction order.
    const Basis basis = model.basis();
    std::vector<double> order(4, 0.0), mean(4, 0.0);
    double total = 0.0;
    for (const auto& machine : model.machines()) {
        const auto c = dense_coefficients(expansion_of(model, machine));
        std::vector<double> own(4, 0.0);
        double e = 0.0;
        for (size_t flat = 0; flat < c.size(); ++flat) {
            const auto idx = multi_index(basis, flat);
            const auto q = static_cast<size_t>(std::count_if(idx.begin(), idx.end(), [](int v) { return v > 0; }));
            order[q] += c[flat] * c[flat];
            own[q] += c[flat] * c[flat];
            e += c[flat] * c[flat];
        }
        total += e;
        for (size_t q = 0; q < 4; ++q) mean[q] += own[q] / e / 3.0;
    }
    for (size_t q = 0; q < 4; ++q) {
        EXPECT_NEAR(a.energy_weighted->order[q], order[q] / total, 1e-10);
        EXPECT_NEAR(a.mean->order[q], mean[q], 1e-10);
    }
    EXPECT_NEAR(a.energy_weighted->energy, total, 1e-9 * total);
    for (const auto* r : {&*a.energy_weighted, &*a.mean}) {
        double s = 0.0, marg = 0.0;
        for (double v : r->spectrum) s += v;
        for (double v : r->marginal) marg += v;
        EXPECT_NEAR(s, 1.0, 1e-12);
        EXPECT_NEAR(marg, r->order[1], 1e-12);
        EXPECT_NEAR(r->even + r->odd, 1.0, 1e-12);
    }
}

TEST(Probability, CouplingRecoversConsistentProbabilities) {
    // When r_ij = p_i / (p_i + p_j) exactly, the minimiser is p itself (objective 0).
    const std::vector<double> p{0.5, 0.2, 0.25, 0.05};
    const size_t k = p.size();
    std::vector<double> r(k * k, 0.0);
    for (size_t i = 0; i < k; ++i)
        for (size_t j = 0; j < k; ++j)
            if (i != j) r[i * k + j] = p[i] / (p[i] + p[j]);
    const auto q = couple_pairwise(r, k);
    for (size_t i = 0; i < k; ++i) EXPECT_NEAR(q[i], p[i], 1e-10);
}

TEST(Probability, SigmoidIsAStationaryPointOfPlattsLikelihood) {
    std::mt19937_64 rng(4);
    std::normal_distribution<double> z(0.0, 1.0);
    std::vector<double> g, y;
    for (int i = 0; i < 400; ++i) {
        const double label = i % 3 == 0 ? 1.0 : -1.0;
        g.push_back(1.3 * label + z(rng));
        y.push_back(label);
    }
    const Sigmoid s = fit_sigmoid(g, y);
    EXPECT_LT(s.A, 0.0);  // larger decision values, more likely positive
    double prior1 = 0.0;
    for (double v : y) prior1 += v > 0;
    const double prior0 = static_cast<double>(y.size()) - prior1;
    double gA = 0.0, gB = 0.0;  // gradient of the smoothed-target log-likelihood
    for (size_t i = 0; i < g.size(); ++i) {
        const double t = y[i] > 0 ? (prior1 + 1) / (prior1 + 2) : 1 / (prior0 + 2);
        const double p = sigmoid_probability(s, g[i]);
        gA += g[i] * (t - p);
        gB += t - p;
    }
    EXPECT_LT(std::abs(gA), 1e-5);
    EXPECT_LT(std::abs(gB), 1e-5);
}

TEST(Probability, BinaryProbabilitiesFollowTheDecisionAndNeedTraining) {
    const Dataset data = clusters(50, 2, 2, 13u);
    TrainOptions o = options(MultiClass::ovo);
    const Model plain = train_model(data, o);
    const auto pts = scaled(plain, data);
    const auto g = machine_decisions(plain, pts, data.rows);
    EXPECT_THROW((void)predict_probabilities(plain, g, data.rows), ParameterError);
    o.probability = true;
    o.seed = 3;
    const Model model = train_model(data, o);
    EXPECT_EQ(model.machine().coefficients, plain.machine().coefficients);  // the machine itself is unchanged
    const auto p = predict_probabilities(model, g, data.rows);
    for (size_t t = 0; t < data.rows; ++t) {
        EXPECT_NEAR(p[2 * t] + p[2 * t + 1], 1.0, 1e-15);
        for (size_t u = 0; u < data.rows; ++u)
            if (g[t] < g[u]) {
                EXPECT_LE(p[2 * t + 1], p[2 * u + 1]);
            }
    }
    o.seed = 4;  // other folds, another sigmoid
    EXPECT_NE(train_model(data, o).machine().sigmoid->B, model.machine().sigmoid->B);
}

// A model holds machines, not models, and takes only the machines its settings call for.
TEST(ModelMachines, SetMachinesRefusesMachinesThatDisagreeWithTheSettings) {
    const Dataset data = clusters(30, 3, 2, 21u);
    const Model model = train_model(data, options(MultiClass::ovo));
    ASSERT_EQ(model.machines().size(), 3u);
    const auto install = [&](std::vector<Machine> machines) {
        Model copy{ModelSettings(model)};
        copy.set_machines(std::move(machines));
        return copy;
    };
    const std::vector<Machine> good = model.machines();
    EXPECT_EQ(model_to_json(install(good)), model_to_json(model));
    EXPECT_THROW((void)install({good[0], good[1]}), InternalError);  // ovo on 3 classes: 3 machines
    auto swapped = good;
    std::swap(swapped[0], swapped[1]);  // the pairs out of order
    EXPECT_THROW((void)install(swapped), InternalError);
    auto narrow = good;
    narrow[2].support_vectors.pop_back();  // a support vector one value short
    EXPECT_THROW((void)install(narrow), InternalError);
    auto empty = good;
    empty[1].coefficients.clear();
    empty[1].support_vectors.clear();
    EXPECT_THROW((void)install(empty), InternalError);
    auto nan = good;
    nan[0].bias = std::nan("");
    EXPECT_THROW((void)install(nan), InternalError);
    // The strategy decides the machines' classes: one-vs-rest machines do not fit ovo settings.
    const Model ovr = train_model(data, options(MultiClass::ovr));
    EXPECT_THROW((void)install(ovr.machines()), InternalError);
    // One machine is asked of a model of one machine only.
    EXPECT_THROW((void)model.machine(), InternalError);
    EXPECT_THROW((void)decision_values(model, scaled(model, data), data.rows), ParameterError);
}

TEST(ModelMachines, MachineModelIsOneColumnOfTheMachinesDecisions) {
    for (MultiClass s : {MultiClass::ovo, MultiClass::ovr}) {
        const Dataset data = clusters(30, 3, 2, 22u);
        TrainOptions o = options(s);
        o.class_weight = {{"1", 1.5}, {"2", 2.5}};
        const Model model = train_model(data, o);
        const auto pts = scaled(model, data);
        const auto all = machine_decisions(model, pts, data.rows);
        const size_t nm = model.machines().size();
        const auto pairs = one_vs_one_pairs(model.classes.size());
        for (size_t m = 0; m < nm; ++m) {
            const Model one = machine_model(model, m);
            EXPECT_FALSE(one.is_multiclass());
            EXPECT_EQ(one.classes, model.machines()[m].classes);
            // Its class weights: the pair's own (one-vs-one), 1 for "rest" and the class's (one-vs-rest).
            const std::vector<double> weights =
                s == MultiClass::ovo
                    ? std::vector<double>{model.class_weights[pairs[m].first], model.class_weights[pairs[m].second]}
                    : std::vector<double>{1.0, model.class_weights[m]};
            EXPECT_EQ(one.class_weights, weights);
            EXPECT_EQ(one.summary.support_vectors, model.machines()[m].support_count());
            const auto g = decision_values(one, pts, data.rows);
            for (size_t r = 0; r < data.rows; ++r) EXPECT_EQ(g[r], all[r * nm + m]);
            // A model of its own: saved and loaded back the same.
            EXPECT_EQ(model_to_json(model_from_json(model_to_json(one), "mem")), model_to_json(one));
        }
        EXPECT_THROW((void)machine_model(model, nm), ParameterError);
    }
}

TEST(ModelMachines, RenamingClassesRenamesTheMachinesAlike) {
    const Dataset data = clusters(30, 3, 2, 23u);
    Model model = train_model(data, options(MultiClass::ovo));
    model.rename_classes({"cat", "dog", "emu"});
    EXPECT_EQ(machine_name(model, 0), "dog vs cat");
    EXPECT_EQ(machine_name(model, 2), "emu vs dog");
    // Still a valid model: the file it writes is read back.
    EXPECT_EQ(model_to_json(model_from_json(model_to_json(model), "mem")), model_to_json(model));
    EXPECT_THROW(model.rename_classes({"a", "b"}), ParameterError);
    Model ovr = train_model(data, options(MultiClass::ovr));
    ovr.rename_classes({"cat", "dog", "emu"});
    EXPECT_EQ(ovr.machines()[1].classes, (std::vector<std::string>{kRestLabel, "dog"}));
}

TEST(ModelMachines, AMachineOfTheFileMustRepeatTheModelsCAndTolerance) {
    const Dataset data = clusters(30, 3, 2, 24u);
    const Model model = train_model(data, options(MultiClass::ovo));
    auto j = nlohmann::json::parse(model_to_json(model));
    j["machines"][1]["training"]["C"] = 99.0;
    try {
        (void)model_from_json(j.dump(), "three.json");
        FAIL() << "a machine with its own C was loaded";
    } catch (const ModelFileError& e) {
        EXPECT_NE(std::string(e.what()).find("three.json: machines[1]: training"), std::string::npos) << e.what();
    }
}
