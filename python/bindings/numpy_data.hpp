#pragma once
// numpy arrays in, engine data out: shared by the binding files.
#include <pybind11/numpy.h>

#include <string>
#include <vector>

#include "orca/dataset.hpp"
#include "orca/errors.hpp"

namespace orca::python {

// A C-contiguous float64 view; numpy copies only when the layout or type differs.
using Array = pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast>;

// X (rows x d) with one label per row and one name per column; errors name what is wrong.
inline Dataset dataset_from(const Array& X, std::vector<std::string> y, const std::vector<std::string>& names) {
    if (X.ndim() != 2) throw DataError("X must be a 2-D array, got " + std::to_string(X.ndim()) + "-D");
    Dataset ds;
    ds.source = "X";
    ds.rows = static_cast<size_t>(X.shape(0));
    ds.cols = static_cast<size_t>(X.shape(1));
    if (names.size() != ds.cols) throw ParameterError("feature_names must have one name per column");
    if (y.size() != ds.rows) throw DataError("y must have one label per row of X");
    ds.feature_names = names;
    ds.target_name = "y";
    ds.X.assign(X.data(), X.data() + ds.rows * ds.cols);
    ds.target = std::move(y);
    return ds;
}

}  // namespace orca::python
