// The interior-point method on a working set (training/screened_interior_point.hpp) against the
// method on every row: the same optimum, certified here from the features by brute force over
// every variable, not by the solver's own certificate.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>

#include "orca/errors.hpp"
#include "orca/machine_training.hpp"
#include "test_helpers.hpp"
#include "training/dual_routes.hpp"
#include "training/feature_rows.hpp"
#include "training/interior_point.hpp"
#include "training/screened_interior_point.hpp"

using namespace orca;

namespace {

// One machine's dual over the explicit features of m points (variable v is point v % m).
struct Dual {
    std::vector<double> points;  // m x d in [-1, 1]
    size_t m = 0;
    std::vector<double> y, upper, linear;
};

// Labels from a smooth rule of two features and their product, 15% of them flipped.
Dual classification(size_t m, size_t d, double C, unsigned seed) {
    Dual q;
    q.points = test::uniform_points(m, d, seed);
    q.m = m;
    std::mt19937 rng(seed + 1);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (size_t t = 0; t < m; ++t) {
        const double* x = &q.points[t * d];
        const double rule = x[0] + 0.8 * x[1] * x[1] - 0.5 * x[2] + 0.6 * x[0] * x[3] - 0.3;
        const double label = (rule > 0.0) == (u(rng) > 0.15) ? 1.0 : -1.0;
        q.y.push_back(label);
    }
    q.upper.assign(m, C);
    q.linear.assign(m, -1.0);
    return q;
}

// epsilon-SVR's 2m variables for targets z = smooth function + noise (LIBSVM's form: y = +1 for
// alpha_t, -1 for alpha_t*, l = epsilon -+ z_t).
Dual regression(size_t m, size_t d, double C, double epsilon, unsigned seed) {
    Dual q;
    q.points = test::uniform_points(m, d, seed);
    q.m = m;
    std::mt19937 rng(seed + 1);
    std::normal_distribution<double> noise(0.0, 0.3);
    std::vector<double> z(m);
    for (size_t t = 0; t < m; ++t) {
        const double* x = &q.points[t * d];
        z[t] = std::sin(2.0 * x[0]) + x[1] * x[1] - 0.5 * x[2] * x[3] + noise(rng);
    }
    q.y.assign(m, 1.0);
    q.y.resize(2 * m, -1.0);
    q.upper.assign(2 * m, C);
    for (size_t t = 0; t < m; ++t) q.linear.push_back(epsilon - z[t]);
    for (size_t t = 0; t < m; ++t) q.linear.push_back(epsilon + z[t]);
    return q;
}

// The dual objective 1/2 |w|^2 + l'a and the largest violating pair's gap (LIBSVM's stopping
// measure, max over I_up of -y_v G_v minus min over I_low), both from w = sum_v y_v a_v phi(x_v).
struct Certificate {
    double objective = 0.0, violation = 0.0;
};
Certificate certify(const training::FeatureRows& features, const Dual& q, const std::vector<double>& alpha) {
    const size_t m = q.m, p = features.size(), n = q.y.size();
    const auto phi = features.matrix();
    std::vector<double> w(p, 0.0);
    for (size_t v = 0; v < n; ++v)
        for (size_t k = 0; k < p; ++k) w[k] += q.y[v] * alpha[v] * phi[(v % m) * p + k];
    Certificate c;
    for (size_t k = 0; k < p; ++k) c.objective += 0.5 * w[k] * w[k];
    double up = -std::numeric_limits<double>::infinity(), low = std::numeric_limits<double>::infinity();
    for (size_t v = 0; v < n; ++v) {
        c.objective += q.linear[v] * alpha[v];
        double score = 0.0;
        for (size_t k = 0; k < p; ++k) score += phi[(v % m) * p + k] * w[k];
        const double gradient = q.y[v] * score + q.linear[v];
        const double minus_y_g = -q.y[v] * gradient;
        const bool below_upper = alpha[v] < q.upper[v], above_zero = alpha[v] > 0.0;
        if ((q.y[v] > 0 && below_upper) || (q.y[v] < 0 && above_zero)) up = std::max(up, minus_y_g);
        if ((q.y[v] > 0 && above_zero) || (q.y[v] < 0 && below_upper)) low = std::min(low, minus_y_g);
    }
    c.violation = up - low;
    return c;
}

Basis additive(size_t d) {
    return Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 1);
}

