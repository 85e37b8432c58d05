#include "orca/settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "orca/basis.hpp"
#include "data/text_cells.hpp"
#include "orca/errors.hpp"

namespace orca {
namespace {

using K = SettingKind;

// The defaults here are TrainOptions' (a test checks that train_options({}) is TrainOptions{}).
constexpr std::array<TrainingSetting, 23> kSettings{{
    {"task", "-", "", K::choice, "classification", "",
     "what is learnt (classification: a C-SVC, two or more classes; regression: an epsilon-SVR)", true},
    {"family", "", "", K::choice, "legendre", "", "the orthonormal polynomial family of every feature", true},
    {"alpha", "", "", K::real, "0", "family jacobi", "Jacobi exponent on (1 - x) (> -1)", true},
    {"beta", "", "", K::real, "0", "family jacobi", "Jacobi exponent on (1 + x) (> -1)", true},
    {"lambda", "lam", "", K::real, "0.5", "family gegenbauer", "Gegenbauer parameter (> -1/2)", true},
    {"measure", "", "", K::choice, "probability", "",
     "normalisation of the orthogonality measure (probability: p_0 = 1)", true},
    {"degree", "", "", K::degrees, "3", "",
     "truncation degree n: one for every feature ('3'), one per feature ('3,4,5'), or by name ('3,age=4')", true},
    {"max_order", "", "", K::max_order, "auto", "",
     "interaction order Q: keep the basis functions of at most Q features (1: additive, 2: pairs, 0: the full "
     "tensor product; auto: the full product for up to 2 features, else 1)",
     true},
    {"max_total_degree", "", "", K::integer, "0", "",
     "total degree N: keep the basis functions with k_1 + ... + k_d <= N (0: no cap)", true},
    {"scaling", "", "", K::choice, "range", "",
     "how each feature is mapped to the family's domain: range (its training range onto the interval, or "
     "standardised for hermite) or quantile (its training distribution onto the family's own law, so that the basis "
     "is orthonormal under the data's marginals)",
     true},
    {"missing", "", "", K::choice, "marginalize", "",
     "what a missing feature value (NaN, '?', an empty cell) means: marginalize integrates it out exactly (the row "
     "keeps the basis functions without that feature); level gives a feature with gaps in training a level of its "
     "own for them ('(missing)' for a categorical one, a gap function beside a numeric one's polynomials) and "
     "integrates out the rest; error refuses it",
     true},
    {"C", "", "-C,--cost", K::real, "1", "", "box constraint C (> 0)", true},
    {"epsilon", "", "", K::real, "0.1", "task regression", "half-width of the insensitive tube (>= 0)", true},
    {"target_scaling", "", "", K::choice, "standardize", "task regression",
     "what C and epsilon are measured in: standardize, units of the target's standard deviation (the model of the "
     "standardised target, scaled back: the defaults fit any target's scale); none, the target's own units (as "
     "LIBSVM's and scikit-learn's SVR)",
     true},
    {"tol", "", "", K::real, "0.001", "", "stopping tolerance on the certified KKT violation (> 0)", true},
    {"cache_mb", "", "", K::real, "200", "", "kernel-row cache size in MiB (> 0)", false},
    {"shrinking", "", "--no-shrinking", K::boolean, "true", "", "the shrinking heuristic", false},
    {"max_iter", "", "", K::integer, "0", "", "iteration cap (0: max(10^7, 100 m))", false},
    {"class_weight", "", "", K::class_weight, "", "task classification",
     "multiply C per class: 'balanced' (n / (k n_class) for k classes) or LABEL=WEIGHT pairs, e.g. 0=1,1=2.3", true},
    {"multi_class", "", "", K::choice, "ovo", "task classification",
     "how more than two classes are split into two-class machines (ovo: one per pair, LIBSVM's; ovr: one per "
     "class against the rest)",
     true},
    {"probability", "", "", K::boolean, "false", "task classification",
     "fit Platt sigmoids by internal 5-fold cross-validation, so that predictions can give probabilities", true},
    {"seed", "random_state", "", K::integer, "0", "task classification",
     "seed of the probability cross-validation's folds", false},
    {"store", "", "", K::choice, "auto", "",
     "what the model keeps of each machine: support-vectors (the support vectors and their dual coefficients, as "
     "LIBSVM); coefficients (the coefficients of the basis' kept functions: the same function, a model whose size "
     "does not grow with the rows; bases of at most 20,000 functions); auto: coefficients when the support vectors "
     "would hold more than 10^6 numbers and the basis allows, else support-vectors",
     false},
}};

std::string exact(double v) {
    return fmt::format("{:.17g}", v);
}

double real_value(std::string_view name, const std::string& text) {
    errno = 0;
    char* end = nullptr;
    const double v = text.empty() ? 0.0 : std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v))
        throw ParameterError(std::string(name) + " must be a finite number, got '" + text + "'");
    return v;
}

