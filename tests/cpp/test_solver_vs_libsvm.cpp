// The proof that the solver is right: the same precomputed Gram matrix through LIBSVM's C-SVC
// and through ours gives the same dual objective, support vectors, bias and predictions.
#include <gtest/gtest.h>
#include <svm.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>

#include "libsvm_gram.hpp"
#include "orca/machine_training.hpp"
#include "orca/model.hpp"
#include "paper/echocardiogram.hpp"
#include "paper/spiral.hpp"
#include "test_helpers.hpp"
#include "training/dual_routes.hpp"
#include "training/feature_rows.hpp"
#include "training/interior_point.hpp"

using namespace orca;

namespace {

using test::LibsvmSolution;
using test::train_libsvm;

// Our machine's a = alpha y on every training point.
std::vector<double> coefficients_on_points(const MachineFit& fit, size_t m) {
    std::vector<double> a(m, 0.0);
    for (size_t k = 0; k < fit.support.size(); ++k) a[fit.support[k]] = fit.coefficients[k];
    return a;
}

double dual_objective(const std::vector<double>& G, const std::vector<double>& a) {
    const size_t m = a.size();
    double quad = 0.0, lin = 0.0;
    for (size_t i = 0; i < m; ++i) {
        lin += std::abs(a[i]);
        for (size_t l = 0; l < m; ++l) quad += a[i] * G[i * m + l] * a[l];
    }
    return 0.5 * quad - lin;
}

struct Case {
    std::string name;
    Dataset data;
    std::string family;
    double alpha, beta;
    std::vector<int> degrees;
    double C;
    int max_order = 0;  // interaction order Q of the basis (0: the full product)
};

void compare_with_libsvm(const Case& c) {
    SCOPED_TRACE(c.name);
    const BinaryLabels labels = encode_binary_labels(c.data.target, c.name);
    const auto spec = FamilySpec::make(c.family, c.alpha, c.beta);
    const Scaler scaler =
        Scaler::fit(c.data.X, c.data.rows, c.data.cols,
                    spec.is_bounded() ? ScalerKind::minmax : ScalerKind::standardize, c.data.feature_names);
    std::vector<double> pts = c.data.X;
    (void)scaler.transform(pts, c.data.rows, OutOfRange::clip, c.data.feature_names, c.name);
    std::vector<int> degrees = c.degrees.size() == 1 ? std::vector<int>(c.data.cols, c.degrees[0]) : c.degrees;
    const TensorKernel kernel(Basis(spec, Measure::probability, degrees, c.max_order));
    const size_t m = c.data.rows;
    const auto G = kernel.gram(kernel.prepare(pts, m));
    const double eps = 1e-5;

    SolverOptions options;
    options.tolerance = eps;
    options.cache_mb = 1;  // small on purpose: exercises eviction and partial rows
    const MachineFit ours = train_machine(kernel, pts, m, labels.y, c.C, options);
    ASSERT_TRUE(ours.solver.converged);
    const LibsvmSolution ref = train_libsvm(G, labels.y, c.C, eps);

    std::vector<double> a = coefficients_on_points(ours, m);
    const double f_ours = dual_objective(G, a);
    const double f_ref = dual_objective(G, ref.a);
    EXPECT_NEAR(f_ours, f_ref, 1e-6 * std::abs(f_ref));
    EXPECT_NEAR(ours.solver.objective, f_ours, 1e-9 * std::abs(f_ours));
    EXPECT_NEAR(ours.bias, ref.bias, 1e-4);
    // Support sets agree except for points whose alpha is at rounding distance from 0 in one
    // of the two solutions ("ties at the bound").
    size_t differing = 0;
    for (size_t t = 0; t < m; ++t) {
        const bool in_ours = a[t] != 0.0, in_ref = ref.a[t] != 0.0;
        if (in_ours != in_ref) {
            ++differing;
            EXPECT_LT(std::max(std::abs(a[t]), std::abs(ref.a[t])), 1e-3 * c.C) << "point " << t;
        }
    }
    EXPECT_LE(differing, m / 50 + 1);
    // Identical labels wherever the decision is not at rounding distance from 0.
    for (size_t t = 0; t < m; ++t) {
        double g_ref = ref.bias;
        for (size_t l = 0; l < m; ++l) g_ref += ref.a[l] * G[t * m + l];
        const double g_ours = ours.training_decision[t];
        if (std::abs(g_ref) > 1e-3) {
            EXPECT_EQ(g_ours > 0, g_ref > 0) << "point " << t;
        }
        // Two solutions within the tolerance of a degenerate (low-rank) dual: decisions agree to
        // the tolerance relative to their size.
        EXPECT_NEAR(g_ours, g_ref, 1e-3 * (1.0 + std::abs(g_ref))) << "point " << t;
    }
}

Dataset blobs(size_t m, size_t d, unsigned seed, double separation) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0.0, 1.0);
    Dataset ds;
    ds.source = "blobs";
    ds.cols = d;
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("x" + std::to_string(j + 1));
    for (size_t i = 0; i < m; ++i) {
        const bool pos = i % 2 == 0;
        for (size_t j = 0; j < d; ++j)
            ds.X.push_back(z(rng) + (pos && j == 0 ? separation : 0.0) + (j == 1 ? 0.3 * z(rng) * z(rng) : 0.0));
        ds.target.push_back(pos ? "yes" : "no");
    }
    ds.rows = m;
    return ds;
}

