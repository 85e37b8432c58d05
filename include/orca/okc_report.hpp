#pragma once
// What an OKC analysis reports (math spec §4), apart from how it is computed: the algorithms
// (src/okc_enumeration, src/okc_pairs) fill it, the formatters and the reports read it.
#include <array>
#include <cstddef>
#include <string>
#include <vector>

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
    // a' K a, the invariant's other side: through the kernel's closed form, or the basis' explicit
    // features where they cost less (orca/expansion.hpp)
    double energy_kernel = 0.0;
    // false for a model stored by its coefficients: no support vectors are left to compute a'Ka
    // apart, and energy_kernel is sum c_k^2 again.
    bool energy_kernel_apart = true;
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

}  // namespace orca
