#include "orca/basis.hpp"

#include <algorithm>
#include <string>

#include "orca/errors.hpp"

namespace orca {

Basis::Basis(const FamilySpec& family, Measure measure, std::vector<int> degrees)
    : family_(family), measure_(measure), degrees_(std::move(degrees)) {
    if (degrees_.empty()) throw ParameterError("the basis needs at least one feature");
    recurrences_.reserve(degrees_.size());
    for (size_t j = 0; j < degrees_.size(); ++j) {
        if (degrees_[j] < 0)
            throw ParameterError("degree must be >= 0, got " + std::to_string(degrees_[j]) + " for feature " +
                                 std::to_string(j + 1));
        recurrences_.emplace_back(family_, measure_, degrees_[j]);
    }
}

int Basis::max_degree() const {
    return *std::max_element(degrees_.begin(), degrees_.end());
}

double Basis::constant_function() const {
    double c = 1.0;
    for (const auto& r : recurrences_) c *= r.p0();
    return c;
}

double Basis::size() const {
    double s = 1.0;
    for (int n : degrees_) s *= static_cast<double>(n) + 1.0;
    return s;
}

}  // namespace orca