// The data's points scaled to [-1, 1] per feature, as training scales them.
std::vector<double> minmax_scaled(const Dataset& data) {
    const Scaler scaler = Scaler::fit(data.X, data.rows, data.cols, ScalerKind::minmax, data.feature_names);
    std::vector<double> pts = data.X;
    (void)scaler.transform(pts, data.rows, OutOfRange::clip, data.feature_names, data.source);
    return pts;
}

// The data with about `share` of its cells missing (NaN): training integrates them out.
Dataset with_gaps(Dataset data, double share, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (double& v : data.X)
        if (u(rng) < share) v = std::numeric_limits<double>::quiet_NaN();
    return data;
}

}  // namespace

TEST(SolverVsLibsvm, DoubleSpiralLegendre) {
    compare_with_libsvm({"spiral legendre n=8 C=1", make_double_spiral(), "legendre", 0, 0, {8}, 1.0});
}

TEST(SolverVsLibsvm, DoubleSpiralJacobiLargeC) {
    compare_with_libsvm({"spiral jacobi(2.5,1.2) n=12 C=100", make_double_spiral(), "jacobi", 2.5, 1.2, {12}, 100.0});
}

TEST(SolverVsLibsvm, EchocardiogramLegendre) {
    compare_with_libsvm({"echocardiogram legendre n=3 C=1",
                         load_echocardiogram(test::echocardiogram_path()),
                         "legendre",
                         0,
                         0,
                         {3},
                         1.0});
}

TEST(SolverVsLibsvm, EchocardiogramJacobiPerFeatureDegrees) {
    compare_with_libsvm({"echocardiogram jacobi(4.3,1.8) n=(2,3,4,2,3) C=10",
                         load_echocardiogram(test::echocardiogram_path()),
                         "jacobi",
                         4.3,
                         1.8,
                         {2, 3, 4, 2, 3},
                         10.0});
}

TEST(SolverVsLibsvm, OverlappingBlobsManyBoundedSupportVectors) {
    compare_with_libsvm({"blobs chebyshev1 n=4 C=0.5", blobs(400, 4, 3u, 1.0), "chebyshev1", 0, 0, {4}, 0.5});
}

TEST(SolverVsLibsvm, TruncatedByInteractionOrderManyFeatures) {
    // Ten features: the full product of degree 3 would interpolate; main effects and pairs do not.
    compare_with_libsvm({"blobs legendre n=3 Q=2 C=1", blobs(300, 10, 5u, 1.5), "legendre", 0, 0, {3}, 1.0, 2});
    compare_with_libsvm({"blobs jacobi n=4 Q=1 C=1", blobs(300, 10, 6u, 1.5), "jacobi", 2.5, 1.2, {4}, 1.0, 1});
}

TEST(SolverVsLibsvm, MissingValuesIntegratedOut) {
    // A fifth of the cells missing: the kernel integrates them out (test_missing proves its
    // entries against quadrature); the solver must still reach LIBSVM's optimum on that Gram.
    compare_with_libsvm({"spiral with gaps legendre n=6 C=10", with_gaps(make_double_spiral(), 0.2, 41u), "legendre", 0,
                         0, {6}, 10.0});
    compare_with_libsvm({"blobs with gaps jacobi n=4 Q=2 C=1", with_gaps(blobs(300, 6, 42u, 1.5), 0.2, 43u), "jacobi",
                         2.5, 1.2, {4}, 1.0, 2});
}

