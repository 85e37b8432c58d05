#include "orca/model_io.hpp"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string_view>

#include "basis/feature_map.hpp"
#include "data/text_cells.hpp"
#include "model/json_fields.hpp"
#include "model/kernel_spec_json.hpp"
#include "orca/atomic_file.hpp"
#include "orca/errors.hpp"
#include "orca/multiclass.hpp"
#include "orca/train_options.hpp"
#include "orca/version.hpp"

namespace orca {
namespace {

using nlohmann::json;
using namespace json_fields;

constexpr const char* kFormatName = "orca-model";

// A training record: the settings every machine shares (C, tolerance) and its summary.
json training_json(const ModelSettings& model, const TrainingSummary& s) {
    json j = {{"C", model.C},
              {"tolerance", model.tolerance},
              {"rows", s.rows},
              {"iterations", s.iterations},
              {"interior_point_steps", s.interior_point_steps},
              {"feature_space_passes", s.feature_space_passes},
              {"converged", s.converged},
              {"objective", s.objective},
              {"gap", s.gap},
              {"duality_gap", s.duality_gap},
              {"stop", to_string(s.stop)},
              {"support_vectors", s.support_vectors},
              {"bounded_support_vectors", s.bounded_support_vectors}};
    if (model.task == Task::regression)
        j["training_r2"] = s.training_r2;
    else
        j["training_accuracy"] = s.training_accuracy;
    return j;
}

// A multi-index as the model file writes it: [[feature, k_j], ...] over its k_j > 0.
json active_pairs(const std::vector<int>& index) {
    json pairs = json::array();
    for (size_t j = 0; j < index.size(); ++j)
        if (index[j] > 0) pairs.push_back({j, index[j]});
    return pairs;
}

// The fields of one machine: its training record, (optionally) its sigmoid, its bias, support
// vectors and coefficients.
void write_machine(json& j, const ModelSettings& model, const Machine& machine) {
    j["training"] = training_json(model, machine.summary);
    if (machine.sigmoid) j["probability"] = {{"A", machine.sigmoid->A}, {"B", machine.sigmoid->B}};
    j["bias"] = machine.bias;
    if (machine.by_functions()) {  // each kept function by its active (feature, degree) pairs
        const FeatureMap map(model.basis(), kMaxStoredFunctions);
        json functions = json::array();
        for (size_t k = 0; k < map.size(); ++k) functions.push_back(active_pairs(map.index(k)));
        j["functions"] = std::move(functions);
        j["function_coefficients"] = machine.function_coefficients;
        return;
    }
    const size_t d = model.dim();
    json svs = json::array();
    for (size_t i = 0; i < machine.support_count(); ++i) {
        svs.push_back(std::vector<double>(machine.support_vectors.begin() + static_cast<std::ptrdiff_t>(i * d),
                                          machine.support_vectors.begin() + static_cast<std::ptrdiff_t>((i + 1) * d)));
    }
    j["support_vectors"] = std::move(svs);
    j["coefficients"] = machine.coefficients;
}

// The quantile scaler's knots, as training writes them: none for a constant feature; else at
// least two, raw values strictly increasing from the feature's min to its max, coordinates
// strictly increasing inside the family's domain.
void read_quantile_knots(const json& sc, ModelSettings& m, const std::string& w) {
    const size_t d = m.feature_names.size();
    const json& xs = field(sc, "knot_x", w);
    const json& zs = field(sc, "knot_z", w);
    if (!xs.is_array() || xs.size() != d || !zs.is_array() || zs.size() != d)
        throw ModelFileError(w + ": knot_x and knot_z: expected one array per feature");
    m.scaler.knot_x.resize(d);
    m.scaler.knot_z.resize(d);
    for (size_t k = 0; k < d; ++k) {
        const std::string at = w + ": knots of feature '" + m.feature_names[k] + "'";
        auto& x = m.scaler.knot_x[k];
        auto& z = m.scaler.knot_z[k];
        x = numbers(xs[k], at + " (knot_x)", SIZE_MAX);
        z = numbers(zs[k], at + " (knot_z)", x.size());
        if (m.scaler.constant(k) || m.scaler.categorical(k)) {
            if (!x.empty()) throw ModelFileError(at + ": a constant or categorical feature has no knots");
            continue;
        }
        bool ok = x.size() >= 2 && x.front() == m.scaler.min[k] && x.back() == m.scaler.max[k];
        for (size_t i = 1; ok && i < x.size(); ++i) ok = x[i] > x[i - 1] && z[i] > z[i - 1];
        if (ok && m.spec.family.is_bounded()) ok = z.front() > -1.0 && z.back() < 1.0;
        if (ok && !m.spec.family.is_bounded()) ok = z.front() > -40.0 && z.back() < 40.0;
        if (!ok)
            throw ModelFileError(at + ": expected increasing knots from the feature's min to its max, inside the "
                                      "family's domain");
    }
}

void refuse_repeats(const std::vector<std::string>& names, const std::string& where, const std::string& what) {
    std::set<std::string> seen;
    for (const auto& n : names)
        if (!seen.insert(n).second) throw ModelFileError(where + ": the " + what + " '" + n + "' appears twice");
}

// Categorical features' levels, and their frequencies in the kernel: as training writes them
// (names distinct, frequencies > 0 summing to 1, degree L - 1, the scaler's range the codes).
void read_levels(const json& j, ModelSettings& m, const std::string& w) {
    const size_t d = m.feature_names.size();
    const json& lv = j["levels"];
    if (!lv.is_array() || lv.size() != d) throw ModelFileError(w + ": levels: expected one entry per feature");
    const json& ke = field(j, "kernel", w);
    const json& weights = field(ke, "level_weights", w + ": kernel");
    if (!weights.is_array() || weights.size() != d)
        throw ModelFileError(w + ": kernel.level_weights: expected one entry per feature");
    m.levels.assign(d, {});
    m.spec.level_weights.assign(d, {});
    m.scaler.levels.assign(d, 0);
    for (size_t k = 0; k < d; ++k) {
        if (lv[k].is_null() && weights[k].is_null()) continue;
        const std::string at = w + ": levels of feature '" + m.feature_names[k] + "'";
        m.levels[k] = strings(lv[k], at);
        refuse_repeats(m.levels[k], at, "level");
        auto& pi = m.spec.level_weights[k];
        pi = numbers(weights[k], at + " (kernel.level_weights)", m.levels[k].size());
        double total = 0.0;
        for (double v : pi) total += v > 0.0 ? v : NAN;
        const size_t L = pi.size();
        if (L == 0 || !(std::abs(total - 1.0) < 1e-9) || m.spec.degrees[k] != static_cast<int>(L) - 1 ||
            m.scaler.min[k] != 0.0 || m.scaler.max[k] != static_cast<double>(L - 1))
            throw ModelFileError(at + ": expected L levels with frequencies > 0 summing to 1, degree L - 1 and the "
                                      "scaler's range 0 .. L - 1");
        m.scaler.levels[k] = L;
    }
    m.scaler.missing_level = missing_levels(m);
}

// Numeric features' gap levels (optional: files without them have none): one share per feature,
// 0 or in (0, 1), non-zero only for a numeric feature of degree >= 1 under missing level.
void read_gap_weights(const json& ke, ModelSettings& m, const std::string& kw) {
    const size_t d = m.feature_names.size();
    m.spec.gap_weights = numbers(ke["gap_weights"], kw + ".gap_weights", d);
    for (size_t k = 0; k < d; ++k) {
        const double w = m.spec.gap_weights[k];
        if (w == 0.0) continue;
        if (!(w > 0.0 && w < 1.0) || m.missing != Missing::level || m.categorical(k) || m.spec.degrees[k] < 1)
            throw ModelFileError(kw + ".gap_weights[" + std::to_string(k) + "]: feature '" + m.feature_names[k] +
                                 "': expected 0, or a share in (0, 1) for a numeric feature of degree >= 1 under "
                                 "missing level");
    }
    m.scaler.gap_level = gap_levels(m);
}

// Support vectors are stored in kernel coordinates, which training never leaves: [-1, 1] for
// min-max scaling, and |z| <= sqrt(rows) for standardised data (Samuelson's inequality), rows
// being the scaler's: the model's (read before a multi-class model's machines), not the subset
// one machine of a one-vs-one model was trained on.
void check_support_vectors(const ModelSettings& m, const Machine& machine, const std::string& w) {
    const size_t scaler_rows = std::max<size_t>({m.summary.rows, machine.summary.rows, 1});
    const double bound =
        m.scaler.kind == ScalerKind::minmax     ? 1.0 + 1e-9
        : m.scaler.kind == ScalerKind::quantile ? (m.spec.family.is_bounded() ? 1.0 : 40.0)
                                                : std::sqrt(static_cast<double>(scaler_rows)) + 1e-6;
    const auto& sv = machine.support_vectors;
    for (size_t k = 0; k < sv.size(); ++k)
        if (!(std::abs(sv[k]) <= bound) && !std::isnan(sv[k]) &&  // NaN: missing (read only under marginalize)
            !(sv[k] == kGapCoordinate && m.scaler.has_gap_level(k % m.dim())))  // a gap with a level of its own
            throw ModelFileError(w + ": support_vectors[" + std::to_string(k / m.dim()) + "][" +
                                 std::to_string(k % m.dim()) + "]: " + fmt_most(sv[k]) +
                                 " lies outside the scaled domain (|z| <= " + fmt_most(bound) + ")");
}

// |g(x)| <= |b| + sum_i |a_i| sqrt(K(x_i, x_i)) sqrt(K(x, x)) (Cauchy-Schwarz). With K(x, x) at
// its largest over the support vectors and the corners of the domain, the bound must stay far
// from overflow, or predictions would be inf or NaN.
void check_decision_scale(const ModelSettings& m, const Machine& machine, const std::string& w) {
    const size_t d = m.dim(), n = machine.support_count();
    const TensorKernel kernel = m.kernel();
    std::vector<double> points = machine.support_vectors;
    for (double corner : {1.0, -1.0}) points.insert(points.end(), d, corner);
    for (size_t k = 0; k < d; ++k)  // and the gaps of features with a gap level (1 elsewhere)
        points.push_back(m.scaler.has_gap_level(k) ? kGapCoordinate : 1.0);
    const PreparedPoints prepared = kernel.prepare(points, n + 3);
    double largest = 0.0, sum = 0.0;
    for (size_t i = 0; i < n + 3; ++i) {
        const double k = kernel.entry(prepared, i, prepared, i);
        largest = std::max(largest, k);
        if (i < n) sum += std::abs(machine.coefficients[i]) * std::sqrt(k);
    }
    const double bound = std::abs(machine.bias) + sum * std::sqrt(largest);
    if (!(bound < 1e300))
        throw ModelFileError(w + ": coefficients and support vectors too large: decision values could reach " +
                             fmt_most(bound) + " and overflow");
}

// A machine stored by its coefficients: the basis' kept functions, listed in the file in
// FeatureMap's order and checked against it (a file from another order, degree or truncation is
// refused, not misread), and one coefficient each.
void read_function_coefficients(const json& j, const ModelSettings& m, Machine& machine, const std::string& w) {
    const Basis basis = m.basis();
    if (basis.size() > kMaxStoredFunctions)
        throw ModelFileError(w + ": function_coefficients: the basis keeps " +
                             std::to_string(static_cast<long long>(basis.size())) + " functions, more than a model " +
                             "stored by coefficients may (" +
                             std::to_string(static_cast<long long>(kMaxStoredFunctions)) + ")");
    const FeatureMap map(basis, kMaxStoredFunctions);
    const json& functions = field(j, "functions", w);
    if (!functions.is_array() || functions.size() != map.size())
        throw ModelFileError(w + ": functions: expected the basis' " + std::to_string(map.size()) +
                             " kept functions, got " +
                             (functions.is_array() ? std::to_string(functions.size()) : "no list"));
    for (size_t k = 0; k < map.size(); ++k)
        if (functions[k] != active_pairs(map.index(k)))
            throw ModelFileError(w + ": functions[" + std::to_string(k) + "]: expected " +
                                 active_pairs(map.index(k)).dump() + " (the basis' kept functions in order), got " +
                                 functions[k].dump());
    machine.function_coefficients =
        numbers(field(j, "function_coefficients", w), w + ": function_coefficients", map.size());
    machine.summary.support_vectors =
        count(field(field(j, "training", w), "support_vectors", w + ": training"), w + ": training.support_vectors");
    // |g(x)| <= |b| + |c| sqrt(K(x, x)) (Cauchy-Schwarz), K(x, x) at the corners of the domain.
    const TensorKernel kernel = m.kernel();
    std::vector<double> corners(m.dim(), 1.0);
    corners.insert(corners.end(), m.dim(), -1.0);
    const PreparedPoints prepared = kernel.prepare(corners, 2);
    double norm = 0.0;
    for (double c : machine.function_coefficients) norm += c * c;
    const double largest = std::max(kernel.entry(prepared, 0, prepared, 0), kernel.entry(prepared, 1, prepared, 1));
    const double bound = std::abs(machine.bias) + std::sqrt(norm) * std::sqrt(largest);
    if (!(bound < 1e300))
        throw ModelFileError(w + ": function_coefficients too large: decision values could reach " + fmt_most(bound) +
                             " and overflow");
}

// A training record. The first one read (the model's) sets C and the tolerance; each machine's
// must repeat them.
TrainingSummary read_training(const json& j, ModelSettings& m, const std::string& w, bool first) {
    const json& tr = field(j, "training", w);
    const std::string tw = w + ": training";
    const double C = number(field(tr, "C", tw), tw + ".C");
    const double tolerance = number(field(tr, "tolerance", tw), tw + ".tolerance");
    if (!(C > 0.0) || C > kMaxBoxBound)
        throw ModelFileError(tw + ".C: expected a number in (0, 1e100], got " + fmt_most(C));
    if (!(tolerance > 0.0)) throw ModelFileError(tw + ".tolerance: expected a number > 0, got " + fmt_most(tolerance));
    if (first) {
        m.C = C;
        m.tolerance = tolerance;
    } else if (C != m.C || tolerance != m.tolerance) {
        throw ModelFileError(tw + ": C and tolerance must be the model's (" + fmt_most(m.C) + ", " +
                             fmt_most(m.tolerance) + ")");
    }
    TrainingSummary s;
    s.rows = count(field(tr, "rows", tw), tw + ".rows");
    s.iterations = static_cast<long>(count(field(tr, "iterations", tw), tw + ".iterations", 9e18));
    if (tr.contains("interior_point_steps"))  // optional: files written before the route existed
        s.interior_point_steps = static_cast<int>(count(tr["interior_point_steps"], tw + ".interior_point_steps", 1e6));
    if (tr.contains("feature_space_passes"))  // optional: files written before the route existed
        s.feature_space_passes =
            static_cast<long>(count(tr["feature_space_passes"], tw + ".feature_space_passes", 9e18));
    const json& conv = field(tr, "converged", tw);
    if (!conv.is_boolean()) throw ModelFileError(tw + ".converged: expected true or false");
    s.converged = conv.get<bool>();
    s.objective = number(field(tr, "objective", tw), tw + ".objective");
    s.gap = number(field(tr, "gap", tw), tw + ".gap");
    if (tr.contains("duality_gap"))  // optional: files written before it was certified
        s.duality_gap = number(tr["duality_gap"], tw + ".duality_gap");
    s.stop = s.converged ? StopReason::converged : StopReason::iteration_cap;
    if (tr.contains("stop")) {
        try {
            s.stop = parse_stop_reason(text(tr["stop"], tw + ".stop"));
        } catch (const ParameterError&) {
            throw ModelFileError(tw + ".stop: expected converged, iteration cap or precision");
        }
    }
    if (m.task == Task::regression) {
        s.training_r2 = number(field(tr, "training_r2", tw), tw + ".training_r2");
        if (s.training_r2 > 1.0)
            throw ModelFileError(tw + ".training_r2: expected a number <= 1, got " + fmt_most(s.training_r2));
    } else {
        s.training_accuracy = number(field(tr, "training_accuracy", tw), tw + ".training_accuracy");
        if (!(s.training_accuracy >= 0.0 && s.training_accuracy <= 1.0))
            throw ModelFileError(tw + ".training_accuracy: expected a number from 0 to 1, got " +
                                 fmt_most(s.training_accuracy));
    }
    s.bounded_support_vectors = count(field(tr, "bounded_support_vectors", tw), tw + ".bounded_support_vectors");
    return s;
}

// One machine: its training record, sigmoid, bias, support vectors and coefficients, checked
// against the model's settings.
Machine read_machine(const json& j, ModelSettings& m, const std::string& w, std::vector<std::string> classes,
                     bool first) {
    Machine machine;
    machine.classes = std::move(classes);
    machine.summary = read_training(j, m, w, first);
    if (j.contains("probability")) {
        const json& pr = j["probability"];
        machine.sigmoid = Sigmoid{number(field(pr, "A", w + ": probability"), w + ": probability.A"),
                                  number(field(pr, "B", w + ": probability"), w + ": probability.B")};
    }
    const size_t d = m.feature_names.size();
    machine.bias = number(field(j, "bias", w), w + ": bias");
    if (j.contains("function_coefficients")) {
        read_function_coefficients(j, m, machine, w);
        return machine;
    }
    const json& svs = field(j, "support_vectors", w);
    if (!svs.is_array()) throw ModelFileError(w + ": support_vectors: expected an array of rows");
    for (size_t i = 0; i < svs.size(); ++i) {
        const std::string where = w + ": support_vectors[" + std::to_string(i) + "]";
        if (!svs[i].is_array() || svs[i].size() != d) (void)numbers(svs[i], where, d);  // its message
        // A missing value is written as null (JSON has no NaN); only a model that integrates
        // missing values out can hold one.
        for (size_t k = 0; k < d; ++k) {
            const std::string at = where + "[" + std::to_string(k) + "]";
            if (svs[i][k].is_null() && m.missing == Missing::error)
                throw ModelFileError(at + ": null (a missing value) in a model whose missing setting is error");
            machine.support_vectors.push_back(svs[i][k].is_null() ? std::numeric_limits<double>::quiet_NaN()
                                                                  : number(svs[i][k], at));
        }
    }
    machine.coefficients = numbers(field(j, "coefficients", w), w + ": coefficients", svs.size());
    if (machine.coefficients.empty()) throw ModelFileError(w + ": the model has no support vectors");
    machine.summary.support_vectors = machine.coefficients.size();
    check_support_vectors(m, machine, w);
    check_decision_scale(m, machine, w);
    return machine;
}

std::string task_name(const Model& model) {
    if (model.task == Task::regression) return "regression";
    return model.is_multiclass() ? "multiclass-classification" : "binary-classification";
}

}  // namespace

std::string model_to_json(const Model& model) {
    json j;
    j["format"] = kFormatName;
    j["format_version"] = kModelFormatVersion;
    j["orca_version"] = kVersion;
    j["task"] = task_name(model);
    j["features"] = model.feature_names;
    if (model.task == Task::classification)
        j["classes"] = model.classes;
    else {
        j["epsilon"] = model.epsilon;
        j["target_scaling"] = std::string(name_of(model.target_scaling));
        j["target_scale"] = model.target_scale;
    }
    j["target"] = model.target_name;
    j["missing"] = std::string(name_of(model.missing));
    if (!model.levels.empty()) {  // categorical features: their levels in code order (null: numeric)
        json levels = json::array();
        for (const auto& names : model.levels) levels.push_back(names.empty() ? json(nullptr) : json(names));
        j["levels"] = std::move(levels);
    }
    j["scaler"] = {{"kind", to_string(model.scaler.kind)},
                   {"min", model.scaler.min},
                   {"max", model.scaler.max},
                   {"mean", model.scaler.mean},
                   {"std", model.scaler.std}};
    if (model.scaler.kind == ScalerKind::quantile) {
        j["scaler"]["knot_x"] = model.scaler.knot_x;
        j["scaler"]["knot_z"] = model.scaler.knot_z;
    }
    j["kernel"] = kernel_spec_json(model.spec);
    if (model.spec.max_order > 0) j["kernel"]["max_order"] = model.spec.max_order;  // absent: the full product
    if (model.spec.max_total_degree > 0)
        j["kernel"]["max_total_degree"] = model.spec.max_total_degree;  // absent: no cap
    j["weights"] = {{"sample_weights", model.sample_weighted}};
    if (model.task == Task::classification) j["weights"]["class"] = model.class_weights;
    if (!model.is_multiclass()) {
        write_machine(j, model, model.machine());
    } else {
        j["training"] = training_json(model, model.summary);
        j["strategy"] = to_string(model.multi_class);
        json machines = json::array();
        for (const auto& m : model.machines()) {
            json mj;
            mj["classes"] = m.classes;
            write_machine(mj, model, m);
            machines.push_back(std::move(mj));
        }
        j["machines"] = std::move(machines);
    }
    return j.dump(1) + "\n";
}

std::string training_record_json(const Model& model) {
    return training_json(model, model.summary).dump();
}

Model model_from_json(const std::string& content, const std::string& source) {
    json j;
    try {
        j = json::parse(without_bom(content));
    } catch (const json::parse_error& e) {
        throw ModelFileError(source + ": not valid JSON (byte " + std::to_string(e.byte) +
                             "); is this an ORCA model file?");
    } catch (const json::exception& e) {
        // e.g. a number literal beyond double range (1e400): valid syntax, unusable value.
        throw ModelFileError(source + ": unreadable JSON value (" + std::string(e.what()) + ")");
    }
    const std::string& w = source;
    if (!j.is_object() || !j.contains("format") || j["format"] != kFormatName)
        throw ModelFileError(w + ": not an ORCA model file (no \"format\": \"orca-model\")");
    const json& version = field(j, "format_version", w);
    if (!version.is_number_integer())
        throw ModelFileError(w + ": format_version: expected an integer written without quotes or a decimal "
                                 "point (this orca reads version " +
                             std::to_string(kModelFormatVersion) + "), got " + version.dump());
    if (version.get<long>() != kModelFormatVersion)
        throw ModelFileError(w + ": model format version " + version.dump() +
                             " is not supported (this orca reads version " + std::to_string(kModelFormatVersion) + ")");
    const std::string task = text(field(j, "task", w), w + ": task");
    if (task != "binary-classification" && task != "multiclass-classification" && task != "regression")
        throw ModelFileError(w + ": unsupported task '" + task + "'");
    const bool multiclass = task == "multiclass-classification";
    ModelSettings m;
    std::vector<Machine> machines;
    m.task = task == "regression" ? Task::regression : Task::classification;
    try {
        m.feature_names = strings(field(j, "features", w), w + ": features");
        const size_t d = m.feature_names.size();
        if (d == 0) throw ModelFileError(w + ": features: empty");
        refuse_repeats(m.feature_names, w + ": features", "feature");
        if (m.task == Task::classification) {
            m.classes = strings(field(j, "classes", w), w + ": classes");
            if (!multiclass && m.classes.size() != 2) throw ModelFileError(w + ": classes: expected 2 labels");
            if (multiclass && m.classes.size() < 3) throw ModelFileError(w + ": classes: expected 3 or more labels");
            refuse_repeats(m.classes, w + ": classes", "class");
        } else {
            m.epsilon = number(field(j, "epsilon", w), w + ": epsilon");
            if (m.epsilon < 0.0) throw ModelFileError(w + ": epsilon: expected a number >= 0, got " + fmt_most(m.epsilon));
            // Optional: files written before the setting existed measured C and epsilon in the
            // target's own units.
            if (j.contains("target_scaling")) {
                m.target_scaling = parse_name<TargetScaling>(text(j["target_scaling"], w + ": target_scaling"));
                m.target_scale = number(field(j, "target_scale", w), w + ": target_scale");
                if (!(m.target_scale > 0.0) || !std::isfinite(m.target_scale) ||
                    (m.target_scaling == TargetScaling::none && m.target_scale != 1.0))
                    throw ModelFileError(w + ": target_scale: expected a number > 0 (1 under target_scaling none), " +
                                         "got " + fmt_most(m.target_scale));
            }
            m.class_weights.clear();
        }
        m.target_name = text(field(j, "target", w), w + ": target");
        // Optional: files written before the setting existed refused missing values.
        m.missing = j.contains("missing") ? parse_name<Missing>(text(j["missing"], w + ": missing")) : Missing::error;
        const json& sc = field(j, "scaler", w);
        m.scaler.kind = parse_scaler_kind(text(field(sc, "kind", w + ": scaler"), w + ": scaler.kind"));
        m.scaler.min = numbers(field(sc, "min", w + ": scaler"), w + ": scaler.min", d);
        m.scaler.max = numbers(field(sc, "max", w + ": scaler"), w + ": scaler.max", d);
        m.scaler.mean = numbers(field(sc, "mean", w + ": scaler"), w + ": scaler.mean", d);
        m.scaler.std = numbers(field(sc, "std", w + ": scaler"), w + ": scaler.std", d);
        for (size_t k = 0; k < d; ++k) {
            if (m.scaler.max[k] == m.scaler.min[k] && m.scaler.mean[k] == m.scaler.min[k] && m.scaler.std[k] == 0.0)
                continue;  // a constant feature: the kernel below must give it degree 0
            if (!(m.scaler.max[k] > m.scaler.min[k]) || !(m.scaler.std[k] > 0.0))
                throw ModelFileError(w + ": scaler: feature '" + m.feature_names[k] + "' has an empty range");
            // As training refuses (Scaler::fit): a span that overflows makes every prediction NaN.
            const double span = m.scaler.max[k] - m.scaler.min[k];
            if (!std::isfinite(span) || !(2.0 / span > 0.0) || !(1.0 / m.scaler.std[k] > 0.0) ||
                !(m.scaler.mean[k] >= m.scaler.min[k] - span && m.scaler.mean[k] <= m.scaler.max[k] + span))
                throw ModelFileError(w + ": scaler: feature '" + m.feature_names[k] + "' spans " +
                                     fmt_most(m.scaler.min[k]) + " to " + fmt_most(m.scaler.max[k]) + " (mean " +
                                     fmt_most(m.scaler.mean[k]) + ", sd " + fmt_most(m.scaler.std[k]) +
                                     "), which no training writes");
        }
        const json& ke = field(j, "kernel", w);
        const std::string kw = w + ": kernel";
        m.spec = kernel_spec_from_json(ke, d, kw);  // the truncation fields below are the file's own
        if (j.contains("levels")) read_levels(j, m, w);
        if (ke.contains("gap_weights")) read_gap_weights(ke, m, kw);
        if (m.scaler.kind == ScalerKind::quantile) read_quantile_knots(sc, m, w + ": scaler");
        for (size_t k = 0; k < d; ++k) {
            // A constant feature keeps its constant, and its gap's function if it has a gap level.
            const int constant_degree = m.spec.has_gap_level(k) ? 1 : 0;
            if (m.scaler.constant(k) && m.spec.degrees[k] != constant_degree)
                throw ModelFileError(kw + ".degrees[" + std::to_string(k) + "]: feature '" + m.feature_names[k] +
                                     "' is constant in the scaler, so training gave it degree " +
                                     std::to_string(constant_degree) + ", not " + std::to_string(m.spec.degrees[k]));
        }
        if (ke.contains("max_order")) {             // optional: older files hold full tensor products
            const double q = number(ke["max_order"], kw + ".max_order");
            if (q != std::floor(q) || q < 1 || q > static_cast<double>(d))
                throw ModelFileError(kw + ".max_order: expected an integer in 1.." + std::to_string(d));
            m.spec.max_order = q == static_cast<double>(d) ? 0 : static_cast<int>(q);
        }
        if (ke.contains("max_total_degree")) {  // optional: older files have no cap
            double total = 0.0;
            for (int n : m.spec.degrees) total += n;
            const double N = number(ke["max_total_degree"], kw + ".max_total_degree");
            if (N != std::floor(N) || N < 1 || N > total)
                throw ModelFileError(kw + ".max_total_degree: expected an integer in 1.." +
                                     std::to_string(static_cast<long>(total)));
            m.spec.max_total_degree = N == total ? 0 : static_cast<int>(N);
        }
        if (j.contains("weights")) {  // optional: files without it were trained unweighted
            const json& we = j["weights"];
            if (m.task == Task::classification) {
                m.class_weights = numbers(field(we, "class", w + ": weights"), w + ": weights.class", m.classes.size());
                for (size_t c = 0; c < m.class_weights.size(); ++c)
                    if (!(m.class_weights[c] > 0.0))
                        throw ModelFileError(w + ": weights.class[" + std::to_string(c) + "]: expected a number > 0, got " +
                                             fmt_most(m.class_weights[c]));
            }
            const json& sw = field(we, "sample_weights", w + ": weights");
            if (!sw.is_boolean()) throw ModelFileError(w + ": weights.sample_weights: expected true or false");
            m.sample_weighted = sw.get<bool>();
        } else if (multiclass) {
            m.class_weights.assign(m.classes.size(), 1.0);
        }
        if (!multiclass) {
            machines.push_back(read_machine(j, m, w, m.classes, true));
            m.summary = machines.front().summary;
        } else {
            m.summary = read_training(j, m, w, true);
            // The distinct support vectors over the machines: only the model's record says.
            m.summary.support_vectors =
                count(field(j["training"], "support_vectors", w + ": training"), w + ": training.support_vectors");
            m.multi_class = parse_multi_class(text(field(j, "strategy", w), w + ": strategy"));
            const json& list = field(j, "machines", w);
            const auto want = machine_classes(m);
            if (!list.is_array() || list.size() != want.size())
                throw ModelFileError(w + ": machines: expected " + std::to_string(want.size()) + " machines for " +
                                     std::to_string(m.classes.size()) + " classes (" + to_string(m.multi_class) + ")");
            for (size_t index = 0; index < want.size(); ++index) {
                const std::string mw = w + ": machines[" + std::to_string(index) + "]";
                if (strings(field(list[index], "classes", mw), mw + ".classes") != want[index])
                    throw ModelFileError(mw + ".classes: expected ['" + want[index][0] + "', '" + want[index][1] +
                                         "']");
                machines.push_back(read_machine(list[index], m, mw, want[index], false));
                // One form for every machine: class scores add the machines up.
                const auto form = [](const Machine& machine) {
                    return std::string(machine.by_functions() ? "function_coefficients" : "support_vectors");
                };
                if (form(machines.back()) != form(machines.front()))
                    throw ModelFileError(mw + ": keeps " + form(machines.back()) + " where machines[0] keeps " +
                                         form(machines.front()) + "; every machine keeps the same form");
            }
        }
    } catch (const ParameterError& e) {
        throw ModelFileError(w + ": " + e.what());
    } catch (const json::exception& e) {
        throw ModelFileError(w + ": malformed content (" + std::string(e.what()) + ")");
    }
    Model model(std::move(m));
    model.set_machines(std::move(machines));
    return model;
}

void save_model(const Model& model, const std::string& path) {
    write_file_atomically(path, model_to_json(model));
}

void check_model_file(const std::string& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) throw ModelFileError(path + ": no such model file");
    if (std::filesystem::is_directory(status)) throw ModelFileError(path + ": is a directory, not a model file");
    if (!std::filesystem::is_regular_file(status))
        throw ModelFileError(path + ": is not a regular file (a pipe or a device); give the model file's path");
    // A model file is JSON text of at most a few hundred megabytes; look before reading it all.
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxModelFileBytes)
        throw ModelFileError(path + ": " + std::to_string(size / 1000000) +
                             " MB is larger than any model file (at most " +
                             std::to_string(kMaxModelFileBytes / 1000000) + " MB); is this an ORCA model file?");
}

Model load_model(const std::string& path) {
    check_model_file(path);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ModelFileError(path + ": cannot open the model file");
    char first = ' ';
    char bom[3] = {};
    if (!(in.read(bom, 3) && std::string_view(bom, 3) == "\xEF\xBB\xBF")) in.clear(), in.seekg(0);
    while (in.get(first) && std::isspace(static_cast<unsigned char>(first))) {
    }
    if (in && first != '{')
        throw ModelFileError(path + ": not valid JSON (it does not begin with '{'); is this an ORCA model file?");
    in.seekg(0);
    std::ostringstream ss;
    ss << in.rdbuf();
    return model_from_json(ss.str(), path);
}

}  // namespace orca
