#pragma once
// ORCA's OKC indices (math spec §4): the squared RKHS norm E = sum_k c_k^2 split by interaction
// order q(k) = #{j : k_j > 0} and total degree N(k) = sum_j k_j, per feature, per pair and per
// feature subset. Computed exactly by one of two algorithms (math spec §5):
//   enumeration: every coefficient, O(#SV prod_j (n_j + 1)), streamed in bounded memory;
//   pairs: sums over support-vector pairs, O(#SV^2 d^3 n^2), no coefficient ever formed.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "orca/expansion.hpp"
#include "orca/names.hpp"

namespace orca {

enum class OkcMethod { automatic, enumeration, pairs };
template <>
struct EnumNames<OkcMethod> {
    static constexpr std::string_view setting = "method";
    static constexpr std::array<Named<OkcMethod>, 4> names{{{OkcMethod::automatic, "auto"},
                                                            {OkcMethod::enumeration, "enumeration"},
                                                            {OkcMethod::enumeration, "enumerate", true},
                                                            {OkcMethod::pairs, "pairs"}}};
};
[[nodiscard]] inline std::string to_string(OkcMethod m) {
    return std::string(name_of(m));
}
[[nodiscard]] inline OkcMethod parse_okc_method(const std::string& name) {
    return parse_name<OkcMethod>(name);
}

struct OkcOptions {
    OkcMethod method = OkcMethod::automatic;
    std::vector<double> eps{0.01, 0.05, 0.10};  // thresholds T_eps
    // Largest coefficients to list (enumeration only). -1: all of them (bounded by memory).
    long top_coefficients = 0;
    // true: when the pair algorithm is the one that runs, list no coefficients instead of
    // refusing (for defaults that ask for coefficients only where they are cheap).
    bool coefficients_if_cheap = false;
    size_t top_subsets = 10;
    double memory_limit_mb = 4096.0;  // refuse enumeration requests needing more
};

struct Coefficient {
    std::vector<int> index;  // multi-index k
    double value = 0.0;      // c_k
};

struct SubsetShare {
    std::vector<int> features;  // u, 0-based feature positions, increasing
    double share = 0.0;         // S_u
};

struct OkcReport {
    OkcMethod method = OkcMethod::enumeration;  // the algorithm actually used
    size_t dim = 0;
    std::vector<int> degrees;
    double energy = 0.0;         // E = sum_k c_k^2 (from the algorithm)
    double energy_kernel = 0.0;  // a' K a through the kernel: the invariant's other side
    double constant = 0.0;       // c_0
    // block[q][N] = C_N^(q) / E, q = 0..d, N = 0..sum_j n_j
    std::vector<std::vector<double>> block;
    std::vector<double> order;       // OKC(q)
    std::vector<double> spectrum;    // OKC_N
    std::vector<double> cumulative;  // F(N)
    int peak = 0;                    // N*
    std::vector<double> eps;
    std::vector<int> thresholds;       // T_eps, one per eps
    double even = 0.0, odd = 0.0;      // M_even, M_odd
    std::vector<double> marginal;      // OKC_i
    std::vector<double> pairwise;      // OKC_ij, d x d symmetric, zero diagonal
    std::vector<double> total_effect;  // T_i
    // Largest S_u: over every subset (enumeration), over subsets of size <= 2 (pairs).
    std::vector<SubsetShare> top_subsets;
    size_t max_subset_order = 0;            // the largest |u| the top_subsets list ranged over
    std::vector<Coefficient> coefficients;  // largest |c_k| first (enumeration only)
    double coefficient_count = 0.0;         // basis functions kept: prod_j (n_j + 1), or fewer under Q
    size_t max_order = 0;                   // interaction order Q of the basis (d: untruncated)
    size_t max_total_degree = 0;            // total-degree cap N of the basis (sum n_j: none)
};

// Estimated floating-point work of each algorithm, for the automatic choice and for messages.
struct OkcCost {
    double enumeration = 0.0;
    double pairs = 0.0;
};
[[nodiscard]] OkcCost estimate_okc_cost(const Expansion& e);

// One report for several machines of the same kernel (math spec's indices applied to their
// coefficient vectors together):
//   energy_weighted: shares of sum_m E_m, i.e. each machine's shares weighted by its energy E_m
//                    (the analysis of all machines' coefficients stacked into one vector);
//   mean:            the plain mean of the machines' shares, every machine counting equally.
// Peak, thresholds and parity are recomputed from the aggregated spectrum; subset shares are
// listed for |u| <= 2 (exact from OKC_i and OKC_ij); no coefficients are listed. energy is the
// sum (energy_weighted) or the mean (mean) of the machines' energies.
enum class OkcAggregation { energy_weighted, mean };
template <>
struct EnumNames<OkcAggregation> {
    static constexpr std::string_view setting = "aggregation";
    static constexpr std::array<Named<OkcAggregation>, 2> names{
        {{OkcAggregation::energy_weighted, "energy-weighted"}, {OkcAggregation::mean, "mean"}}};
};
[[nodiscard]] inline std::string to_string(OkcAggregation a) {
    return std::string(name_of(a));
}
[[nodiscard]] OkcReport aggregate_reports(const std::vector<OkcReport>& reports, OkcAggregation how,
                                          size_t top_subsets = 10);

// Throws ParameterError for options outside their domain (eps outside (0, 1), memory <= 0):
// callers check before long work, analyze checks again.
void validate(const OkcOptions& options);
// Throws ResourceError when a forced enumeration cannot fit (message points to pairs) and
// ParameterError for bad options (eps outside (0, 1), coefficients with the pairs method).
[[nodiscard]] OkcReport analyze(const Expansion& e, const OkcOptions& options = {});

}  // namespace orca
