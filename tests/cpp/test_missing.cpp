// Missing values (NaN) under missing = marginalize: a missing coordinate is integrated out under
// the basis' measure. The reference is independent of the code under test: Gauss quadrature of
// the measure (its nodes and weights checked against the measure's moments in test_family) over
// the missing coordinate, applied to the kernel, the decision function and the explanations of
// complete points. Also the model file (null), the refusals under missing = error, and the
// scaler's statistics over the values present.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "basis/feature_map.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/kernel.hpp"
#include "orca/model_io.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "paper/spiral.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

using orca::test::kNaN;

// The measure's Gauss rule, normalised to a probability: sum_g w_g f(x_g) = E_mu[f] for
// polynomials of degree <= 2 * points - 1.
struct Rule {
    std::vector<double> nodes, weights;
};
Rule rule_of(const Recurrence& rec, int points) {
    Rule r;
    rec.gauss_rule(points, r.nodes, r.weights);
    for (double& w : r.weights) w /= rec.mass();
    return r;
}

// f(x) with every NaN coordinate of x integrated out by Gauss quadrature, one coordinate at a
// time (f is a polynomial of degree <= n_j in each coordinate, so points = n_j + 1 is exact).
double integrated(const Basis& basis, std::vector<double> x, const std::function<double(const std::vector<double>&)>& f) {
    for (size_t j = 0; j < x.size(); ++j) {
        if (!std::isnan(x[j])) continue;
        const Rule r = rule_of(basis.recurrence(j), basis.degree(j) + 1);
        double sum = 0.0;
        for (size_t g = 0; g < r.nodes.size(); ++g) {
            x[j] = r.nodes[g];
            sum += r.weights[g] * integrated(basis, x, f);
        }
        return sum;
    }
    return f(x);
}

// Points in [-1, 1]^d with about `share` of their coordinates missing.
std::vector<double> points_with_gaps(size_t m, size_t d, unsigned seed, double share) {
    std::vector<double> x = test::uniform_points(m, d, seed);
    std::mt19937_64 rng(seed + 1);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (double& v : x)
        if (u(rng) < share) v = kNaN;
    return x;
}

std::vector<Basis> gap_bases() {
    return {Basis(FamilySpec::make("legendre"), Measure::probability, {3, 2, 4}),
            // degree 9 > the direct-sum threshold: the Christoffel-Darboux path must step aside
            Basis(FamilySpec::make("jacobi", 2.5, 1.2), Measure::probability, {9, 9, 9}),
            Basis(FamilySpec::make("chebyshev1"), Measure::lebesgue, {8, 3, 5}, 1),
            Basis(FamilySpec::make("gegenbauer", 0.0, 0.0, 1.5), Measure::lebesgue, {4, 4, 4}, 2),
            Basis(FamilySpec::make("legendre"), Measure::probability, {6, 6, 6}, 0, 7),
            Basis(FamilySpec::make("hermite"), Measure::probability, {5, 3, 4})};
}

// Training data with gaps: the double spiral plus a noise feature, a share of cells missing.
Dataset spiral_with_gaps(double share, unsigned seed, size_t points_per_arm = 150) {
    SpiralOptions options;
    options.points_per_arm = points_per_arm;
    const Dataset spiral = make_double_spiral(options);
    Dataset d;
    d.source = "spiral with gaps";
    d.feature_names = {"x1", "x2", "noise"};
    d.cols = 3;
    d.rows = spiral.rows;
    d.target = spiral.target;
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (size_t r = 0; r < d.rows; ++r) {
        const double row[3] = {spiral.X[2 * r], spiral.X[2 * r + 1], u(rng) - 0.5};
        for (double v : row) d.X.push_back(u(rng) < share ? kNaN : v);
    }
    return d;
}

}  // namespace

