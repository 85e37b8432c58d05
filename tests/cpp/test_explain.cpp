// Exact local explanations proven by their defining identities and by independent oracles:
// coalition enumeration, and v(S) = E_mu[h(x_S, X_-S)] by Gauss quadrature over the dropped
// coordinates using nothing but the model's decision function.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/okc.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

// A trained model on random data with a nonlinear target in d features.
Model random_model(const char* family, double alpha, double beta, Measure measure, std::vector<int> degrees,
                   unsigned seed, size_t m = 60, int max_order = 0, int max_total_degree = 0) {
    const size_t d = degrees.size();
    Dataset ds;
    ds.source = "random";
    ds.cols = d;
    ds.rows = m;
    ds.target_name = "y";
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("f" + std::to_string(j));
    ds.X = test::uniform_points(m, d, seed);
    for (size_t r = 0; r < m; ++r) {
        double s = 0.0;
        for (size_t j = 0; j < d; ++j) s += std::sin(3.0 * ds.X[r * d + j] * static_cast<double>(j + 1));
        s += ds.X[r * d] * ds.X[r * d + d - 1] * 2.0;
        ds.target.push_back(s > 0 ? "p" : "n");
    }
    TrainOptions o;
    o.spec.family = FamilySpec::make(family, alpha, beta);
    o.spec.measure = measure;
    o.spec.degrees = std::move(degrees);
    o.spec.max_order = max_order;
    o.spec.max_total_degree = max_total_degree;
    o.C = 10.0;
    return train_model(ds, o);
}

// Raw rows inside the training range.
std::vector<double> rows_in_range(const Model& m, size_t rows, unsigned seed) {
    auto u = test::uniform_points(rows, m.dim(), seed, 0.0, 1.0);
    for (size_t r = 0; r < rows; ++r)
        for (size_t j = 0; j < m.dim(); ++j)
            u[r * m.dim() + j] = m.scaler.min[j] + u[r * m.dim() + j] * (m.scaler.max[j] - m.scaler.min[j]);
    return u;
}

std::vector<double> scaled(const Model& m, std::vector<double> X) {
    (void)m.scaler.transform(X, X.size() / m.dim(), OutOfRange::clip, m.feature_names, "x");
    return X;
}

// v(S) for every coalition S of one scaled point x: the mean of g over the dropped coordinates
// under mu, by a tensor Gauss rule with n_j + 1 nodes per dropped feature (exact: g has degree
// <= n_j in coordinate j). Uses only the decision function.
std::vector<double> coalition_values_by_quadrature(const Model& m, const std::vector<double>& x) {
    const size_t d = m.dim();
    const Basis basis = m.basis();
    std::vector<std::vector<double>> nodes(d), weights(d);
    for (size_t j = 0; j < d; ++j) {
        const Recurrence rec(m.spec.family, Measure::probability, m.spec.degrees[j] + 1);
        rec.gauss_rule(m.spec.degrees[j] + 1, nodes[j], weights[j]);
    }
    std::vector<double> v(size_t{1} << d);
    for (size_t S = 0; S < v.size(); ++S) {
        std::vector<size_t> dropped;
        for (size_t j = 0; j < d; ++j)
            if (!(S >> j & 1)) dropped.push_back(j);
        std::vector<double> pts, w;
        std::vector<size_t> idx(dropped.size(), 0);
        while (true) {
            std::vector<double> p = x;
            double weight = 1.0;
            for (size_t k = 0; k < dropped.size(); ++k) {
                p[dropped[k]] = nodes[dropped[k]][idx[k]];
                weight *= weights[dropped[k]][idx[k]];
            }
            pts.insert(pts.end(), p.begin(), p.end());
            w.push_back(weight);
            size_t k = 0;
            while (k < dropped.size() && ++idx[k] == nodes[dropped[k]].size()) idx[k++] = 0;
            if (k == dropped.size()) break;
        }
        const auto g = decision_values(m, pts, w.size());
        double mean = 0.0;
        for (size_t t = 0; t < w.size(); ++t) mean += w[t] * g[t];
        v[S] = mean;
    }
    return v;
}

