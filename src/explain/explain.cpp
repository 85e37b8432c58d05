#include "orca/explain.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "basis/feature_map.hpp"
#include "model/kept_coefficients.hpp"
#include "orca/errors.hpp"
#include "parallel/work_team.hpp"
#include "platform/log_gamma.hpp"

namespace orca {
namespace {

// Rows explained per chunk of work shared among threads (each row visits every support vector).
constexpr size_t kRowsPerChunk = 4;

// Explanations are of one decision function: a machine, or a class score (class_model).
const Machine& single_machine(const Model& m) {
    return m.single_machine("explain one class (or one machine)");
}

// Everything about the model that every row needs: kernel, prepared support vectors, kappa.
struct Prepared {
    TensorKernel kernel;
    PreparedPoints sv;
    std::vector<double> kappa;       // p_0^(l) squared
    std::vector<double> kappa_but;   // prod_{l != j} kappa_l
    std::vector<double> kappa_but2;  // d x d: prod_{l not in {j,k}} kappa_l
    double kappa_all = 1.0;
    std::vector<double> nodes, weights;  // Gauss rule on [0, 1], exact to degree d - 1
    // Interaction order Q of the basis (d when not truncated) and whether it cuts anything; the
    // total-degree cap (sum n_j when none) and whether it cuts anything.
    size_t order = 0;
    bool truncated = false;
    size_t cap = 0;
    bool capped = false;

    explicit Prepared(const Model& m)
        : kernel(m.kernel()), sv(kernel.prepare(single_machine(m).support_vectors, single_machine(m).support_count())) {
        const size_t d = m.dim();
        order = kernel.basis().max_order();
        truncated = kernel.basis().order_truncated();
        cap = kernel.basis().max_total_degree();
        capped = kernel.basis().degree_truncated();
        for (size_t l = 0; l < d; ++l) {
            const double p0 = kernel.basis().recurrence(l).p0();
            kappa.push_back(p0 * p0);
            kappa_all *= p0 * p0;
        }
        kappa_but.assign(d, 1.0);
        kappa_but2.assign(d * d, 1.0);
        for (size_t j = 0; j < d; ++j)
            for (size_t l = 0; l < d; ++l) {
                if (l != j) kappa_but[j] *= kappa[l];
                for (size_t k = 0; k < d; ++k)
                    if (l != j && l != k) kappa_but2[j * d + k] *= kappa[l];
            }
        // Legendre under the probability measure is uniform on [-1, 1]; mapped to [0, 1].
        const int points = static_cast<int>((d + 1) / 2);
        const Recurrence legendre(FamilySpec::make("legendre"), Measure::probability, points);
        legendre.gauss_rule(std::max(points, 1), nodes, weights);
        for (auto& z : nodes) z = (z + 1.0) / 2.0;
    }
};

// Raw grid over feature j's training range, and a gap (NaN) last where j has a gap function.
std::vector<double> grid_over(const Model& m, size_t j, size_t points) {
    if (m.categorical(j)) {  // every level once, by its code (model.levels[j] names it)
        std::vector<double> codes(m.levels[j].size());
        for (size_t l = 0; l < codes.size(); ++l) codes[l] = static_cast<double>(l);
        return codes;
    }
    std::vector<double> g(points);
    for (size_t t = 0; t < points; ++t)
        g[t] = m.scaler.min[j] + (m.scaler.max[j] - m.scaler.min[j]) * static_cast<double>(t) /
                                     static_cast<double>(points > 1 ? points - 1 : 1);
    if (m.scaler.has_gap_level(j)) g.push_back(std::numeric_limits<double>::quiet_NaN());  // the gap, last
    return g;
}

// g_j(s, t) = K_{n_j}(s, t) - kappa_j for each support vector against the grid: (grid x #SV).
std::vector<double> centred_kernel_matrix(const Model& m, const Prepared& p, size_t j,
                                          const std::vector<double>& grid) {
    const auto& rec = p.kernel.basis().recurrence(j);
    const Machine& machine = m.machine();
    const size_t nsv = machine.support_count(), d = m.dim();
    // A total-degree cap N keeps the main-effect functions p_k(x_j), k <= min(n_j, N).
    const int n = std::min(m.spec.degrees[j], static_cast<int>(p.kernel.basis().max_total_degree()));
    std::vector<double> G(grid.size() * nsv);
    for (size_t t = 0; t < grid.size(); ++t) {
        const double z = m.scaler.scale(j, grid[t]);
        for (size_t i = 0; i < nsv; ++i)
            G[t * nsv + i] = rec.kernel_direct(machine.support_vectors[i * d + j], z, n) - p.kappa[j];
    }
    return G;
}

// One support vector's part of row r's main and pair components (pairs only when the basis
// keeps order 2).
void add_components(Explanation& out, const Prepared& p, size_t r, double a, const std::vector<double>& gamma) {
    const size_t d = out.dim, npairs = d * (d - 1) / 2;
    double* main = out.main.data() + r * d;
    double* pair = out.pair.data() + r * npairs;  // no pairs for d = 1: an empty vector
    const bool pairs_kept = p.order >= 2;
    size_t c = 0;
    for (size_t j = 0; j < d; ++j) {
        main[j] += a * gamma[j] * p.kappa_but[j];
        for (size_t k = j + 1; k < d; ++k, ++c)
            if (pairs_kept) pair[c] += a * gamma[j] * gamma[k] * p.kappa_but2[j * d + k];
    }
}

// Shapley values and interaction indices of one support vector's term a prod(kappa + gamma)
// under interaction order Q < d. With f_l(z) = kappa_l + gamma_l z, h_u's share of phi_j is
// 1/|u|, so phi_j = a gamma_j sum_{r < Q} [z^r] prod_{l != j} f_l / (r + 1) (the integral over
// [0, 1] of the truncated polynomial), and I_jk = a gamma_j gamma_k sum_{r <= Q-2} [z^r]
// prod_{l not in {j, k}} f_l / (r + 1). Prefix and suffix polynomials of degree < Q.
struct TruncatedTerms {
    size_t d, Q;
    std::vector<double> pre, suf, run;