TEST(SolverVsLibsvm, HermiteStandardised) {
    compare_with_libsvm({"blobs hermite n=3 C=2", blobs(300, 3, 9u, 2.0), "hermite", 0, 0, {3}, 2.0});
}

TEST(SolverVsLibsvm, ClassWeightsMatchLibsvmWeights) {
    // C_t = C * w_class: LIBSVM's -w option on the same Gram matrix.
    const Dataset data = load_echocardiogram(test::echocardiogram_path());
    const BinaryLabels labels = encode_binary_labels(data.target, "echo");
    const Scaler scaler = Scaler::fit(data.X, data.rows, data.cols, ScalerKind::minmax, data.feature_names);
    std::vector<double> pts = data.X;
    (void)scaler.transform(pts, data.rows, OutOfRange::clip, data.feature_names, "echo");
    const TensorKernel kernel(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(5, 3)));
    const auto G = kernel.gram(kernel.prepare(pts, data.rows));
    const double C = 2.0, w_neg = 0.7, w_pos = 2.9;
    std::vector<double> upper(data.rows);
    for (size_t t = 0; t < data.rows; ++t) upper[t] = C * (labels.y[t] > 0 ? w_pos : w_neg);
    SolverOptions o;
    o.tolerance = 1e-5;
    const MachineFit ours = train_machine(kernel, pts, data.rows, labels.y, upper, o);
    const LibsvmSolution ref = train_libsvm(G, labels.y, C, 1e-5, {w_neg, w_pos});
    std::vector<double> a = coefficients_on_points(ours, data.rows);
    EXPECT_NEAR(dual_objective(G, a), dual_objective(G, ref.a), 1e-6 * std::abs(dual_objective(G, ref.a)));
    EXPECT_NEAR(ours.bias, ref.bias, 1e-4);
    for (size_t t = 0; t < data.rows; ++t) EXPECT_LE(std::abs(a[t]), upper[t] * (1 + 1e-12));
}

namespace {

// The maximal KKT violation m(alpha) - M(alpha) and the duality gap of alpha, recomputed from a
// dense Gram matrix built independently of the solver's incremental gradient.
std::pair<double, double> recomputed_violation(const std::vector<double>& G, const std::vector<double>& y,
                                               const std::vector<double>& upper, const std::vector<double>& p,
                                               const std::vector<double>& alpha, double rho) {
    const size_t m = y.size();
    double up = -1e300, low = 1e300, duality = 0.0;
    for (size_t t = 0; t < m; ++t) {
        double grad = p[t];
        for (size_t l = 0; l < m; ++l) grad += y[t] * y[l] * G[t * m + l] * alpha[l];
        const double v = -y[t] * grad;
        const bool at_upper = alpha[t] >= upper[t], at_lower = alpha[t] <= 0.0;
        if (y[t] > 0 ? !at_upper : !at_lower) up = std::max(up, v);
        if (y[t] > 0 ? !at_lower : !at_upper) low = std::min(low, v);
        duality += alpha[t] * grad + upper[t] * std::max(0.0, y[t] * rho - grad);
    }
    return {std::max(0.0, up - low), duality};
}

}  // namespace

