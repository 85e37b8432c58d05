// The grid of settings a sweep or a stability run takes, from lists of the settings table's
// texts: one parser and one pairing rule for the CLI and Python.
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "orca/diagnostics.hpp"
#include "orca/errors.hpp"
#include "orca/settings.hpp"

namespace orca {
namespace {

constexpr const char* kGridSettings[] = {"family", "measure",   "alpha",            "beta", "lambda",
                                         "degree", "max_order", "max_total_degree", "C",    "scaling"};

// The values of one setting's list; settings of whole numbers (by their kind in the table) also
// take ranges "lo..hi".
std::vector<std::string> values(const SettingTexts& lists, const std::string& name) {
    const auto it = lists.find(name);
    const std::string text = it != lists.end() ? it->second : std::string(training_setting(name).default_text);
    const SettingKind kind = training_setting(name).kind;
    const bool integer = kind == SettingKind::integer || kind == SettingKind::max_order || kind == SettingKind::degrees;
    std::vector<std::string> out = integer ? expand_ranges(text, name) : split_list(text);
    if (out.empty()) throw ParameterError(name + " needs at least one value");
    return out;
}

bool is_default(const std::string& name, const std::string& text) {
    const double d = std::strtod(std::string(training_setting(name).default_text).c_str(), nullptr);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && v == d;
}

}  // namespace

std::vector<Setting> grid_settings(const SettingTexts& lists) {
    for (const auto& [name, text] : lists) {
        bool known = false;
        for (const char* g : kGridSettings) known = known || name == g;
        if (!known)
            throw ParameterError(
                "a grid of settings takes family, measure, alpha, beta, lambda, degree, max_order, "
                "max_total_degree, C and scaling, not " +
                name);
    }
    const auto families = values(lists, "family"), measures = values(lists, "measure");
    if (families.size() != 1 || measures.size() != 1) throw ParameterError("a grid takes one family and one measure");
    auto alphas = values(lists, "alpha"), betas = values(lists, "beta");
    if (alphas.size() != betas.size()) {
        if (alphas.size() == 1)
            alphas.assign(betas.size(), alphas[0]);
        else if (betas.size() == 1)
            betas.assign(alphas.size(), betas[0]);
        else
            throw ParameterError("alpha and beta lists must have the same length (they are paired)");
    }
    const auto lambdas = values(lists, "lambda"), Cs = values(lists, "C"), orders = values(lists, "max_order"),
               caps = values(lists, "max_total_degree"), degrees = values(lists, "degree"),
               scalings = values(lists, "scaling");
    // A family's own parameters at their defaults mean "not given" for the other families.
    const auto family_parameter = [&](SettingTexts& one, const std::string& name, const std::string& text) {
        const std::string applies(training_setting(name).applies_to);
        if (applies == "family " + families[0] || !is_default(name, text)) one[name] = text;
    };
    // Counted before any is built: each setting is fitted once per fold, and a grid of a million
    // would run for days with nothing to show for it.
    const double count = static_cast<double>(scalings.size()) * static_cast<double>(alphas.size()) *
                         static_cast<double>(lambdas.size()) *
                         static_cast<double>(Cs.size()) * static_cast<double>(orders.size()) *
                         static_cast<double>(caps.size()) * static_cast<double>(degrees.size());
    if (count > static_cast<double>(kMaxGridSettings))
        throw ParameterError(fmt::format(
            "the grid has {:.0f} settings ({} degree x {} C x {} max_order x {} max_total_degree x {} (alpha, beta) x "
            "{} lambda x {} scaling), more than {}; each is fitted once per fold: narrow the lists",
            count, degrees.size(), Cs.size(), orders.size(), caps.size(), alphas.size(), lambdas.size(),
            scalings.size(), kMaxGridSettings));
    std::vector<Setting> out;
    const auto add = [&](const std::string& scaling, size_t pair, const std::string& lambda, const std::string& C,
                         const std::string& q, const std::string& cap, const std::string& n) {
        SettingTexts one{{"family", families[0]}, {"measure", measures[0]}, {"C", C},      {"max_order", q},
                         {"max_total_degree", cap}, {"degree", n},          {"scaling", scaling}};
        family_parameter(one, "alpha", alphas[pair]);
        family_parameter(one, "beta", betas[pair]);
        family_parameter(one, "lambda", lambda);
        const TrainOptions o = train_options(one);
        Setting s;
        s.spec = o.spec;
        s.C = o.C;
        s.scaling = o.scaling;
        out.push_back(s);
    };
    for (const auto& scaling : scalings)
        for (size_t pair = 0; pair < alphas.size(); ++pair)
            for (const auto& lambda : lambdas)
                for (const auto& C : Cs)
                    for (const auto& q : orders)
                        for (const auto& cap : caps)
                            for (const auto& n : degrees) add(scaling, pair, lambda, C, q, cap, n);
    return out;
}

}  // namespace orca