    TruncatedTerms(size_t dim, size_t order)
        : d(dim), Q(order), pre((dim + 1) * order), suf((dim + 1) * order), run(order) {}

    void prepare(const std::vector<double>& kappa, const std::vector<double>& gamma) {
        std::fill(pre.begin(), pre.end(), 0.0);
        std::fill(suf.begin(), suf.end(), 0.0);
        pre[0] = 1.0;
        for (size_t l = 0; l < d; ++l)
            for (size_t r = 0; r < Q; ++r)
                pre[(l + 1) * Q + r] = kappa[l] * pre[l * Q + r] + (r > 0 ? gamma[l] * pre[l * Q + r - 1] : 0.0);
        suf[d * Q] = 1.0;
        for (size_t l = d; l-- > 0;)
            for (size_t r = 0; r < Q; ++r)
                suf[l * Q + r] = kappa[l] * suf[(l + 1) * Q + r] + (r > 0 ? gamma[l] * suf[(l + 1) * Q + r - 1] : 0.0);
    }

    // sum_{r < limit} [z^r](a * b) / (r + 1) for polynomials a, b of degree < Q.
    [[nodiscard]] double integral(const double* a, const double* b, size_t limit) const {
        double sum = 0.0;
        for (size_t r = 0; r < limit; ++r) {
            double c = 0.0;
            for (size_t t = 0; t <= r; ++t) c += a[t] * b[r - t];
            sum += c / static_cast<double>(r + 1);
        }
        return sum;
    }

    [[nodiscard]] double leave_one_out(size_t j) const { return integral(&pre[j * Q], &suf[(j + 1) * Q], Q); }