long long integer_value(std::string_view name, const std::string& text) {
    errno = 0;
    char* end = nullptr;
    const long long v = text.empty() ? 0 : std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE)
        throw ParameterError(std::string(name) + " must be an integer, got '" + text + "'");
    return v;
}

int bounded_int(std::string_view name, const std::string& text, long long low, long long high,
                const std::string& rule) {
    const long long v = integer_value(name, text);
    if (v < low || v > high) throw ParameterError(std::string(name) + " must be " + rule + ", got " + text);
    return static_cast<int>(v);
}

bool boolean_value(std::string_view name, const std::string& text) {
    if (text == "true") return true;
    if (text == "false") return false;
    throw ParameterError(std::string(name) + " must be true or false, got '" + text + "'");
}

int degree_value(const std::string& text, const std::string& what) {
    return bounded_int("degree", text, 0, kMaxDegree, "an integer in 0.." + std::to_string(kMaxDegree) + what);
}

// "3" (every feature), "3,4,5" (one per feature), "age=4,epss=6" (by name), "3,age=4" (a
// default and named features).
std::vector<int> degrees_value(const std::string& text, std::span<const std::string> names) {
    std::vector<int> bare;
    std::map<std::string, int> named;
    for (const auto& part : split_list(text)) {
        const auto eq = part.find('=');
        if (eq == std::string::npos) {
            bare.push_back(degree_value(part, ""));
            continue;
        }
        const std::string name = part.substr(0, eq);
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw ParameterError("degree: no feature named '" + name + "'");
        if (!named.emplace(name, degree_value(part.substr(eq + 1), " (feature '" + name + "')")).second)
            throw ParameterError("degree: feature '" + name + "' is given twice in '" + text + "'");
    }
    if (bare.empty() && named.empty()) throw ParameterError("degree needs a value");
    if (named.empty()) {
        if (bare.size() > 1 && !names.empty() && bare.size() != names.size())
            throw ParameterError("degree lists " + std::to_string(bare.size()) + " degrees for " +
                                 std::to_string(names.size()) + " features");
        return bare;
    }
    if (bare.size() > 1) throw ParameterError("degree: more than one default degree in '" + text + "'");
    std::vector<int> degrees;
    for (const auto& name : names) {
        const auto it = named.find(name);
        if (it == named.end() && bare.empty())
            throw ParameterError("degree: no degree for feature '" + name + "' (give a default, e.g. 3," + name +
                                 "=4)");
        degrees.push_back(it != named.end() ? it->second : bare[0]);
    }
    return degrees;
}

void class_weight_value(TrainOptions& o, const std::string& text) {
    o.class_weight.clear();
    o.balanced = text == "balanced";
    if (o.balanced) return;
    for (const auto& part : split_list(text)) {
        const auto eq = part.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ParameterError("class_weight takes 'balanced' or LABEL=WEIGHT pairs, got '" + part + "'");
        // Labels as the data readers compare them (1.0 is class 1).
        const std::string label = canonical_label(part.substr(0, eq));
        const double w = real_value("class_weight of '" + label + "'", part.substr(eq + 1));
        if (!(w > 0.0)) throw ParameterError("class_weight of '" + label + "' must be > 0, got " + exact(w));
        if (!o.class_weight.emplace(label, w).second)
            throw ParameterError("class_weight: class '" + label + "' is given twice in '" + text + "'");
    }
}