TEST(SolverCertificate, ReportedViolationAndDualityGapAreTheTrueOnes) {
    // An ill-conditioned kernel (degree 12, corners far above the mean diagonal) and a large C:
    // runs that stop at their caps far from the optimum (a basis too large for the
    // interior-point route: SMO alone); the same on one feature, which the route finishes to
    // tolerance 1e-8 within a cap of 2,000 SMO iterations; and a converging fit. Either way the
    // reported violation and duality gap must be the ones recomputed here from the Gram matrix,
    // never a drifted incremental gradient's nor the interior-point method's own.
    const Dataset data = blobs(300, 3, 11u, 0.8);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const std::vector<double> p(m, -1.0);
    struct Run {
        int degree;
        size_t dims;  // of the kernel: 3 (2,197 functions, SMO alone) or 1 (13, the interior-point route)
        double C, tol;
        long cap;
        StopReason expected;
    };
    for (const Run run :
         {Run{12, 3, 1000.0, 1e-8, 2000, StopReason::iteration_cap},
          Run{12, 3, 1000.0, 1e-8, 20000, StopReason::iteration_cap},
          Run{12, 1, 1000.0, 1e-8, 2000, StopReason::converged}, Run{6, 1, 1.0, 1e-6, 0, StopReason::converged}}) {
        SCOPED_TRACE("degree " + std::to_string(run.degree) + " dims " + std::to_string(run.dims) + " cap " +
                     std::to_string(run.cap));
        const TensorKernel kernel(
            Basis(FamilySpec::make("jacobi", -0.5, 0.3), Measure::probability, std::vector<int>(run.dims, run.degree)));
        const auto G = kernel.gram(kernel.prepare(pts, m));
        const std::vector<double> upper(m, run.C);
        SolverOptions o;
        o.tolerance = run.tol;
        o.max_iterations = run.cap;
        const MachineFit machine = train_machine(kernel, pts, m, labels.y, upper, o);
        const auto [violation, duality] =
            recomputed_violation(G, labels.y, upper, p, machine.solver.alpha, machine.solver.rho);
        EXPECT_NEAR(machine.solver.gap, violation, 1e-9 * (1.0 + violation));
        // Both sums cancel terms of the objective's size: equal to rounding at that scale.
        EXPECT_NEAR(machine.solver.duality_gap, duality, 1e-9 * (1.0 + std::abs(machine.solver.objective)));
        EXPECT_EQ(machine.solver.converged, violation < run.tol);
        EXPECT_EQ(machine.solver.stop, run.expected);
        if (run.dims == 1) {
            EXPECT_GT(machine.solver.interior_point_steps, 0);
        } else {
            EXPECT_EQ(machine.solver.interior_point_steps, 0);
        }
        if (run.expected == StopReason::converged) {
            EXPECT_LT(violation, run.tol);
            EXPECT_LT(duality, 1e-4 * std::abs(machine.solver.objective));  // near the optimum
        } else {
            EXPECT_GT(violation, 1.0);  // far from it, and said so
        }
    }
}

TEST(InteriorPoint, LargeCOnASmallBasisReachesLibsvmsOptimum) {
    // An additive model (Q = 1, n = 3, d = 5: 16 functions) at C = 100: SMO alone needs hundreds
    // of thousands of iterations (the kernel has rank 16 for 400 points), so the fit takes the
    // interior-point route. Its certified violation is the one recomputed from the Gram matrix,
    // and its optimum is LIBSVM's on the same Gram matrix.
    const Dataset data = blobs(400, 5, 23u, 0.3);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const TensorKernel kernel(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(5, 3), 1));
    const auto G = kernel.gram(kernel.prepare(pts, m));
    const double C = 100.0;
    const std::vector<double> upper(m, C);
    SolverOptions o;
    o.tolerance = 1e-5;
    const MachineFit ours = train_machine(kernel, pts, m, labels.y, upper, o);
    EXPECT_GT(ours.solver.interior_point_steps, 0);
    EXPECT_LT(ours.solver.interior_point_steps, 60);
    ASSERT_TRUE(ours.solver.converged);
    const std::vector<double> linear(m, -1.0);
    const auto [violation, duality] =
        recomputed_violation(G, labels.y, upper, linear, ours.solver.alpha, ours.solver.rho);
    EXPECT_NEAR(ours.solver.gap, violation, 1e-9 * (1.0 + violation));
    EXPECT_LT(violation, 1e-5);
    const LibsvmSolution ref = train_libsvm(G, labels.y, C, 1e-8);
    std::vector<double> a = coefficients_on_points(ours, m);
    const double f_ours = dual_objective(G, a), f_ref = dual_objective(G, ref.a);
    EXPECT_LE(f_ours, f_ref + 1e-7 * std::abs(f_ref));  // at least as good as LIBSVM's
    EXPECT_NEAR(f_ours, f_ref, 1e-6 * std::abs(f_ref));
    // Objectives equal to 1e-6 bound the difference of the two w to sqrt(2 |f_ours - f_ref|)
    // (f is 1/2 |w|^2 plus linear terms); with K(x, x) up to ~16 that allows decisions to differ
    // by some 1e-3 (measured: 1.4e-3 at two points, objectives equal to 1e-11).
    EXPECT_NEAR(ours.bias, ref.bias, 1e-3);
    for (size_t t = 0; t < m; ++t) {
        double g_ref = ref.bias;
        for (size_t l = 0; l < m; ++l) g_ref += ref.a[l] * G[t * m + l];
        const double allowed = 1e-3 + std::sqrt(2.0 * std::abs(f_ours - f_ref) * G[t * m + t]) + 1e-2 * std::abs(g_ref);
        EXPECT_NEAR(ours.training_decision[t], g_ref, allowed) << "point " << t;
        if (std::abs(g_ref) > 1e-2) {
            EXPECT_EQ(ours.training_decision[t] > 0, g_ref > 0) << "point " << t;
        }
    }
}

