// The OKC analysis: choose the algorithm, run it, normalise and derive every index.
#include "orca/okc.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "analysis/okc_enumeration.hpp"
#include "analysis/okc_functions.hpp"
#include "analysis/okc_pairs.hpp"
#include "analysis/okc_raw.hpp"
#include "orca/errors.hpp"
#include "parallel/work_team.hpp"
#include "platform/system_memory.hpp"

namespace orca {
namespace {

// Forced enumerations beyond this much work are refused: hours on a laptop.
constexpr double kMaxEnumerationFlops = 1e13;
// The automatic choice lists coefficients (when asked) by enumeration up to this much work.
constexpr double kCoefficientListFlops = 2e11;

std::string human(double v) {
    std::ostringstream os;
    os.precision(3);
    os << v;
    return os.str();
}

double enumeration_memory_bytes(const Expansion& e, long top) {
    const double count = e.basis.product_size();
    const double threads = parallel::thread_limit();
    // Active-set masses: at most min(2^d, count) subsets per thread, ~64 bytes each in a hash map.
    const double subsets = std::min(std::pow(2.0, static_cast<double>(e.dim())), count) * 64.0 * threads;
    const double scratch = threads * static_cast<double>(e.dim() + 2) * static_cast<double>(e.count()) * 8.0;
    const double listed = top < 0
                              ? count * (24.0 + 4.0 * static_cast<double>(e.dim()) + 32.0)
                              : static_cast<double>(top) * (24.0 + 4.0 * static_cast<double>(e.dim()) + 32.0) * threads;
    return subsets + scratch + listed;
}

OkcReport report_of(const Expansion& e, const OkcOptions& options, OkcMethod method, const RawOkc& raw) {
    OkcReport r;
    r.method = method;
    r.dim = e.dim();
    r.degrees = e.basis.degrees();
    r.eps = options.eps;
    r.coefficient_count = e.basis.size();
    r.max_order = e.basis.max_order();
    r.max_total_degree = e.basis.degree_truncated() ? e.basis.max_total_degree() : 0;
    derive_report(r, raw);
    if (r.top_subsets.size() > options.top_subsets) r.top_subsets.resize(options.top_subsets);
    r.energy_kernel = rkhs_norm_squared_cheaper(e);
    r.constant = constant_coefficient(e);
    return r;
}

// A machine stored by its coefficients: every index from the given c_k (reported as the
// enumeration, which it is; the pair algorithm needs support vectors, so asking for it is refused).
OkcReport analyze_functions(const Expansion& e, const OkcOptions& options) {
    if (options.method == OkcMethod::pairs)
        throw ParameterError("the pair algorithm sums over support vectors, which this model does not keep (it is "
                             "stored by its basis coefficients); use method enumeration or automatic");
    OkcReport r = report_of(e, options, OkcMethod::enumeration, okc_by_functions(e, options.top_coefficients));
    r.energy_kernel_apart = false;
    return r;
}

}  // namespace

OkcCost estimate_okc_cost(const Expansion& e) {
    const double m = static_cast<double>(e.count());
    OkcCost c;
    if (e.by_functions()) {  // every coefficient given; no support vectors to pair
        c.enumeration = static_cast<double>(e.functions.size() * (e.dim() + 4));
        c.pairs = std::numeric_limits<double>::infinity();
        return c;
    }
    // Leaf products dominate: 2 flops per (support vector, coefficient), plus the walk.
    c.enumeration = 2.0 * m * e.basis.product_size() + 4.0 * e.basis.product_size();
    double per_pair = 0.0, N = 0.0;
    for (size_t j = 0; j < e.dim(); ++j) {
        const double n = e.basis.degree(j);
        // The (q, N) table grows with the features done, up to q <= Q (and N <= Q max n).
        const double orders =
            std::min<double>(static_cast<double>(j) + 1.0, static_cast<double>(e.basis.max_order()) + 1.0);
        per_pair += 2.0 * orders * (N + 1.0) * (n + 1.0) + 3.0 * n;
        N = std::min(N + n, static_cast<double>(e.basis.max_order()) * e.basis.max_degree());
    }
    per_pair += static_cast<double>(e.dim() + 1) * (N + 1.0);
    c.pairs = 0.5 * m * (m + 1.0) * per_pair;
    return c;
}

void validate(const OkcOptions& options) {
    for (double eps : options.eps)
        if (!(eps > 0.0 && eps < 1.0)) throw ParameterError("eps values must lie in (0, 1), got " + human(eps));
    if (!(options.memory_limit_mb > 0.0)) throw ParameterError("memory_mb must be > 0");
}

OkcReport analyze(const Expansion& e, const OkcOptions& requested) {
    if (e.count() == 0 && !e.by_functions()) throw ParameterError("the model has no support vectors to analyse");
    validate(requested);
    // A list longer than the basis is the whole basis (top=10^12 is "all", not a memory estimate
    // for 10^12 entries).
    OkcOptions options = requested;
    const double basis_size = static_cast<double>(e.basis.size());
    if (options.top_coefficients > 0 && static_cast<double>(options.top_coefficients) > basis_size)
        options.top_coefficients = static_cast<long>(basis_size);
    if (e.dim() > 63) throw ParameterError("the analysis supports at most 63 features");
    if (e.by_functions()) return analyze_functions(e, options);
    const OkcCost cost = estimate_okc_cost(e);
    const bool wants_coefficients = options.top_coefficients != 0;
    OkcMethod method = options.method;
    const double machine_limit = 0.8 * available_memory_bytes();
    const double mem_limit = std::min(options.memory_limit_mb * 1048576.0, machine_limit);
    // The limit that binds, as the refusal names it.
    const std::string limit_text =
        options.memory_limit_mb * 1048576.0 <= machine_limit
            ? human(options.memory_limit_mb) + " MiB limit (memory_mb)"
            : human(machine_limit / 1048576.0) + " MiB this machine can give (80% of its available memory)";
    const double mem = enumeration_memory_bytes(e, options.top_coefficients);
    if (method == OkcMethod::automatic) {
        const bool enumeration_fits = mem <= mem_limit && cost.enumeration <= kMaxEnumerationFlops;
        if (wants_coefficients && enumeration_fits && cost.enumeration <= std::max(kCoefficientListFlops, cost.pairs))
            method = OkcMethod::enumeration;
        else
            method = enumeration_fits && cost.enumeration <= cost.pairs ? OkcMethod::enumeration : OkcMethod::pairs;
    }
    long top = options.top_coefficients;
    if (method == OkcMethod::pairs && wants_coefficients && options.coefficients_if_cheap)
        top = 0;
    else if (method == OkcMethod::pairs && wants_coefficients)
        throw ParameterError("individual coefficients need the enumeration algorithm, which " +
                             std::string(options.method == OkcMethod::pairs ? "was not chosen" : "cannot run here") +
                             " (" + human(e.basis.product_size()) +
                             " coefficients); ask for none (coefficients: none)");
    if (method == OkcMethod::enumeration) {
        if (mem > mem_limit)
            throw ResourceError("enumerating " + human(e.basis.product_size()) + " coefficients needs about " +
                                human(mem / 1048576.0) + " MiB, over the " + limit_text +
                                "; use the pair algorithm (method: pairs), which gives every index "
                                "except individual coefficients");
        if (cost.enumeration > kMaxEnumerationFlops)
            throw ResourceError("enumerating " + human(e.basis.product_size()) + " coefficients would take about " +
                                human(cost.enumeration) +
                                " floating-point operations (hours); use the pair "
                                "algorithm (method: pairs, about " +
                                human(cost.pairs) +
                                "), which gives every index "
                                "except individual coefficients");
    }
    const auto P = basis_values(e);
    const RawOkc raw = method == OkcMethod::enumeration ? okc_by_enumeration(e, P, top) : okc_by_pairs(e, P);
    return report_of(e, options, method, raw);
}

}  // namespace orca
