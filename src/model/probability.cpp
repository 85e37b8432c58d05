#include "orca/probability.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "orca/errors.hpp"
#include "orca/machine_training.hpp"
#include "orca/multiclass.hpp"

namespace orca {
namespace {

// Portable pseudo-random numbers (the same folds on every platform and standard library).
uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
}

// Negative log-likelihood term of one point, written to avoid overflow of exp.
double log_loss(double target, double fApB) {
    return fApB >= 0.0 ? target * fApB + std::log1p(std::exp(-fApB))
                       : (target - 1.0) * fApB + std::log1p(std::exp(fApB));
}

}  // namespace

double sigmoid_probability(const Sigmoid& s, double decision) {
    const double fApB = decision * s.A + s.B;
    return fApB >= 0.0 ? std::exp(-fApB) / (1.0 + std::exp(-fApB)) : 1.0 / (1.0 + std::exp(fApB));
}

Sigmoid fit_sigmoid(std::span<const double> decision, std::span<const double> y) {
    if (decision.size() != y.size() || decision.empty())
        throw ParameterError("fit_sigmoid needs one label per decision value");
    double prior1 = 0.0, prior0 = 0.0;
    for (double v : y) (v > 0.0 ? prior1 : prior0) += 1.0;
    // Platt's targets: smoothed so that a separable fold cannot drive A to infinity.
    const double hi = (prior1 + 1.0) / (prior1 + 2.0), lo = 1.0 / (prior0 + 2.0);
    std::vector<double> t(y.size());
    for (size_t i = 0; i < y.size(); ++i) t[i] = y[i] > 0.0 ? hi : lo;
    constexpr int kMaxIterations = 100;
    constexpr double kMinStep = 1e-10, kSigma = 1e-12, kEps = 1e-5;
    Sigmoid s{0.0, std::log((prior0 + 1.0) / (prior1 + 1.0))};
    const auto objective = [&](double A, double B) {
        double f = 0.0;
        for (size_t i = 0; i < t.size(); ++i) f += log_loss(t[i], decision[i] * A + B);
        return f;
    };
    double fval = objective(s.A, s.B);
    for (int it = 0; it < kMaxIterations; ++it) {
        double h11 = kSigma, h22 = kSigma, h21 = 0.0, g1 = 0.0, g2 = 0.0;
        for (size_t i = 0; i < t.size(); ++i) {
            const double fApB = decision[i] * s.A + s.B;
            double p = 0.0, q = 0.0;
            if (fApB >= 0.0) {
                p = std::exp(-fApB) / (1.0 + std::exp(-fApB));
                q = 1.0 / (1.0 + std::exp(-fApB));
            } else {
                p = 1.0 / (1.0 + std::exp(fApB));
                q = std::exp(fApB) / (1.0 + std::exp(fApB));
            }
            const double d2 = p * q;
            h11 += decision[i] * decision[i] * d2;
            h22 += d2;
            h21 += decision[i] * d2;
            const double d1 = t[i] - p;
            g1 += decision[i] * d1;
            g2 += d1;
        }
        if (std::abs(g1) < kEps && std::abs(g2) < kEps) break;
        const double det = h11 * h22 - h21 * h21;
        const double dA = -(h22 * g1 - h21 * g2) / det, dB = -(-h21 * g1 + h11 * g2) / det;
        const double gd = g1 * dA + g2 * dB;
        double step = 1.0;
        while (step >= kMinStep) {
            const double A = s.A + step * dA, B = s.B + step * dB;
            const double f = objective(A, B);
            if (f < fval + 1e-4 * step * gd) {
                s = {A, B};
                fval = f;
                break;
            }
            step /= 2.0;
        }
        if (step < kMinStep) break;  // no descent along the Newton direction: as good as it gets
    }
    return s;
}

