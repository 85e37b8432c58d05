// The OKC analysis: both algorithms against a brute-force oracle and against each other, and
// the invariants every analysed model must satisfy.
#include <gtest/gtest.h>

#include <algorithm>
#include <omp.h>

#include <cmath>
#include <map>

#include "orca/coefficients.hpp"
#include "orca/errors.hpp"
#include "orca/model.hpp"
#include "orca/okc.hpp"
#include "orca/training.hpp"
#include "paper/echocardiogram.hpp"
#include "paper/spiral.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

// A random machine-like expansion: points in the domain, a with sum a = 0 (the dual's
// equality constraint).
Expansion random_expansion(const FamilySpec& family, Measure measure, std::vector<int> degrees, size_t m, unsigned seed,
                           int max_order = 0, int max_total_degree = 0) {
    const size_t d = degrees.size();
    Expansion e{
        Basis(family, measure, std::move(degrees), max_order, max_total_degree), test::uniform_points(m, d, seed), {},
        {}};
    if (!family.is_bounded())
        for (auto& x : e.points) x *= 2.0;
    std::mt19937_64 rng(seed + 1000);
    std::normal_distribution<double> z(0.0, 1.0);
    double mean = 0.0;
    for (size_t i = 0; i < m; ++i) {
        e.a.push_back(z(rng));
        mean += e.a.back();
    }
    for (auto& v : e.a) v -= mean / static_cast<double>(m);
    return e;
}

// Brute force: every coefficient by its definition, with its own odometer over multi-indices;
// under an interaction order Q only the multi-indices with at most Q non-zero entries.
struct Oracle {
    std::map<std::vector<int>, double> c;
};

Oracle brute_force(const Expansion& e) {
    Oracle o;
    const size_t d = e.dim();
    std::vector<int> k(d, 0);
    while (true) {
        const auto active = static_cast<size_t>(std::count_if(k.begin(), k.end(), [](int v) { return v > 0; }));
        size_t total = 0;
        for (int v : k) total += static_cast<size_t>(v);
        const bool kept = active <= e.basis.max_order() && total <= e.basis.max_total_degree();
        double sum = 0.0;
        for (size_t i = 0; i < e.count() && kept; ++i) {
            double prod = e.a[i];
            for (size_t j = 0; j < d; ++j) {
                std::vector<double> p(static_cast<size_t>(k[j]) + 1);
                e.basis.recurrence(j).evaluate_all(e.points[i * d + j], p);
                prod *= p.back();
            }
            sum += prod;
        }
        if (kept) o.c[k] = sum;
        size_t j = d;
        while (j > 0 && k[j - 1] == e.basis.degree(j - 1)) k[--j] = 0;
        if (j == 0) break;
        ++k[j - 1];
    }
    return o;
}

// Tolerance for shares: rounding relative to E, growing with the number of terms summed.
double share_tol(const Expansion& e) {
    return 1e-11 * std::sqrt(static_cast<double>(e.count()) * e.basis.size() + 1.0);
}

void expect_matches_oracle(const Expansion& e, const OkcReport& r) {
    const Oracle o = brute_force(e);
    // Bounded explicitly: GCC 12 otherwise warns (falsely) about a huge allocation below.
    const size_t d = std::min<size_t>(e.dim(), 64);
    double E = 0.0;
    for (auto& [k, v] : o.c) E += v * v;
    EXPECT_NEAR(r.energy, E, 1e-11 * E);
    std::vector<double> order(d + 1, 0.0), marginal(d, 0.0), total(d, 0.0), pair(d * d, 0.0);
    std::map<int, double> spectrum;
    for (auto& [k, v] : o.c) {
        int q = 0, N = 0;
        std::vector<size_t> act;
        for (size_t j = 0; j < d; ++j) {
            N += k[j];
            if (k[j] > 0) {
                ++q;
                act.push_back(j);
                total[j] += v * v / E;
            }
        }
        order[static_cast<size_t>(q)] += v * v / E;
        spectrum[N] += v * v / E;
        if (q == 1) marginal[act[0]] += v * v / E;
        if (q == 2) pair[act[0] * d + act[1]] += v * v / E;
    }
    const double tol = share_tol(e);
    // The report lists the orders and total degrees its basis holds; the oracle has none beyond.
    const auto varying = static_cast<size_t>(
        std::count_if(e.basis.degrees().begin(), e.basis.degrees().end(), [](int n) { return n > 0; }));
    ASSERT_EQ(r.order.size(), std::min(e.basis.max_order(), varying) + 1);
    for (size_t q = 0; q <= d; ++q)
        EXPECT_NEAR(q < r.order.size() ? r.order[q] : 0.0, order[q], tol) << "q=" << q;
    for (auto& [N, v] : spectrum)
        EXPECT_NEAR(static_cast<size_t>(N) < r.spectrum.size() ? r.spectrum[static_cast<size_t>(N)] : 0.0, v, tol)
            << "N=" << N;
    for (size_t j = 0; j < d; ++j) {
        EXPECT_NEAR(r.marginal[j], marginal[j], tol);
        EXPECT_NEAR(r.total_effect[j], total[j], tol);
        for (size_t l = j + 1; l < d; ++l) EXPECT_NEAR(r.pairwise[j * d + l], pair[j * d + l], tol);
    }
}

