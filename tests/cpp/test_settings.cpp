// The settings table (settings.hpp) and the enumerations' name tables (names.hpp): defaults equal
// to TrainOptions', every rule and its message naming the setting, and each kept setting read
// back from a model file.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "orca/errors.hpp"
#include "orca/model_io.hpp"
#include "orca/okc.hpp"
#include "orca/prediction.hpp"
#include "orca/settings.hpp"
#include "orca/training.hpp"
#include "paper/spiral.hpp"

using namespace orca;

namespace {

void expect_refused(const SettingTexts& given, const std::string& message) {
    try {
        (void)train_options(given, std::vector<std::string>{"a", "b"});
        ADD_FAILURE() << "accepted; expected: " << message;
    } catch (const ParameterError& e) {
        EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
}

template <class E>
void expect_names_round_trip() {
    for (const auto& entry : EnumNames<E>::names) {
        EXPECT_EQ(parse_name<E>(entry.name), entry.value) << entry.name;
        if (!entry.alias) {
            EXPECT_EQ(name_of(entry.value), entry.name);
        }
        EXPECT_EQ(entry.alias, name_list<E>().find(std::string(entry.name)) == std::string::npos) << entry.name;
    }
}

}  // namespace

TEST(Settings, TheTablesDefaultsAreTrainOptionsDefaults) {
    const TrainOptions table = train_options({});
    const TrainOptions code;
    EXPECT_EQ(table.task, code.task);
    EXPECT_EQ(table.epsilon, code.epsilon);
    EXPECT_EQ(table.multi_class, code.multi_class);
    EXPECT_EQ(table.probability, code.probability);
    EXPECT_EQ(table.seed, code.seed);
    EXPECT_EQ(table.spec.family.kind, code.spec.family.kind);
    EXPECT_EQ(table.spec.family.alpha, code.spec.family.alpha);
    EXPECT_EQ(table.spec.family.beta, code.spec.family.beta);
    EXPECT_EQ(table.spec.family.lambda, code.spec.family.lambda);
    EXPECT_EQ(table.spec.measure, code.spec.measure);
    EXPECT_EQ(table.spec.degrees, code.spec.degrees);
    EXPECT_EQ(table.spec.max_order, code.spec.max_order);
    EXPECT_EQ(table.spec.max_total_degree, code.spec.max_total_degree);
    EXPECT_EQ(table.C, code.C);
    EXPECT_EQ(table.class_weight, code.class_weight);
    EXPECT_EQ(table.balanced, code.balanced);
    EXPECT_EQ(table.solver.tolerance, code.solver.tolerance);
    EXPECT_EQ(table.solver.cache_mb, code.solver.cache_mb);
    EXPECT_EQ(table.solver.shrinking, code.solver.shrinking);
    EXPECT_EQ(table.solver.max_iterations, code.solver.max_iterations);
    EXPECT_EQ(code.spec.degrees, std::vector<int>{kDefaultDegree});
    EXPECT_EQ(code.spec.max_order, kAutoMaxOrder);
}

TEST(Settings, EachDefaultGivenExplicitlyIsAccepted) {
    for (const TrainingSetting& s : training_settings()) {
        SettingTexts given{{std::string(s.name), std::string(s.default_text)}};
        if (!s.applies_to.empty()) {  // give the model it applies to
            const auto space = s.applies_to.find(' ');
            given[std::string(s.applies_to.substr(0, space))] = std::string(s.applies_to.substr(space + 1));
        }
        EXPECT_NO_THROW((void)train_options(given)) << s.name;
    }
}

TEST(Settings, SettingsGivenToModelsTheyDoNotApplyToAreRefusedByName) {
    expect_refused({{"alpha", "1"}}, "alpha applies to family jacobi only (got family legendre)");
    expect_refused({{"beta", "1"}, {"family", "chebyshev1"}}, "beta applies to family jacobi only");
    expect_refused({{"lambda", "2"}, {"family", "jacobi"}},
                   "lambda applies to family gegenbauer only (got family jacobi)");
    expect_refused({{"epsilon", "0.2"}}, "epsilon applies to task regression only (got task classification)");
    for (const char* name : {"class_weight", "multi_class", "probability", "seed"}) {
        SettingTexts given{{"task", "regression"}, {name, std::string(training_setting(name).default_text)}};
        expect_refused(given, std::string(name) + " applies to task classification only (got task regression)");
    }
    // Set in code, the same rule is validate()'s.
    TrainOptions o;
    o.task = Task::regression;
    o.probability = true;
    EXPECT_THROW(validate(o), ParameterError);
}

TEST(Settings, ValuesOutsideTheirDomainAreRefusedByName) {
    expect_refused({{"C", "0"}}, "C must be a finite number > 0, got 0");
    expect_refused({{"C", "abc"}}, "C must be a finite number, got 'abc'");
    expect_refused({{"C", "nan"}}, "C must be a finite number, got 'nan'");
    expect_refused({{"tol", "-1"}}, "tol must be a finite number > 0");
    expect_refused({{"cache_mb", "0"}}, "cache_mb must be a finite number > 0");
    expect_refused({{"task", "regression"}, {"epsilon", "-1"}}, "epsilon must be a finite number >= 0");
    expect_refused({{"family", "jacobi"}, {"alpha", "-1"}}, "alpha must be a finite number > -1");
    expect_refused({{"family", "gegenbauer"}, {"lambda", "-0.5"}}, "lambda must be a finite number > -0.5");
    expect_refused({{"family", "laguerre"}},
                   "family must be one of legendre, chebyshev1, chebyshev2, gegenbauer, "
                   "jacobi or hermite, got 'laguerre'");
    expect_refused({{"measure", "uniform"}}, "measure must be one of probability or lebesgue, got 'uniform'");
    expect_refused({{"degree", "10001"}}, "degree must be an integer in 0..10000, got 10001");
    expect_refused({{"degree", "2.5"}}, "degree must be an integer, got '2.5'");
    expect_refused({{"degree", "1,2,3"}}, "degree lists 3 degrees for 2 features");
    expect_refused({{"degree", "z=3"}}, "degree: no feature named 'z'");
    expect_refused({{"degree", "a=3"}}, "degree: no degree for feature 'b'");
    expect_refused({{"max_order", "-1"}}, "max_order must be 'auto' or an integer >= 0, got -1");
    expect_refused({{"max_total_degree", "x"}}, "max_total_degree must be an integer, got 'x'");
    expect_refused({{"max_iter", "-2"}}, "max_iter must be >= 0");
    expect_refused({{"shrinking", "yes"}}, "shrinking must be true or false, got 'yes'");
    expect_refused({{"class_weight", "heavy"}}, "class_weight takes 'balanced' or LABEL=WEIGHT pairs, got 'heavy'");
    expect_refused({{"class_weight", "a=0"}}, "class_weight of 'a' must be > 0");
    expect_refused({{"colour", "red"}}, "unknown setting 'colour' (settings: task, family,");
}

TEST(Settings, DegreesByDefaultListAndName) {
    const std::vector<std::string> names{"a", "b", "c"};
    EXPECT_EQ(train_options({{"degree", "4"}}, names).spec.degrees, std::vector<int>{4});
    EXPECT_EQ(train_options({{"degree", "4,5,6"}}, names).spec.degrees, (std::vector<int>{4, 5, 6}));
    EXPECT_EQ(train_options({{"degree", "4,b=2"}}, names).spec.degrees, (std::vector<int>{4, 2, 4}));
    EXPECT_EQ(train_options({{"degree", "c=1,a=2,b=3"}}, names).spec.degrees, (std::vector<int>{2, 3, 1}));
    const TrainOptions o = train_options({{"class_weight", "x=2, y=0.5"}, {"C", "0.1"}, {"tol", "1e-05"}});
    EXPECT_EQ(o.class_weight.at("x"), 2.0);
    EXPECT_EQ(o.class_weight.at("y"), 0.5);
    EXPECT_EQ(o.C, 0.1);
    EXPECT_EQ(o.solver.tolerance, 1e-5);
    EXPECT_TRUE(train_options({{"class_weight", "balanced"}}).balanced);
    EXPECT_FALSE(train_options({{"shrinking", "false"}}).solver.shrinking);
}

TEST(Settings, EveryKeptSettingIsReadBackFromTheModelFile) {
    const std::vector<SettingTexts> requests{
        {{"family", "jacobi"},
         {"alpha", "0.25"},
         {"beta", "-0.5"},
         {"degree", "3,5"},
         {"C", "2.5"},
         {"tol", "0.0001"},
         {"class_weight", "A=1,B=3"},
         {"probability", "true"},
         {"measure", "lebesgue"}},
        {{"family", "gegenbauer"},
         {"lambda", "2"},
         {"max_total_degree", "4"},
         {"multi_class", "ovr"},
         {"missing", "error"},
         {"scaling", "quantile"}},
        {{"task", "regression"}, {"epsilon", "0.05"}, {"family", "hermite"}, {"max_order", "1"},
         {"target_scaling", "none"}}};
    std::set<std::string> covered;
    for (const auto& given : requests) {
        Dataset d = make_double_spiral();
        const bool regression = given.count("task") > 0;
        const bool three_classes = given.count("multi_class") > 0;  // so that the strategy shows
        for (size_t t = 0; t < d.rows; ++t)
            d.target[t] = regression ? std::to_string(d.X[2 * t] * d.X[2 * t + 1])
                          : three_classes
                              ? std::string(1, static_cast<char>('A' + (d.X[2 * t] > 0.3) + (d.X[2 * t] > -0.3)))
                          : d.target[t] == d.target[0] ? "A"
                                                       : "B";
        const Model trained = train_model(d, train_options(given, d.feature_names));
        const Model loaded = model_from_json(model_to_json(trained), "test");
        for (const TrainingSetting& s : training_settings()) {
            const auto before = model_setting(trained, s.name), after = model_setting(loaded, s.name);
            EXPECT_EQ(before.has_value(), s.kept_in_model) << s.name;
            EXPECT_EQ(before, after) << s.name;
            const auto it = given.find(s.name);
            if (!after || it == given.end()) continue;
            covered.insert(std::string(s.name));
            // Read back as the same value (numbers as numbers).
            const TrainOptions asked = train_options({{std::string(s.name), it->second},
                                                      {"task", to_string(loaded.task)},
                                                      {"family", to_string(loaded.spec.family.kind)}},
                                                     d.feature_names);
            const TrainOptions read = train_options({{std::string(s.name), *after},
                                                     {"task", to_string(loaded.task)},
                                                     {"family", to_string(loaded.spec.family.kind)}},
                                                    d.feature_names);
            EXPECT_EQ(asked.spec.family.alpha, read.spec.family.alpha) << s.name;
            EXPECT_EQ(asked.spec.family.beta, read.spec.family.beta) << s.name;
            EXPECT_EQ(asked.spec.family.lambda, read.spec.family.lambda) << s.name;
            EXPECT_EQ(asked.spec.measure, read.spec.measure) << s.name;
            const auto per_feature = [](const std::vector<int>& n) {
                return n.size() == 1 ? std::vector<int>(2, n[0]) : n;
            };
            EXPECT_EQ(per_feature(asked.spec.degrees), per_feature(read.spec.degrees)) << s.name;
            EXPECT_EQ(asked.spec.max_order, read.spec.max_order) << s.name;
            EXPECT_EQ(asked.spec.max_total_degree, read.spec.max_total_degree) << s.name;
            EXPECT_EQ(asked.C, read.C) << s.name;
            EXPECT_EQ(asked.epsilon, read.epsilon) << s.name;
            EXPECT_EQ(asked.solver.tolerance, read.solver.tolerance) << s.name;
            EXPECT_EQ(asked.class_weight, read.class_weight) << s.name;
            EXPECT_EQ(asked.multi_class, read.multi_class) << s.name;
            EXPECT_EQ(asked.probability, read.probability) << s.name;
            EXPECT_EQ(asked.missing, read.missing) << s.name;
            EXPECT_EQ(asked.scaling, read.scaling) << s.name;
            EXPECT_EQ(asked.target_scaling, read.target_scaling) << s.name;
        }
    }
    for (const TrainingSetting& s : training_settings()) {
        if (s.kept_in_model && s.name != "task") {
            EXPECT_TRUE(covered.count(std::string(s.name))) << s.name;
        }
    }
}

// One list form for every list of whole numbers (grids' degrees and orders, orca report --rows).
TEST(Settings, ListsExpandRangesAndKeepOtherParts) {
    using V = std::vector<std::string>;
    EXPECT_EQ(expand_ranges("1..3, 8", "degree"), (V{"1", "2", "3", "8"}));
    EXPECT_EQ(expand_ranges("auto,1..2", "max_order"), (V{"auto", "1", "2"}));
    EXPECT_EQ(expand_ranges("-1..1", "x"), (V{"-1", "0", "1"}));
    EXPECT_EQ(expand_ranges(" , ", "x"), V{});
    EXPECT_EQ(expand_ranges("0..1000", "x").size(), 1001u);
    const auto refused = [](const std::string& text, const std::string& message) {
        try {
            (void)expand_ranges(text, "degree");
            ADD_FAILURE() << text << " accepted; expected: " << message;
        } catch (const ParameterError& e) {
            EXPECT_EQ(std::string(e.what()), message);
        }
    };
    refused("3..1", "degree: empty range '3..1'");
    refused("0..1001", "degree: range '0..1001' is too long");
    refused("-9223372036854775807..9223372036854775807",  // a difference beyond long long's range
            "degree: range '-9223372036854775807..9223372036854775807' is too long");
    refused("a..3", "degree must be an integer, got 'a'");
    refused("1..", "degree must be an integer, got ''");
    refused("1..99999999999999999999", "degree must be an integer, got '99999999999999999999'");
}

TEST(Names, EveryEnumerationParsesWhatItPrints) {
    expect_names_round_trip<Task>();
    expect_names_round_trip<MultiClass>();
    expect_names_round_trip<FamilyKind>();
    expect_names_round_trip<Measure>();
    expect_names_round_trip<OkcMethod>();
    expect_names_round_trip<OkcAggregation>();
    expect_names_round_trip<PredictMethod>();
    expect_names_round_trip<ScalerKind>();
    expect_names_round_trip<OutOfRange>();
    expect_names_round_trip<StopReason>();
    expect_names_round_trip<DataFormat>();
    EXPECT_EQ(parse_okc_method("enumerate"), OkcMethod::enumeration);  // the alias, never printed
    EXPECT_EQ(name_list<OkcMethod>(), "auto, enumeration or pairs");
    EXPECT_THROW((void)parse_name<StopReason>("stopped"), ParameterError);
}