// Main effects and pairs of d features of degree 3.
Basis pairs_of(size_t d) {
    return Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 3), 2);
}

// One dual solved by the method on every row and by the screened method (at the given margin).
struct BothFits {
    training::InteriorPointResult whole;
    training::ScreenedInteriorPointResult screened;
};
BothFits fit_both(const training::FeatureRows& features, const Dual& q,
                  std::optional<double> margin = std::nullopt) {
    const size_t m = q.m, p = features.size();
    return {training::interior_point_dual(features.matrix(), m, p, q.y, q.upper, q.linear),
            training::screened_interior_point(features.matrix(), m, p, q.y, q.upper, q.linear, 1e-3, {}, {}, margin)};
}

// The screened result within SMO's tolerance (1e-3) before SMO sees it, at the optimum of the
// method on every row.
void expect_same_optimum(const training::FeatureRows& features, const Dual& q, const BothFits& fits,
                         double relative) {
    const Certificate ours = certify(features, q, fits.screened.method.alpha);
    const Certificate theirs = certify(features, q, fits.whole.alpha);
    EXPECT_LT(ours.violation, 1e-3);
    EXPECT_NEAR(ours.objective, theirs.objective, relative * std::abs(theirs.objective));
}

}  // namespace

TEST(ScreenedInteriorPoint, ManyRowsOfAClassifierReachTheOptimumOfTheMethodOnEveryRow) {
    const size_t m = 40000, d = 6;
    const Dual q = classification(m, d, 1.0, 7u);
    const Basis basis = additive(d);
    const training::FeatureRows features(basis, q.points, m, true);
    const size_t p = features.size();
    ASSERT_TRUE(training::screened(m, p));
    const BothFits fits = fit_both(features, q);
    const auto& screened = fits.screened;
    ASSERT_GE(screened.rounds, 1);
    // Most rows were held on a bound: the working set is a fraction of them.
    EXPECT_LT(screened.working_points, m / 2);
    expect_same_optimum(features, q, fits, 1e-8);
    for (size_t v = 0; v < m; ++v) ASSERT_TRUE(screened.method.alpha[v] >= 0.0 && screened.method.alpha[v] <= 1.0);
}

TEST(ScreenedInteriorPoint, EpsilonSvrsTwoVariablesAPointAreHeldTogether) {
    const size_t m = 30000, d = 5;
    const Dual q = regression(m, d, 1.0, 0.1, 11u);
    const training::FeatureRows features(additive(d), q.points, m, true);
    const BothFits fits = fit_both(features, q);
    ASSERT_GE(fits.screened.rounds, 1);
    EXPECT_LT(fits.screened.working_points, m);
    expect_same_optimum(features, q, fits, 1e-8);
}

TEST(ScreenedInteriorPoint, FewRowsAreSolvedAtOnceBitForBit) {
    const size_t m = 3000, d = 4;
    const Dual q = classification(m, d, 2.0, 3u);
    const training::FeatureRows features(additive(d), q.points, m, true);
    ASSERT_FALSE(training::screened(m, features.size()));
    const auto whole = training::interior_point_dual(features.matrix(), m, features.size(), q.y, q.upper, q.linear);
    const auto screened =
        training::screened_interior_point(features.matrix(), m, features.size(), q.y, q.upper, q.linear, 1e-3);
    EXPECT_EQ(screened.rounds, 0);
    EXPECT_EQ(screened.working_points, m);
    EXPECT_EQ(screened.method.steps, whole.steps);
    EXPECT_EQ(screened.method.alpha, whole.alpha);
}

TEST(ScreenedInteriorPoint, CSvcIsScreenedFromFiveThousandRowsAndEpsilonSvrByItsCoarseFit) {
    // C-SVC: from 5,000 rows at any basis size (the smoothed hinge estimates from every row).
    EXPECT_TRUE(training::screened(50000, 436));
    EXPECT_TRUE(training::screened(5000, 436));
    EXPECT_TRUE(training::screened(20000, 4006));
    EXPECT_FALSE(training::screened(4999, 31));
    EXPECT_TRUE(training::screened(5000, 31));
    // epsilon-SVR: a coarse fit of stride m / (50 p), at most 8; from 20,000 rows, up to 100 functions.
    EXPECT_EQ(training::screen_stride(500000, 31), 8u);
    EXPECT_EQ(training::screen_stride(50000, 436), 2u);
    EXPECT_EQ(training::screen_stride(100000, 436), 4u);
    EXPECT_TRUE(training::screened(50000, 31, true));
    EXPECT_FALSE(training::screened(50000, 436, true));
    EXPECT_FALSE(training::screened(19999, 31, true));
    EXPECT_FALSE(training::screened(20000, 101, true));
    EXPECT_TRUE(training::screened(20000, 100, true));  // stride 4: from 20,000 rows up to 100 functions, 2 or more
}