// The text of `name` in a request: given, or the default.
std::string effective(const SettingTexts& given, std::string_view name) {
    const auto it = given.find(name);
    return it != given.end() ? it->second : std::string(training_setting(name).default_text);
}

}  // namespace

std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string_view::npos) end = text.size();
        std::string part(text.substr(start, end - start));
        part.erase(0, part.find_first_not_of(' '));
        part.erase(part.find_last_not_of(' ') + 1);
        if (!part.empty()) parts.push_back(part);
        start = end + 1;
    }
    return parts;
}

std::vector<std::string> expand_ranges(std::string_view text, std::string_view name) {
    std::vector<std::string> out;
    for (const auto& part : split_list(text)) {
        const auto dots = part.find("..");
        if (dots == std::string::npos) {
            out.push_back(part);
            continue;
        }
        const long long lo = integer_value(name, part.substr(0, dots)), hi = integer_value(name, part.substr(dots + 2));
        if (hi < lo) throw ParameterError(std::string(name) + ": empty range '" + part + "'");
        // hi - lo in unsigned arithmetic: exact for hi >= lo, where the signed difference can overflow.
        if (static_cast<unsigned long long>(hi) - static_cast<unsigned long long>(lo) > 1000)
            throw ParameterError(std::string(name) + ": range '" + part + "' is too long");
        for (long long v = lo; v <= hi; ++v) out.push_back(std::to_string(v));
    }
    return out;
}

std::span<const TrainingSetting> training_settings() {
    return kSettings;
}

const TrainingSetting& training_setting(std::string_view name) {
    for (const auto& s : kSettings)
        if (s.name == name) return s;
    std::string known;
    for (const auto& s : kSettings) known += (known.empty() ? "" : ", ") + std::string(s.name);
    throw ParameterError("unknown setting '" + std::string(name) + "' (settings: " + known + ")");
}

std::string setting_choices(const TrainingSetting& s) {
    if (s.name == "task") return name_list<Task>();
    if (s.name == "family") return name_list<FamilyKind>();
    if (s.name == "measure") return name_list<Measure>();
    if (s.name == "multi_class") return name_list<MultiClass>();
    if (s.name == "missing") return name_list<Missing>();
    if (s.name == "scaling") return name_list<Scaling>();
    if (s.name == "target_scaling") return name_list<TargetScaling>();
    if (s.name == "store") return name_list<Store>();
    return "";
}

