// epsilon-SVR: the same precomputed Gram matrix through LIBSVM's EPSILON_SVR and through ours
// gives the same dual objective and predictions; the equality constraint makes c_0 zero.
#include <gtest/gtest.h>
#include <svm.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "libsvm_gram.hpp"
#include "orca/errors.hpp"
#include "orca/expansion.hpp"
#include "orca/model.hpp"
#include "orca/model_io.hpp"
#include "orca/okc.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

// z = sin(3 x1) + x2^2 x3 + noise, features uniform in [-2, 2].
Dataset smooth_regression(size_t m, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-2.0, 2.0);
    std::normal_distribution<double> noise(0.0, 0.05);
    Dataset ds;
    ds.source = "synthetic";
    ds.cols = 3;
    ds.feature_names = {"x1", "x2", "x3"};
    ds.target_name = "z";
    for (size_t i = 0; i < m; ++i) {
        const double a = u(rng), b = u(rng), c = u(rng);
        ds.X.insert(ds.X.end(), {a, b, c});
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", std::sin(3.0 * a) + b * b * c + noise(rng));
        ds.target.emplace_back(buf);
    }
    ds.rows = m;
    return ds;
}

struct LibsvmSolution {
    std::vector<double> a;  // alpha - alpha* per training point
    double bias = 0.0;
};

LibsvmSolution libsvm_svr(const std::vector<double>& G, std::vector<double> z, double C, double epsilon, double tol) {
    const size_t m = z.size();
    svm_set_print_string_function(&orca::test::silent);
    test::LibsvmGram gram(G, m);
    svm_problem prob{static_cast<int>(m), z.data(), gram.xs.data()};
    svm_parameter param{};
    param.svm_type = EPSILON_SVR;
    param.kernel_type = PRECOMPUTED;
    param.C = C;
    param.p = epsilon;
    param.eps = tol;
    param.cache_size = 100;
    param.shrinking = 1;
    EXPECT_EQ(svm_check_parameter(&prob, &param), nullptr);
    svm_model* model = svm_train(&prob, &param);
    LibsvmSolution out;
    out.a.assign(m, 0.0);
    for (int k = 0; k < model->l; ++k) out.a[test::LibsvmGram::point_of(model->SV[k])] = model->sv_coef[0][k];
    out.bias = -model->rho[0];
    svm_free_and_destroy_model(&model);
    return out;
}

// The epsilon-SVR dual objective in a = alpha - alpha*: 1/2 a'Ga + eps sum|a| - z'a.
double svr_objective(const std::vector<double>& G, const std::vector<double>& a, const std::vector<double>& z,
                     double epsilon) {
    const size_t m = a.size();
    double quad = 0.0, lin = 0.0;
    for (size_t i = 0; i < m; ++i) {
        lin += epsilon * std::abs(a[i]) - z[i] * a[i];
        for (size_t l = 0; l < m; ++l) quad += a[i] * G[i * m + l] * a[l];
    }
    return 0.5 * quad + lin;
}

// Sizes and degrees keep the Gram matrix well conditioned: with rank (n+1)^d far below m, both
// solvers need millions of iterations to reach tol 1e-5 (measured; LIBSVM more than we).
// Under target_scaling standardize, LIBSVM is given the standardised target (z - mean) / s and
// the model's decisions are compared with its decisions scaled back (f s + mean), its
// coefficients with ours divided by s: the problem the setting stands for, solved by another
// solver. Returns s and the mean (1 and 0 under none), and standardises z.
std::pair<double, double> standardise(std::vector<double>& z, TargetScaling scaling) {
    if (scaling == TargetScaling::none) return {1.0, 0.0};
    double mean = 0.0, sum = 0.0;
    for (double v : z) mean += v / static_cast<double>(z.size());
    for (double v : z) sum += (v - mean) * (v - mean);
    const double s = std::sqrt(sum / static_cast<double>(z.size()));
    for (double& v : z) v = (v - mean) / s;
    return {s, mean};
}