TEST(Missing, OneDimensionalValuesAreTheMeansUnderTheMeasure) {
    for (const Basis& basis : gap_bases()) {
        const Recurrence& rec = basis.recurrence(0);
        const int n = basis.degree(0);
        const Rule r = rule_of(rec, n + 1);  // exact to degree 2n + 1
        std::vector<double> at_nan(static_cast<size_t>(n) + 1), at_node(at_nan.size()), mean(at_nan.size(), 0.0);
        rec.evaluate_all(kNaN, at_nan);
        for (size_t g = 0; g < r.nodes.size(); ++g) {
            rec.evaluate_all(r.nodes[g], at_node);
            for (size_t k = 0; k < mean.size(); ++k) mean[k] += r.weights[g] * at_node[k];
        }
        for (size_t k = 0; k < mean.size(); ++k) EXPECT_NEAR(at_nan[k], mean[k], 1e-13) << "p_" << k;
        const auto [pn, pn1] = rec.evaluate_pair(kNaN, n);
        EXPECT_EQ(pn, n == 0 ? rec.p0() : 0.0);
        EXPECT_EQ(pn1, 0.0);
        for (double t : {-0.7, 0.1, 0.95}) {
            double expected = 0.0;
            for (size_t g = 0; g < r.nodes.size(); ++g) expected += r.weights[g] * rec.kernel_direct(r.nodes[g], t, n);
            EXPECT_NEAR(rec.kernel_direct(kNaN, t, n), expected, 1e-12 * (1.0 + std::abs(expected)));
            EXPECT_NEAR(rec.kernel_direct(t, kNaN, n), expected, 1e-12 * (1.0 + std::abs(expected)));
        }
    }
}

TEST(Missing, KernelEntriesAreTheKernelIntegratedOverTheMissingCoordinates) {
    const size_t m = 20, d = 3;
    std::vector<double> pts = points_with_gaps(m, d, 11u, 0.3);
    pts[0] = pts[1] = pts[2] = kNaN;  // a point with nothing known: the constant alone
    pts[3] = kNaN;                    // and two points missing the same coordinate
    pts[6] = kNaN;
    for (const Basis& basis : gap_bases()) {
        const TensorKernel kernel(basis);
        const PreparedPoints P = kernel.prepare(pts, m);
        const FeatureMap map(basis);
        std::vector<double> table(map.table_size()), phi_i(map.size()), phi_l(map.size()), row(m);
        for (size_t i = 0; i < m; ++i) {
            kernel.row(P, i, P, row);
            const std::vector<double> xi(pts.begin() + static_cast<long>(i * d), pts.begin() + static_cast<long>((i + 1) * d));
            map.evaluate(xi.data(), table.data(), phi_i.data());
            for (size_t l = 0; l < m; ++l) {
                const std::vector<double> zl(pts.begin() + static_cast<long>(l * d),
                                             pts.begin() + static_cast<long>((l + 1) * d));
                // x's gaps integrated out for each z, then z's: a complete pair at the bottom.
                const double expected = integrated(basis, xi, [&](const std::vector<double>& x) {
                    return integrated(basis, zl, [&](const std::vector<double>& z) { return kernel.entry_direct(x, z); });
                });
                const double tol = 1e-11 * (1.0 + std::abs(P.self[i]) + std::abs(P.self[l]));
                ASSERT_NEAR(kernel.entry(P, i, P, l), expected, tol) << i << "," << l;
                ASSERT_NEAR(row[l], expected, tol) << i << "," << l;
                map.evaluate(zl.data(), table.data(), phi_l.data());
                double dot = 0.0;
                for (size_t k = 0; k < map.size(); ++k) dot += phi_i[k] * phi_l[k];
                ASSERT_NEAR(dot, expected, tol) << i << "," << l;
            }
        }
    }
}

