// Local explanations: Shapley values, ANOVA components, interactions, shape functions.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "numpy_data.hpp"
#include "orca/errors.hpp"
#include "orca/explain.hpp"

namespace py = pybind11;

namespace orca::python {
namespace {

py::array_t<double> shaped(const std::vector<double>& v, std::vector<py::ssize_t> shape) {
    py::array_t<double> a(shape);
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

}  // namespace

void bind_explain(py::module_& m) {
    m.def(
        "explain",
        [](const Model& model, const Array& X, bool components, bool interactions, const std::string& policy) {
            if (X.ndim() != 2 || static_cast<size_t>(X.shape(1)) != model.dim())
                throw DataError("X must be 2-D with " + std::to_string(model.dim()) + " columns");
            ExplainOptions o;
            o.components = components;
            o.interactions = interactions;
            o.out_of_range = parse_out_of_range(policy);
            const auto rows = static_cast<size_t>(X.shape(0));
            Explanation e;
            {
                py::gil_scoped_release release;
                e = explain(model, std::span(X.data(), rows * model.dim()), rows, o, "X");
            }
            const auto r = static_cast<py::ssize_t>(rows), d = static_cast<py::ssize_t>(model.dim());
            py::dict out;
            out["base"] = e.base;
            out["decision"] = shaped(e.decision, {r});
            out["shapley"] = shaped(e.shapley, {r, d});
            out["clipped"] = e.clipping;
            if (components) {
                out["main"] = shaped(e.main, {r, d});
                out["pair"] = shaped(e.pair, {r, d * (d - 1) / 2});
                out["remainder"] = shaped(e.remainder, {r});
            }
            if (interactions) out["interaction"] = shaped(e.interaction, {r, d, d});
            return out;
        },
        py::arg("model"), py::arg("X"), py::arg("components") = true, py::arg("interactions") = false,
        py::arg("out_of_range") = "clip", "Exact Shapley values and ANOVA components per row (releases the GIL).");
    m.def(
        "shape_functions",
        [](const Model& model, size_t grid) {
            py::list out;
            for (const auto& s : shape_functions(model, grid))
                out.append(py::make_tuple(s.feature, shaped(s.x, {static_cast<py::ssize_t>(s.x.size())}),
                                          shaped(s.h, {static_cast<py::ssize_t>(s.h.size())})));
            return out;
        },
        py::arg("model"), py::arg("grid") = 100);
    m.def(
        "pair_surface",
        [](const Model& model, size_t first, size_t second, size_t grid) {
            const PairSurface s = pair_surface(model, first, second, grid);
            // A categorical feature's axis is its levels, not the grid.
            const auto nx = static_cast<py::ssize_t>(s.x.size()), ny = static_cast<py::ssize_t>(s.y.size());
            return py::make_tuple(shaped(s.x, {nx}), shaped(s.y, {ny}), shaped(s.h, {nx, ny}));
        },
        py::arg("model"), py::arg("first"), py::arg("second"), py::arg("grid") = 40);
    m.def(
        "shapley_by_coalitions",
        [](const Model& model, const Array& X) {
            const auto rows = static_cast<size_t>(X.shape(0));
            auto v = shapley_by_coalitions(model, std::span(X.data(), rows * model.dim()), rows);
            return shaped(v, {static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(model.dim())});
        },
        py::arg("model"), py::arg("X"), "Reference: Shapley values by enumerating all 2^d coalitions.");
}

}  // namespace orca::python
