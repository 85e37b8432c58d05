// A numeric feature's gaps as a level of their own (missing level): the direct sum of the
// polynomials on the values present and the gap's function. Checked against what such a basis
// must be, independently of how Recurrence::with_gap builds it: orthonormal under the mixture of
// the family's measure and an atom at the gap (Gauss quadrature plus the atom), a kernel of
// K_n / (1 - pi), p_0^2 / pi and 0; and the model trained on it against LIBSVM on a Gram matrix
// from explicit features (std::legendre), Shapley values against all coalitions, the model
// file's round trip and the column statistics' route (a Dask driver's).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "libsvm_gram.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/feature_space.hpp"
#include "orca/html_report.hpp"
#include "orca/kernel.hpp"
#include "orca/model_card.hpp"
#include "orca/model_io.hpp"
#include "orca/expansion.hpp"
#include "orca/okc.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

TEST(GapLevel, TheBasisIsOrthonormalUnderTheMixtureAndItsKernelIsKnOverOneMinusPiOrOneOverPi) {
    struct Family {
        const char* name;
        double alpha, beta;
        Measure measure;
    };
    for (const Family& f : {Family{"legendre", 0, 0, Measure::probability}, Family{"jacobi", 1.5, -0.5, Measure::probability},
                            Family{"chebyshev1", 0, 0, Measure::lebesgue}, Family{"hermite", 0, 0, Measure::probability}})
        for (int n : {0, 2, 9})
            for (double pi : {0.03, 0.4}) {
                SCOPED_TRACE(std::string(f.name) + " n=" + std::to_string(n) + " pi=" + std::to_string(pi));
                const FamilySpec spec = FamilySpec::make(f.name, f.alpha, f.beta);
                const Recurrence poly(spec, f.measure, n + 1);  // its Gauss rule of n + 2 points
                const Recurrence rec = Recurrence::with_gap(Recurrence(spec, f.measure, n), pi);
                EXPECT_EQ(rec.max_degree(), n + 1);
                EXPECT_TRUE(rec.direct_only());
                std::vector<double> nodes, weights;
                poly.gauss_rule(n + 2, nodes, weights);  // exact for degree 2n + 3 >= 2n
                // The mixture: (1 - pi) mu at the Gauss nodes, pi times mu's mass at the gap.
                for (double& w : weights) w *= 1.0 - pi;
                nodes.push_back(kGapCoordinate);
                weights.push_back(pi * poly.mass());
                const size_t w = static_cast<size_t>(n) + 2;
                std::vector<std::vector<double>> p(nodes.size(), std::vector<double>(w));
                for (size_t i = 0; i < nodes.size(); ++i) rec.evaluate_all(nodes[i], p[i]);
                for (size_t k = 0; k < w; ++k)
                    for (size_t m = 0; m < w; ++m) {
                        double g = 0.0;
                        for (size_t i = 0; i < nodes.size(); ++i) g += weights[i] * p[i][k] * p[i][m];
                        ASSERT_NEAR(g, k == m ? 1.0 : 0.0, 1e-11) << k << "," << m;
                    }
                // The kernel of the whole basis, by kernel_direct and by the tensor kernel (whose
                // identity would run beyond degree 6 if the family had one).
                const double p00 = poly.p0() * poly.p0();
                const TensorKernel kernel(
                    Basis(spec, f.measure, {n + 1}, 0, 0, {}, std::vector<double>{pi}));
                const std::vector<double> points = {-0.7, 0.2, kGapCoordinate, 0.55};
                const PreparedPoints P = kernel.prepare(points, points.size());
                for (size_t i = 0; i < points.size(); ++i)
                    for (size_t l = 0; l < points.size(); ++l) {
                        const double s = points[i], t = points[l];
                        const bool gs = s == kGapCoordinate, gt = t == kGapCoordinate;
                        const double expected = gs && gt ? p00 / pi
                                                : gs || gt ? 0.0
                                                           : poly.kernel_direct(s, t, n) / (1.0 - pi);
                        EXPECT_NEAR(rec.kernel_direct(s, t, n + 1), expected, 1e-10 * (1 + std::abs(expected)));
                        EXPECT_NEAR(kernel.entry(P, i, P, l), expected, 1e-10 * (1 + std::abs(expected)));
                    }
                // A NaN is still integrated out: the constant alone.
                EXPECT_NEAR(rec.kernel_direct(NAN, kGapCoordinate, n + 1), p00, 1e-15);
            }
    const Recurrence poly(FamilySpec::make("legendre"), Measure::probability, 3);
    EXPECT_THROW((void)Recurrence::with_gap(poly, 0.0), ParameterError);
    EXPECT_THROW((void)Recurrence::with_gap(poly, 1.0), ParameterError);
    EXPECT_THROW((void)Basis(FamilySpec::make("legendre"), Measure::probability, {0}, 0, 0, {}, {0.2}), ParameterError);
}