std::vector<double> shapley_from_values(const std::vector<double>& v, size_t d) {
    std::vector<double> phi(d, 0.0);
    for (size_t j = 0; j < d; ++j)
        for (size_t S = 0; S < v.size(); ++S) {
            if (S >> j & 1) continue;
            const auto s = static_cast<double>(__builtin_popcountll(S));
            const double w = std::exp(std::lgamma(s + 1) + std::lgamma(static_cast<double>(d) - s) -
                                      std::lgamma(static_cast<double>(d) + 1));
            phi[j] += w * (v[S | (size_t{1} << j)] - v[S]);
        }
    return phi;
}

// Row r's remainder, main and pair components and interaction indices against the ANOVA terms
// h_u of that row (indexed by the bit mask u), each by its definition.
void expect_components_from(const std::vector<double>& h, const Explanation& e, size_t r, double tol) {
    const size_t d = e.dim;
    double rest = 0.0;
    for (size_t u = 0; u < h.size(); ++u)
        if (__builtin_popcountll(u) >= 3) rest += h[u];
    EXPECT_NEAR(e.remainder[r], rest, tol);
    size_t c = 0;
    for (size_t j = 0; j < d; ++j) {
        EXPECT_NEAR(e.main[r * d + j], h[size_t{1} << j], tol);
        for (size_t l = j + 1; l < d; ++l, ++c) {
            EXPECT_NEAR(e.pair[r * d * (d - 1) / 2 + c], h[(size_t{1} << j) | (size_t{1} << l)], tol);
            double I = 0.0;
            for (size_t u = 0; u < h.size(); ++u)
                if ((u >> j & 1) && (u >> l & 1)) I += h[u] / static_cast<double>(__builtin_popcountll(u) - 1);
            EXPECT_NEAR(e.interaction[(r * d + j) * d + l], I, tol);
            EXPECT_EQ(e.interaction[(r * d + j) * d + l], e.interaction[(r * d + l) * d + j]);
        }
    }
}

// The shape functions on a grid, evaluated through explain() at points that vary one feature
// along the grid and keep the others at the first row of X, equal the main effects there.
void expect_shape_functions_are_main_effects(const Model& m, const std::vector<double>& X, size_t grid, double tol) {
    const size_t d = m.dim();
    const auto shapes = shape_functions(m, grid);
    for (size_t j = 0; j < d; ++j) {
        std::vector<double> at(shapes[j].x.size() * d);
        for (size_t t = 0; t < shapes[j].x.size(); ++t)
            for (size_t l = 0; l < d; ++l) at[t * d + l] = l == j ? shapes[j].x[t] : X[l];
        const Explanation g = explain(m, at, shapes[j].x.size());
        for (size_t t = 0; t < shapes[j].x.size(); ++t) EXPECT_NEAR(g.main[t * d + j], shapes[j].h[t], tol);
    }
}

double scale_of(const Explanation& e) {
    double s = 1.0;
    for (double v : e.decision) s = std::max(s, std::abs(v));
    return s;
}

struct Case {
    const char* family;
    double alpha, beta;
    Measure measure;
    std::vector<int> degrees;
    int max_order = 0;         // interaction order Q (0: the full product)
    int max_total_degree = 0;  // total-degree cap N (0: none)
};

