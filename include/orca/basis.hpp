#pragma once
// The tensor-product basis: one orthonormal 1-D family and one truncation degree per feature,
// optionally truncated by interaction order (only the functions phi_k with at most Q active
// features, k_j > 0 for at most Q of the j: "ANOVA" truncation) and by total degree (only the
// phi_k with sum_j k_j <= N); math.md.
#include <cstddef>
#include <vector>

#include "orca/family.hpp"

namespace orca {

// The defaults users get from `orca fit` and OrcaSVC()/OrcaSVR() (measured in docs/accuracy.md):
// degree 3 and the automatic interaction order, which keeps the full tensor product for one or
// two features and an additive model (Q = 1) beyond: with more features the full product
// interpolates, and on the data sets measured the additive model is within two points of an
// untuned RBF SVM where pairs (Q = 2) were not.
inline constexpr int kDefaultDegree = 3;
inline constexpr int kMaxDegree = 10000;  // the largest degree a basis (and a model file) takes
inline constexpr int kAutoMaxOrder = -1;  // a max_order setting: resolve by the number of features
// The interaction order a max_order setting means for d features: 0 (the full product) or Q >= 1.
[[nodiscard]] int resolve_max_order(int setting, size_t d);
// The total-degree cap a max_total_degree setting means for these degrees (one per feature, or
// one for all d features): 0 (no cap) when it is 0 or at least sum_j n_j. Throws when negative.
[[nodiscard]] int resolve_max_total_degree(int setting, const std::vector<int>& degrees, size_t d);

// What a basis of these degrees (one per feature), interaction order Q in force (1..d) and
// total-degree cap N in force (0: none) holds, for displays that show only what can be there:
// whether any of its functions has features i and j both active, and the highest total degree
// of any of its functions (the sum of the Q largest n_j, at most N).
[[nodiscard]] bool holds_pair(const std::vector<int>& degrees, size_t max_order, size_t max_total_degree, size_t i,
                              size_t j);
[[nodiscard]] size_t highest_total_degree(const std::vector<int>& degrees, size_t max_order, size_t max_total_degree);

// What the kernel is: the family and its parameters, the measure, the degrees and the
// truncations; one declaration for a request (TrainOptions), a grid's setting and a trained
// Model. Requests may hold settings still to resolve (one degree for every feature,
// kAutoMaxOrder); a Model holds them resolved (a degree per feature, Q and N as numbers).
struct KernelSpec {
    FamilySpec family;
    Measure measure = Measure::probability;
    std::vector<int> degrees{kDefaultDegree};  // one entry: every feature; else one per feature
    int max_order = 0;                         // interaction order Q (0: the full tensor product; kAutoMaxOrder: by d)
    int max_total_degree = 0;                  // total-degree cap N (0: none)
    // Categorical features: per feature, the training frequencies of its L levels (its basis is
    // the discrete measure's, degree L - 1), empty for a numeric feature; empty: none at all.
    std::vector<std::vector<double>> level_weights;
    // Numeric features with a gap level (missing level, gaps in training): per feature the
    // training share of its gaps, in (0, 1), or 0; empty: none at all. Such a feature's basis is
    // its polynomials of degree n on the values present plus the gap's function
    // (Recurrence::with_gap), and its degree is n + 1: the gap's function is number n + 1, and
    // counts so in total degree.
    std::vector<double> gap_weights;
    [[nodiscard]] bool has_gap_level(size_t j) const { return j < gap_weights.size() && gap_weights[j] > 0.0; }
};

// Where level l of a categorical feature of L levels sits in the kernel's coordinates: spread
// evenly over [-1, 1] (0 for a single level). The scaler maps level codes there.
[[nodiscard]] double categorical_node(size_t level, size_t levels);

class Basis {
  public:
    // One family for all features, degrees[j] = n_j (>= 0); max_order Q >= 1 keeps the functions
    // of at most Q active features, 0 keeps all (the full tensor product). Throws ParameterError.
    // max_total_degree N >= 1 keeps the functions of total degree at most N, 0 all.
    // level_weights: KernelSpec's (a categorical feature's degree must be its levels - 1).
    // gap_weights: KernelSpec's (a feature with a gap level has degree n + 1 >= 1).
    Basis(const FamilySpec& family, Measure measure, std::vector<int> degrees, int max_order = 0,
          int max_total_degree = 0, const std::vector<std::vector<double>>& level_weights = {},
          const std::vector<double>& gap_weights = {});

    [[nodiscard]] size_t dim() const { return degrees_.size(); }
    [[nodiscard]] int degree(size_t j) const { return degrees_[j]; }
    [[nodiscard]] const std::vector<int>& degrees() const { return degrees_; }
    [[nodiscard]] int max_degree() const;
    [[nodiscard]] const Recurrence& recurrence(size_t j) const { return recurrences_[j]; }
    // Whether feature j is categorical (its recurrence is a discrete measure's).
    [[nodiscard]] bool categorical(size_t j) const { return j < categorical_.size() && categorical_[j]; }
    [[nodiscard]] const FamilySpec& family() const { return family_; }
    [[nodiscard]] Measure measure() const { return measure_; }
    // prod_j p_0^{(j)}: the constant basis function phi_0.
    [[nodiscard]] double constant_function() const;
    // The interaction order Q in force: min(max_order, d), or d without truncation.
    [[nodiscard]] size_t max_order() const { return max_order_; }
    // True when Q < d: functions of more than Q features are left out.
    [[nodiscard]] bool order_truncated() const { return max_order_ < dim(); }
    // The total degree cap in force: min(max_total_degree, sum_j n_j), or sum_j n_j without one.
    [[nodiscard]] size_t max_total_degree() const { return max_total_degree_; }
    // True when the cap is below sum_j n_j: functions of higher total degree are left out.
    [[nodiscard]] bool degree_truncated() const { return max_total_degree_ < total_degree(); }
    // sum_j n_j: the highest total degree of the full product.
    [[nodiscard]] size_t total_degree() const;
    // True when either truncation leaves functions out.
    [[nodiscard]] bool truncated() const { return order_truncated() || degree_truncated(); }
    // Whether phi_k with `active` non-zero indices is kept (by the order alone).
    [[nodiscard]] bool keeps_order(size_t active) const { return active <= max_order_; }
    // Whether phi_k with `active` non-zero indices and total degree `total` is kept.
    [[nodiscard]] bool keeps(size_t active, size_t total) const {
        return active <= max_order_ && total <= max_total_degree_;
    }
    // Number of basis functions kept: prod_j (n_j + 1) without truncation, else
    // sum_{|u| <= Q} prod_{j in u} n_j; a double because it can exceed 2^64.
    [[nodiscard]] double size() const;
    // prod_j (n_j + 1): the size of the untruncated product (the enumeration's index space).
    [[nodiscard]] double product_size() const;

  private:
    FamilySpec family_;
    Measure measure_;
    std::vector<int> degrees_;
    size_t max_order_ = 0;
    size_t max_total_degree_ = 0;
    std::vector<Recurrence> recurrences_;
    std::vector<bool> categorical_;
};

}  // namespace orca