TEST(Missing, PredictionIsTheModelAveragedOverTheMissingFeature) {
    // Trained with 15% of the cells missing (SMO on a full product; the interior-point method on
    // an additive basis of many rows; epsilon-SVR), a row with a gap predicts the quadrature mean
    // of the predictions at the measure's nodes, through both prediction methods.
    struct Case {
        std::string name;
        Dataset data;
        SettingTexts settings;
    };
    const Dataset many = spiral_with_gaps(0.15, 3u, 1200);  // 2,400 rows: the explicit features' routes
    Dataset regression = spiral_with_gaps(0.15, 6u);
    for (size_t r = 0; r < regression.rows; ++r) regression.target[r] = std::to_string(std::sin(3.0 * static_cast<double>(r) / static_cast<double>(regression.rows)));
    const std::vector<Case> cases{
        {"full product, SMO", spiral_with_gaps(0.15, 3u), {{"degree", "6"}, {"max_order", "0"}, {"C", "10"}}},
        {"additive, many rows", many, {{"degree", "4"}, {"max_order", "1"}}},
        {"epsilon-SVR", regression, {{"task", "regression"}, {"degree", "3"}, {"max_order", "2"}}}};
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const Model model = train_model(c.data, train_options(c.settings, c.data.feature_names));
        EXPECT_EQ(model.missing, Missing::marginalize);
        if (c.data.rows > 2000) {
            EXPECT_GT(model.summary.interior_point_steps + model.summary.feature_space_passes, 0);
        }
        const Basis basis = model.basis();
        // Rows in kernel coordinates, one or two coordinates missing.
        const std::vector<std::vector<double>> rows{{kNaN, 0.3, -0.2}, {0.5, kNaN, 0.1}, {-0.8, 0.4, kNaN},
                                                    {kNaN, kNaN, 0.7}, {kNaN, kNaN, kNaN}};
        for (const auto& x : rows) {
            const auto value = [&](const std::vector<double>& z, PredictMethod method) {
                return decision_values(model, z, 1, method)[0];
            };
            const double expected =
                integrated(basis, x, [&](const std::vector<double>& z) { return value(z, PredictMethod::support_vectors); });
            for (PredictMethod method : {PredictMethod::support_vectors, PredictMethod::coefficients})
                EXPECT_NEAR(value(x, method), expected, 1e-9 * (1.0 + std::abs(expected))) << to_string(method);
        }
    }
}

TEST(Missing, ExplanationsGiveAMissingFeatureNothingAndStillAddUp) {
    const Dataset data = spiral_with_gaps(0.2, 8u);
    const Model model = train_model(data, train_options({{"degree", "5"}, {"max_order", "0"}}, data.feature_names));
    // Raw rows: the first three training rows (some with gaps) and rows with chosen gaps.
    std::vector<double> X(data.X.begin(), data.X.begin() + 9);
    for (double v : {kNaN, 0.2, 0.1, 0.4, kNaN, kNaN, kNaN, kNaN, kNaN}) X.push_back(v);
    const size_t rows = X.size() / 3;
    ExplainOptions options;
    options.interactions = true;
    const Explanation e = explain(model, X, rows, options);
    const std::vector<double> coalitions = shapley_by_coalitions(model, X, rows);
    for (size_t r = 0; r < rows; ++r) {
        double sum = 0.0;
        for (size_t j = 0; j < 3; ++j) {
            const double phi = e.shapley[r * 3 + j];
            sum += phi;
            EXPECT_NEAR(phi, coalitions[r * 3 + j], 1e-10) << r << "," << j;
            if (std::isnan(X[r * 3 + j])) {
                EXPECT_NEAR(phi, 0.0, 1e-12) << "row " << r << ", missing feature " << j;
                EXPECT_NEAR(e.main[r * 3 + j], 0.0, 1e-12);
                for (size_t k = 0; k < 3; ++k) EXPECT_NEAR(e.interaction[(r * 3 + j) * 3 + k], 0.0, 1e-12);
            }
        }
        EXPECT_NEAR(sum, e.decision[r] - e.base, 1e-10 * (1.0 + std::abs(e.decision[r])));
    }
    // The row with nothing known is the base value itself.
    EXPECT_NEAR(e.decision[rows - 1], e.base, 1e-12 * (1.0 + std::abs(e.base)));
    const auto direct = decision_function(model, X, rows, OutOfRange::clip, "rows");
    for (size_t r = 0; r < rows; ++r) EXPECT_NEAR(e.decision[r], direct[r], 1e-10 * (1.0 + std::abs(direct[r])));
}