TEST(ScreenedInteriorPoint, ManyFunctionsAtLargeCAreScreenedFromTheSmoothedHinge) {
    // Pairs of 6 features (154 functions) at C = 100, which the coarse fit once misjudged by the
    // thousands: from the smoothed hinge's estimate one working set of a fraction of the rows, and
    // the optimum of the method on every row.
    const size_t m = 20000, d = 6;
    const Basis pairs = pairs_of(d);
    const Dual q = classification(m, d, 100.0, 29u);
    const training::FeatureRows features(pairs, q.points, m, true);
    const BothFits fits = fit_both(features, q);
    EXPECT_GT(fits.screened.hinge_steps, 0);
    EXPECT_FALSE(fits.screened.fell_back);
    EXPECT_GE(fits.screened.rounds, 1);
    EXPECT_LT(fits.screened.working_points, m / 4);
    // At C = 100 both rounded results violate by a few times SMO's tolerance (0.0084 and 0.0052
    // here), which SMO then polishes; their objectives agree.
    const Certificate ours = certify(features, q, fits.screened.method.alpha);
    const Certificate theirs = certify(features, q, fits.whole.alpha);
    EXPECT_LT(ours.violation, 1e-2);
    EXPECT_NEAR(ours.objective, theirs.objective, 1e-8 * std::abs(theirs.objective));
}

TEST(ScreenedInteriorPoint, VariablesHeldWronglyAreFreedByTheNextRound) {
    // Pairs of 6 features (154 functions) at C = 10: a margin of 0.06, below the smoothed hinge's
    // width of 0.1, holds variables from its estimate that belong inside the margin (fewer than
    // the working set holds; at 0.03 more, and the whole problem is solved): the first round finds
    // them violating, the next frees them. At C = 10 the rounded result of either method violates
    // by a few times SMO's tolerance, which SMO then polishes: the screened one no more.
    const size_t m = 20000, d = 6;
    const Basis pairs = pairs_of(d);
    const Dual q = classification(m, d, 10.0, 23u);
    const training::FeatureRows features(pairs, q.points, m, true);
    const BothFits fits = fit_both(features, q, 0.06);
    EXPECT_GE(fits.screened.rounds, 2);
    EXPECT_FALSE(fits.screened.fell_back);
    const Certificate ours = certify(features, q, fits.screened.method.alpha);
    const Certificate theirs = certify(features, q, fits.whole.alpha);
    EXPECT_LT(ours.violation, std::max(1e-3, 1.5 * theirs.violation));
    EXPECT_NEAR(ours.objective, theirs.objective, 1e-8 * std::abs(theirs.objective));
}

TEST(ScreenedInteriorPoint, APoorEstimateFallsBackToTheWholeProblem) {
    // A margin of 0 holds every variable but the 1,000 nearest their margin: far more of them
    // violate than the working set holds, and the whole problem is solved at once.
    const size_t m = 30000, d = 6;
    const Dual q = classification(m, d, 1.0, 17u);
    const training::FeatureRows features(additive(d), q.points, m, true);
    const BothFits fits = fit_both(features, q, 0.0);
    EXPECT_TRUE(fits.screened.fell_back);
    EXPECT_EQ(fits.screened.rounds, 1);
    EXPECT_EQ(fits.screened.working_points, m);
    EXPECT_GT(fits.screened.method.steps, fits.whole.steps);  // the first round's counted too
    expect_same_optimum(features, q, fits, 1e-9);
}

