// Numerical stress: recurrences and kernels against long-double references up to n = 100 and at
// the interval's ends; training that must terminate on degenerate data.
#include <gtest/gtest.h>

#include <cmath>

#include "orca/errors.hpp"
#include "orca/kernel.hpp"
#include "orca/model.hpp"
#include "orca/training.hpp"
#include "platform/system_memory.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

// The orthonormal Jacobi recurrence in long double, from the closed-form coefficients: an
// independent, more precise evaluation of p_0..p_n(x) (probability measure).
std::vector<long double> jacobi_long(long double al, long double be, int n, long double x) {
    auto b = [&](int k) -> long double {
        const long double s = al + be;
        if (k == 0) return (be - al) / (s + 2);
        const long double t = 2 * k + s;
        return (be * be - al * al) / (t * (t + 2));
    };
    auto c = [&](int k) -> long double {
        const long double s = al + be;
        if (k == 1) return 4 * (1 + al) * (1 + be) / ((2 + s) * (2 + s) * (3 + s));
        const long double t = 2 * k + s;
        return 4 * k * (k + al) * (k + be) * (k + s) / (t * t * (t + 1) * (t - 1));
    };
    std::vector<long double> p(static_cast<size_t>(n) + 1);
    p[0] = 1;
    if (n >= 1) p[1] = (x - b(0)) / std::sqrt(c(1));
    for (int k = 1; k < n; ++k)
        p[static_cast<size_t>(k) + 1] =
            ((x - b(k)) * p[static_cast<size_t>(k)] - std::sqrt(c(k)) * p[static_cast<size_t>(k) - 1]) /
            std::sqrt(c(k + 1));
    return p;
}

Dataset two_class(std::vector<double> X, std::vector<std::string> y, size_t d) {
    Dataset ds;
    ds.source = "stress";
    ds.cols = d;
    ds.rows = y.size();
    ds.target_name = "y";
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("x" + std::to_string(j));
    ds.X = std::move(X);
    ds.target = std::move(y);
    return ds;
}

}  // namespace

TEST(Stress, RecurrenceMatchesLongDoubleUpToDegree100AtTheEnds) {
    for (auto [al, be] :
         std::vector<std::pair<double, double>>{{0, 0}, {-0.5, -0.5}, {2.5, 1.2}, {4.3, 1.8}, {-0.9, 3}}) {
        const Recurrence rec(FamilySpec::make("jacobi", al, be), Measure::probability, 100);
        std::vector<double> p(101);
        for (double x : {-1.0, -1.0 + 1e-12, -0.99, 0.0, 0.5, 0.999999, 1.0}) {
            rec.evaluate_all(x, p);
            const auto ref = jacobi_long(al, be, 100, x);
            long double scale = 0;
            for (auto v : ref) scale = std::max(scale, std::abs(v));
            // Near x = +-1, |p_k'(x)| ~ k^2: rounding x or any intermediate by eps moves p_k by
            // ~k^2 eps. That conditioning, not the recurrence, sets the tolerance.
            for (size_t k = 0; k <= 100; ++k)
                EXPECT_NEAR(p[k], static_cast<double>(ref[k]),
                            8.0 * static_cast<double>((k + 1) * (k + 1)) * test::kEps * static_cast<double>(scale))
                    << "alpha=" << al << " beta=" << be << " x=" << x << " k=" << k;
        }
    }
}

TEST(Stress, KernelNearTheDiagonalAtTheEndsMatchesLongDouble) {
    const Basis basis(FamilySpec::make("jacobi", 2.5, 1.2), Measure::probability, {100});
    const TensorKernel kernel(basis);
    std::vector<double> pts;
    for (double base : {-1.0, 1.0, 0.3})
        for (double delta : {0.0, 1e-15, 1e-12, 1e-9, 1e-6, 1e-3}) {
            pts.push_back(base);
            pts.push_back(base > 0 ? base - delta : base + delta);
        }
    const auto P = kernel.prepare(pts, pts.size());
    for (size_t i = 0; i + 1 < pts.size(); i += 2) {
        const auto ps = jacobi_long(2.5, 1.2, 100, pts[i]);
        const auto pt = jacobi_long(2.5, 1.2, 100, pts[i + 1]);
        long double ref = 0, ss = 0, tt = 0;
        for (size_t k = 0; k <= 100; ++k) {
            ref += ps[k] * pt[k];
            ss += ps[k] * ps[k];
            tt += pt[k] * pt[k];
        }
        EXPECT_NEAR(kernel.entry(P, i, P, i + 1), static_cast<double>(ref),
                    1e3 * test::kEps * static_cast<double>(std::sqrt(ss * tt)))
            << pts[i] << " vs " << pts[i + 1];
    }
}

TEST(Stress, TrainingTerminatesOnDegenerateData) {
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.spec.degrees = {6};
    o.solver.tolerance = 1e-5;
    // Every point duplicated five times.
    std::vector<double> X;
    std::vector<std::string> y;
    const auto base = test::uniform_points(40, 2, 3u);
    for (int copy = 0; copy < 5; ++copy)
        for (size_t r = 0; r < 40; ++r) {
            X.insert(X.end(), {base[2 * r], base[2 * r + 1]});
            y.push_back(base[2 * r] * base[2 * r + 1] > 0 ? "p" : "n");
        }
    Model m = train_model(two_class(X, y, 2), o);
    EXPECT_TRUE(m.summary.converged);
    // Fully separable with a wide margin, under a huge C (hard margin).
    X.clear();
    y.clear();
    for (size_t r = 0; r < 60; ++r) {
        const double s = r % 2 ? 1.0 : -1.0;
        X.insert(X.end(), {s * (0.5 + 0.005 * static_cast<double>(r)), 0.01 * static_cast<double>(r)});
        y.push_back(s > 0 ? "p" : "n");
    }
    o.C = 1e12;
    m = train_model(two_class(X, y, 2), o);
    EXPECT_TRUE(m.summary.converged);
    EXPECT_EQ(m.summary.training_accuracy, 1.0);
    // Nearly separable: two points of each class on the wrong side, tiny and huge C.
    y[0] = "p";
    y[1] = "n";
    for (double C : {1e-12, 1.0, 1e6}) {
        o.C = C;
        o.solver.max_iterations = 200000;
        m = train_model(two_class(X, y, 2), o);
        EXPECT_TRUE(m.summary.converged || m.summary.iterations == 200000) << "C=" << C;
        for (double a : m.machine().coefficients) EXPECT_TRUE(std::isfinite(a));
        EXPECT_TRUE(std::isfinite(m.machine().bias));
    }
}

TEST(Stress, CacheThatCannotFitIsRefusedUpFront) {
    // Enough rows that m^2 doubles exceed the available memory; nothing is allocated before the
    // check, so the refusal is immediate.
    const double available = available_memory_bytes();
    const auto m = static_cast<size_t>(std::sqrt(available / 8.0) * 1.2) + 1;
    if (m > 2'000'000) GTEST_SKIP() << "this machine has too much memory for the check to be cheap";
    std::vector<double> X(m);
    std::vector<std::string> y(m);
    for (size_t r = 0; r < m; ++r) {
        X[r] = static_cast<double>(r % 1000);
        y[r] = r % 2 ? "p" : "n";
    }
    TrainOptions o;
    o.spec.max_order = 0;  // the full tensor product, whatever the number of features
    o.spec.degrees = {2};
    o.solver.cache_mb = 1e9;
    try {
        (void)train_model(two_class(X, y, 1), o);
        FAIL() << "expected a refusal";
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("lower cache_mb"), std::string::npos) << e.what();
    }
}