void expect_invariants(const Expansion& e, const OkcReport& r) {
    const size_t d = e.dim();
    // sum_k c_k^2 = a'Ka, the second computed through the kernel's closed form (the report's may
    // come through the explicit features: the same a'Ka).
    const double through_kernel = rkhs_norm_squared(e);
    EXPECT_NEAR(r.energy, through_kernel, 1e-10 * through_kernel);
    EXPECT_NEAR(r.energy_kernel, through_kernel, 1e-10 * through_kernel);
    // c_0 = p_0^d sum a_i: zero up to the rounding of that sum.
    double scale = 0.0;
    for (double v : e.a) scale += std::abs(v);
    EXPECT_LE(std::abs(r.constant), 64 * test::kEps * scale * e.basis.constant_function());
    double sum_order = 0.0, sum_spec = 0.0, sum_marg = 0.0, sum_pair = 0.0;
    for (double v : r.order) sum_order += v;
    for (double v : r.spectrum) sum_spec += v;
    for (double v : r.marginal) sum_marg += v;
    for (size_t i = 0; i < d; ++i)
        for (size_t j = i + 1; j < d; ++j) sum_pair += r.pairwise[i * d + j];
    const double tol = share_tol(e);
    EXPECT_NEAR(sum_order, 1.0, tol);
    EXPECT_NEAR(sum_spec, 1.0, tol);
    EXPECT_NEAR(r.even + r.odd, 1.0, tol);
    EXPECT_NEAR(sum_marg, r.order[1], tol);
    if (d >= 2) {
        EXPECT_NEAR(sum_pair, r.order.size() > 2 ? r.order[2] : 0.0, tol);
    }
    EXPECT_NEAR(r.cumulative.back(), 1.0, tol);
    EXPECT_NEAR(r.order[0], 0.0, tol);  // OKC(0) = 0 is structural
    for (size_t i = 0; i < d; ++i) EXPECT_GE(r.total_effect[i] + tol, r.marginal[i]);
}

OkcReport run(const Expansion& e, OkcMethod method, long top = 0) {
    OkcOptions o;
    o.method = method;
    o.top_coefficients = top;
    return analyze(e, o);
}

void expect_same_report(const OkcReport& a, const OkcReport& b, double tol) {
    ASSERT_EQ(a.block.size(), b.block.size());
    EXPECT_NEAR(a.energy, b.energy, 1e-11 * a.energy);
    for (size_t q = 0; q < a.block.size(); ++q)
        for (size_t N = 0; N < a.block[q].size(); ++N) EXPECT_NEAR(a.block[q][N], b.block[q][N], tol) << q << "," << N;
    for (size_t i = 0; i < a.marginal.size(); ++i) {
        EXPECT_NEAR(a.marginal[i], b.marginal[i], tol);
        EXPECT_NEAR(a.total_effect[i], b.total_effect[i], tol);
    }
    for (size_t i = 0; i < a.pairwise.size(); ++i) EXPECT_NEAR(a.pairwise[i], b.pairwise[i], tol);
    EXPECT_EQ(a.peak, b.peak);
    EXPECT_EQ(a.thresholds, b.thresholds);
}

}  // namespace

