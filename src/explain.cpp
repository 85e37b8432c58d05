#include "orca/explain.hpp"

#include <cmath>

#include "orca/errors.hpp"

namespace orca {
namespace {

// Explanations are of one decision function: a machine, or a class score (class_model).
const Model& single_machine(const Model& m) {
    if (m.is_multiclass())
        throw ParameterError("a multi-class model has " + std::to_string(m.machines.size()) +
                             " machines: explain one class (or one machine)");
    return m;
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
    // Interaction order Q of the basis (d when not truncated) and whether it cuts anything.
    size_t order = 0;
    bool truncated = false;

    explicit Prepared(const Model& m)
        : kernel(single_machine(m).kernel()), sv(kernel.prepare(m.support_vectors, m.support_count())) {
        const size_t d = m.dim();
        order = kernel.basis().max_order();
        truncated = kernel.basis().truncated();
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

// Raw grid over feature j's training range.
std::vector<double> grid_over(const Model& m, size_t j, size_t points) {
    std::vector<double> g(points);
    for (size_t t = 0; t < points; ++t)
        g[t] = m.scaler.min[j] + (m.scaler.max[j] - m.scaler.min[j]) * static_cast<double>(t) /
                                     static_cast<double>(points > 1 ? points - 1 : 1);
    return g;
}

// g_j(s, t) = K_{n_j}(s, t) - kappa_j for each support vector against the grid: (grid x #SV).
std::vector<double> centred_kernel_matrix(const Model& m, const Prepared& p, size_t j,
                                          const std::vector<double>& grid) {
    const auto& rec = p.kernel.basis().recurrence(j);
    const size_t nsv = m.support_count(), d = m.dim();
    std::vector<double> G(grid.size() * nsv);
    for (size_t t = 0; t < grid.size(); ++t) {
        const double z = m.scaler.scale(j, grid[t]);
        for (size_t i = 0; i < nsv; ++i)
            G[t * nsv + i] = rec.kernel_direct(m.support_vectors[i * d + j], z, m.degrees[j]) - p.kappa[j];
    }
    return G;
}

// One support vector's part of row r's main and pair components (pairs only when the basis
// keeps order 2).
void add_components(Explanation& out, const Prepared& p, size_t r, double a, const std::vector<double>& gamma) {
    const size_t d = out.dim, npairs = d * (d - 1) / 2;
    double* main = &out.main[r * d];
    double* pair = &out.pair[r * npairs];
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

    TruncatedTerms(size_t dim, size_t order) : d(dim), Q(order), pre((dim + 1) * order), suf((dim + 1) * order),
                                                 run(order) {}

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

}  // namespace

Explanation explain(const Model& model, std::span<const double> X, size_t rows, const ExplainOptions& options,
                    const std::string& source) {
    const size_t d = model.dim(), nsv = model.support_count();
    Explanation out;
    out.rows = rows;
    out.dim = d;
    const auto points = model.scaled_rows(X, rows, options.out_of_range, source, &out.clipped_rows);
    const Prepared p(model);
    const PreparedPoints Q = p.kernel.prepare(points, rows);
    double sum_a = 0.0;
    for (double a : model.coefficients) sum_a += a;
    const double h_empty = p.kappa_all * sum_a;
    out.base = model.bias + h_empty;
    const size_t npairs = d * (d - 1) / 2;
    out.decision.assign(rows, 0.0);
    out.shapley.assign(rows * d, 0.0);
    if (options.components) {
        out.main.assign(rows * d, 0.0);
        out.pair.assign(rows * npairs, 0.0);
        out.remainder.assign(rows, 0.0);
    }
    if (options.interactions) out.interaction.assign(rows * d * d, 0.0);
    const size_t T = p.nodes.size();
    const auto n = static_cast<std::ptrdiff_t>(rows);
#pragma omp parallel
    {
        std::vector<double> K(d), gamma(d), prefix(d + 1), suffix(d + 1), loo(d), f(d);
        TruncatedTerms cut(d, p.truncated ? p.order : 0);
#pragma omp for schedule(static)
        for (std::ptrdiff_t rr = 0; rr < n; ++rr) {
            const auto r = static_cast<size_t>(rr);
            double* phi = &out.shapley[r * d];
            double h = 0.0;
            for (size_t i = 0; i < nsv; ++i) {
                const double a = model.coefficients[i];
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
            out.decision[r] = h + model.bias;
            if (options.components) {
                double rest = h - h_empty;
                for (size_t j = 0; j < d; ++j) rest -= out.main[r * d + j];
                for (size_t c = 0; c < npairs; ++c) rest -= out.pair[r * npairs + c];
                out.remainder[r] = rest;
            }
        }
    }
    return out;
}

std::vector<ShapeFunction> shape_functions(const Model& model, size_t grid_points) {
    if (grid_points < 2) throw ParameterError("the shape-function grid needs at least 2 points");
    const Prepared p(model);
    std::vector<ShapeFunction> out;
    for (size_t j = 0; j < model.dim(); ++j) {
        ShapeFunction s;
        s.feature = j;
        s.x = grid_over(model, j, grid_points);
        const auto G = centred_kernel_matrix(model, p, j, s.x);
        for (size_t t = 0; t < grid_points; ++t) {
            double v = 0.0;
            for (size_t i = 0; i < model.support_count(); ++i)
                v += model.coefficients[i] * G[t * model.support_count() + i];
            s.h.push_back(v * p.kappa_but[j]);
        }
        out.push_back(std::move(s));
    }
    return out;
}

PairSurface pair_surface(const Model& model, size_t first, size_t second, size_t grid_points) {
    const size_t d = model.dim();
    if (first >= d || second >= d || first == second)
        throw ParameterError("pair_surface needs two different features below " + std::to_string(d));
    if (grid_points < 2) throw ParameterError("the pair-surface grid needs at least 2 points");
    const Prepared p(model);
    PairSurface s;
    s.first = first;
    s.second = second;
    s.x = grid_over(model, first, grid_points);
    s.y = grid_over(model, second, grid_points);
    const auto Gx = centred_kernel_matrix(model, p, first, s.x);
    const auto Gy = centred_kernel_matrix(model, p, second, s.y);
    const size_t nsv = model.support_count();
    const double k = p.order >= 2 ? p.kappa_but2[first * d + second] : 0.0;  // no pair terms below order 2
    s.h.assign(grid_points * grid_points, 0.0);
    for (size_t a = 0; a < grid_points; ++a)
        for (size_t b = 0; b < grid_points; ++b) {
            double v = 0.0;
            for (size_t i = 0; i < nsv; ++i) v += model.coefficients[i] * Gx[a * nsv + i] * Gy[b * nsv + i];
            s.h[a * grid_points + b] = v * k;
        }
    return s;
}

std::vector<double> shapley_by_coalitions(const Model& model, std::span<const double> X, size_t rows) {
    const size_t d = model.dim(), nsv = model.support_count();
    if (d > 20) throw ParameterError("coalition enumeration is limited to 20 features (2^d coalitions)");
    const auto points = model.scaled_rows(X, rows, OutOfRange::clip, "data");
    const Prepared p(model);
    const PreparedPoints Q = p.kernel.prepare(points, rows);
    const size_t subsets = size_t{1} << d;
    // Shapley weights |S|! (d - |S| - 1)! / d!
    std::vector<double> weight(d);
    for (size_t s = 0; s < d; ++s)
        weight[s] = std::exp(std::lgamma(static_cast<double>(s) + 1.0) + std::lgamma(static_cast<double>(d - s)) -
                             std::lgamma(static_cast<double>(d) + 1.0));
    std::vector<double> out(rows * d, 0.0);
    const auto n = static_cast<std::ptrdiff_t>(rows);
#pragma omp parallel
    {
        std::vector<double> K(d), v(subsets);
#pragma omp for schedule(static)
        for (std::ptrdiff_t rr = 0; rr < n; ++rr) {
            const auto r = static_cast<size_t>(rr);
            std::fill(v.begin(), v.end(), 0.0);
            for (size_t i = 0; i < nsv; ++i) {
                p.kernel.factors(Q, r, p.sv, i, K.data());
                for (size_t u = 0; u < subsets; ++u) {  // h_u by its definition
                    if (static_cast<size_t>(__builtin_popcountll(u)) > p.order) continue;  // beyond Q: not in the basis
                    double term = model.coefficients[i];
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
    }
    return out;
}

}  // namespace orca
