// Training, prediction and the model file.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "bindings.hpp"
#include "numpy_data.hpp"
#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/multiclass.hpp"
#include "orca/probability.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "orca/training_monitor.hpp"

namespace py = pybind11;

namespace orca::python {
namespace {

void require_matrix(const Array& X, const char* what) {
    if (X.ndim() != 2)
        throw DataError(std::string(what) + " must be a 2-D array, got " + std::to_string(X.ndim()) + "-D");
}

// Trains on X (m x d). Classification: y holds class codes 0..k-1 (index into the caller's
// classes_; the engine's classes are "0".."k-1" and the caller renames them). Regression: y holds
// the targets themselves.
Model fit(const Array& X, const std::vector<double>& y, const std::vector<std::string>& names,
          const SettingTexts& settings, const std::vector<double>& sample_weight, bool verbose,
          const std::vector<std::vector<std::string>>& levels) {
    TrainOptions o = train_options(settings, names);
    std::vector<std::string> labels;
    for (double v : y)
        labels.push_back(o.task == Task::regression ? fmt::format("{:.17g}", v) : std::to_string(static_cast<long>(v)));
    Dataset ds = dataset_from(X, std::move(labels), names);
    ds.weights = sample_weight;
    if (std::any_of(levels.begin(), levels.end(), [](const auto& l) { return !l.empty(); })) ds.levels = levels;
    // verbose: the CLI's progress line through Python's sys.stderr (so notebooks show it), the GIL
    // taken only to write; the first report at once, so short verbose fits show one.
    if (verbose)
        watch_training(
            o, "fit",
            [](const std::string& line) {
                py::gil_scoped_acquire gil;
                py::module_::import("sys").attr("stderr").attr("write")(line + "\n");
            },
            true);
    py::gil_scoped_release release;
    return train_model(ds, o);
}

// The machine of a model of one machine; a multi-class model's own are in Model.machines.
const Machine& single_machine(const Model& model) {
    return model.single_machine("read them from Model.machines");
}

void check_columns(const Model& model, const Array& X) {
    require_matrix(X, "X");
    if (static_cast<size_t>(X.shape(1)) != model.dim())
        throw DataError("X has " + std::to_string(X.shape(1)) + " features, but the model was trained with " +
                        std::to_string(model.dim()));
}

// Every machine's decision values (rows x machines).
std::vector<double> decisions(const Model& model, const Array& X, const std::string& policy, Clipping& clipped) {
    check_columns(model, X);
    const auto rows = static_cast<size_t>(X.shape(0));
    const OutOfRange p = parse_out_of_range(policy);
    py::gil_scoped_release release;
    const auto points = model.scaled_rows(std::span(X.data(), rows * model.dim()), rows, p, "X", &clipped);
    return machine_decisions(model, points, rows);
}

py::array_t<double> matrix(const std::vector<double>& v, size_t cols) {
    const auto rows = cols ? v.size() / cols : 0;
    py::array_t<double> a({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(cols)});
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

}  // namespace

void bind_model(py::module_& m) {
    py::class_<Model> model(m, "Model",
                            "A trained model: one machine, or several for more than two classes (engine object; use "
                            "orca_svm.OrcaSVC or OrcaSVR).");
    add_setting_properties(model);
    model.def_property_readonly("feature_names", [](const Model& s) { return s.feature_names; })
        .def_property_readonly(
            "levels", [](const Model& s) { return s.levels.empty() ? std::vector<std::vector<std::string>>(s.dim()) : s.levels; },
            "per feature, a categorical feature's level names in code order (empty for a numeric feature)")
        .def_property(
            "classes", [](const Model& s) { return s.classes; }, &Model::rename_classes)
        .def_property_readonly("is_multiclass", &Model::is_multiclass)
        .def_property_readonly("has_probability", &Model::has_probability)
        .def_property_readonly("sigmoid",
                               [](const Model& s) -> py::object {
                                   const auto& sigmoid = single_machine(s).sigmoid;
                                   if (!sigmoid) return py::none();
                                   return py::make_tuple(sigmoid->A, sigmoid->B);
                               })
        .def_property_readonly(
            "machines",
            [](const Model& s) {
                std::vector<Model> out;
                for (size_t k = 0; k < s.machines().size(); ++k) out.push_back(machine_model(s, k));
                return out;
            },
            "the two-class machines, each as a model of its own (the model itself when it has one)")
        .def_property_readonly("machine_names",
                               [](const Model& s) {
                                   std::vector<std::string> out;
                                   for (size_t k = 0; k < s.machines().size(); ++k) out.push_back(machine_name(s, k));
                                   return out;
                               })
        .def("class_model", &class_model, py::arg("c"),
             "single-machine model whose decision function is class c's score")
        .def_property(
            "target_name", [](const Model& s) { return s.target_name; },
            [](Model& s, const std::string& t) { s.target_name = t; })
        .def_property_readonly("convergence_warning", &convergence_warning,
                               "why the fit did not converge, with the certified numbers ('' when it did)")
        .def_property_readonly("basis_warning", &basis_size_warning,
                               "why the basis is too large for the training data ('' when it is not)")
        .def_property_readonly("constant_features_warning", &constant_features_warning,
                               "which features were constant in training and are ignored ('' when none was)")
        .def_property_readonly("bias", [](const Model& s) { return single_machine(s).bias; })
        .def_property_readonly("target_scale", [](const Model& s) { return s.target_scale; },
                               "regression: the unit of C and epsilon (the target's standard deviation under "
                               "target_scaling standardize, 1 under none)")
        .def_property_readonly(
            "support_vectors", [](const Model& s) { return matrix(single_machine(s).support_vectors, s.dim()); },
            "support vectors in the kernel's (scaled) coordinates")
        .def_property_readonly(
            "support_vectors_raw",
            [](const Model& s) {
                // Inverse of the stored scaler: back to the user's units.
                std::vector<double> raw = single_machine(s).support_vectors;
                const size_t d = s.dim();
                for (size_t k = 0; k < raw.size(); ++k) {
                    const size_t j = k % d;
                    raw[k] = s.scaler.unscale(j, raw[k]);
                }
                return matrix(raw, d);
            },
            "support vectors in the training data's units")
        .def_property_readonly(
            "coefficients", [](const Model& s) { return matrix(single_machine(s).coefficients, 1).reshape({-1}); },
            "a_i = alpha_i y_i per support vector")
        .def_property_readonly(
            "function_coefficients",
            [](const Model& s) { return matrix(single_machine(s).function_coefficients, 1).reshape({-1}); },
            "c_k over the basis' kept functions, for a model stored by coefficients (empty otherwise)")
        .def_property_readonly(
            "stored_by_coefficients",
            [](const Model& s) { return !s.machines().empty() && s.machines().front().by_functions(); },
            "whether the machines keep their basis coefficients instead of their support vectors (store)")
        .def_property_readonly(
            "summary",
            [](const Model& s) { return py::module_::import("json").attr("loads")(training_record_json(s)); },
            "the training record, as the model file's \"training\" holds it")
        .def(
            "decision_function",
            [](const Model& s, const Array& X, const std::string& policy) {
                Clipping clipped;
                const auto out = decisions(s, X, policy, clipped);
                const size_t nm = s.machines().size();
                py::object values = nm == 1 ? py::object(matrix(out, 1).reshape({-1})) : py::object(matrix(out, nm));
                return py::make_tuple(values, clipped);
            },
            py::arg("X"), py::arg("out_of_range") = "clip",
            "(decision values: one per row, or rows x machines; what was clipped to the training range)")
        .def(
            "predict_classes",
            [](const Model& s, const py::array_t<double, py::array::c_style | py::array::forcecast>& values) {
                const auto rows = static_cast<size_t>(values.shape(0));
                const ClassPrediction p = predict_classes(s, std::span(values.data(), values.size()), rows);
                const size_t cols = s.is_multiclass() ? s.classes.size() : 1;
                return py::make_tuple(py::array_t<size_t>(static_cast<py::ssize_t>(rows), p.label.data()),
                                      matrix(p.decision, cols));
            },
            py::arg("machine_values"), "(class index per row, per-class decision values)")
        .def(
            "predict_probabilities",
            [](const Model& s, const py::array_t<double, py::array::c_style | py::array::forcecast>& values) {
                const auto rows = static_cast<size_t>(values.shape(0));
                return matrix(predict_probabilities(s, std::span(values.data(), values.size()), rows),
                              s.classes.size());
            },
            py::arg("machine_values"), "rows x classes probabilities")
        .def("to_json", [](const Model& s) { return model_to_json(s); })
        .def_static(
            "from_json",
            [](const std::string& text, const std::string& source) { return model_from_json(text, source); },
            py::arg("text"), py::arg("source") = "model")
        .def("save", [](const Model& s, const std::string& path) { save_model(s, path); })
        .def_static("load", [](const std::string& path) { return load_model(path); })
        .def(py::pickle([](const Model& s) { return model_to_json(s); },
                        [](const std::string& text) { return model_from_json(text, "pickle"); }));

    m.def("fit", &fit, py::arg("X"), py::arg("y"), py::arg("feature_names"), py::kw_only(), py::arg("settings"),
          py::arg("sample_weight") = std::vector<double>{}, py::arg("verbose") = false,
          py::arg("levels") = std::vector<std::vector<std::string>>{},
          "Train a C-SVC (y: class codes 0..k-1) or an epsilon-SVR (y: targets); settings: the settings table's "
          "names and their texts (training_settings()); levels: per feature, a categorical one's level names "
          "(X holds their codes; empty for a numeric feature). Releases the GIL.");
    py::class_<Clipping>(m, "Clipping", "what scaling clipped to the training range")
        .def(py::init([](size_t rows, double excess) { return Clipping{rows, excess}; }), py::arg("rows") = 0,
             py::arg("excess") = 0.0)
        .def_readonly("rows", &Clipping::rows, "rows that held a value outside the training range")
        .def_readonly("excess", &Clipping::excess, "how far the farthest value lay outside, in training spans")
        .def("__iadd__", &Clipping::operator+=)
        .def("notable", &Clipping::notable, py::arg("total_rows"),
             "whether a user is warned (more than a quarter of the rows, or a value over one span outside)")
        .def("note", [](const Clipping& c, size_t rows) { return clipped_rows_note(c, rows); }, py::arg("total_rows"),
             "what a user is told ('' when nothing was clipped)");
    m.def(
        "fit_sigmoid",
        [](const std::vector<double>& decision, const std::vector<double>& y) {
            const Sigmoid s = fit_sigmoid(decision, y);
            return py::make_tuple(s.A, s.B);
        },
        py::arg("decision"), py::arg("y"), "Platt's (A, B) for labels y in {-1, +1} (reference tests)");
    m.def(
        "couple_pairwise",
        [](const py::array_t<double, py::array::c_style | py::array::forcecast>& r) {
            const auto k = static_cast<size_t>(r.shape(0));
            const auto p = couple_pairwise(std::span(r.data(), r.size()), k);
            return py::array_t<double>(static_cast<py::ssize_t>(k), p.data());
        },
        py::arg("r"), "class probabilities from pairwise ones, r[i, j] = P(i | i or j) (reference tests)");
}

}  // namespace orca::python