TEST(Okc, BothAlgorithmsMatchBruteForce) {
    struct Case {
        const char* family;
        double alpha, beta;
        Measure measure;
        std::vector<int> degrees;
    };
    const Case cases[] = {
        {"legendre", 0, 0, Measure::probability, {5}},         {"legendre", 0, 0, Measure::probability, {3, 4}},
        {"jacobi", 2.5, 1.2, Measure::probability, {2, 3, 2}}, {"jacobi", -0.9, 3.0, Measure::lebesgue, {3, 1, 2, 2}},
        {"chebyshev1", 0, 0, Measure::lebesgue, {2, 2, 2}},    {"hermite", 0, 0, Measure::probability, {3, 2}},
        {"jacobi", 4.3, 1.8, Measure::probability, {0, 3, 1}},
    };
    unsigned seed = 1;
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.family) + " d=" + std::to_string(c.degrees.size()));
        const Expansion e =
            random_expansion(FamilySpec::make(c.family, c.alpha, c.beta), c.measure, c.degrees, 17, seed++);
        const OkcReport en = run(e, OkcMethod::enumeration, -1);
        const OkcReport pa = run(e, OkcMethod::pairs);
        expect_matches_oracle(e, en);
        expect_matches_oracle(e, pa);
        expect_invariants(e, en);
        expect_invariants(e, pa);
        // Every coefficient listed, exactly as the oracle has it.
        const Oracle o = brute_force(e);
        ASSERT_EQ(en.coefficients.size(), o.c.size());
        for (const auto& co : en.coefficients) EXPECT_NEAR(co.value, o.c.at(co.index), 1e-12 * std::sqrt(en.energy));
    }
}

TEST(Okc, TruncatedByInteractionOrderMatchesBruteForce) {
    struct Case {
        const char* family;
        double alpha, beta;
        Measure measure;
        std::vector<int> degrees;
        int max_order;
    };
    const Case cases[] = {
        {"legendre", 0, 0, Measure::probability, {3, 4, 2}, 1},
        {"legendre", 0, 0, Measure::probability, {3, 4, 2}, 2},
        {"jacobi", 2.5, 1.2, Measure::probability, {2, 3, 2, 2}, 2},
        {"jacobi", -0.9, 3.0, Measure::lebesgue, {3, 1, 2, 2, 2}, 3},
        {"chebyshev1", 0, 0, Measure::lebesgue, {2, 2, 2, 2, 2, 2}, 2},
        {"hermite", 0, 0, Measure::probability, {3, 2, 2, 1}, 1},
        {"gegenbauer", 1.5, 0, Measure::probability, {0, 3, 2, 4}, 2},
    };
    unsigned seed = 300;
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.family) + " d=" + std::to_string(c.degrees.size()) +
                     " Q=" + std::to_string(c.max_order));
        const auto spec = c.family == std::string("gegenbauer") ? FamilySpec::make(c.family, 0, 0, c.alpha)
                                                                : FamilySpec::make(c.family, c.alpha, c.beta);
        const Expansion e = random_expansion(spec, c.measure, c.degrees, 19, seed++, c.max_order);
        ASSERT_TRUE(e.basis.order_truncated());
        const OkcReport en = run(e, OkcMethod::enumeration, -1);
        const OkcReport pa = run(e, OkcMethod::pairs);
        expect_matches_oracle(e, en);
        expect_matches_oracle(e, pa);
        expect_invariants(e, en);  // includes E = a'K_Q a through the truncated kernel
        expect_invariants(e, pa);
        expect_same_report(en, pa, share_tol(e));
        const Oracle o = brute_force(e);
        EXPECT_EQ(static_cast<double>(o.c.size()), e.basis.size());
        EXPECT_EQ(en.coefficient_count, e.basis.size());
        ASSERT_EQ(en.coefficients.size(), o.c.size());  // only the retained functions are listed
        for (const auto& co : en.coefficients) EXPECT_NEAR(co.value, o.c.at(co.index), 1e-12 * std::sqrt(en.energy));
        for (const OkcReport* r : {&en, &pa}) {
            EXPECT_EQ(r->order.size(), static_cast<size_t>(c.max_order) + 1);  // no function of more features
            EXPECT_EQ(r->max_order, static_cast<size_t>(c.max_order));
        }
    }
}

TEST(Okc, TruncatedByTotalDegreeMatchesBruteForce) {
    struct Case {
        const char* family;
        Measure measure;
        std::vector<int> degrees;
        int max_order, max_total_degree;
    };
    const Case cases[] = {
        {"legendre", Measure::probability, {3, 4, 2}, 0, 4}, {"legendre", Measure::probability, {3, 4, 2, 3}, 2, 5},
        {"jacobi", Measure::lebesgue, {2, 3, 2, 2}, 0, 3},   {"hermite", Measure::probability, {4, 2, 3}, 1, 3},
        {"chebyshev1", Measure::probability, {5, 5}, 0, 7},  {"legendre", Measure::probability, {6}, 0, 3},
    };
    unsigned seed = 500;
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(c.family) + " Q=" + std::to_string(c.max_order) +
                     " N=" + std::to_string(c.max_total_degree));
        const Expansion e = random_expansion(FamilySpec::make(c.family, 2.5, 1.2), c.measure, c.degrees, 15, seed++,
                                             c.max_order, c.max_total_degree);
        ASSERT_TRUE(e.basis.degree_truncated());
        const OkcReport en = run(e, OkcMethod::enumeration, -1);
        const OkcReport pa = run(e, OkcMethod::pairs);
        expect_matches_oracle(e, en);
        expect_matches_oracle(e, pa);
        expect_invariants(e, en);
        expect_invariants(e, pa);
        expect_same_report(en, pa, share_tol(e));
        const Oracle o = brute_force(e);
        EXPECT_EQ(static_cast<double>(o.c.size()), e.basis.size());
        ASSERT_EQ(en.coefficients.size(), o.c.size());
        for (const OkcReport* r : {&en, &pa}) {
            EXPECT_EQ(r->spectrum.size(), static_cast<size_t>(c.max_total_degree) + 1);  // none of higher degree
            EXPECT_EQ(r->max_total_degree, static_cast<size_t>(c.max_total_degree));
        }
    }
}

