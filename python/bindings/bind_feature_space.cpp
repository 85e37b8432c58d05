// The feature space of a classifier or an epsilon-SVR, for drivers that solve its dual elsewhere
// (orca_svm.dask). Pickled as its constructor's arguments, so that each Dask worker rebuilds it.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>

#include "bindings.hpp"
#include "numpy_data.hpp"
#include "orca/errors.hpp"
#include "orca/feature_space.hpp"
#include "orca/settings.hpp"

namespace py = pybind11;

namespace orca::python {
namespace {

// What a FeatureSpace is built from (and pickled as).
struct SpaceRequest {
    SettingTexts settings;
    std::vector<std::string> feature_names;
    std::vector<std::string> classes;
    ColumnStatistics statistics;
};

struct BoundSpace {
    SpaceRequest request;
    FeatureSpace space;
    explicit BoundSpace(SpaceRequest r)
        : request(std::move(r)),
          space(train_options(request.settings, request.feature_names), request.feature_names, request.classes,
                request.statistics) {}
};

size_t checked_rows(const Array& X, size_t d, const char* what) {
    if (X.ndim() != 2 || static_cast<size_t>(X.shape(1)) != d)
        throw DataError(std::string(what) + " must be a 2-D array of " + std::to_string(d) + " columns");
    return static_cast<size_t>(X.shape(0));
}

// A machine the driver solved: (support vectors in kernel coordinates, a_i, bias, summary), or
// (None, c over the kept functions, bias, summary) for a model stored by coefficients, its
// summary then counting the support vectors.
Machine solved_machine(const py::tuple& parts, size_t d) {
    const auto summary = parts[3].cast<py::dict>();
    Machine machine;
    if (parts[0].is_none()) {
        machine.function_coefficients = parts[1].cast<std::vector<double>>();
        machine.summary.support_vectors = summary["support_vectors"].cast<size_t>();
    } else {
        const auto sv = parts[0].cast<Array>();
        const size_t count = checked_rows(sv, d, "support_vectors");
        machine.support_vectors.assign(sv.data(), sv.data() + count * d);
        machine.coefficients = parts[1].cast<std::vector<double>>();
        machine.summary.support_vectors = machine.coefficients.size();
    }
    machine.bias = parts[2].cast<double>();
    TrainingSummary& t = machine.summary;
    t.rows = summary["rows"].cast<size_t>();
    t.bounded_support_vectors = summary["bounded_support_vectors"].cast<size_t>();
    t.interior_point_steps = summary["interior_point_steps"].cast<int>();
    t.iterations = summary["iterations"].cast<long>();
    t.converged = summary["converged"].cast<bool>();
    t.objective = summary["objective"].cast<double>();
    t.gap = summary["gap"].cast<double>();
    t.duality_gap = summary["duality_gap"].cast<double>();
    // No iteration cap stops this route: a fit above the tolerance stalled on precision.
    t.stop = t.converged ? StopReason::converged : StopReason::precision;
    return machine;
}

py::array_t<double> matrix(std::vector<double> v, size_t rows, size_t cols) {
    py::array_t<double> a({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(cols)});
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

}  // namespace

void bind_feature_space(py::module_& m) {
    py::class_<BoundSpace>(m, "FeatureSpace",
                           "a model's explicit feature space (a classifier's or an epsilon-SVR's), its settings "
                           "resolved from column statistics")
        .def(py::init([](const SettingTexts& settings, const std::vector<std::string>& feature_names,
                         const std::vector<std::string>& classes, const std::vector<double>& class_rows,
                         const std::vector<double>& min, const std::vector<double>& max,
                         const std::vector<double>& mean, const std::vector<double>& sd,
                         const std::vector<double>& missing, const std::optional<std::vector<double>>& target,
                         const std::string& target_name, const std::vector<std::vector<std::string>>& levels,
                         const std::vector<std::vector<double>>& level_counts,
                         const std::vector<std::vector<double>>& knot_x,
                         const std::vector<std::vector<double>>& knot_below,
                         const std::vector<std::vector<double>>& knot_ties) {
                 ColumnStatistics statistics{min, max, mean, sd, missing, class_rows};
                 statistics.levels = levels;
                 statistics.level_counts = level_counts;
                 statistics.knot_x = knot_x;
                 statistics.knot_below = knot_below;
                 statistics.knot_ties = knot_ties;
                 if (target) {
                     if (target->size() != 4) throw ParameterError("target: (min, max, mean, sd)");
                     statistics.target_min = (*target)[0];
                     statistics.target_max = (*target)[1];
                     statistics.target_mean = (*target)[2];
                     statistics.target_sd = (*target)[3];
                 }
                 statistics.target_name = target_name;
                 return BoundSpace(SpaceRequest{settings, feature_names, classes, statistics});
             }),
             py::arg("settings"), py::arg("feature_names"), py::arg("classes"), py::arg("class_rows"), py::arg("min"),
             py::arg("max"), py::arg("mean"), py::arg("sd"), py::arg("missing"), py::arg("target") = py::none(),
             py::arg("target_name") = "y", py::arg("levels") = std::vector<std::vector<std::string>>{},
             py::arg("level_counts") = std::vector<std::vector<double>>{},
             py::arg("knot_x") = std::vector<std::vector<double>>{},
             py::arg("knot_below") = std::vector<std::vector<double>>{},
             py::arg("knot_ties") = std::vector<std::vector<double>>{},
             "a regression (settings' task) takes no classes and its target's (min, max, mean, sd); categorical "
             "features their levels (per feature, [] for a numeric one) and rows per level, X holding their codes; "
             "scaling quantile each feature's knots and the values below and at each")
        .def_property_readonly("size", [](const BoundSpace& s) { return s.space.size(); }, "p, the kept functions")
        .def("upper", [](const BoundSpace& s, size_t klass) { return s.space.upper(klass); }, py::arg("klass"),
             "C times the class weight of class 0 (negative) or 1")
        .def_property_readonly("tolerance", [](const BoundSpace& s) { return s.space.settings().tolerance; })
        .def_property_readonly("target_shift", [](const BoundSpace& s) { return s.space.target_shift(); },
                               "a regression is solved on (z - target_shift) / target_scale")
        .def_property_readonly("target_scale", [](const BoundSpace& s) { return s.space.target_scale(); })
        .def_property_readonly("epsilon", [](const BoundSpace& s) { return s.space.settings().epsilon; })
        .def(
            "scaled",
            [](const BoundSpace& s, const Array& X, const std::string& source) {
                const size_t d = s.space.settings().dim(), rows = checked_rows(X, d, "X");
                std::vector<double> out;
                {
                    py::gil_scoped_release release;
                    out = s.space.scaled(std::span(X.data(), rows * d), rows, source);
                }
                return matrix(std::move(out), rows, d);
            },
            py::arg("X"), py::arg("source") = "X", "raw rows in kernel coordinates")
        .def(
            "features",
            [](const BoundSpace& s, const Array& points) {
                const size_t d = s.space.settings().dim(), rows = checked_rows(points, d, "points"),
                             p = s.space.size();
                py::array_t<double> out({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(p)});
                double* data = out.mutable_data();
                {
                    py::gil_scoped_release release;
                    s.space.features(std::span(points.data(), rows * d), rows, std::span(data, rows * p));
                }
                return out;
            },
            py::arg("points"), "phi(x) of rows in kernel coordinates: rows x p")
        .def(
            "stores_coefficients", [](const BoundSpace& s, double held) { return s.space.stores_coefficients(held); },
            py::arg("held"),
            "whether the model is stored by coefficients (the store setting) when the machines' support vectors "
            "would hold this many numbers (count x d, summed over machines)")
        .def(
            "model",
            [](const BoundSpace& s, const py::list& solved, size_t rows, size_t support_vectors,
               double training_accuracy) {
                const size_t d = s.space.settings().dim();
                std::vector<Machine> machines;
                for (const auto& item : solved) {
                    const auto parts = item.cast<py::tuple>();
                    Machine machine = solved_machine(parts, d);
                    machine.summary.training_accuracy = parts[3].cast<py::dict>()["training_accuracy"].cast<double>();
                    if (parts.size() > 4 && !parts[4].is_none()) {  // Platt's (A, B)
                        const auto sigmoid = parts[4].cast<std::pair<double, double>>();
                        machine.sigmoid = Sigmoid{sigmoid.first, sigmoid.second};
                    }
                    machines.push_back(std::move(machine));
                }
                return s.space.model(std::move(machines), rows, support_vectors, training_accuracy);
            },
            py::arg("machines"), py::arg("rows"), py::arg("support_vectors"), py::arg("training_accuracy"),
            "the Model of the machines solved in this space, each (support vectors in kernel coordinates, "
            "a_i, bias, summary[, Platt's (A, B)]) or (None, c over the kept functions, bias, summary[, (A, B)]), in "
            "machine_classes' order")
        .def(
            "regression_model",
            [](const BoundSpace& s, const py::tuple& solved, double training_r2) {
                return s.space.regression_model(solved_machine(solved, s.space.settings().dim()), training_r2);
            },
            py::arg("machine"), py::arg("training_r2"),
            "the Model of the epsilon-SVR machine solved in this space on (z - target_shift) / target_scale: "
            "(support vectors in kernel coordinates, a_i, bias, summary), scaled back to the target's units")
        .def_property_readonly(
            "machine_classes",
            [](const BoundSpace& s) {
                std::vector<std::pair<std::vector<size_t>, std::vector<size_t>>> out;  // (negative, positive) codes
                const auto& classes = s.space.settings().classes;
                for (const auto& pair : machine_classes(s.space.settings())) {
                    std::vector<size_t> negative, positive;
                    const auto code = [&](const std::string& name) {
                        return static_cast<size_t>(std::find(classes.begin(), classes.end(), name) - classes.begin());
                    };
                    positive.push_back(code(pair[1]));
                    if (pair[0] == kRestLabel)
                        for (size_t c = 0; c < classes.size(); ++c) {
                            if (c != positive.front()) negative.push_back(c);
                        }
                    else
                        negative.push_back(code(pair[0]));
                    out.emplace_back(std::move(negative), std::move(positive));
                }
                return out;
            },
            "per machine, the class codes of its negative and positive rows")
        .def(py::pickle(
            [](const BoundSpace& s) {
                const auto& r = s.request;
                const auto& c = r.statistics;
                return py::make_tuple(r.settings, r.feature_names, r.classes, c.class_rows, c.min, c.max, c.mean, c.sd,
                                      c.missing, std::vector<double>{c.target_min, c.target_max, c.target_mean,
                                                                     c.target_sd},
                                      c.target_name, c.levels, c.level_counts, c.knot_x, c.knot_below,
                                      c.knot_ties);
            },
            [](const py::tuple& t) {
                ColumnStatistics statistics{t[4].cast<std::vector<double>>(), t[5].cast<std::vector<double>>(),
                                            t[6].cast<std::vector<double>>(), t[7].cast<std::vector<double>>(),
                                            t[8].cast<std::vector<double>>(), t[3].cast<std::vector<double>>()};
                const auto target = t[9].cast<std::vector<double>>();
                statistics.target_min = target[0];
                statistics.target_max = target[1];
                statistics.target_mean = target[2];
                statistics.target_sd = target[3];
                statistics.target_name = t[10].cast<std::string>();
                statistics.levels = t[11].cast<std::vector<std::vector<std::string>>>();
                statistics.level_counts = t[12].cast<std::vector<std::vector<double>>>();
                statistics.knot_x = t[13].cast<std::vector<std::vector<double>>>();
                statistics.knot_below = t[14].cast<std::vector<std::vector<double>>>();
                statistics.knot_ties = t[15].cast<std::vector<std::vector<double>>>();
                return BoundSpace(SpaceRequest{t[0].cast<SettingTexts>(), t[1].cast<std::vector<std::string>>(),
                                               t[2].cast<std::vector<std::string>>(), statistics});
            }));
    m.def(
        "screening",
        [] {
            const Screening s = screening();
            py::dict out;
            out["widths"] = s.widths;
            out["settled"] = s.settled;
            out["max_steps"] = s.max_steps;
            out["hinge_margin"] = s.hinge_margin;
            out["min_working_points"] = s.min_working_points;
            out["rounds"] = s.rounds;
            return out;
        },
        "how training screens a two-class machine's dual from the smoothed hinge: the engine's constants");
    m.def("screens", &screens, py::arg("points"), py::arg("functions"), py::arg("regression"),
          "whether training screens a machine of this many rows and functions (regression: an epsilon-SVR's)");
}

}  // namespace orca::python