TEST(Missing, TheModelFileWritesNullAndReadsTheSameModel) {
    const Dataset data = spiral_with_gaps(0.3, 9u);
    const Model model = train_model(data, train_options({{"degree", "4"}}, data.feature_names));
    bool gap_kept = false;
    for (double v : model.machine().support_vectors) gap_kept = gap_kept || std::isnan(v);
    ASSERT_TRUE(gap_kept) << "a support vector should hold a missing value";
    const std::string text = model_to_json(model);
    EXPECT_NE(text.find("null"), std::string::npos);
    EXPECT_NE(text.find("\"missing\": \"marginalize\""), std::string::npos);
    const Model loaded = model_from_json(text, "m.json");
    EXPECT_EQ(loaded.missing, Missing::marginalize);
    EXPECT_EQ(model_to_json(loaded), text);
    const auto before = decision_function(model, data.X, data.rows, OutOfRange::clip, "d");
    const auto after = decision_function(loaded, data.X, data.rows, OutOfRange::clip, "d");
    EXPECT_EQ(before, after);
    // A file without the setting was written before it existed, when gaps were refused.
    std::string old = text;
    old.erase(old.find(" \"missing\": \"marginalize\",\n"), std::string(" \"missing\": \"marginalize\",\n").size());
    EXPECT_THROW((void)model_from_json(old, "old.json"), ModelFileError);  // its null cannot be read
}

TEST(Missing, TheErrorSettingRefusesGapsAndInfinitiesAreAlwaysRefused) {
    Dataset data = spiral_with_gaps(0.0, 10u);
    data.X[3 * 4 + 1] = kNaN;  // data row 5, feature x2
    try {
        (void)train_model(data, train_options({{"missing", "error"}}, data.feature_names));
        FAIL() << "a gap under missing error was accepted";
    } catch (const DataError& e) {
        EXPECT_NE(std::string(e.what()).find("row 5, feature 'x2': missing value"), std::string::npos) << e.what();
    }
    data.X[3 * 4 + 1] = 0.1;
    const Model strict = train_model(data, train_options({{"missing", "error"}}, data.feature_names));
    EXPECT_EQ(strict.missing, Missing::error);
    const std::vector<double> gap{0.1, kNaN, 0.2};
    EXPECT_THROW((void)decision_function(strict, gap, 1, OutOfRange::clip, "new"), DataError);
    data.X[0] = INFINITY;
    for (const char* setting : {"marginalize", "error"}) {
        try {
            (void)train_model(data, train_options({{"missing", setting}}, data.feature_names));
            FAIL() << "an infinity was accepted under missing " << setting;
        } catch (const DataError& e) {
            EXPECT_NE(std::string(e.what()).find("row 1, feature 'x1': value inf is not a finite number"),
                      std::string::npos)
                << e.what();
        }
    }
}

TEST(Missing, TheScalerReadsTheValuesPresentAndAFeatureNeverSeenIsConstant) {
    const std::vector<double> X{1.0, kNaN, kNaN, 3.0, 8.0, kNaN, kNaN, -4.0, kNaN, kNaN, kNaN, kNaN};
    const Scaler s = Scaler::fit(X, 4, 3, ScalerKind::standardize, {"a", "b", "c"});
    EXPECT_EQ(s.min[0], 1.0);
    EXPECT_EQ(s.max[0], 3.0);
    EXPECT_NEAR(s.mean[0], 2.0, 1e-15);
    EXPECT_NEAR(s.std[0], 1.0, 1e-15);
    EXPECT_EQ(s.min[1], -4.0);
    EXPECT_EQ(s.max[1], 8.0);
    EXPECT_NEAR(s.mean[1], 2.0, 1e-15);
    EXPECT_NEAR(s.std[1], 6.0, 1e-15);
    EXPECT_TRUE(s.constant(2));
    EXPECT_EQ(s.min[2], 0.0);
    EXPECT_EQ(s.max[2], 0.0);
    // Training gives the feature never seen degree 0: the model ignores it.
    Dataset data = spiral_with_gaps(0.1, 12u);
    for (size_t r = 0; r < data.rows; ++r) data.X[r * 3 + 2] = kNaN;
    const Model model = train_model(data, train_options({{"degree", "4"}}, data.feature_names));
    EXPECT_EQ(model.spec.degrees[2], 0);
    const std::string text = model_to_json(model);
    EXPECT_EQ(model_to_json(model_from_json(text, "m.json")), text);
}