TEST(Okc, EnumerationAndPairsAgreeOnManyRandomModels) {
    std::mt19937 rng(42);
    const char* families[] = {"legendre", "chebyshev2", "jacobi", "hermite", "gegenbauer"};
    for (int trial = 0; trial < 40; ++trial) {
        const size_t d = 1 + rng() % 6;
        std::vector<int> degrees(d);
        for (auto& n : degrees) n = static_cast<int>(rng() % 5);
        degrees[rng() % d] = 1 + static_cast<int>(rng() % 6);
        const char* fam = families[rng() % 5];
        auto tenth = [&](unsigned range) { return static_cast<double>(rng() % range) / 10.0; };
        const auto spec = FamilySpec::make(fam, 0.5 + tenth(30), -0.5 + tenth(20), 0.3 + tenth(20));
        const Measure measure = rng() % 2 ? Measure::probability : Measure::lebesgue;
        const Expansion e =
            random_expansion(spec, measure, degrees, 5 + rng() % 40, 100u + static_cast<unsigned>(trial));
        SCOPED_TRACE("trial " + std::to_string(trial) + " " + fam + " d=" + std::to_string(d));
        const OkcReport en = run(e, OkcMethod::enumeration);
        const OkcReport pa = run(e, OkcMethod::pairs);
        expect_same_report(en, pa, share_tol(e));
        expect_invariants(e, en);
        expect_invariants(e, pa);
    }
}

TEST(Okc, TrainedModelsSpiralAndEchocardiogram) {
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.spec.family = FamilySpec::make("legendre");
    o.spec.degrees = {8};
    const Model spiral = train_model(make_double_spiral(), o);
    o.spec.family = FamilySpec::make("jacobi", 4.3, 1.8);
    o.spec.degrees = {3, 4, 2, 3, 5};
    const Model echo = train_model(load_echocardiogram(test::echocardiogram_path()), o);
    for (const Model* m : {&spiral, &echo}) {
        const Expansion e = expansion_of(*m);
        const OkcReport en = run(e, OkcMethod::enumeration, 20);
        const OkcReport pa = run(e, OkcMethod::pairs);
        expect_invariants(e, en);
        expect_invariants(e, pa);
        expect_same_report(en, pa, share_tol(e));
        ASSERT_EQ(en.coefficients.size(), 20u);
        for (size_t k = 1; k < en.coefficients.size(); ++k)
            EXPECT_GE(std::abs(en.coefficients[k - 1].value), std::abs(en.coefficients[k].value));
    }
    // The spiral is odd-symmetric (arm B = -arm A), so the model's energy is in odd degrees.
    const OkcReport r = run(expansion_of(spiral), OkcMethod::automatic);
    EXPECT_GT(r.odd, 0.9);
}

TEST(Okc, TopSubsetsAreTheLargestAndConsistent) {
    const Expansion e = random_expansion(FamilySpec::make("legendre"), Measure::probability, {2, 2, 2, 2}, 30, 9u);
    OkcOptions o;
    o.method = OkcMethod::enumeration;
    o.top_subsets = 100;
    const OkcReport r = analyze(e, o);
    EXPECT_EQ(r.top_subsets.size(), 15u);  // every non-empty subset of 4 features
    double sum = 0.0;
    for (size_t k = 0; k < r.top_subsets.size(); ++k) {
        sum += r.top_subsets[k].share;
        if (k > 0) {
            EXPECT_GE(r.top_subsets[k - 1].share, r.top_subsets[k].share);
        }
        if (r.top_subsets[k].features.size() == 1) {
            EXPECT_NEAR(r.top_subsets[k].share, r.marginal[static_cast<size_t>(r.top_subsets[k].features[0])], 1e-14);
        }
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
}

TEST(Okc, AutomaticChoiceAndRefusals) {
    // d = 20, n = 3: 4^20 coefficients. Automatic picks pairs; forcing enumeration is refused
    // with a message pointing to the pair algorithm.
    const Expansion big =
        random_expansion(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(20, 3), 6, 5u);
    EXPECT_EQ(run(big, OkcMethod::automatic).method, OkcMethod::pairs);
    try {
        (void)run(big, OkcMethod::enumeration);
        FAIL();
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("method: pairs"), std::string::npos) << e.what();
    }
    try {
        (void)run(big, OkcMethod::enumeration, -1);
        FAIL();
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)run(big, OkcMethod::pairs, 10), ParameterError);
    // Small model: enumeration is cheaper and is chosen.
    const Expansion small = random_expansion(FamilySpec::make("legendre"), Measure::probability, {3, 3}, 50, 6u);
    EXPECT_EQ(run(small, OkcMethod::automatic).method, OkcMethod::enumeration);
    OkcOptions bad;
    bad.eps = {0.0};
    EXPECT_THROW((void)analyze(small, bad), ParameterError);
}