void compare_with_libsvm(size_t m, const std::string& family, std::vector<int> degrees, double C_setting,
                         double epsilon_setting, TargetScaling scaling) {
    SCOPED_TRACE(family);
    const Dataset data = smooth_regression(m, 5u);
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.task = Task::regression;
    o.spec.family = FamilySpec::make(family, 0.0, 0.0);
    o.spec.degrees = std::move(degrees);
    o.C = C_setting;
    o.epsilon = epsilon_setting;
    o.target_scaling = scaling;
    o.solver.tolerance = 1e-5;
    o.solver.cache_mb = 1;  // small on purpose: evictions and partial rows of the 2m-variable dual
    const Model model = train_model(data, o);
    ASSERT_TRUE(model.summary.converged);
    std::vector<double> pts = data.X, z;
    (void)model.scaler.transform(pts, data.rows, OutOfRange::clip, data.feature_names, "synthetic");
    for (const auto& t : data.target) z.push_back(std::stod(t));
    const auto [s, mean] = standardise(z, scaling);
    EXPECT_NEAR(model.target_scale, s, 1e-12 * s);
    const double C = C_setting, epsilon = epsilon_setting;
    const TensorKernel kernel = model.kernel();
    const auto G = kernel.gram(kernel.prepare(pts, data.rows));
    const LibsvmSolution ref = libsvm_svr(G, z, C, epsilon, 1e-5);

    // Our coefficients back on the training points (support vectors are stored in order).
    std::vector<double> a(data.rows, 0.0);
    size_t k = 0;
    for (size_t t = 0; t < data.rows && k < model.machine().support_count(); ++t)
        if (std::equal(pts.begin() + static_cast<std::ptrdiff_t>(t * 3),
                       pts.begin() + static_cast<std::ptrdiff_t>(t * 3 + 3),
                       model.machine().support_vectors.begin() + static_cast<std::ptrdiff_t>(k * 3)))
            a[t] = model.machine().coefficients[k++] / s;
    ASSERT_EQ(k, model.machine().support_count());
    const double f_ours = svr_objective(G, a, z, epsilon), f_ref = svr_objective(G, ref.a, z, epsilon);
    EXPECT_NEAR(f_ours, f_ref, 1e-6 * std::abs(f_ref));
    EXPECT_NEAR(model.summary.objective, f_ours, 1e-8 * std::abs(f_ours));
    EXPECT_NEAR(model.machine().bias, ref.bias * s + mean, 1e-3 * s);
    const auto predicted = decision_values(model, pts, data.rows);
    for (size_t t = 0; t < data.rows; ++t) {
        double f_ref_t = ref.bias;
        for (size_t l = 0; l < data.rows; ++l) f_ref_t += ref.a[l] * G[t * data.rows + l];
        EXPECT_NEAR(predicted[t], f_ref_t * s + mean, 1e-3 * s) << "point " << t;
    }
    // The equality constraint: sum a_i = 0, hence c_0 = 0, and the analysis is exact.
    double sum_a = 0.0, scale = 0.0;
    for (double v : model.machine().coefficients) {
        sum_a += v;
        scale += std::abs(v);
    }
    EXPECT_LE(std::abs(sum_a), 1e-12 * scale);
    const OkcReport rep = analyze(expansion_of(model));
    EXPECT_LE(std::abs(rep.constant), 1e-12 * scale);
    EXPECT_NEAR(rep.energy, rep.energy_kernel, 1e-10 * rep.energy);
    double total = 0.0;
    for (double v : rep.order) total += v;
    EXPECT_NEAR(total, 1.0, 1e-12);
}

}  // namespace

TEST(Regression, MatchesLibsvmLegendre) {
    compare_with_libsvm(200, "legendre", {8}, 10.0, 0.1, TargetScaling::standardize);
}

TEST(Regression, MatchesLibsvmHermitePerFeatureDegrees) {
    compare_with_libsvm(300, "hermite", {4, 3, 2}, 1.0, 0.05, TargetScaling::none);
}

TEST(Regression, MatchesLibsvmZeroEpsilon) {
    compare_with_libsvm(200, "chebyshev1", {8}, 1.0, 0.0, TargetScaling::none);
}