namespace {

// 'dose' has gaps (a fifth of the rows) whose rows lean positive: gaps that mean something.
// 'age' has none; 'flag' is 1 or missing (a constant column whose gaps are all it says).
Dataset gappy(size_t m, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 10.0), coin(0.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.4);
    Dataset d;
    d.source = "gappy";
    d.feature_names = {"dose", "age", "flag"};
    d.cols = 3;
    d.rows = m;
    for (size_t r = 0; r < m; ++r) {
        const bool gap = coin(rng) < 0.2, flag = coin(rng) < 0.3;
        const double dose = u(rng), age = u(rng);
        const double score = (gap ? 1.2 : std::sin(dose / 2.0)) + 0.15 * (age - 5.0) + (flag ? 0.5 : 0.0) + noise(rng);
        d.X.insert(d.X.end(), {gap ? NAN : dose, age, flag ? 1.0 : NAN});
        d.target.push_back(score > 0.3 ? "p" : "n");
    }
    return d;
}

// Orthonormal Legendre under the uniform probability measure: sqrt(2k + 1) P_k.
double legendre_p(int k, double x) {
    return std::sqrt(2.0 * k + 1.0) * std::legendre(static_cast<unsigned>(k), x);
}

// Feature j's functions at raw value x, written out: the constant; with a gap level the
// polynomials over sqrt(1 - pi) (0 on a gap) and the gap's indicator, centred and normalised;
// without one, the polynomials (0 on a gap: integrated out).
std::vector<double> explicit_functions(const Model& model, size_t j, double x) {
    const int degree = model.spec.degrees[j];
    std::vector<double> phi{1.0};
    if (!model.spec.has_gap_level(j)) {  // a gap here is integrated out: the constant alone
        for (int k = 1; k <= degree; ++k) phi.push_back(std::isnan(x) ? 0.0 : legendre_p(k, model.scaler.scale(j, x)));
        return phi;
    }
    const double pi = model.spec.gap_weights[j];
    const bool gap = std::isnan(x);
    const double z = gap ? 0.0 : model.scaler.scale(j, x);
    for (int k = 1; k < degree; ++k) phi.push_back(gap ? 0.0 : legendre_p(k, z) / std::sqrt(1.0 - pi));
    phi.push_back(((gap ? 1.0 : 0.0) - pi) / std::sqrt(pi * (1.0 - pi)));
    return phi;
}

// The full tensor product's kernel from the explicit functions: prod_j sum_k phi_jk(x) phi_jk(z).
double explicit_kernel(const Model& model, const double* x, const double* z) {
    double k = 1.0;
    for (size_t j = 0; j < model.dim(); ++j) {
        const auto a = explicit_functions(model, j, x[j]), b = explicit_functions(model, j, z[j]);
        double s = 0.0;
        for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
        k *= s;
    }
    return k;
}

}  // namespace