TEST(SolverCertificate, RegressionReportsTheTrueViolation) {
    // epsilon-SVR: the dual has 2m variables (alpha_t, alpha_t*) over the same kernel rows. A run
    // stopped at its cap far from its tolerance and a converging one on an ill-conditioned kernel: the reported
    // violation and duality gap are those recomputed from the 2m x 2m Gram matrix.
    const size_t m = 200;
    const std::vector<double> pts = test::uniform_points(m, 3, 7u);
    std::vector<double> z(m);
    for (size_t t = 0; t < m; ++t)
        z[t] = std::sin(3.0 * pts[t * 3]) + pts[t * 3 + 1] * pts[t * 3 + 2] +
               0.1 * std::cos(17.0 * static_cast<double>(t));
    const double epsilon = 0.05;
    struct Run {
        int degree;
        double C, tol;
        long cap;
        bool converges;
    };
    // (Measured: degree 4 at tol 1e-6 reaches SMO's 10-million cap with a violation of 6.6e-5,
    // a low-rank dual; degree 10, 1,331 functions for 200 rows, converges in 1,715 iterations.)
    for (const Run run : {Run{4, 1.0, 1e-6, 3000, false}, Run{10, 1000.0, 1e-8, 0, true}}) {
        SCOPED_TRACE("degree " + std::to_string(run.degree) + " cap " + std::to_string(run.cap));
        const TensorKernel kernel(
            Basis(FamilySpec::make("jacobi", -0.5, 0.3), Measure::probability, std::vector<int>(3, run.degree)));
        const auto G = kernel.gram(kernel.prepare(pts, m));
        std::vector<double> G2(4 * m * m), y(2 * m), p(2 * m), upper(2 * m, run.C);
        for (size_t t = 0; t < 2 * m; ++t)
            for (size_t s = 0; s < 2 * m; ++s) G2[t * 2 * m + s] = G[(t % m) * m + s % m];
        for (size_t t = 0; t < m; ++t) {
            y[t] = 1.0;
            y[t + m] = -1.0;
            p[t] = epsilon - z[t];
            p[t + m] = epsilon + z[t];
        }
        SolverOptions o;
        o.tolerance = run.tol;
        o.max_iterations = run.cap;
        const MachineFit machine =
            train_regression_machine(kernel, pts, m, z, std::vector<double>(m, run.C), epsilon, o);
        const auto [violation, duality] =
            recomputed_violation(G2, y, upper, p, machine.solver.alpha, machine.solver.rho);
        EXPECT_NEAR(machine.solver.gap, violation, 1e-9 * (1.0 + violation));
        EXPECT_NEAR(machine.solver.duality_gap, duality, 1e-7 * (1.0 + std::abs(duality)));
        EXPECT_EQ(machine.solver.converged, run.converges);
        EXPECT_EQ(machine.solver.converged, violation < run.tol);
        if (!run.converges) {
            EXPECT_EQ(machine.solver.stop, StopReason::iteration_cap);
            EXPECT_GT(violation, 10.0 * run.tol);
        }
    }
}