TEST(InteriorPoint, HeldVariablesEnterThroughTheLinearTermAndTheEqualitysRightHandSide) {
    // The whole problem's optimum, then the variables it puts on a bound with |g| > 0.05 held there
    // and the rest solved again with y'a = -sum_held y_v a_v and l + Q_{W,held} a_held: the same
    // objective.
    const size_t m = 3000, d = 4;
    const Dual q = classification(m, d, 1.0, 5u);
    const training::FeatureRows features(additive(d), q.points, m, true);
    const size_t p = features.size();
    const auto phi = features.matrix();
    const auto whole = training::interior_point_dual(phi, m, p, q.y, q.upper, q.linear);
    std::vector<double> w(p, 0.0), s(m, 0.0);
    for (size_t t = 0; t < m; ++t)
        for (size_t k = 0; k < p; ++k) w[k] += q.y[t] * whole.alpha[t] * phi[t * p + k];
    std::vector<size_t> working;
    std::vector<double> held(m, 0.0);
    double rhs = 0.0;
    for (size_t t = 0; t < m; ++t) {
        for (size_t k = 0; k < p; ++k) s[t] += phi[t * p + k] * w[k];
        const double g = q.y[t] * (s[t] + whole.bias) + q.linear[t];
        const bool on_bound = whole.alpha[t] == 0.0 || whole.alpha[t] == q.upper[t];
        if (on_bound && std::abs(g) > 0.05) {
            held[t] = whole.alpha[t];
            rhs -= q.y[t] * held[t];
        } else {
            working.push_back(t);
        }
    }
    ASSERT_GT(working.size(), 10u);
    ASSERT_LT(working.size(), m / 2);
    std::vector<double> w_held(p, 0.0);
    for (size_t t = 0; t < m; ++t)
        for (size_t k = 0; k < p; ++k) w_held[k] += q.y[t] * held[t] * phi[t * p + k];
    std::vector<double> sub_phi, sub_y, sub_upper, sub_linear;
    for (size_t t : working) {
        double shift = 0.0;
        for (size_t k = 0; k < p; ++k) {
            sub_phi.push_back(phi[t * p + k]);
            shift += phi[t * p + k] * w_held[k];
        }
        sub_y.push_back(q.y[t]);
        sub_upper.push_back(q.upper[t]);
        sub_linear.push_back(q.linear[t] + q.y[t] * shift);
    }
    training::InteriorPointOptions options;
    options.equality_rhs = rhs;
    options.objective_offset = 0.5 * std::inner_product(w_held.begin(), w_held.end(), w_held.begin(), 0.0);
    for (size_t t = 0; t < m; ++t) options.objective_offset += q.linear[t] * held[t];
    const auto part =
        training::interior_point_dual(sub_phi, working.size(), p, sub_y, sub_upper, sub_linear, options);
    std::vector<double> combined = held;
    for (size_t j = 0; j < working.size(); ++j) combined[working[j]] = part.alpha[j];
    double equality = 0.0;
    for (size_t t = 0; t < m; ++t) equality += q.y[t] * combined[t];
    EXPECT_NEAR(equality, 0.0, 1e-6);
    const Certificate ours = certify(features, q, combined), theirs = certify(features, q, whole.alpha);
    EXPECT_NEAR(ours.objective, theirs.objective, 1e-9 * std::abs(theirs.objective));
    EXPECT_LT(ours.violation, 1e-3);
    EXPECT_NEAR(part.bias, whole.bias, 1e-3);
}

TEST(ScreenedInteriorPoint, TheMachinesRouteCertifiesTheScreenedSolution) {
    // Through train_machine (the interior-point route, then SMO from its point): converged at once.
    const size_t m = 24000, d = 6;
    const Dual q = classification(m, d, 1.0, 13u);
    const Basis basis = additive(d);
    const TensorKernel kernel(basis);
    SolverOptions o;
    o.route = DualRoute::interior_point;
    const MachineFit fit = train_machine(kernel, q.points, m, q.y, 1.0, o);
    ASSERT_TRUE(fit.solver.converged);
    EXPECT_GT(fit.solver.interior_point_steps, 0);
    EXPECT_LT(fit.solver.iterations, 100);
    const training::FeatureRows features(basis, q.points, m, true);
    const auto whole = training::interior_point_dual(features.matrix(), m, features.size(), q.y, q.upper, q.linear);
    EXPECT_NEAR(fit.solver.objective, certify(features, q, whole.alpha).objective,
                1e-6 * std::abs(fit.solver.objective));
}

