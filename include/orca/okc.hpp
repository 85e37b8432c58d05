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
#include "orca/okc_report.hpp"

namespace orca {

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