TEST(Okc, DenseCoefficientsSatisfyParseval) {
    const Expansion e =
        random_expansion(FamilySpec::make("jacobi", 0.8, 2.7), Measure::probability, {4, 3, 5}, 25, 77u);
    const auto c = dense_coefficients(e);
    double E = 0.0;
    for (double v : c) E += v * v;
    EXPECT_NEAR(E, rkhs_norm_squared(e), 1e-11 * E);
    EXPECT_NEAR(c[0], constant_coefficient(e), 1e-13);
    EXPECT_EQ(multi_index(e.basis, 1 * 24 + 2 * 6 + 3), (std::vector<int>{1, 2, 3}));
}

TEST(Okc, NormThroughFeaturesEqualsNormThroughKernel) {
    // a'Ka by the basis' explicit features against the kernel's closed form, for the full
    // product, order and total-degree truncations, a categorical-free Jacobi basis and Hermite.
    struct Case {
        FamilySpec family;
        std::vector<int> degrees;
        int max_order, max_total_degree;
    };
    const std::vector<Case> cases = {
        {FamilySpec::make("legendre"), {4, 3, 5}, 0, 0},
        {FamilySpec::make("jacobi", 0.8, 2.7), {3, 3, 3, 3, 3}, 2, 0},
        {FamilySpec::make("chebyshev1"), {5, 4, 3, 2}, 0, 6},
        {FamilySpec::make("hermite"), {3, 3, 3, 3, 3, 3}, 1, 0},
    };
    for (const auto& c : cases) {
        const Expansion e = random_expansion(c.family, Measure::probability, c.degrees, 300, 5u, c.max_order,
                                             c.max_total_degree);
        const double kernel = rkhs_norm_squared(e);
        EXPECT_NEAR(rkhs_norm_squared_by_features(e), kernel, 1e-11 * kernel);
        EXPECT_NEAR(rkhs_norm_squared_cheaper(e), kernel, 1e-11 * kernel);
    }
}

TEST(Okc, SameBitsForAnyThreadCount) {
    const Expansion e = random_expansion(FamilySpec::make("legendre"), Measure::probability, {4, 3, 5, 2}, 90, 13u);
    for (OkcMethod method : {OkcMethod::enumeration, OkcMethod::pairs}) {
        const int saved = omp_get_max_threads();
        omp_set_num_threads(1);
        const long top = method == OkcMethod::enumeration ? 10 : 0;
        const OkcReport one = run(e, method, top);
        omp_set_num_threads(2);
        const OkcReport two = run(e, method, top);
        omp_set_num_threads(saved);
        EXPECT_EQ(one.energy, two.energy);
        EXPECT_EQ(one.energy_kernel, two.energy_kernel);
        EXPECT_EQ(one.block, two.block);
        EXPECT_EQ(one.total_effect, two.total_effect);
        EXPECT_EQ(one.pairwise, two.pairwise);
    }
}

TEST(Okc, BrokenInvariantsAreInternalErrorsNotUserErrors) {
    // ORCA_ASSERT's tier: a bug, reported with the condition and where it failed; never one of the
    // typed user errors (exit code 2, ValueError).
    try {
        (void)aggregate_reports({}, OkcAggregation::mean);
        ADD_FAILURE() << "aggregating no reports was accepted";
    } catch (const orca::Error&) {
        ADD_FAILURE() << "a broken invariant was reported as the user's mistake";
    } catch (const InternalError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("okc_aggregate.cpp:"), std::string::npos) << what;
        EXPECT_NE(what.find("!reports.empty() failed: nothing to aggregate"), std::string::npos) << what;
    }
}