    // I[j][k] += a gamma_j gamma_k (...) for every pair, into the d x d matrix I.
    void interactions(const std::vector<double>& kappa, const std::vector<double>& gamma, double a, double* I) {
        if (Q < 2) return;
        for (size_t j = 0; j < d; ++j) {
            std::copy_n(&pre[j * Q], Q, run.begin());  // prefix_j times the features strictly between
            for (size_t k = j + 1; k < d; ++k) {
                const double v = a * gamma[j] * gamma[k] * integral(run.data(), &suf[(k + 1) * Q], Q - 1);
                I[j * d + k] += v;
                I[k * d + j] += v;
                for (size_t r = Q; r-- > 0;) run[r] = kappa[k] * run[r] + (r > 0 ? gamma[k] * run[r - 1] : 0.0);
            }
        }
    }
};

// One support vector's term under a total-degree cap N (and the order Q). With the per-degree
// terms T_lk = p_k(x_l) p_k(y_l) (T_l0 = kappa_l) and f_l(z, t) = kappa_l + z sum_{k>=1} t^k T_lk,
// h_u's part of degree N' is [z^|u| t^N'] of prod_l f_l; Shapley values weight h_u by 1/|u|:
//   phi_j = a sum_{k=1}^{n_j} T_jk sum_{r < Q} sum_{N' <= N - k} [z^r t^N'] prod_{l != j} f_l / (r + 1),
// and interaction indices likewise with two features out. Prefix and suffix products over
// (z^r, r < Q; t^N', N' <= N).
struct CappedTerms {
    size_t d, Q, N, cells;
    std::vector<std::vector<double>> T;  // T[l][k], k = 0..n_l
    std::vector<double> pre, suf, run, conv, weight;

    CappedTerms(const Basis& basis)
        : d(basis.dim()),
          Q(basis.max_order()),
          N(basis.max_total_degree()),
          cells(Q * (N + 1)),
          T(d),
          pre((d + 1) * cells),
          suf((d + 1) * cells),
          run(cells),
          conv(cells),
          weight(N + 1) {
        for (size_t l = 0; l < d; ++l) T[l].resize(static_cast<size_t>(basis.degree(l)) + 1);
    }

    void load(const PreparedPoints& rows, size_t r, const PreparedPoints& sv, size_t i) {
        for (size_t l = 0; l < d; ++l)
            for (size_t k = 0; k < T[l].size(); ++k)
                T[l][k] = rows.values_t[l][k * rows.count + r] * sv.values_t[l][k * sv.count + i];
    }

    // out = in * f_l, truncated to r < Q, N' <= N.
    void times(const double* in, double* out, size_t l) const {
        std::fill(out, out + cells, 0.0);
        for (size_t q = 0; q < Q; ++q)
            for (size_t t = 0; t <= N; ++t) {
                const double v = in[q * (N + 1) + t];
                if (v == 0.0) continue;
                out[q * (N + 1) + t] += T[l][0] * v;
                if (q + 1 >= Q) continue;
                for (size_t k = 1; k < T[l].size() && t + k <= N; ++k) out[(q + 1) * (N + 1) + t + k] += T[l][k] * v;
            }
    }

    void prepare() {
        std::fill(pre.begin(), pre.begin() + static_cast<std::ptrdiff_t>(cells), 0.0);
        pre[0] = 1.0;
        for (size_t l = 0; l < d; ++l) times(&pre[l * cells], &pre[(l + 1) * cells], l);
        std::fill(suf.begin() + static_cast<std::ptrdiff_t>(d * cells), suf.end(), 0.0);
        suf[d * cells] = 1.0;
        for (size_t l = d; l-- > 0;) times(&suf[(l + 1) * cells], &suf[l * cells], l);
    }

    // weight[M] = sum_{r < orders} sum_{N' <= M} [z^r t^N'](a * b) / (r + 1).
    void weights(const double* a, const double* b, size_t orders) {
        std::fill(weight.begin(), weight.end(), 0.0);
        for (size_t r = 0; r < orders; ++r)
            for (size_t t = 0; t <= N; ++t) {
                double c = 0.0;
                for (size_t r1 = 0; r1 <= r; ++r1)
                    for (size_t t1 = 0; t1 <= t; ++t1) c += a[r1 * (N + 1) + t1] * b[(r - r1) * (N + 1) + t - t1];
                weight[t] += c / static_cast<double>(r + 1);
            }
        for (size_t t = 1; t <= N; ++t) weight[t] += weight[t - 1];
    }

    [[nodiscard]] double shapley(size_t j) {
        weights(&pre[j * cells], &suf[(j + 1) * cells], Q);
        double phi = 0.0;
        for (size_t k = 1; k < T[j].size() && k <= N; ++k) phi += T[j][k] * weight[N - k];
        return phi;
    }