TEST(GapLevel, AModelWithGapFunctionsIsLibsvmsOnTheExplicitKernel) {
    const Dataset data = gappy(300, 3u);
    const Model model = train_model(
        data, train_options({{"missing", "level"}, {"max_order", "0"}, {"tol", "1e-7"}}, data.feature_names));
    ASSERT_EQ(model.spec.gap_weights.size(), 3u);
    size_t dose_gaps = 0;
    for (size_t r = 0; r < data.rows; ++r) dose_gaps += std::isnan(data.X[r * 3]) ? 1 : 0;
    EXPECT_DOUBLE_EQ(model.spec.gap_weights[0], static_cast<double>(dose_gaps) / static_cast<double>(data.rows));
    EXPECT_EQ(model.spec.gap_weights[1], 0.0);  // no gaps: no gap function
    EXPECT_GT(model.spec.gap_weights[2], 0.5);
    EXPECT_EQ(model.spec.degrees, (std::vector<int>{4, 3, 1}));  // 'flag' observed constant: its gap's alone
    EXPECT_EQ(constant_features_warning(model), "");
    // LIBSVM on the Gram matrix of the explicit functions, same C, labels +-1 ('p' positive).
    const size_t m = data.rows;
    std::vector<double> G(m * m), y(m);
    for (size_t i = 0; i < m; ++i) {
        y[i] = data.target[i] == "p" ? 1.0 : -1.0;
        for (size_t l = 0; l < m; ++l) G[i * m + l] = explicit_kernel(model, &data.X[i * 3], &data.X[l * 3]);
    }
    const test::LibsvmSolution ref = test::train_libsvm(G, y, 1.0, 1e-7);
    // New rows with every kind of value: a gap in 'dose', in 'age' (integrated out: it had none
    // in training), 'flag' present or missing.
    const std::vector<double> rows = {2.0, 3.0, 1.0, NAN, 3.0, 1.0, NAN, 7.0, NAN, 8.5, NAN, 1.0, NAN, NAN, NAN};
    const auto ours = decision_function(model, rows, 5, OutOfRange::clip, "rows");
    for (size_t r = 0; r < 5; ++r) {
        const std::vector<double> z(rows.begin() + static_cast<std::ptrdiff_t>(r * 3),
                                    rows.begin() + static_cast<std::ptrdiff_t>(r * 3 + 3));
        double expected = ref.bias;
        for (size_t i = 0; i < m; ++i)
            if (ref.a[i] != 0.0) expected += ref.a[i] * explicit_kernel(model, &data.X[i * 3], z.data());
        EXPECT_NEAR(ours[r], expected, 2e-4 * (1.0 + std::abs(expected))) << "row " << r;
    }
}

TEST(GapLevel, ShapleyValuesOkcAndTheModelFileHoldTheGapFunction) {
    const Dataset data = gappy(250, 5u);
    for (const char* order : {"1", "2"}) {
        SCOPED_TRACE(order);
        const Model model =
            train_model(data, train_options({{"missing", "level"}, {"max_order", order}}, data.feature_names));
        // Shapley values against all coalitions, on rows with gaps.
        const std::vector<double> X(data.X.begin(), data.X.begin() + 20 * 3);
        const Explanation e = explain(model, X, 20);
        const auto brute = shapley_by_coalitions(model, X, 20);
        bool gap_moves = false;
        for (size_t i = 0; i < 20 * 3; ++i) {
            EXPECT_NEAR(e.shapley[i], brute[i], 1e-9);
            if (i % 3 == 0 && std::isnan(X[i]) && std::abs(e.shapley[i]) > 1e-3) gap_moves = true;
        }
        EXPECT_TRUE(gap_moves) << "a gap in 'dose' has an effect of its own";
        // The OKC shares still sum to 1, and 'dose' (its gap function included) has a share.
        const OkcReport okc = analyze(expansion_of(model));
        double by_order = 0.0, by_degree = 0.0;
        for (double v : okc.order) by_order += v;
        for (double v : okc.spectrum) by_degree += v;
        EXPECT_NEAR(by_order, 1.0, 1e-9);
        EXPECT_NEAR(by_degree, 1.0, 1e-9);
        EXPECT_GT(okc.marginal[0], 0.05);
        // The model file keeps the gap weights; the loaded model predicts the same on every row.
        const std::string text = model_to_json(model);
        EXPECT_NE(text.find("\"gap_weights\""), std::string::npos);
        const Model back = model_from_json(text, "m.json");
        EXPECT_EQ(model_to_json(back), text);
        EXPECT_EQ(decision_function(back, data.X, data.rows, OutOfRange::clip, "d"),
                  decision_function(model, data.X, data.rows, OutOfRange::clip, "d"));
        std::string card;
        for (const CardLine& line : model_card(model)) card += line.label + ": " + line.value + "\n";
        EXPECT_NE(card.find("gap functions: 'dose' ("), std::string::npos) << card;
        // The shape function of 'dose' ends with its value at a gap: the main component of a row
        // whose 'dose' is a gap. 'age' has no gap function, so no such point.
        const auto shapes = shape_functions(model, 20);
        ASSERT_EQ(shapes[0].x.size(), 21u);
        EXPECT_TRUE(std::isnan(shapes[0].x.back()));
        EXPECT_EQ(shapes[1].x.size(), 20u);
        ExplainOptions with_components;
        with_components.components = true;
        const Explanation at_gap = explain(model, std::vector<double>{NAN, 4.0, 1.0}, 1, with_components);
        EXPECT_NEAR(shapes[0].h.back(), at_gap.main[0], 1e-10);
        EXPECT_GT(std::abs(shapes[0].h.back()), 1e-3);
        // The report draws it as a level beside the curve.
        const std::string page = html_report(model, &data, HtmlReportOptions{});
        EXPECT_NE(page.find("at a gap: "), std::string::npos);
    }
    // A file whose gap weight is not a share, or sits on a feature without a gap level, is refused.
    const Model model = train_model(data, train_options({{"missing", "level"}}, data.feature_names));
    std::string text = model_to_json(model);
    const std::string share = std::to_string(model.spec.gap_weights[0]).substr(0, 4);
    const auto at = text.find("\"gap_weights\"");
    ASSERT_NE(at, std::string::npos);
    std::string bad = text;
    bad.replace(bad.find('[', at) + 1, 1, "2");
    EXPECT_THROW((void)model_from_json(bad, "m.json"), ModelFileError);
}