TEST(Regression, ModelFileRoundTripIsExact) {
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.task = Task::regression;
    o.spec.degrees = {4};
    const Dataset data = smooth_regression(120, 2u);
    const Model model = train_model(data, o);
    const Model back = model_from_json(model_to_json(model), "mem");
    EXPECT_EQ(back.task, Task::regression);
    EXPECT_EQ(back.epsilon, model.epsilon);
    EXPECT_EQ(back.summary.training_r2, model.summary.training_r2);
    EXPECT_EQ(model_to_json(back), model_to_json(model));
    Clipping clipped;
    EXPECT_EQ(decision_function(back, data.X, data.rows, OutOfRange::clip, "d", &clipped),
              decision_function(model, data.X, data.rows, OutOfRange::clip, "d", &clipped));
    // The setting and its unit are kept; a file written before the setting existed took C and
    // epsilon in the target's units (its machine is stored in them either way).
    EXPECT_EQ(back.target_scaling, TargetScaling::standardize);
    EXPECT_EQ(back.target_scale, model.target_scale);
    EXPECT_GT(model.target_scale, 0.5);
    auto older = nlohmann::json::parse(model_to_json(model));
    older.erase("target_scaling");
    older.erase("target_scale");
    const Model old = model_from_json(older.dump(), "old");
    EXPECT_EQ(old.target_scaling, TargetScaling::none);
    EXPECT_EQ(old.target_scale, 1.0);
    EXPECT_EQ(decision_function(old, data.X, data.rows, OutOfRange::clip, "d", &clipped),
              decision_function(model, data.X, data.rows, OutOfRange::clip, "d", &clipped));
    older["target_scaling"] = "none";
    older["target_scale"] = 2.0;
    EXPECT_THROW((void)model_from_json(older.dump(), "bad"), ModelFileError);
}

TEST(Regression, TrainingPredictionsComeFromTheGradient) {
    // The R^2 in the summary is computed from the solver's gradient; recompute it by prediction.
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.task = Task::regression;
    o.spec.degrees = {5};
    o.C = 3.0;
    const Dataset data = smooth_regression(200, 7u);
    const Model model = train_model(data, o);
    const auto f = decision_function(model, data.X, data.rows, OutOfRange::clip, "d");
    double mean = 0.0, res = 0.0, tot = 0.0;
    for (const auto& t : data.target) mean += std::stod(t) / static_cast<double>(data.rows);
    for (size_t t = 0; t < data.rows; ++t) {
        const double z = std::stod(data.target[t]);
        res += (z - f[t]) * (z - f[t]);
        tot += (z - mean) * (z - mean);
    }
    EXPECT_NEAR(model.summary.training_r2, 1.0 - res / tot, 1e-9);
    EXPECT_GT(model.summary.training_r2, 0.9);
}