    void interactions(double a, double* I) {
        if (Q < 2) return;
        for (size_t j = 0; j < d; ++j) {
            std::copy_n(&pre[j * cells], cells, run.begin());
            for (size_t k = j + 1; k < d; ++k) {
                weights(run.data(), &suf[(k + 1) * cells], Q - 1);
                double v = 0.0;
                for (size_t k1 = 1; k1 < T[j].size() && k1 <= N; ++k1)
                    for (size_t k2 = 1; k2 < T[k].size() && k1 + k2 <= N; ++k2)
                        v += T[j][k1] * T[k][k2] * weight[N - k1 - k2];
                I[j * d + k] += a * v;
                I[k * d + j] += a * v;
                times(run.data(), conv.data(), k);
                std::swap(run, conv);
            }
        }
    }

    // Main and pair components of this support vector (pairs when the order keeps them).
    void components(double a, const Prepared& p, double* main, double* pair) const {
        size_t c = 0;
        for (size_t j = 0; j < d; ++j) {
            double g = 0.0;
            for (size_t k = 1; k < T[j].size() && k <= N; ++k) g += T[j][k];
            main[j] += a * g * p.kappa_but[j];
            for (size_t l = j + 1; l < d; ++l, ++c) {
                if (Q < 2) continue;
                double v = 0.0;
                for (size_t k1 = 1; k1 < T[j].size() && k1 <= N; ++k1)
                    for (size_t k2 = 1; k2 < T[l].size() && k1 + k2 <= N; ++k2) v += T[j][k1] * T[l][k2];
                pair[c] += a * v * p.kappa_but2[j * d + l];
            }
        }
    }
};

// Pair (j, l), j < l, at its row-major position among the d(d-1)/2 pairs.
size_t pair_position(size_t d, size_t j, size_t l) {
    return j * d - j * (j + 1) / 2 + (l - j - 1);
}

// A truncated basis explained from its kept functions' coefficients: with t_k = c_k phi_k(x) and
// u the features function k depends on (E_mu[phi_k] = 0 unless u is empty), h_u = sum of the t_k
// of support u, so phi_j = sum_{k: j in u} t_k / |u|, the main effect and the pair effects are
// the terms of one and two features, and I_jl = sum_{k: j, l in u} t_k / (|u| - 1).
void explain_by_kept_functions(const Model& model, const Machine& machine, std::span<const double> points,
                               const ExplainOptions& options, Explanation& out) {
    const size_t d = out.dim, rows = out.rows, npairs = d * (d - 1) / 2;
    const FeatureMap map(model.basis(), kMaxPredictionCoefficients);
    const std::vector<double> c = kept_function_coefficients(map, machine);
    const size_t p = map.size();
    std::vector<std::vector<size_t>> support(p);
    size_t constant = p;  // the constant function's position (it is kept by every basis)
    for (size_t k = 0; k < p; ++k) {
        const std::vector<int> index = map.index(k);
        for (size_t j = 0; j < d; ++j)
            if (index[j] > 0) support[k].push_back(j);
        if (support[k].empty()) constant = k;
    }
    ORCA_ASSERT(constant < p, "a basis keeps its constant function");
    std::vector<double> table(map.table_size()), phi(p);
    // phi_0 at a point where nothing is known (every coordinate missing): the constant alone.
    map.evaluate(std::vector<double>(d, std::numeric_limits<double>::quiet_NaN()).data(), table.data(), phi.data());
    out.base = machine.bias + c[constant] * phi[constant];  // phi_0 is constant
    parallel::for_chunks(rows, std::max<size_t>(1, 20000 / std::max<size_t>(p, 1)), [&](size_t begin, size_t end) {
        std::vector<double> row_table(map.table_size()), f(p);
        for (size_t r = begin; r < end; ++r) {
            map.evaluate(points.data() + r * d, row_table.data(), f.data());
            double* shapley = &out.shapley[r * d];
            double h = 0.0, rest = 0.0;
            for (size_t k = 0; k < p; ++k) {
                const double t = c[k] * f[k];
                h += t;
                const auto& u = support[k];
                if (u.empty()) continue;
                const double share = t / static_cast<double>(u.size());
                for (size_t j : u) shapley[j] += share;
                if (options.components) {
                    if (u.size() == 1)
                        out.main[r * d + u[0]] += t;
                    else if (u.size() == 2)
                        out.pair[r * npairs + pair_position(d, u[0], u[1])] += t;
                    else
                        rest += t;
                }
                if (options.interactions && u.size() >= 2) {
                    double* I = &out.interaction[r * d * d];
                    const double v = t / static_cast<double>(u.size() - 1);
                    for (size_t a = 0; a < u.size(); ++a)
                        for (size_t b = a + 1; b < u.size(); ++b) {
                            I[u[a] * d + u[b]] += v;
                            I[u[b] * d + u[a]] += v;
                        }
                }
            }
            out.decision[r] = h + machine.bias;
            if (options.components) out.remainder[r] = rest;
        }
    });
}

// An explanation of `rows` rows with every asked-for array in place, zero.
Explanation zero_explanation(size_t rows, size_t d, const ExplainOptions& options) {
    Explanation out;
    out.rows = rows;
    out.dim = d;
    out.decision.assign(rows, 0.0);
    out.shapley.assign(rows * d, 0.0);
    if (options.components) {
        out.main.assign(rows * d, 0.0);
        out.pair.assign(rows * (d * (d - 1) / 2), 0.0);
        out.remainder.assign(rows, 0.0);
    }
    if (options.interactions) out.interaction.assign(rows * d * d, 0.0);
    return out;
}

// The components of a machine stored by its coefficients along a grid: rows whose features
// `shown` take the grid's values (raw units) and whose others are missing, so that only the
// functions of the shown features remain (E_mu of every other function is 0).
Explanation components_on_grid(const Model& model, const Machine& machine, const std::vector<size_t>& shown,
                               const std::vector<std::vector<double>>& raw_columns) {
    const size_t d = model.dim(), rows = raw_columns.front().size();
    std::vector<double> points(rows * d, std::numeric_limits<double>::quiet_NaN());
    for (size_t s = 0; s < shown.size(); ++s)
        for (size_t t = 0; t < rows; ++t) points[t * d + shown[s]] = model.scaler.scale(shown[s], raw_columns[s][t]);
    ExplainOptions options;
    options.interactions = false;
    Explanation out = zero_explanation(rows, d, options);
    explain_by_kept_functions(model, machine, points, options, out);
    return out;
}

}  // namespace

Explanation explain(const Model& model, std::span<const double> X, size_t rows, const ExplainOptions& options,
                    const std::string& source) {
    const Machine& machine = single_machine(model);
    const size_t d = model.dim(), nsv = machine.support_count();
    Explanation out = zero_explanation(rows, d, options);
    const auto points = model.scaled_rows(X, rows, options.out_of_range, source, &out.clipping);
    // A machine stored by its coefficients has only them; any listable basis explains from them.
    const bool listed = model.basis().truncated() || machine.by_functions();
    PredictMethod method = options.method;
    if (method == PredictMethod::automatic)
        method = listed ? choose_prediction_method(model, machine, rows) : PredictMethod::support_vectors;
    if (method == PredictMethod::coefficients && !listed)
        throw ParameterError("explanations from coefficients take a truncated basis (max_order or max_total_degree)");
    if (method == PredictMethod::support_vectors && machine.by_functions())
        throw ParameterError("the model keeps its basis coefficients, not its support vectors: explain from the "
                             "coefficients");
    const size_t npairs = d * (d - 1) / 2;
    if (method == PredictMethod::coefficients) {
        explain_by_kept_functions(model, machine, points, options, out);
        return out;
    }
    const Prepared p(model);
    const PreparedPoints Q = p.kernel.prepare(points, rows);
    double sum_a = 0.0;
    for (double a : machine.coefficients) sum_a += a;
    const double h_empty = p.kappa_all * sum_a;
    out.base = machine.bias + h_empty;
    const size_t T = p.nodes.size();
    parallel::for_chunks(rows, kRowsPerChunk, [&](size_t begin, size_t end) {
        std::vector<double> K(d), gamma(d), prefix(d + 1), suffix(d + 1), loo(d), f(d);
        TruncatedTerms cut(d, p.truncated ? p.order : 0);
        std::optional<CappedTerms> capped;
        if (p.capped) capped.emplace(p.kernel.basis());
        for (size_t r = begin; r < end; ++r) {
            double* phi = &out.shapley[r * d];
            double h = 0.0;
            for (size_t i = 0; i < nsv; ++i) {
                const double a = machine.coefficients[i];
                if (capped) {
                    h += a * p.kernel.entry(Q, r, p.sv, i);
                    capped->load(Q, r, p.sv, i);
                    capped->prepare();
                    for (size_t j = 0; j < d; ++j) phi[j] += a * capped->shapley(j);
                    if (options.interactions) capped->interactions(a, &out.interaction[r * d * d]);
                    if (options.components)
                        capped->components(a, p, out.main.data() + r * d, out.pair.data() + r * npairs);
                    continue;
                }
                p.kernel.factors(Q, r, p.sv, i, K.data());
                double full = a;
                for (size_t l = 0; l < d; ++l) {
                    gamma[l] = K[l] - p.kappa[l];
                    full *= K[l];
                }
                if (p.truncated) {
                    h += a * p.kernel.combine(K.data());
                    cut.prepare(p.kappa, gamma);
                    for (size_t j = 0; j < d; ++j) phi[j] += a * gamma[j] * cut.leave_one_out(j);
                    if (options.interactions) cut.interactions(p.kappa, gamma, a, &out.interaction[r * d * d]);
                    if (options.components) add_components(out, p, r, a, gamma);
                    continue;
                }
                h += full;
                // loo[j] = int_0^1 prod_{l != j} (kappa_l + gamma_l z) dz by the Gauss rule.
                std::fill(loo.begin(), loo.end(), 0.0);
                for (size_t t = 0; t < T; ++t) {
                    const double z = p.nodes[t];
                    prefix[0] = 1.0;
                    for (size_t l = 0; l < d; ++l) {
                        f[l] = p.kappa[l] + gamma[l] * z;
                        prefix[l + 1] = prefix[l] * f[l];
                    }
                    suffix[d] = 1.0;
                    for (size_t l = d; l-- > 0;) suffix[l] = suffix[l + 1] * f[l];
                    for (size_t j = 0; j < d; ++j) loo[j] += p.weights[t] * prefix[j] * suffix[j + 1];
                    if (options.interactions) {
                        double* I = &out.interaction[r * d * d];
                        for (size_t j = 0; j < d; ++j) {
                            double middle = 1.0;  // prod_{j < l < k} f_l
                            for (size_t k = j + 1; k < d; ++k) {
                                const double v =
                                    a * gamma[j] * gamma[k] * p.weights[t] * prefix[j] * middle * suffix[k + 1];
                                I[j * d + k] += v;
                                I[k * d + j] += v;
                                middle *= f[k];
                            }
                        }
                    }
                }
                for (size_t j = 0; j < d; ++j) phi[j] += a * gamma[j] * loo[j];
                if (options.components) add_components(out, p, r, a, gamma);
            }
            out.decision[r] = h + machine.bias;
            if (options.components) {
                double rest = h - h_empty;
                for (size_t j = 0; j < d; ++j) rest -= out.main[r * d + j];
                for (size_t c = 0; c < npairs; ++c) rest -= out.pair[r * npairs + c];
                out.remainder[r] = rest;
            }
        }
    });
    return out;
}

std::vector<ShapeFunction> shape_functions(const Model& model, size_t grid_points) {
    const Machine& machine = single_machine(model);
    if (grid_points < 2 || grid_points > kMaxShapeGrid)
        throw ParameterError("the shape-function grid needs 2 to " + std::to_string(kMaxShapeGrid) +
                             " points per feature, got " + std::to_string(grid_points));
    std::vector<ShapeFunction> out;
    if (machine.by_functions()) {  // h_j: the main component on a grid of feature j alone
        for (size_t j = 0; j < model.dim(); ++j) {
            ShapeFunction s;
            s.feature = j;
            s.x = grid_over(model, j, grid_points);
            const Explanation e = components_on_grid(model, machine, {j}, {s.x});
            for (size_t t = 0; t < s.x.size(); ++t) s.h.push_back(e.main[t * model.dim() + j]);
            out.push_back(std::move(s));
        }
        return out;
    }
    const Prepared p(model);
    for (size_t j = 0; j < model.dim(); ++j) {
        ShapeFunction s;
        s.feature = j;
        s.x = grid_over(model, j, grid_points);
        const auto G = centred_kernel_matrix(model, p, j, s.x);
        for (size_t t = 0; t < s.x.size(); ++t) {
            double v = 0.0;
            for (size_t i = 0; i < machine.support_count(); ++i)
                v += machine.coefficients[i] * G[t * machine.support_count() + i];
            s.h.push_back(v * p.kappa_but[j]);
        }
        out.push_back(std::move(s));
    }
    return out;
}

PairSurface pair_surface(const Model& model, size_t first, size_t second, size_t grid_points) {
    const Machine& machine = single_machine(model);
    const size_t d = model.dim();
    if (first >= d || second >= d || first == second)
        throw ParameterError("pair_surface needs two different features below " + std::to_string(d));
    if (grid_points < 2 || grid_points > kMaxPairGrid)
        throw ParameterError("the pair-surface grid needs 2 to " + std::to_string(kMaxPairGrid) +
                             " points per axis, got " + std::to_string(grid_points));
    const Basis basis = model.basis();
    if (!holds_pair(basis.degrees(), basis.max_order(), basis.degree_truncated() ? basis.max_total_degree() : 0, first,
                    second))
        throw ParameterError("the model has no terms of '" + model.feature_names[first] + "' and '" +
                             model.feature_names[second] + "' together (" +
                             (basis.max_order() < 2 ? std::string("max order 1: an additive model")
                                                    : "one of them has degree 0, or the total degree is capped at 1") +
                             "), so their pair surface is 0");
    PairSurface s;
    s.first = first;
    s.second = second;
    s.x = grid_over(model, first, grid_points);
    s.y = grid_over(model, second, grid_points);
    if (machine.by_functions()) {  // h_jk: the pair component on the grid of the two features
        std::vector<double> xs, ys;
        for (double x : s.x)
            for (double y : s.y) {
                xs.push_back(x);
                ys.push_back(y);
            }
        const auto [j, k] = std::minmax(first, second);
        const size_t pair = pair_position(d, j, k), npairs = d * (d - 1) / 2;
        const Explanation e = components_on_grid(model, machine, {first, second}, {xs, ys});
        for (size_t t = 0; t < xs.size(); ++t) s.h.push_back(e.pair[t * npairs + pair]);
        return s;
    }
    const Prepared p(model);
    const size_t nsv = machine.support_count();
    const double k = p.order >= 2 ? p.kappa_but2[first * d + second] : 0.0;  // no pair terms below order 2
    const size_t nx = s.x.size(), ny = s.y.size();  // a categorical feature's levels, else grid_points
    s.h.assign(nx * ny, 0.0);
    if (p.capped) {  // sum over k1, k2 >= 1 with k1 + k2 <= N: not separable, term by term
        const auto terms = [&](size_t j, const std::vector<double>& grid) {
            // terms[(t * nsv + i) * w + kk] = p_kk(grid_t) p_kk(sv_ij)
            const auto& rec = p.kernel.basis().recurrence(j);
            const auto w = static_cast<size_t>(model.spec.degrees[j]) + 1;
            std::vector<double> out(grid.size() * nsv * w), pg(w), ps(w);
            for (size_t t = 0; t < grid.size(); ++t) {
                rec.evaluate_all(model.scaler.scale(j, grid[t]), pg);
                for (size_t i = 0; i < nsv; ++i) {
                    rec.evaluate_all(machine.support_vectors[i * d + j], ps);
                    for (size_t kk = 0; kk < w; ++kk) out[(t * nsv + i) * w + kk] = pg[kk] * ps[kk];
                }
            }
            return out;
        };
        const auto wx = static_cast<size_t>(model.spec.degrees[first]) + 1,
                   wy = static_cast<size_t>(model.spec.degrees[second]) + 1;
        const auto Tx = terms(first, s.x), Ty = terms(second, s.y);
        for (size_t a = 0; a < nx; ++a)
            for (size_t b = 0; b < ny; ++b) {
                double v = 0.0;
                for (size_t i = 0; i < nsv; ++i) {
                    double pair = 0.0;
                    for (size_t k1 = 1; k1 < wx && k1 <= p.cap; ++k1)
                        for (size_t k2 = 1; k2 < wy && k1 + k2 <= p.cap; ++k2)
                            pair += Tx[(a * nsv + i) * wx + k1] * Ty[(b * nsv + i) * wy + k2];
                    v += machine.coefficients[i] * pair;
                }
                s.h[a * ny + b] = v * k;
            }
        return s;
    }
    const auto Gx = centred_kernel_matrix(model, p, first, s.x);
    const auto Gy = centred_kernel_matrix(model, p, second, s.y);
    for (size_t a = 0; a < nx; ++a)
        for (size_t b = 0; b < ny; ++b) {
            double v = 0.0;
            for (size_t i = 0; i < nsv; ++i) v += machine.coefficients[i] * Gx[a * nsv + i] * Gy[b * nsv + i];
            s.h[a * ny + b] = v * k;
        }
    return s;
}

std::vector<double> shapley_by_coalitions(const Model& model, std::span<const double> X, size_t rows) {
    const Machine& machine = single_machine(model);
    if (machine.by_functions())
        throw ParameterError("the coalition reference sums over support vectors, which this model does not keep");
    const size_t d = model.dim(), nsv = machine.support_count();
    if (d > 20) throw ParameterError("coalition enumeration is limited to 20 features (2^d coalitions)");
    const auto points = model.scaled_rows(X, rows, OutOfRange::clip, "data");
    const Prepared p(model);
    const PreparedPoints Q = p.kernel.prepare(points, rows);
    const size_t subsets = size_t{1} << d;
    // Shapley weights |S|! (d - |S| - 1)! / d!
    std::vector<double> weight(d);
    for (size_t s = 0; s < d; ++s)
        weight[s] = std::exp(log_gamma(static_cast<double>(s) + 1.0) + log_gamma(static_cast<double>(d - s)) -
                             log_gamma(static_cast<double>(d) + 1.0));
    std::vector<double> out(rows * d, 0.0);
    parallel::for_chunks(rows, kRowsPerChunk, [&](size_t begin, size_t end) {
        std::vector<double> K(d), v(subsets);
        for (size_t r = begin; r < end; ++r) {
            std::fill(v.begin(), v.end(), 0.0);
            for (size_t i = 0; i < nsv; ++i) {
                if (p.capped) {  // h_u by its definition: per-degree terms, total degree <= N
                    for (size_t u = 0; u < subsets; ++u) {
                        if (static_cast<size_t>(__builtin_popcountll(u)) > p.order) continue;
                        std::vector<double> poly(p.cap + 1, 0.0), next(p.cap + 1);
                        poly[0] = machine.coefficients[i];
                        for (size_t l = 0; l < d; ++l) {
                            const size_t w = static_cast<size_t>(model.spec.degrees[l]) + 1;
                            auto term = [&](size_t k) {
                                return Q.values_t[l][k * Q.count + r] * p.sv.values_t[l][k * p.sv.count + i];
                            };
                            std::fill(next.begin(), next.end(), 0.0);
                            for (size_t t = 0; t <= p.cap; ++t) {
                                if (!(u >> l & 1)) {
                                    next[t] = poly[t] * term(0);
                                    continue;
                                }
                                for (size_t k = 1; k < w && t + k <= p.cap; ++k) next[t + k] += poly[t] * term(k);
                            }
                            std::swap(poly, next);
                        }
                        for (double c : poly) v[u] += c;
                    }
                    continue;
                }
                p.kernel.factors(Q, r, p.sv, i, K.data());
                for (size_t u = 0; u < subsets; ++u) {                                     // h_u by its definition
                    if (static_cast<size_t>(__builtin_popcountll(u)) > p.order) continue;  // beyond Q: not in the basis
                    double term = machine.coefficients[i];
                    for (size_t l = 0; l < d; ++l) term *= (u >> l & 1) ? K[l] - p.kappa[l] : p.kappa[l];
                    v[u] += term;
                }
            }
            // v(S) = sum_{u subset S} h_u (zeta transform over subsets).
            for (size_t l = 0; l < d; ++l)
                for (size_t S = 0; S < subsets; ++S)
                    if (S >> l & 1) v[S] += v[S ^ (size_t{1} << l)];
            for (size_t j = 0; j < d; ++j)
                for (size_t S = 0; S < subsets; ++S) {
                    if (S >> j & 1) continue;
                    const auto size = static_cast<size_t>(__builtin_popcountll(S));
                    out[r * d + j] += weight[size] * (v[S | (size_t{1} << j)] - v[S]);
                }
        }
    });
    return out;
}

}  // namespace orca
