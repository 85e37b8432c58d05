// Sweeps, stability, selection and the paper's experiments, returned as plain Python data plus
// the engine's text tables and JSON.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "numpy_data.hpp"
#include "orca/diagnostics_format.hpp"
#include "orca/errors.hpp"
#include "paper/echocardiogram.hpp"
#include "paper/experiments.hpp"
#include "paper/spiral.hpp"

namespace py = pybind11;

namespace orca::python {
namespace {

Setting setting_of(const py::dict& d) {
    Setting s;
    s.spec.family = FamilySpec::make(d["family"].cast<std::string>(), d["alpha"].cast<double>(),
                                     d["beta"].cast<double>(), d["lam"].cast<double>());
    s.spec.measure = parse_measure(d["measure"].cast<std::string>());
    s.spec.degrees = {d["degree"].cast<int>()};
    if (d.contains("max_order")) s.spec.max_order = d["max_order"].cast<int>();
    if (d.contains("max_total_degree")) s.spec.max_total_degree = d["max_total_degree"].cast<int>();
    s.C = d["C"].cast<double>();
    if (d.contains("scaling")) s.scaling = parse_name<Scaling>(d["scaling"].cast<std::string>());
    return s;
}

// A Python callable progress(done, total) as the engine's callback. The engine calls it from a
// worker thread while the GIL is released, so it takes the GIL; an exception raised by the
// callable is reported as unraisable instead of tearing down the computation.
ProgressFn progress_of(const py::object& callback) {
    if (callback.is_none()) return {};
    return [callback](size_t done, size_t total) {
        py::gil_scoped_acquire gil;
        try {
            callback(done, total);
        } catch (py::error_already_set& e) {
            e.discard_as_unraisable("orca_svm progress callback");
        }
    };
}

py::dict sweep_dict(const SweepResult& r, std::optional<double> tolerance) {
    py::dict out;
    out["text"] = sweep_to_text(r);
    out["csv"] = sweep_to_csv(r);
    out["json"] = sweep_to_json(r);
    const Selection sel = select_model(r, tolerance);
    out["chosen"] = sel.chosen;
    out["candidates"] = sel.candidates;
    out["reason"] = sel.reason;
    return out;
}

}  // namespace

void bind_diagnostics(py::module_& m) {
    m.def(
        "grid_settings",
        [](const SettingTexts& lists, size_t d) {
            py::list out;
            for (const Setting& s : grid_settings(lists)) {
                py::dict row;
                row["family"] = to_string(s.spec.family.kind);
                row["alpha"] = s.spec.family.alpha;
                row["beta"] = s.spec.family.beta;
                row["lam"] = s.spec.family.lambda;
                row["measure"] = to_string(s.spec.measure);
                row["degree"] = s.spec.degrees[0];
                row["max_order"] = resolve_max_order(s.spec.max_order, d);
                row["max_total_degree"] = s.spec.max_total_degree;
                row["C"] = s.C;
                row["scaling"] = std::string(name_of(s.scaling));
                out.append(row);
            }
            return out;
        },
        py::arg("lists"), py::arg("d"),
        "the engine's grid of settings from lists of the settings table's texts, max_order resolved for d "
        "features (the dicts sweep and stability take)");
    m.def(
        "sweep",
        [](const Array& X, const std::vector<std::string>& y, const std::vector<std::string>& names,
           const std::vector<py::dict>& settings, size_t folds, std::uint64_t seed, double tol, int jobs,
           const std::vector<double>& eps, std::optional<double> tolerance, const py::object& progress,
           const std::string& task) {
            check_selection_tolerance(tolerance);
            const Dataset ds = dataset_from(X, y, names);
            std::vector<Setting> grid;
            for (const auto& d : settings) grid.push_back(setting_of(d));
            SweepOptions o;
            o.task = parse_task(task);
            o.folds = folds;
            o.seed = seed;
            o.solver.tolerance = tol;
            o.jobs = jobs;
            o.okc.eps = eps;
            o.okc.top_coefficients = 0;
            o.progress = progress_of(progress);
            SweepResult r;
            {
                py::gil_scoped_release release;
                r = sweep(ds, grid, o);
            }
            return sweep_dict(r, tolerance);
        },
        py::arg("X"), py::arg("y"), py::arg("feature_names"), py::arg("settings"), py::arg("folds") = 5,
        py::arg("seed") = 1, py::arg("tol") = 1e-3, py::arg("jobs") = 0,
        py::arg("eps") = std::vector<double>{0.01, 0.05, 0.10}, py::arg("tolerance") = py::none(),
        py::arg("progress") = py::none(), py::arg("task") = "classification");
    m.def(
        "stability",
        [](const Array& X, const std::vector<std::string>& y, const std::vector<std::string>& names,
           const py::dict& setting, const std::string& kind, size_t count, std::uint64_t seed, double tol, int jobs,
           const std::vector<double>& eps, const py::object& progress, const std::string& task) {
            const Dataset ds = dataset_from(X, y, names);
            const Setting s = setting_of(setting);
            StabilityOptions o;
            o.task = parse_task(task);
            if (kind != "bootstrap" && kind != "cv") throw ParameterError("resampling must be 'bootstrap' or 'cv'");
            o.kind = kind == "bootstrap" ? Resampling::bootstrap : Resampling::cv;
            o.count = count;
            o.seed = seed;
            o.solver.tolerance = tol;
            o.jobs = jobs;
            o.okc.eps = eps;
            o.progress = progress_of(progress);
            std::vector<IndexStability> r;
            {
                py::gil_scoped_release release;
                r = stability(ds, s, o);
            }
            const std::string what = kind == "bootstrap" ? std::to_string(count) + " bootstrap resamples"
                                                         : std::to_string(count) + "-fold cross-validation";
            py::dict out;
            out["text"] = stability_to_text(r, s, what);
            out["json"] = stability_to_json(r, s, what);
            return out;
        },
        py::arg("X"), py::arg("y"), py::arg("feature_names"), py::arg("setting"), py::arg("kind") = "bootstrap",
        py::arg("count") = 200, py::arg("seed") = 1, py::arg("tol") = 1e-3, py::arg("jobs") = 0,
        py::arg("eps") = std::vector<double>{0.01, 0.05, 0.10}, py::arg("progress") = py::none(),
        py::arg("task") = "classification");
    m.def("check_selection_tolerance", &check_selection_tolerance, py::arg("tolerance"),
          "ValueError unless tolerance is None or a finite number >= 0.");
    m.def(
        "finish_sweep",
        [](const std::vector<std::string>& parts, std::optional<double> tolerance) {
            SweepResult joined;
            for (const auto& text : parts) {
                SweepResult part = sweep_from_json(text);
                joined.feature_names = part.feature_names;
                joined.task = part.task;
                for (auto& row : part.rows) {
                    row.overfitting.clear();  // flags depend on the whole grid's order: redone below
                    joined.rows.push_back(std::move(row));
                }
            }
            if (joined.rows.empty()) throw ParameterError("no sweep parts to join");
            flag_overfitting(joined);
            return sweep_dict(joined, tolerance);
        },
        py::arg("parts"), py::arg("tolerance") = py::none(), "Join sweeps of parts of a grid, in order, and finish them.");
    m.def(
        "stability_resamples",
        [](const std::vector<std::string>& y, const std::string& kind, size_t count, std::uint64_t seed,
           const std::string& task) {
            Dataset ds;
            ds.source = "y";
            ds.rows = y.size();
            ds.target = y;
            StabilityOptions o;
            o.task = parse_task(task);
            if (kind != "bootstrap" && kind != "cv") throw ParameterError("resampling must be 'bootstrap' or 'cv'");
            o.kind = kind == "bootstrap" ? Resampling::bootstrap : Resampling::cv;
            o.count = count;
            o.seed = seed;
            return draw_resamples(ds, o);
        },
        py::arg("y"), py::arg("kind"), py::arg("count"), py::arg("seed") = 1, py::arg("task") = "classification");
    m.def(
        "stability_fit",
        [](const Array& X, const std::vector<std::string>& y, const std::vector<std::string>& names,
           const py::dict& setting, const std::vector<size_t>& rows, double tol, const std::vector<double>& eps,
           const std::string& task) {
            const Dataset ds = dataset_from(X, y, names);
            const Setting s = setting_of(setting);
            StabilityOptions o;
            o.task = parse_task(task);
            o.solver.tolerance = tol;
            o.okc.eps = eps;
            IndexValues v;
            {
                py::gil_scoped_release release;
                v = resample_indices(ds, s, rows, o);
            }
            return v;
        },
        py::arg("X"), py::arg("y"), py::arg("feature_names"), py::arg("setting"), py::arg("rows"),
        py::arg("tol") = 1e-3, py::arg("eps") = std::vector<double>{0.01, 0.05, 0.10},
        py::arg("task") = "classification");
    m.def(
        "stability_summary",
        [](const py::dict& setting, const std::string& resampling, const std::vector<IndexValues>& values) {
            const Setting s = setting_of(setting);
            const auto r = summarize_stability(values);
            py::dict out;
            out["text"] = stability_to_text(r, s, resampling);
            out["json"] = stability_to_json(r, s, resampling);
            return out;
        },
        py::arg("setting"), py::arg("resampling"), py::arg("values"));
    m.def(
        "experiment",
        [](const std::string& name, const std::string& data_path, size_t folds, int jobs) {
            std::vector<Experiment> experiments;
            if (name == "spiral")
                experiments = spiral_experiment();
            else if (name == "echocardiogram")
                experiments = echocardiogram_experiment(data_path);
            else
                throw ParameterError("unknown experiment '" + name + "' (expected spiral or echocardiogram)");
            py::list out;
            for (const auto& e : experiments) {
                SweepOptions o;
                o.folds = folds;
                o.jobs = jobs;
                o.okc.top_coefficients = 0;
                SweepResult r;
                {
                    py::gil_scoped_release release;
                    r = sweep(e.data, e.settings, o);
                }
                py::dict d = sweep_dict(r, std::nullopt);
                d["title"] = e.name;
                out.append(d);
            }
            return out;
        },
        py::arg("name"), py::arg("data_path") = "", py::arg("folds") = 5, py::arg("jobs") = 0);
    m.def(
        "double_spiral",
        [](size_t points_per_arm, double turns, double noise, std::uint64_t seed) {
            SpiralOptions o{points_per_arm, turns, noise, seed};
            const Dataset ds = make_double_spiral(o);
            py::array_t<double> X({static_cast<py::ssize_t>(ds.rows), py::ssize_t{2}});
            std::copy(ds.X.begin(), ds.X.end(), X.mutable_data());
            return py::make_tuple(X, ds.target);
        },
        py::arg("points_per_arm") = 150, py::arg("turns") = 1.75, py::arg("noise") = 0.2, py::arg("seed") = 20260415);
    m.def(
        "echocardiogram",
        [](const std::string& path) {
            const Dataset ds = path.empty() ? load_echocardiogram() : load_echocardiogram(path);
            py::array_t<double> X({static_cast<py::ssize_t>(ds.rows), static_cast<py::ssize_t>(ds.cols)});
            std::copy(ds.X.begin(), ds.X.end(), X.mutable_data());
            return py::make_tuple(X, ds.target, ds.feature_names, ds.target_name);
        },
        py::arg("path") = "",
        "The paper's echocardiogram setup (X, labels, feature names, target name); path '' is the built-in copy");
}

}  // namespace orca::python
