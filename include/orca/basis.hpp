#pragma once
// The tensor-product basis: one orthonormal 1-D family and one truncation degree per feature.
#include <cstddef>
#include <vector>

#include "orca/family.hpp"

namespace orca {

class Basis {
  public:
    // One family for all features, degrees[j] = n_j (>= 0). Throws ParameterError.
    Basis(const FamilySpec& family, Measure measure, std::vector<int> degrees);

    [[nodiscard]] size_t dim() const { return degrees_.size(); }
    [[nodiscard]] int degree(size_t j) const { return degrees_[j]; }
    [[nodiscard]] const std::vector<int>& degrees() const { return degrees_; }
    [[nodiscard]] int max_degree() const;
    [[nodiscard]] const Recurrence& recurrence(size_t j) const { return recurrences_[j]; }
    [[nodiscard]] const FamilySpec& family() const { return family_; }
    [[nodiscard]] Measure measure() const { return measure_; }
    // prod_j p_0^{(j)}: the constant basis function phi_0.
    [[nodiscard]] double constant_function() const;
    // Number of basis functions prod_j (n_j + 1), as a double because it can exceed 2^64.
    [[nodiscard]] double size() const;

  private:
    FamilySpec family_;
    Measure measure_;
    std::vector<int> degrees_;
    std::vector<Recurrence> recurrences_;
};

}  // namespace orca