// The last four are truncated by interaction order: the quadrature oracle below sees only the
// decision function, so it checks the truncated Shapley formula independently.
const Case kCases[] = {
    {"legendre", 0, 0, Measure::probability, {3, 4, 2}},
    {"jacobi", 2.5, 1.2, Measure::probability, {2, 3, 2, 3, 2}},
    {"jacobi", 0.8, 2.7, Measure::lebesgue, {3, 2, 2, 2}},
    {"chebyshev1", 0, 0, Measure::lebesgue, {4, 4}},
    {"hermite", 0, 0, Measure::probability, {2, 3, 2}},
    {"legendre", 0, 0, Measure::probability, {2, 1, 2, 1, 2, 1}},
    {"legendre", 0, 0, Measure::probability, {3, 4, 2, 3}, 1},
    {"jacobi", 2.5, 1.2, Measure::probability, {2, 3, 2, 3, 2}, 2},
    {"jacobi", 0.8, 2.7, Measure::lebesgue, {3, 2, 2, 2, 2}, 3},
    {"hermite", 0, 0, Measure::probability, {2, 3, 2, 2}, 2},
    {"legendre", 0, 0, Measure::probability, {3, 4, 2, 3}, 0, 4},
    {"jacobi", 2.5, 1.2, Measure::lebesgue, {2, 3, 2, 3, 2}, 2, 4},
    {"hermite", 0, 0, Measure::probability, {3, 3, 2}, 1, 2},
};

}  // namespace

TEST(Explain, EfficiencyAndDecisionOnEveryRow) {
    unsigned seed = 1;
    for (const auto& c : kCases) {
        const Model m =
            random_model(c.family, c.alpha, c.beta, c.measure, c.degrees, seed++, 60, c.max_order, c.max_total_degree);
        const size_t rows = 200, d = m.dim();
        const auto X = rows_in_range(m, rows, seed);
        const Explanation e = explain(m, X, rows);
        const auto g = decision_function(m, X, rows, OutOfRange::clip, "x");
        const double tol = 1e-12 * scale_of(e) * static_cast<double>(m.machine().support_count());
        for (size_t r = 0; r < rows; ++r) {
            EXPECT_NEAR(e.decision[r], g[r], tol);
            double sum = 0.0;
            for (size_t j = 0; j < d; ++j) sum += e.shapley[r * d + j];
            EXPECT_NEAR(sum, e.decision[r] - e.base, tol) << c.family << " row " << r;
        }
        // The base is b + h_empty and h_empty is c_0-sized: the bias up to rounding.
        EXPECT_NEAR(e.base, m.machine().bias, 1e-12 * scale_of(e));
    }
}

TEST(Explain, ShapleyMatchesCoalitionsAndQuadrature) {
    unsigned seed = 11;
    for (const auto& c : kCases) {
        SCOPED_TRACE(c.family);
        const Model m =
            random_model(c.family, c.alpha, c.beta, c.measure, c.degrees, seed++, 60, c.max_order, c.max_total_degree);
        const size_t rows = 6, d = m.dim();
        const auto X = rows_in_range(m, rows, seed);
        const Explanation e = explain(m, X, rows);
        const auto brute = shapley_by_coalitions(m, X, rows);
        const auto P = scaled(m, X);
        const double tol = 1e-11 * scale_of(e);
        for (size_t r = 0; r < rows; ++r) {
            const std::vector<double> x(P.begin() + static_cast<std::ptrdiff_t>(r * d),
                                        P.begin() + static_cast<std::ptrdiff_t>((r + 1) * d));
            const auto phi_quad = shapley_from_values(coalition_values_by_quadrature(m, x), d);
            for (size_t j = 0; j < d; ++j) {
                EXPECT_NEAR(e.shapley[r * d + j], brute[r * d + j], tol);
                EXPECT_NEAR(e.shapley[r * d + j], phi_quad[j], 1e-10 * scale_of(e));
            }
        }
    }
}