TEST(GapLevel, UnderOtherSettingsGapsAreIntegratedOutOrRefusedAsBefore) {
    const Dataset data = gappy(200, 9u);
    const Model marginal = train_model(data, train_options({}, data.feature_names));
    EXPECT_TRUE(marginal.spec.gap_weights.empty());
    EXPECT_EQ(marginal.spec.degrees, (std::vector<int>{3, 3, 0}));  // 'flag' constant on its values
    EXPECT_THROW((void)train_model(data, train_options({{"missing", "error"}}, data.feature_names)), DataError);
    // The gap function is one more than the degree: at the largest degree there is no room.
    EXPECT_THROW((void)train_model(data, train_options({{"missing", "level"}, {"degree", std::to_string(kMaxDegree)}},
                                                       data.feature_names)),
                 ParameterError);
}

TEST(GapLevel, TheColumnStatisticsRouteGivesTheSameGapLevels) {
    const Dataset data = gappy(200, 11u);
    const TrainOptions options = train_options({{"missing", "level"}}, data.feature_names);
    const Model model = train_model(data, options);
    ColumnStatistics s;
    const size_t d = data.cols;
    s.min.assign(d, INFINITY), s.max.assign(d, -INFINITY), s.mean.assign(d, 0.0), s.sd.assign(d, 0.0);
    s.missing.assign(d, 0.0);
    std::vector<double> count(d, 0.0);
    for (size_t r = 0; r < data.rows; ++r)
        for (size_t j = 0; j < d; ++j) {
            const double v = data.X[r * d + j];
            if (std::isnan(v)) {
                s.missing[j] += 1.0;
                continue;
            }
            s.min[j] = std::min(s.min[j], v), s.max[j] = std::max(s.max[j], v);
            count[j] += 1.0, s.mean[j] += v;
        }
    for (size_t j = 0; j < d; ++j) s.mean[j] /= count[j];
    double positives = 0.0;
    for (const auto& t : data.target) positives += t == "p" ? 1.0 : 0.0;
    s.class_rows = {static_cast<double>(data.rows) - positives, positives};
    const std::vector<std::string> classes{"n", "p"};
    const ModelSettings settings = FeatureSpace(options, data.feature_names, classes, s).settings();
    EXPECT_EQ(settings.spec.gap_weights, model.spec.gap_weights);
    EXPECT_EQ(settings.spec.degrees, model.spec.degrees);
    EXPECT_EQ(settings.scaler.gap_level, model.scaler.gap_level);
    s.class_rows = {1.0, 1.0};  // fewer rows than gaps: refused
    EXPECT_THROW((void)FeatureSpace(options, data.feature_names, classes, s), ParameterError);
}