TEST(ScreenedInteriorPoint, FeaturesComputedByBlocksGiveTheStoredFeaturesResultBitForBit) {
    // Where the m x p matrix would not fit, the estimate, the screen and the checks read the rows
    // by computed blocks (training/feature_rows.hpp): pairs of 6 features (154 functions) at C = 10,
    // the same estimate, working sets, Newton steps and solution to the bit.
    const size_t m = 8000, d = 6;
    const Basis pairs = pairs_of(d);
    const Dual q = classification(m, d, 10.0, 31u);
    const training::FeatureRows stored(pairs, q.points, m, true), computed(pairs, q.points, m, false);
    ASSERT_TRUE(stored.stored());
    ASSERT_FALSE(computed.stored());
    const auto a = training::screened_interior_point(training::FeatureBlocks(stored), q.y, q.upper, q.linear, 1e-3);
    const auto b = training::screened_interior_point(training::FeatureBlocks(computed), q.y, q.upper, q.linear, 1e-3);
    EXPECT_GT(b.hinge_steps, 0);
    EXPECT_GE(b.rounds, 1);
    EXPECT_LT(b.working_points, m / 2);
    EXPECT_EQ(a.hinge_steps, b.hinge_steps);
    EXPECT_EQ(a.rounds, b.rounds);
    EXPECT_EQ(a.working_points, b.working_points);
    EXPECT_EQ(a.method.steps, b.method.steps);
    EXPECT_EQ(a.method.bias, b.method.bias);
    EXPECT_EQ(a.method.alpha, b.method.alpha);
    const Certificate ours = certify(stored, q, b.method.alpha);
    EXPECT_LT(ours.violation, 1e-2);
}

TEST(ScreenedInteriorPoint, FeaturesComputedByBlocksAreRefusedWhereTheWholeMethodWouldBeNeeded) {
    // Unscreened problems (few rows, epsilon-SVR's two variables a point) solve the whole problem,
    // which needs the matrix.
    const Dual small = classification(3000, 4, 1.0, 3u);
    const training::FeatureRows few(additive(4), small.points, small.m, false);
    EXPECT_THROW((void)training::screened_interior_point(training::FeatureBlocks(few), small.y, small.upper,
                                                         small.linear, 1e-3),
                 ParameterError);
    const Dual svr = regression(20000, 4, 1.0, 0.1, 5u);
    const training::FeatureRows rows(additive(4), svr.points, svr.m, false);
    EXPECT_THROW((void)training::screened_interior_point(training::FeatureBlocks(rows), svr.y, svr.upper,
                                                         svr.linear, 1e-3),
                 ParameterError);
}

TEST(ScreenedInteriorPoint, LargeBasesOfManyRowsTakeItWhereTheWholeMethodDoesNot) {
    // Pairs of 30 features, 4,006 functions: beyond the whole method's 2,000, a C-SVC of 40,000
    // (features stored) or 1,000,000 rows (features computed by blocks) takes the interior-point
    // route through a working set; epsilon-SVR, which would need the whole method, coordinate
    // descent; 10,000 rows (fewer than 4 a function) SMO first.
    const Basis pairs = pairs_of(30);
    ASSERT_EQ(pairs.size(), 4006u);
    const SolverOptions automatic;
    EXPECT_EQ(training::chosen_route(pairs, 40000, automatic), DualRoute::interior_point);
    EXPECT_EQ(training::chosen_route(pairs, 1000000, automatic), DualRoute::interior_point);
    EXPECT_EQ(training::chosen_route(pairs, 40000, automatic, true), DualRoute::feature_space);
    EXPECT_EQ(training::chosen_route(pairs, 10000, automatic), DualRoute::automatic);
    SolverOptions forced;
    forced.route = DualRoute::interior_point;
    EXPECT_EQ(training::chosen_route(pairs, 40000, forced), DualRoute::interior_point);
    EXPECT_EQ(training::chosen_route(pairs, 40000, forced, true), DualRoute::kernel_rows);
}

TEST(ScreenedInteriorPoint, AFirstRoundWithFewViolatorsIsNarrowedAndStillReachesTheOptimum) {
    // Pairs of 6 features at 25,000 rows, C = 1, a margin of 0.07 (below the smoothed hinge's width
    // of 0.1): the first round's working set leaves a few held variables violating, so the second
    // keeps of it only the points near their margin by their exact gradients (less than half of
    // it), the rest held where the first round put them. The rounds after it check those too.
    // (25,000 rows rather than 50,000 keep it within a quarter minute under AddressSanitizer.)
    const size_t m = 25000, d = 6;
    const Basis pairs = pairs_of(d);
    const Dual q = classification(m, d, 1.0, 23u);
    const training::FeatureRows features(pairs, q.points, m, true);
    const BothFits fits = fit_both(features, q, 0.07);
    EXPECT_TRUE(fits.screened.narrowed);
    EXPECT_GE(fits.screened.rounds, 2);
    EXPECT_FALSE(fits.screened.fell_back);
    // Without the narrowing the last set would hold the first's (margin 0.08 holds 2,433 points;
    // this one holds 1,043).
    EXPECT_LT(fits.screened.working_points, 1400u);
    expect_same_optimum(features, q, fits, 1e-8);
}