TEST(Explain, ComponentsAndInteractionsMatchTheirDefinitions) {
    // h_u by its definition for every u (2^d, none beyond the interaction order Q), independently
    // of the explain() code paths; the full product and Q = 1, 2, 3.
    for (int max_order : {0, 1, 2, 3}) {
        SCOPED_TRACE("Q=" + std::to_string(max_order));
        const Model m = random_model("jacobi", 4.3, 1.8, Measure::lebesgue, {2, 3, 2, 2, 3}, 31u, 60, max_order);
        const size_t order = m.basis().max_order();
        const size_t rows = 5, d = m.dim();
        const auto X = rows_in_range(m, rows, 32u);
        ExplainOptions o;
        o.interactions = true;
        const Explanation e = explain(m, X, rows, o);
        const auto P = scaled(m, X);
        const TensorKernel k = m.kernel();
        const PreparedPoints S = k.prepare(m.machine().support_vectors, m.machine().support_count());
        const PreparedPoints Q = k.prepare(P, rows);
        std::vector<double> kappa(d);
        for (size_t j = 0; j < d; ++j) kappa[j] = std::pow(k.basis().recurrence(j).p0(), 2);
        const double tol = 1e-11 * scale_of(e);
        for (size_t r = 0; r < rows; ++r) {
            std::vector<double> h(size_t{1} << d, 0.0), K(d);
            for (size_t i = 0; i < m.machine().support_count(); ++i) {
                for (size_t j = 0; j < d; ++j)
                    K[j] = k.basis().recurrence(j).kernel_direct(m.machine().support_vectors[i * d + j], P[r * d + j],
                                                                 m.spec.degrees[j]);
                for (size_t u = 0; u < h.size(); ++u) {
                    if (static_cast<size_t>(__builtin_popcountll(u)) > order) continue;
                    double t = m.machine().coefficients[i];
                    for (size_t j = 0; j < d; ++j) t *= (u >> j & 1) ? K[j] - kappa[j] : kappa[j];
                    h[u] += t;
                }
            }
            expect_components_from(h, e, r, tol);
            (void)Q;
        }
    }
}

TEST(Explain, MainEffectsHaveMeanZeroAndTheirVarianceIsTheMarginalShare) {
    // Probability convention: E_mu[h_j] = 0 and E_mu[h_j^2] = OKC_j * E, by quadrature over x_j
    // of the exact shape function (the local and global views agree).
    const Model m = random_model("jacobi", 2.5, 1.2, Measure::probability, {4, 3, 5}, 41u);
    const OkcReport rep = analyze(expansion_of(m));
    const Basis basis = m.basis();
    for (size_t j = 0; j < m.dim(); ++j) {
        std::vector<double> nodes, weights;
        const Recurrence rec(m.spec.family, Measure::probability, m.spec.degrees[j] + 1);
        rec.gauss_rule(m.spec.degrees[j] + 1, nodes, weights);  // exact for h_j^2 (degree 2 n_j)
        // h_j at the nodes, through explain() on points whose other coordinates are arbitrary.
        std::vector<double> X;
        for (double z : nodes)
            for (size_t l = 0; l < m.dim(); ++l) {
                const double v = l == j ? z : 0.1;
                X.push_back(m.scaler.min[l] + (v + 1.0) / 2.0 * (m.scaler.max[l] - m.scaler.min[l]));
            }
        const Explanation e = explain(m, X, nodes.size());
        double mean = 0.0, square = 0.0;
        for (size_t t = 0; t < nodes.size(); ++t) {
            const double h = e.main[t * m.dim() + j];
            mean += weights[t] * h;
            square += weights[t] * h * h;
        }
        EXPECT_NEAR(mean, 0.0, 1e-12 * std::sqrt(rep.energy));
        EXPECT_NEAR(square, rep.marginal[j] * rep.energy, 1e-10 * rep.energy);
    }
}

TEST(Explain, ShapeFunctionsAndPairSurfacesAgreeWithComponents) {
    const Model m = random_model("legendre", 0, 0, Measure::probability, {5, 4, 3}, 51u);
    const auto shapes = shape_functions(m, 7);
    ASSERT_EQ(shapes.size(), 3u);
    const auto surface = pair_surface(m, 0, 2, 5);
    // Points on the grids: main effect of feature j at x = shape.x[t].
    for (const auto& s : shapes) {
        std::vector<double> X;
        for (double x : s.x)
            for (size_t l = 0; l < m.dim(); ++l) X.push_back(l == s.feature ? x : m.scaler.min[l]);
        const Explanation e = explain(m, X, s.x.size());
        for (size_t t = 0; t < s.x.size(); ++t) EXPECT_NEAR(s.h[t], e.main[t * m.dim() + s.feature], 1e-11);
    }
    std::vector<double> X;
    for (double a : surface.x)
        for (double b : surface.y) X.insert(X.end(), {a, m.scaler.min[1], b});
    const Explanation e = explain(m, X, surface.x.size() * surface.y.size());
    for (size_t t = 0; t < surface.h.size(); ++t) EXPECT_NEAR(surface.h[t], e.pair[t * 3 + 1], 1e-11);  // pair (0,2)
    EXPECT_THROW((void)pair_surface(m, 1, 1), ParameterError);
}