TEST(FeatureSpaceRoutes, CoordinateDescentReachesLibsvmsOptimumWithClassWeights) {
    // 2,500 rows, an additive basis of 16 functions: coordinate descent in the feature space
    // (forced), with per-class bounds; its certificate is SMO's, recomputed here from the Gram
    // matrix, and its optimum LIBSVM's on the same matrix.
    const Dataset data = blobs(2500, 5, 31u, 1.0);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const TensorKernel kernel(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(5, 3), 1));
    const auto G = kernel.gram(kernel.prepare(pts, m));
    const double C = 1.5, w_neg = 0.6, w_pos = 1.7;
    std::vector<double> upper(m);
    for (size_t t = 0; t < m; ++t) upper[t] = C * (labels.y[t] > 0 ? w_pos : w_neg);
    SolverOptions o;
    o.tolerance = 1e-4;
    o.route = DualRoute::feature_space;
    const MachineFit ours = train_machine(kernel, pts, m, labels.y, upper, o);
    EXPECT_GT(ours.solver.feature_space_passes, 0);
    EXPECT_EQ(ours.solver.interior_point_steps, 0);
    ASSERT_TRUE(ours.solver.converged);
    const std::vector<double> linear(m, -1.0);
    const auto [violation, duality] = recomputed_violation(G, labels.y, upper, linear, ours.solver.alpha, ours.solver.rho);
    EXPECT_NEAR(ours.solver.gap, violation, 1e-9 * (1.0 + violation));
    EXPECT_LT(violation, 1e-4);
    const LibsvmSolution ref = train_libsvm(G, labels.y, C, 1e-6, {w_neg, w_pos});
    const std::vector<double> a = coefficients_on_points(ours, m);
    const double f_ours = dual_objective(G, a), f_ref = dual_objective(G, ref.a);
    EXPECT_NEAR(f_ours, f_ref, 1e-6 * std::abs(f_ref));
    EXPECT_NEAR(ours.bias, ref.bias, 1e-2);
    double sum = 0.0;  // the unregularised bias' constraint, y'alpha = 0, holds exactly
    for (double v : a) sum += v;
    EXPECT_LE(std::abs(sum), 1e-9 * C * static_cast<double>(m));
}

TEST(FeatureSpaceRoutes, MissingValuesReachLibsvmsOptimumOnBothRoutes) {
    // 2,500 rows with a tenth of the cells missing, an additive basis: the interior-point method
    // and coordinate descent on the explicit features (whose missing coordinates keep only their
    // constant function) reach LIBSVM's optimum on the kernel's Gram matrix.
    const Dataset data = with_gaps(blobs(2500, 5, 44u, 1.0), 0.1, 45u);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const TensorKernel kernel(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(5, 3), 1));
    const auto G = kernel.gram(kernel.prepare(pts, m));
    const LibsvmSolution ref = train_libsvm(G, labels.y, 1.0, 1e-6);
    const double f_ref = dual_objective(G, ref.a);
    for (DualRoute route : {DualRoute::interior_point, DualRoute::feature_space}) {
        SCOPED_TRACE(std::string(name_of(route)));
        SolverOptions o;
        o.tolerance = 1e-4;
        o.route = route;
        const MachineFit ours = train_machine(kernel, pts, m, labels.y, 1.0, o);
        ASSERT_TRUE(ours.solver.converged);
        EXPECT_GT(ours.solver.interior_point_steps + ours.solver.feature_space_passes, 0);
        EXPECT_NEAR(dual_objective(G, coefficients_on_points(ours, m)), f_ref, 1e-6 * std::abs(f_ref));
    }
}

TEST(FeatureSpaceRoutes, ManyRowsTakeTheInteriorPointMethodFirstAndReachTheSameOptimum) {
    // 4,000 rows and 31 functions: the automatic route is the interior-point method on the
    // explicit features (no SMO budget first), certified by SMO; the same optimum as SMO alone.
    const Dataset data = blobs(4000, 10, 37u, 0.8);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const Basis basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(10, 3), 1);
    const TensorKernel kernel(basis);
    SolverOptions automatic;
    EXPECT_EQ(training::chosen_route(basis, m, automatic), DualRoute::interior_point);
    EXPECT_EQ(training::chosen_route(basis, 1000, automatic), DualRoute::automatic);  // small data
    const MachineFit fast = train_machine(kernel, pts, m, labels.y, 1.0, automatic);
    EXPECT_GT(fast.solver.interior_point_steps, 0);
    EXPECT_EQ(fast.solver.feature_space_passes, 0);
    ASSERT_TRUE(fast.solver.converged);
    // Rounded onto its bounds, the interior point's solution needs (almost) no SMO iterations.
    EXPECT_LT(fast.solver.iterations, 100);
    SolverOptions smo;
    smo.route = DualRoute::kernel_rows;
    const MachineFit slow = train_machine(kernel, pts, m, labels.y, 1.0, smo);
    EXPECT_EQ(slow.solver.interior_point_steps, 0);
    ASSERT_TRUE(slow.solver.converged);
    // Both within tolerance 1e-3 of one optimum of a degenerate (rank 31) dual: objectives equal
    // to the tolerance's effect, decisions to about 1% (measured: 0.9% at most, far from the
    // margin), and the same side of it wherever a decision is not within the tolerance of 0.
    EXPECT_NEAR(fast.solver.objective, slow.solver.objective, 1e-4 * std::abs(slow.solver.objective));
    for (size_t t = 0; t < m; ++t) {
        const double g = slow.training_decision[t];
        EXPECT_NEAR(fast.training_decision[t], g, 2e-2 * (1.0 + std::abs(g))) << "point " << t;
        if (std::abs(g) > 0.05) {
            EXPECT_EQ(fast.training_decision[t] > 0, g > 0) << "point " << t;
        }
    }
}