namespace {

// The model's a = alpha - alpha* on the training points (support vectors are stored in order), on
// the standardised target's scale.
std::vector<double> coefficients_on_points(const Model& model, const std::vector<double>& pts, size_t rows,
                                           size_t d, double s) {
    std::vector<double> a(rows, 0.0);
    size_t k = 0;
    const auto& sv = model.machine().support_vectors;
    for (size_t t = 0; t < rows && k < model.machine().support_count(); ++t)
        if (std::equal(pts.begin() + static_cast<std::ptrdiff_t>(t * d),
                       pts.begin() + static_cast<std::ptrdiff_t>((t + 1) * d),
                       sv.begin() + static_cast<std::ptrdiff_t>(k * d)))
            a[t] = model.machine().coefficients[k++] / s;
    EXPECT_EQ(k, model.machine().support_count());
    return a;
}

// The largest violation of the epsilon-SVR dual's optimality conditions at a, from the Gram matrix
// itself (brute force): with alpha = max(a, 0) and alpha* = max(-a, 0), the widest gap between the
// variables that may move up and those that may move down, -y grad (LIBSVM's m(a) - M(a)).
double svr_optimality_gap(const std::vector<double>& G, const std::vector<double>& a, const std::vector<double>& z,
                          double C, double epsilon) {
    const size_t m = a.size();
    double up = -std::numeric_limits<double>::infinity(), low = std::numeric_limits<double>::infinity();
    for (size_t t = 0; t < m; ++t) {
        double f = 0.0;
        for (size_t l = 0; l < m; ++l) f += G[t * m + l] * a[l];
        const double alpha = std::max(a[t], 0.0), alpha_star = std::max(-a[t], 0.0);
        const double plain = z[t] - f - epsilon, star = z[t] - f + epsilon;  // -y grad of alpha_t, alpha*_t
        if (alpha < C) up = std::max(up, plain);
        if (alpha > 0.0) low = std::min(low, plain);
        if (alpha_star > 0.0) up = std::max(up, star);
        if (alpha_star < C) low = std::min(low, star);
    }
    return up - low;
}

enum class Reference { libsvm, optimality_only };

// The model trained with options o, checked on the Gram matrix of its training points (the
// standardised target, the default): the optimality conditions hold to the solver's tolerance by
// brute force, and, where LIBSVM converges (at C = 100 on a low-rank kernel it stops at its 10
// million iterations short of the optimum), LIBSVM's EPSILON_SVR agrees: predictions to 1% of
// the target's sd, the objective to 1e-5.
void expect_svr_optimum(const Dataset& data, const TrainOptions& o, Reference reference) {
    const Model model = train_model(data, o);
    ASSERT_TRUE(model.summary.converged);
    std::vector<double> pts = data.X, z;
    (void)model.scaler.transform(pts, data.rows, OutOfRange::clip, data.feature_names, "synthetic");
    for (const auto& t : data.target) z.push_back(std::stod(t));
    const TensorKernel kernel = model.kernel();
    const auto G = kernel.gram(kernel.prepare(pts, data.rows));
    const auto [s, mean] = standardise(z, TargetScaling::standardize);
    const std::vector<double> a = coefficients_on_points(model, pts, data.rows, data.cols, s);
    EXPECT_LT(svr_optimality_gap(G, a, z, o.C, o.epsilon), 2.0 * o.solver.tolerance);
    const double f_ours = svr_objective(G, a, z, o.epsilon);
    EXPECT_NEAR(model.summary.objective, f_ours, 1e-7 * std::abs(f_ours));
    if (o.solver.route == DualRoute::feature_space) {
        EXPECT_GT(model.summary.feature_space_passes, 0);
    } else {
        EXPECT_GT(model.summary.interior_point_steps, 0);
    }
    if (reference == Reference::optimality_only) return;
    const LibsvmSolution ref = libsvm_svr(G, z, o.C, o.epsilon, 1e-6);
    const auto predicted = decision_values(model, pts, data.rows);
    double worst = 0.0;
    for (size_t t = 0; t < data.rows; ++t) {
        double f_ref_t = ref.bias;
        for (size_t l = 0; l < data.rows; ++l) f_ref_t += ref.a[l] * G[t * data.rows + l];
        worst = std::max(worst, std::abs(predicted[t] - (f_ref_t * s + mean)));
    }
    EXPECT_LT(worst, 1e-2 * s);
    const double f_ref = svr_objective(G, ref.a, z, o.epsilon);
    EXPECT_NEAR(model.summary.objective, f_ref, 1e-5 * std::abs(f_ref));
}

TrainOptions svr_options(int degree, int max_order, double C, double epsilon) {
    TrainOptions o;
    o.task = Task::regression;
    o.spec.degrees = {degree};
    o.spec.max_order = max_order;
    o.C = C;  // on the standardised target
    o.epsilon = epsilon;
    o.solver.tolerance = 1e-4;
    return o;
}

}  // namespace

TEST(Regression, FeatureSpaceRouteMatchesLibsvm) {
    // 2,500 rows, the full product of degree 3 on three features (64 functions): epsilon-SVR by
    // coordinate descent in the feature space (forced), certified by SMO.
    TrainOptions o = svr_options(3, 0, 1.0, 0.025);
    o.solver.route = DualRoute::feature_space;
    expect_svr_optimum(smooth_regression(2500, 9u), o, Reference::libsvm);
}

TEST(Regression, InteriorPointRouteReachesTheOptimum) {
    // epsilon-SVR's 2m variables by the interior-point method, each Newton step folded onto the m
    // points' features, certified by SMO:
    // - 2,000 rows of 27 functions: the automatic route goes there first;
    // - 1,200 rows, pairs of degree 4 on three features (61 functions) at C = 100: SMO crawls
    //   (such fits ran to its 10-million-iteration cap) and hands over after its budget;
    // - epsilon = 0: both variables of a point may be free at once, a face of optima.
    {
        SCOPED_TRACE("27 functions, C = 1");
        expect_svr_optimum(smooth_regression(2000, 9u), svr_options(2, 0, 1.0, 0.025),
                           Reference::optimality_only);
    }
    {
        SCOPED_TRACE("pairs of degree 4, C = 100");
        expect_svr_optimum(smooth_regression(1200, 4u), svr_options(4, 2, 100.0, 0.01),
                           Reference::optimality_only);
    }
    {
        SCOPED_TRACE("epsilon = 0");
        expect_svr_optimum(smooth_regression(600, 6u), svr_options(3, 2, 10.0, 0.0), Reference::libsvm);
    }
}