TEST(Explain, OneFeatureModelsHaveNoPairsAndExplainCleanly) {
    // d = 1: the pair vector is empty (the sanitizer suite catches any access into it).
    for (int max_order : {0, 1}) {
        const Model m = random_model("legendre", 0, 0, Measure::probability, {5}, 81u, 40, max_order);
        const auto X = rows_in_range(m, 3, 82u);
        ExplainOptions o;
        o.interactions = true;
        const Explanation e = explain(m, X, 3, o);
        EXPECT_TRUE(e.pair.empty());
        for (size_t r = 0; r < 3; ++r) {
            EXPECT_NEAR(e.shapley[r], e.decision[r] - e.base, 1e-12 * scale_of(e));
            EXPECT_NEAR(e.main[r], e.shapley[r], 1e-12 * scale_of(e));
        }
    }
}

TEST(Explain, AdditiveModelIsItsShapeFunctions) {
    // Q = 1: h = sum_j h_j exactly, so the Shapley values are the main effects, the pair and
    // higher components vanish, and the shape functions evaluated at a row rebuild its decision.
    const Model m = random_model("legendre", 0, 0, Measure::probability, {4, 3, 5, 2}, 61u, 60, 1);
    ASSERT_EQ(m.spec.max_order, 1);
    const size_t rows = 7, d = m.dim();
    const auto X = rows_in_range(m, rows, 62u);
    const Explanation e = explain(m, X, rows);
    const double tol = 1e-11 * scale_of(e);
    for (size_t r = 0; r < rows; ++r) {
        double sum = e.base;
        for (size_t j = 0; j < d; ++j) {
            EXPECT_NEAR(e.shapley[r * d + j], e.main[r * d + j], tol);
            sum += e.main[r * d + j];
        }
        EXPECT_NEAR(sum, e.decision[r], tol);
        EXPECT_EQ(e.remainder[r] == 0.0 || std::abs(e.remainder[r]) < tol, true);
        for (size_t c = 0; c < d * (d - 1) / 2; ++c) EXPECT_EQ(e.pair[r * d * (d - 1) / 2 + c], 0.0);
    }
    // It has no pair terms, and a pair surface says so rather than drawing a plane of zeros.
    try {
        (void)pair_surface(m, 0, 2, 5);
        FAIL();
    } catch (const ParameterError& err) {
        EXPECT_NE(std::string(err.what()).find("no terms of 'f0' and 'f2' together (max order 1: an additive model)"),
                  std::string::npos)
            << err.what();
    }
    expect_shape_functions_are_main_effects(m, X, 3, tol);
}

