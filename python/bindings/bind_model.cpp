// Training, prediction and the model file.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <map>

#include "bindings.hpp"
#include "numpy_data.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"

namespace py = pybind11;

namespace orca::python {
namespace {

void require_matrix(const Array& X, const char* what) {
    if (X.ndim() != 2)
        throw DataError(std::string(what) + " must be a 2-D array, got " + std::to_string(X.ndim()) + "-D");
}

// Trains on X (m x d) with labels y01 in {0, 1} (index into the caller's classes_). The
// engine's classes are "0" and "1"; the caller renames them.
Model fit(const Array& X, const std::vector<int>& y01, const std::vector<std::string>& names, const std::string& family,
          double alpha, double beta, double lambda, const std::string& measure, const std::vector<int>& degrees,
          double C, double tol, double cache_mb, bool shrinking, long max_iter,
          const std::map<std::string, double>& class_weight, bool balanced, const std::vector<double>& sample_weight) {
    std::vector<std::string> labels;
    for (int v : y01) labels.push_back(v ? "1" : "0");
    Dataset ds = dataset_from(X, std::move(labels), names);
    ds.weights = sample_weight;
    TrainOptions o;
    o.family = FamilySpec::make(family, alpha, beta, lambda);
    o.measure = parse_measure(measure);
    o.degrees = degrees;
    o.C = C;
    o.solver.tolerance = tol;
    o.solver.cache_mb = cache_mb;
    o.solver.shrinking = shrinking;
    o.solver.max_iterations = max_iter;
    o.class_weight = class_weight;
    o.balanced = balanced;
    py::gil_scoped_release release;
    return Model::train(ds, o);
}

py::array_t<double> decision_function(const Model& model, const Array& X, const std::string& policy, size_t& clipped) {
    require_matrix(X, "X");
    const auto rows = static_cast<size_t>(X.shape(0));
    if (static_cast<size_t>(X.shape(1)) != model.dim())
        throw DataError("X has " + std::to_string(X.shape(1)) + " features, but the model was trained with " +
                        std::to_string(model.dim()));
    const OutOfRange p = parse_out_of_range(policy);
    std::vector<double> out;
    {
        py::gil_scoped_release release;
        out = model.decision_function(std::span(X.data(), rows * model.dim()), rows, p, "X", &clipped);
    }
    return py::array_t<double>(static_cast<py::ssize_t>(out.size()), out.data());
}

py::array_t<double> matrix(const std::vector<double>& v, size_t cols) {
    const auto rows = cols ? v.size() / cols : 0;
    py::array_t<double> a({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(cols)});
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

}  // namespace

void bind_model(py::module_& m) {
    py::class_<Model>(m, "Model", "A trained two-class machine (engine object; use orca_svm.OrcaSVC).")
        .def_property_readonly("feature_names", [](const Model& s) { return s.feature_names; })
        .def_property(
            "classes", [](const Model& s) { return s.classes; },
            [](Model& s, const std::vector<std::string>& c) {
                if (c.size() != 2) throw ParameterError("classes must hold two labels");
                s.classes = c;
            })
        .def_property(
            "target_name", [](const Model& s) { return s.target_name; },
            [](Model& s, const std::string& t) { s.target_name = t; })
        .def_property_readonly("family", [](const Model& s) { return to_string(s.family.kind); })
        .def_property_readonly("alpha", [](const Model& s) { return s.family.alpha; })
        .def_property_readonly("beta", [](const Model& s) { return s.family.beta; })
        .def_property_readonly("measure", [](const Model& s) { return to_string(s.measure); })
        .def_property_readonly("degrees", [](const Model& s) { return s.degrees; })
        .def_property_readonly("C", [](const Model& s) { return s.C; })
        .def_property_readonly("bias", [](const Model& s) { return s.bias; })
        .def_property_readonly(
            "support_vectors", [](const Model& s) { return matrix(s.support_vectors, s.dim()); },
            "support vectors in the kernel's (scaled) coordinates")
        .def_property_readonly(
            "support_vectors_raw",
            [](const Model& s) {
                // Inverse of the stored scaler: back to the user's units.
                std::vector<double> raw = s.support_vectors;
                const size_t d = s.dim();
                for (size_t k = 0; k < raw.size(); ++k) {
                    const size_t j = k % d;
                    raw[k] = s.scaler.unscale(j, raw[k]);
                }
                return matrix(raw, d);
            },
            "support vectors in the training data's units")
        .def_property_readonly(
            "coefficients", [](const Model& s) { return matrix(s.coefficients, 1).reshape({-1}); },
            "a_i = alpha_i y_i per support vector")
        .def_property_readonly("summary",
                               [](const Model& s) {
                                   const auto& t = s.summary;
                                   py::dict d;
                                   d["rows"] = t.rows;
                                   d["support_vectors"] = t.support_vectors;
                                   d["bounded_support_vectors"] = t.bounded_support_vectors;
                                   d["iterations"] = t.iterations;
                                   d["converged"] = t.converged;
                                   d["objective"] = t.objective;
                                   d["gap"] = t.gap;
                                   d["training_accuracy"] = t.training_accuracy;
                                   return d;
                               })
        .def(
            "decision_function",
            [](const Model& s, const Array& X, const std::string& policy) {
                size_t clipped = 0;
                auto out = decision_function(s, X, policy, clipped);
                return py::make_tuple(out, clipped);
            },
            py::arg("X"), py::arg("out_of_range") = "clip",
            "(decision values, number of rows clipped to the training range)")
        .def("to_json", [](const Model& s) { return model_to_json(s); })
        .def_static(
            "from_json",
            [](const std::string& text, const std::string& source) { return model_from_json(text, source); },
            py::arg("text"), py::arg("source") = "model")
        .def("save", [](const Model& s, const std::string& path) { save_model(s, path); })
        .def_static("load", [](const std::string& path) { return load_model(path); })
        .def(py::pickle([](const Model& s) { return model_to_json(s); },
                        [](const std::string& text) { return model_from_json(text, "pickle"); }));

    m.def("fit", &fit, py::arg("X"), py::arg("y01"), py::arg("feature_names"), py::arg("family"), py::arg("alpha"),
          py::arg("beta"), py::arg("lam"), py::arg("measure"), py::arg("degrees"), py::arg("C"), py::arg("tol"),
          py::arg("cache_mb"), py::arg("shrinking"), py::arg("max_iter"),
          py::arg("class_weight") = std::map<std::string, double>{}, py::arg("balanced") = false,
          py::arg("sample_weight") = std::vector<double>{},
          "Train a C-SVC; y01 holds 0/1 (1 = positive class). Releases the GIL.");
}

}  // namespace orca::python