std::vector<double> cross_validated_decisions(const TensorKernel& kernel, std::span<const double> points, size_t m,
                                              std::span<const double> y, std::span<const double> upper, int folds,
                                              uint64_t seed, const SolverOptions& options) {
    ORCA_ASSERT(folds >= 2, "probability estimates need at least 2 folds (validate() refuses fewer)");
    const size_t d = kernel.basis().dim();
    std::vector<size_t> perm(m);
    std::iota(perm.begin(), perm.end(), size_t{0});
    uint64_t state = seed;
    for (size_t i = m; i > 1; --i) std::swap(perm[i - 1], perm[splitmix64(state) % i]);
    std::vector<double> out(m, 0.0);
    const auto k = static_cast<size_t>(folds);
    for (size_t f = 0; f < k; ++f) {
        const size_t begin = f * m / k, end = (f + 1) * m / k;
        std::vector<double> sub_points, sub_y, sub_upper;
        double positives = 0.0;
        for (size_t r = 0; r < m; ++r) {
            if (r >= begin && r < end) continue;
            const size_t t = perm[r];
            sub_points.insert(sub_points.end(), points.begin() + static_cast<std::ptrdiff_t>(t * d),
                              points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
            sub_y.push_back(y[t]);
            sub_upper.push_back(upper[t]);
            positives += y[t] > 0.0;
        }
        if (positives == 0.0 || positives == static_cast<double>(sub_y.size())) {
            for (size_t r = begin; r < end; ++r) out[perm[r]] = positives > 0.0 ? 1.0 : -1.0;
            continue;
        }
        const MachineFit machine = train_machine(kernel, sub_points, sub_y.size(), sub_y, sub_upper, options);
        std::vector<double> sv, held;
        for (size_t t : machine.support)
            sv.insert(sv.end(), sub_points.begin() + static_cast<std::ptrdiff_t>(t * d),
                      sub_points.begin() + static_cast<std::ptrdiff_t>((t + 1) * d));
        for (size_t r = begin; r < end; ++r)
            held.insert(held.end(), points.begin() + static_cast<std::ptrdiff_t>(perm[r] * d),
                        points.begin() + static_cast<std::ptrdiff_t>((perm[r] + 1) * d));
        const PreparedPoints S = kernel.prepare(sv, machine.support.size());
        const PreparedPoints H = kernel.prepare(held, end - begin);
        std::vector<double> row(machine.support.size());
        for (size_t r = begin; r < end; ++r) {
            kernel.row(H, r - begin, S, row);
            double g = machine.bias;
            for (size_t i = 0; i < row.size(); ++i) g += machine.coefficients[i] * row[i];
            out[perm[r]] = g;
        }
    }
    return out;
}

std::vector<double> couple_pairwise(std::span<const double> r, size_t k) {
    if (r.size() != k * k || k < 2) throw ParameterError("couple_pairwise needs a k x k matrix, k >= 2");
    std::vector<double> Q(k * k, 0.0), p(k, 1.0 / static_cast<double>(k)), Qp(k, 0.0);
    for (size_t t = 0; t < k; ++t) {
        for (size_t j = 0; j < k; ++j) {
            if (j == t) continue;
            Q[t * k + t] += r[j * k + t] * r[j * k + t];
            Q[t * k + j] = -r[j * k + t] * r[t * k + j];
        }
    }
    // Tighter than LIBSVM's 0.005 / k: the fixed point converges linearly and k is small.
    const double eps = 1e-12;
    const int max_iterations = std::max(1000, 100 * static_cast<int>(k));
    for (int it = 0; it < max_iterations; ++it) {
        double pQp = 0.0;
        for (size_t t = 0; t < k; ++t) {
            Qp[t] = 0.0;
            for (size_t j = 0; j < k; ++j) Qp[t] += Q[t * k + j] * p[j];
            pQp += p[t] * Qp[t];
        }
        double max_error = 0.0;
        for (size_t t = 0; t < k; ++t) max_error = std::max(max_error, std::abs(Qp[t] - pQp));
        if (max_error < eps) break;
        for (size_t t = 0; t < k; ++t) {
            const double diff = (-Qp[t] + pQp) / Q[t * k + t];
            p[t] += diff;
            pQp = (pQp + diff * (diff * Q[t * k + t] + 2.0 * Qp[t])) / (1.0 + diff) / (1.0 + diff);
            for (size_t j = 0; j < k; ++j) {
                Qp[j] = (Qp[j] + diff * Q[t * k + j]) / (1.0 + diff);
                p[j] /= (1.0 + diff);
            }
        }
    }
    return p;
}

std::vector<double> predict_probabilities(const Model& model, std::span<const double> machine_values, size_t rows) {
    if (!model.has_probability())
        throw ParameterError("the model was trained without probability estimates (train it with probability on)");
    const size_t k = model.classes.size();
    const auto& machines = model.machines();
    const size_t nm = machines.size();
    const auto pairs = one_vs_one_pairs(k);
    std::vector<double> out(rows * k);
    // LIBSVM keeps pairwise probabilities away from 0 and 1 so that coupling stays well posed.
    constexpr double kMinProbability = 1e-7;
    for (size_t row = 0; row < rows; ++row) {
        const double* g = machine_values.data() + row * nm;
        double* p = out.data() + row * k;
        if (!model.is_multiclass()) {
            p[1] = sigmoid_probability(*machines.front().sigmoid, g[0]);
            p[0] = 1.0 - p[1];
        } else if (model.multi_class == MultiClass::ovr) {
            double sum = 0.0;
            for (size_t c = 0; c < k; ++c) sum += p[c] = sigmoid_probability(*machines[c].sigmoid, g[c]);
            for (size_t c = 0; c < k; ++c) p[c] /= sum;
        } else {
            std::vector<double> r(k * k, 0.0);
            for (size_t m = 0; m < pairs.size(); ++m) {
                // Machine (i, j) has j as its positive class.
                const auto [i, j] = pairs[m];
                const double pj =
                    std::clamp(sigmoid_probability(*machines[m].sigmoid, g[m]), kMinProbability, 1.0 - kMinProbability);
                r[j * k + i] = pj;
                r[i * k + j] = 1.0 - pj;
            }
            const auto coupled = couple_pairwise(r, k);
            std::copy(coupled.begin(), coupled.end(), p);
        }
    }
    return out;
}

}  // namespace orca