TEST(Explain, CappedModelsComponentsAndInteractionsFromTheQuadratureOracle) {
    // h_u by Moebius inversion of v(S), which the quadrature oracle computes from the decision
    // function alone: main and pair components, the remainder and the interaction indices of
    // models truncated by total degree (with and without an order) against it.
    for (auto [max_order, cap] : {std::pair{0, 4}, std::pair{2, 5}, std::pair{3, 3}}) {
        SCOPED_TRACE("Q=" + std::to_string(max_order) + " N=" + std::to_string(cap));
        const Model m = random_model("jacobi", 1.5, 0.5, Measure::probability, {3, 2, 4, 2}, 71u, 60, max_order, cap);
        const size_t rows = 4, d = m.dim();
        const auto X = rows_in_range(m, rows, 72u);
        ExplainOptions o;
        o.interactions = true;
        const Explanation e = explain(m, X, rows, o);
        const auto P = scaled(m, X);
        const double tol = 1e-10 * scale_of(e);
        for (size_t r = 0; r < rows; ++r) {
            const std::vector<double> x(P.begin() + static_cast<std::ptrdiff_t>(r * d),
                                        P.begin() + static_cast<std::ptrdiff_t>((r + 1) * d));
            const auto v = coalition_values_by_quadrature(m, x);
            std::vector<double> h(v.size(), 0.0);
            for (size_t u = 0; u < v.size(); ++u)
                for (size_t S = u;; S = (S - 1) & u) {  // subsets S of u
                    h[u] += ((__builtin_popcountll(u ^ S) & 1) ? -1.0 : 1.0) * v[S];
                    if (S == 0) break;
                }
            expect_components_from(h, e, r, tol);
        }
        // Shape functions and pair surfaces equal the components at the same points.
        expect_shape_functions_are_main_effects(m, X, 4, tol);
        const PairSurface s = pair_surface(m, 0, 2, 3);
        std::vector<double> at(9 * d);
        for (size_t a = 0; a < 3; ++a)
            for (size_t b = 0; b < 3; ++b)
                for (size_t l = 0; l < d; ++l) at[(a * 3 + b) * d + l] = l == 0 ? s.x[a] : l == 2 ? s.y[b] : X[l];
        const Explanation g = explain(m, at, 9);
        for (size_t t = 0; t < 9; ++t) EXPECT_NEAR(g.pair[t * d * (d - 1) / 2 + 1], s.h[t], tol);  // pair (0, 2)
    }
}

TEST(Explain, TruncatedBasesGiveTheSameNumbersFromTheirCoefficientsAsFromTheSupportVectors) {
    // Additive, pairs, order 3 of 5 features, a total-degree cap, and rows with missing values:
    // every output of the coefficient route (O(p Q) per row) equals the support-vector route's.
    const std::vector<Model> models{
        random_model("legendre", 0, 0, Measure::probability, {3, 4, 2, 3, 3}, 41u, 200, 1),
        random_model("jacobi", 2.5, 1.2, Measure::probability, {4, 4, 4, 4, 4}, 42u, 200, 2),
        random_model("chebyshev1", 0, 0, Measure::lebesgue, {3, 3, 3, 3, 3}, 43u, 200, 3),
        random_model("legendre", 0, 0, Measure::probability, {5, 5, 5, 5, 5}, 44u, 200, 2, 6)};
    std::vector<double> X = test::uniform_points(30, 5, 45u);
    X[2] = X[5 * 3 + 4] = X[5 * 7] = X[5 * 7 + 1] = std::numeric_limits<double>::quiet_NaN();
    for (const Model& model : models) {
        SCOPED_TRACE(model.basis().size());
        ExplainOptions by_sv, by_c;
        by_sv.interactions = by_c.interactions = true;
        by_sv.method = PredictMethod::support_vectors;
        by_c.method = PredictMethod::coefficients;
        const Explanation a = explain(model, X, 30, by_sv), b = explain(model, X, 30, by_c);
        const auto same = [](const std::vector<double>& u, const std::vector<double>& v, const char* what) {
            ASSERT_EQ(u.size(), v.size()) << what;
            for (size_t i = 0; i < u.size(); ++i) EXPECT_NEAR(u[i], v[i], 1e-10 * (1.0 + std::abs(u[i]))) << what << i;
        };
        EXPECT_NEAR(a.base, b.base, 1e-12 * (1.0 + std::abs(a.base)));
        same(a.decision, b.decision, "decision");
        same(a.shapley, b.shapley, "shapley");
        same(a.main, b.main, "main");
        same(a.pair, b.pair, "pair");
        same(a.remainder, b.remainder, "remainder");
        same(a.interaction, b.interaction, "interaction");
    }
    ExplainOptions by_c;
    by_c.method = PredictMethod::coefficients;
    const Model full = random_model("legendre", 0, 0, Measure::probability, {3, 3}, 46u);
    EXPECT_THROW((void)explain(full, std::vector<double>(X.begin(), X.begin() + 4), 2, by_c),
                 ParameterError);
}