TEST(SolverStart, AStartOnItsBoundsStaysThereWhenMadeFeasible) {
    // A converged solution with y'alpha perturbed slightly: made feasible through its free
    // variables, SMO starts within the tolerance and stops at once. (Scaling one side instead
    // moved every variable at C off its bound: a violation of ~5 and thousands of iterations.)
    const Dataset data = blobs(1200, 4, 41u, 0.7);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const TensorKernel kernel(Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(4, 3), 1));
    SolverOptions o;
    const MachineFit first = train_machine(kernel, pts, m, labels.y, 1.0, o);
    ASSERT_TRUE(first.solver.converged);
    std::vector<double> start = first.solver.alpha;
    size_t at_bound = 0;
    for (size_t t = 0; t < m; ++t) {
        at_bound += start[t] == 1.0 ? 1 : 0;
        if (start[t] > 0.0 && start[t] < 1.0) {
            start[t] = std::min(1.0, start[t] * (1.0 + 1e-6));
            break;
        }
    }
    ASSERT_GT(at_bound, 0u);
    o.initial_alpha = start;
    o.route = DualRoute::kernel_rows;
    const MachineFit again = train_machine(kernel, pts, m, labels.y, 1.0, o);
    EXPECT_TRUE(again.solver.converged);
    EXPECT_LT(again.solver.iterations, 20);
    size_t still_at_bound = 0;
    for (size_t t = 0; t < m; ++t) still_at_bound += again.solver.alpha[t] == 1.0 ? 1 : 0;
    EXPECT_GE(still_at_bound + 20, at_bound);
}

TEST(InteriorPoint, AStalledMethodHandsItsBestPointToSmo) {
    // Pairs of six features (154 functions) at C = 10,000: near the end D^-1 spans so many orders
    // of magnitude that the Newton directions lose their accuracy, the steps shrink to nothing and
    // the stationarity residual grows again. The method stops after three such steps (it went on
    // to its 80-step cap before) and hands the best point it saw to SMO, which polishes it in a few
    // iterations (measured: 5).
    const Dataset data = blobs(1500, 6, 51u, 1.0);
    const BinaryLabels labels = encode_binary_labels(data.target, "blobs");
    const std::vector<double> pts = minmax_scaled(data);
    const size_t m = data.rows;
    const Basis basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(6, 3), 2);
    const double C = 1e4;
    const std::vector<double> upper(m, C);
    const training::FeatureRows features(basis, pts, m, true);
    const std::vector<double> linear(m, -1.0);
    const auto ip = training::interior_point_dual(features.matrix(), m, features.size(), labels.y, upper, linear);
    EXPECT_TRUE(ip.stalled);
    EXPECT_FALSE(ip.converged);
    EXPECT_LT(ip.steps, 40);
    SolverOptions o;
    o.route = DualRoute::interior_point;
    const TensorKernel kernel(basis);
    const MachineFit ours = train_machine(kernel, pts, m, labels.y, upper, o);
    EXPECT_EQ(ours.solver.interior_point_steps, ip.steps);
    ASSERT_TRUE(ours.solver.converged);
    EXPECT_LT(ours.solver.iterations, 5000);  // a polish, not a new start
    const auto G = kernel.gram(kernel.prepare(pts, m));
    const auto [violation, duality] =
        recomputed_violation(G, labels.y, upper, linear, ours.solver.alpha, ours.solver.rho);
    // The certificate, recomputed from the Gram matrix, proves the optimum (LIBSVM stops at its
    // 10-million-iteration cap here, far from it: an objective of -3.8e6 against -9.2e6).
    EXPECT_LT(violation, o.tolerance);
    EXPECT_LT(duality, 1e-5 * std::abs(dual_objective(G, coefficients_on_points(ours, m))));
}
