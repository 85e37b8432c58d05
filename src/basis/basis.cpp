#include "orca/basis.hpp"

#include <algorithm>
#include <functional>
#include <string>

#include "orca/errors.hpp"

namespace orca {

int resolve_max_order(int setting, size_t d) {
    if (setting == kAutoMaxOrder) return d <= 2 ? 0 : 1;
    if (setting < 0)
        throw ParameterError("max_order must be 'auto', 0 (the full tensor product) or an integer >= 1, got " +
                             std::to_string(setting));
    return setting >= static_cast<int>(d) ? 0 : setting;
}

int resolve_max_total_degree(int setting, const std::vector<int>& degrees, size_t d) {
    if (setting < 0)
        throw ParameterError("max_total_degree must be >= 1 (or 0 for no cap), got " + std::to_string(setting));
    long total = 0;
    for (int n : degrees) total += std::max(n, 0);
    if (degrees.size() == 1) total *= static_cast<long>(d);
    return setting >= total ? 0 : setting;
}

bool holds_pair(const std::vector<int>& degrees, size_t max_order, size_t max_total_degree, size_t i, size_t j) {
    return i != j && max_order >= 2 && (max_total_degree == 0 || max_total_degree >= 2) && degrees[i] > 0 &&
           degrees[j] > 0;
}

size_t highest_total_degree(const std::vector<int>& degrees, size_t max_order, size_t max_total_degree) {
    std::vector<int> sorted = degrees;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    size_t highest = 0;
    for (size_t j = 0; j < std::min(max_order, sorted.size()); ++j) highest += static_cast<size_t>(std::max(sorted[j], 0));
    return max_total_degree > 0 ? std::min(highest, max_total_degree) : highest;
}

double categorical_node(size_t level, size_t levels) {
    return levels < 2 ? 0.0 : 2.0 * static_cast<double>(level) / static_cast<double>(levels - 1) - 1.0;
}

Basis::Basis(const FamilySpec& family, Measure measure, std::vector<int> degrees, int max_order, int max_total_degree,
             const std::vector<std::vector<double>>& level_weights, const std::vector<double>& gap_weights)
    : family_(family), measure_(measure), degrees_(std::move(degrees)) {
    if (!level_weights.empty() && level_weights.size() != degrees_.size())
        throw ParameterError("level_weights must have one entry per feature");
    if (!gap_weights.empty() && gap_weights.size() != degrees_.size())
        throw ParameterError("gap_weights must have one entry per feature");
    if (degrees_.empty()) throw ParameterError("the basis needs at least one feature");
    if (max_order < 0)
        throw ParameterError("max_order must be >= 1 (or 0 for no truncation), got " + std::to_string(max_order));
    max_order_ = max_order == 0 ? degrees_.size() : std::min(static_cast<size_t>(max_order), degrees_.size());
    if (max_total_degree < 0)
        throw ParameterError("max_total_degree must be >= 1 (or 0 for no cap), got " +
                             std::to_string(max_total_degree));
    recurrences_.reserve(degrees_.size());
    for (size_t j = 0; j < degrees_.size(); ++j) {
        if (degrees_[j] < 0)
            throw ParameterError("degree must be >= 0, got " + std::to_string(degrees_[j]) + " for feature " +
                                 std::to_string(j + 1));
        if (degrees_[j] > kMaxDegree)
            throw ParameterError("degree must be at most " + std::to_string(kMaxDegree) + ", got " +
                                 std::to_string(degrees_[j]) + " for feature " + std::to_string(j + 1));
        const bool levels = !level_weights.empty() && !level_weights[j].empty();
        categorical_.push_back(levels);
        const bool gap = !gap_weights.empty() && gap_weights[j] != 0.0;
        if (gap && (levels || degrees_[j] < 1))
            throw ParameterError("feature " + std::to_string(j + 1) +
                                 ": a gap level is for a numeric feature of degree >= 1 (its polynomials' and one)");
        if (gap) {
            recurrences_.push_back(Recurrence::with_gap(Recurrence(family_, measure_, degrees_[j] - 1), gap_weights[j]));
            continue;
        }
        if (!levels) {
            recurrences_.emplace_back(family_, measure_, degrees_[j]);
            continue;
        }
        const size_t L = level_weights[j].size();
        if (static_cast<size_t>(degrees_[j]) + 1 != L)
            throw ParameterError("feature " + std::to_string(j + 1) + " is categorical with " + std::to_string(L) +
                                 " levels: its degree must be " + std::to_string(L - 1));
        std::vector<double> nodes(L);
        for (size_t l = 0; l < L; ++l) nodes[l] = categorical_node(l, L);
        recurrences_.push_back(Recurrence::discrete(nodes, level_weights[j]));
    }
    max_total_degree_ =
        max_total_degree == 0 ? total_degree() : std::min(static_cast<size_t>(max_total_degree), total_degree());
}

size_t Basis::total_degree() const {
    size_t s = 0;
    for (int n : degrees_) s += static_cast<size_t>(n);
    return s;
}

int Basis::max_degree() const {
    return *std::max_element(degrees_.begin(), degrees_.end());
}

double Basis::constant_function() const {
    double c = 1.0;
    for (const auto& r : recurrences_) c *= r.p0();
    return c;
}

double Basis::product_size() const {
    double s = 1.0;
    for (int n : degrees_) s *= static_cast<double>(n) + 1.0;
    return s;
}

double Basis::size() const {
    if (!truncated()) return product_size();
    if (!degree_truncated()) {
        // e_q(n_1, ..., n_d) for q <= Q by the recurrence e_q <- e_q + n_j e_{q-1}.
        std::vector<double> e(max_order_ + 1, 0.0);
        e[0] = 1.0;
        for (int n : degrees_)
            for (size_t q = max_order_; q >= 1; --q) e[q] += static_cast<double>(n) * e[q - 1];
        double s = 0.0;
        for (double v : e) s += v;
        return s;
    }
    // Count of k with at most Q non-zero entries and sum k <= N: a table over (q, total degree).
    const size_t Q = max_order_, N = max_total_degree_;
    std::vector<double> c((Q + 1) * (N + 1), 0.0), next(c.size());
    c[0] = 1.0;
    for (int n : degrees_) {
        std::fill(next.begin(), next.end(), 0.0);
        for (size_t q = 0; q <= Q; ++q)
            for (size_t t = 0; t <= N; ++t) {
                const double v = c[q * (N + 1) + t];
                if (v == 0.0) continue;
                next[q * (N + 1) + t] += v;  // k_j = 0
                for (size_t k = 1; q < Q && k <= static_cast<size_t>(n) && t + k <= N; ++k)
                    next[(q + 1) * (N + 1) + t + k] += v;
            }
        std::swap(c, next);
    }
    double s = 0.0;
    for (double v : c) s += v;
    return s;
}

}  // namespace orca