// The method with each step's M summed in single precision and refined by conjugate gradients
// (NewtonSums::refined) against the same method summing in double precision: the same steps and
// the same optimum, measured from the features by brute force. C = 30 makes the late steps'
// D^-1 span many orders of magnitude, where the free variables' rows are summed exactly.
void expect_refined_sums_reach_the_exact_optimum(const Dual& q, const Basis& basis) {
    const training::FeatureRows features(basis, q.points, q.m, true);
    const size_t p = features.size();
    training::InteriorPointOptions exact_sums, refined_sums;
    exact_sums.sums = training::NewtonSums::exact;
    refined_sums.sums = training::NewtonSums::refined;
    const auto exact = training::interior_point_dual(features.matrix(), q.m, p, q.y, q.upper, q.linear, exact_sums);
    const auto refined =
        training::interior_point_dual(features.matrix(), q.m, p, q.y, q.upper, q.linear, refined_sums);
    ASSERT_TRUE(exact.converged);
    ASSERT_TRUE(refined.converged);
    EXPECT_EQ(exact.refined_steps, 0);
    EXPECT_EQ(refined.refined_steps, refined.steps);  // no step needed the exact sum
    EXPECT_NEAR(refined.steps, exact.steps, 1);
    const Certificate theirs = certify(features, q, exact.alpha), ours = certify(features, q, refined.alpha);
    // The method's point before SMO sees it (C = 30 leaves its rounding onto the bounds some 5e-3
    // from the optimality conditions, with either sum): as close to them as the exact sums' point.
    EXPECT_LT(ours.violation, theirs.violation + 1e-4);
    EXPECT_NEAR(ours.objective, theirs.objective, 1e-9 * std::abs(theirs.objective));
    EXPECT_NEAR(refined.bias, exact.bias, 1e-5 * (1.0 + std::abs(exact.bias)));
    size_t bounds_differ = 0;
    for (size_t v = 0; v < q.y.size(); ++v)
        bounds_differ += (refined.alpha[v] == 0.0) != (exact.alpha[v] == 0.0) ||
                         (refined.alpha[v] == q.upper[v]) != (exact.alpha[v] == q.upper[v]);
    EXPECT_EQ(bounds_differ, 0U);
}

TEST(InteriorPoint, SinglePrecisionSumsRefinedReachTheExactSumsOptimumForAClassifier) {
    expect_refined_sums_reach_the_exact_optimum(classification(3000, 6, 30.0, 71u), pairs_of(6));
}

TEST(InteriorPoint, SinglePrecisionSumsRefinedReachTheExactSumsOptimumForAnEpsilonSvr) {
    expect_refined_sums_reach_the_exact_optimum(regression(1500, 5, 30.0, 0.1, 73u), pairs_of(5));
}

TEST(InteriorPoint, SmallBasesSumInDoublePrecisionAsBefore) {
    // automatic refines only where the sum dominates a step (kRefinedFrom functions and more):
    // below, the method's bits are those of the exact sums.
    const Dual q = classification(2000, 6, 1.0, 79u);
    const training::FeatureRows features(pairs_of(6), q.points, q.m, true);
    ASSERT_LT(features.size(), training::kRefinedFrom);
    training::InteriorPointOptions exact_sums;
    exact_sums.sums = training::NewtonSums::exact;
    const auto automatic = training::interior_point_dual(features.matrix(), q.m, features.size(), q.y, q.upper, q.linear);
    const auto exact =
        training::interior_point_dual(features.matrix(), q.m, features.size(), q.y, q.upper, q.linear, exact_sums);
    EXPECT_EQ(automatic.refined_steps, 0);
    EXPECT_EQ(automatic.alpha, exact.alpha);
    EXPECT_EQ(automatic.bias, exact.bias);
}