std::string cli_option(const TrainingSetting& s) {
    if (!s.cli.empty()) return std::string(s.cli);
    std::string flag = "--" + std::string(s.name);
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::string python_keyword(const TrainingSetting& s) {
    if (s.python == "-") return "";
    return std::string(s.python.empty() ? s.name : s.python);
}

TrainOptions train_options(const SettingTexts& given, std::span<const std::string> feature_names) {
    for (const auto& [name, text] : given) {
        const TrainingSetting& s = training_setting(name);
        if (s.applies_to.empty()) continue;
        const auto space = s.applies_to.find(' ');
        const std::string_view on = s.applies_to.substr(0, space), value = s.applies_to.substr(space + 1);
        const std::string actual = effective(given, on);
        if (actual != value)
            throw ParameterError(std::string(name) + " applies to " + std::string(on) + " " + std::string(value) +
                                 " only (got " + std::string(on) + " " + actual + ")");
    }
    const auto text = [&](std::string_view name) { return effective(given, name); };
    TrainOptions o;
    o.task = parse_task(text("task"));
    o.spec.family = FamilySpec::make(text("family"), real_value("alpha", text("alpha")),
                                     real_value("beta", text("beta")), real_value("lambda", text("lambda")));
    o.spec.measure = parse_measure(text("measure"));
    o.spec.degrees = degrees_value(text("degree"), feature_names);
    const std::string order = text("max_order");
    o.spec.max_order =
        order == "auto" ? kAutoMaxOrder : bounded_int("max_order", order, 0, 1000000, "'auto' or an integer >= 0");
    o.spec.max_total_degree =
        bounded_int("max_total_degree", text("max_total_degree"), 0, 1000000000, "an integer >= 0 (0: no cap)");
    o.missing = parse_name<Missing>(text("missing"));
    o.scaling = parse_name<Scaling>(text("scaling"));
    o.C = real_value("C", text("C"));
    o.epsilon = real_value("epsilon", text("epsilon"));
    o.target_scaling = parse_name<TargetScaling>(text("target_scaling"));
    o.solver.tolerance = real_value("tol", text("tol"));
    o.solver.cache_mb = real_value("cache_mb", text("cache_mb"));
    o.solver.shrinking = boolean_value("shrinking", text("shrinking"));
    const long long cap = integer_value("max_iter", text("max_iter"));
    if (cap < 0) throw ParameterError("max_iter must be >= 0 (0: the default cap), got " + text("max_iter"));
    o.solver.max_iterations = static_cast<long>(cap);
    class_weight_value(o, text("class_weight"));
    o.multi_class = parse_multi_class(text("multi_class"));
    o.probability = boolean_value("probability", text("probability"));
    const long long seed = integer_value("seed", text("seed"));
    if (seed < 0) throw ParameterError("seed must be >= 0, got " + text("seed"));
    o.seed = static_cast<uint64_t>(seed);
    o.store = parse_name<Store>(text("store"));
    validate(o);
    return o;
}

std::optional<std::string> model_setting(const Model& m, std::string_view name) {
    const TrainingSetting& s = training_setting(name);
    if (!s.kept_in_model) return std::nullopt;
    const bool jacobi = m.spec.family.kind == FamilyKind::jacobi, classifier = m.task == Task::classification;
    if (name == "task") return to_string(m.task);
    if (name == "family") return to_string(m.spec.family.kind);
    if (name == "alpha") return jacobi ? exact(m.spec.family.alpha) : std::string(s.default_text);
    if (name == "beta") return jacobi ? exact(m.spec.family.beta) : std::string(s.default_text);
    if (name == "lambda")
        return m.spec.family.kind == FamilyKind::gegenbauer ? exact(m.spec.family.lambda) : std::string(s.default_text);
    if (name == "measure") return to_string(m.spec.measure);
    if (name == "degree") {
        std::string out;
        for (int n : m.spec.degrees) out += (out.empty() ? "" : ",") + std::to_string(n);
        return out;
    }
    if (name == "max_order") return std::to_string(m.spec.max_order);
    if (name == "max_total_degree") return std::to_string(m.spec.max_total_degree);
    if (name == "missing") return std::string(name_of(m.missing));
    if (name == "scaling") return m.scaler.kind == ScalerKind::quantile ? "quantile" : "range";
    if (name == "C") return exact(m.C);
    if (name == "epsilon") return classifier ? std::string(s.default_text) : exact(m.epsilon);
    if (name == "target_scaling")
        return classifier ? std::string(s.default_text) : std::string(name_of(m.target_scaling));
    if (name == "tol") return exact(m.tolerance);
    if (name == "class_weight") {
        if (!classifier) return std::string(s.default_text);
        std::string out;
        for (size_t c = 0; c < m.classes.size() && c < m.class_weights.size(); ++c)
            out += (out.empty() ? "" : ",") + m.classes[c] + "=" + exact(m.class_weights[c]);
        return out;
    }
    if (name == "multi_class") return classifier ? to_string(m.multi_class) : std::string(s.default_text);
    if (name == "probability") return m.has_probability() ? "true" : "false";
    ORCA_ASSERT(false, "setting '" + std::string(name) + "' is kept in models but model_setting cannot read it");
}

}  // namespace orca
