// The HTML report: every section present, numbers equal to the analysis and explanations they
// come from (parsed back out of the page), nothing that could make a browser fetch anything, and
// user text escaped.
#include <gtest/gtest.h>

#include <cmath>

#include "orca/errors.hpp"
#include "orca/explain.hpp"
#include "orca/html_report.hpp"
#include "orca/model_analysis.hpp"
#include "orca/model_card.hpp"
#include "orca/prediction.hpp"
#include "orca/training.hpp"
#include "test_helpers.hpp"

using namespace orca;

namespace {

Dataset make_data(size_t d, size_t m, unsigned seed, bool regression, size_t classes = 2) {
    Dataset ds;
    ds.source = "synthetic.csv";
    ds.cols = d;
    ds.rows = m;
    ds.target_name = "y";
    for (size_t j = 0; j < d; ++j) ds.feature_names.push_back("f" + std::to_string(j));
    ds.feature_names[0] = "<script>alert(\"x\")</script>&'";  // user text must arrive escaped
    ds.X = test::uniform_points(m, d, seed, 0.0, 10.0);
    for (size_t r = 0; r < m; ++r) {
        const double* x = &ds.X[r * d];
        const double s = std::sin(x[0]) + 0.3 * x[1] * x[d - 1] / 10.0 - 0.5;
        if (regression)
            ds.target.push_back(std::to_string(s));
        else if (classes == 2)
            ds.target.push_back(s > 0 ? "yes" : "no");
        else
            ds.target.push_back(s > 0.4 ? "c" : s > -0.4 ? "b" : "a");
    }
    return ds;
}

Model train(const Dataset& ds, Task task, int max_order = 0) {
    TrainOptions o;
    o.task = task;
    o.spec.degrees = {3};
    o.spec.max_order = max_order;
    o.C = 10.0;
    o.epsilon = 0.05;
    return train_model(ds, o);
}

// The text of every <td> of the table with this id, row by row.
std::vector<std::vector<std::string>> table_cells(const std::string& html, const std::string& id) {
    const size_t start = html.find("<table id=\"" + id + "\">");
    EXPECT_NE(start, std::string::npos) << "no table " << id;
    if (start == std::string::npos) return {};
    const size_t body = html.find("<tbody>", start), end = html.find("</tbody>", start);
    const std::string part = html.substr(body, end - body);
    // A plain scan (the page's tables have no nesting): <tr> opens a row, <td ...>text</td> a cell.
    std::vector<std::vector<std::string>> rows;
    for (size_t at = part.find("<t"); at != std::string::npos; at = part.find("<t", at + 1)) {
        if (part.compare(at, 4, "<tr>") == 0) {
            rows.emplace_back();
        } else if (part.compare(at, 3, "<td") == 0 && !rows.empty()) {
            const size_t open = part.find('>', at) + 1, close = part.find("</td>", open);
            rows.back().push_back(part.substr(open, close - open));
            at = close;
        }
    }
    return rows;
}

double number(const std::string& cell) {
    return std::stod(cell);
}

// The tables of one OKC report equal the report to the printed precision (4 decimals).
void expect_tables_match(const std::string& html, const OkcReport& r, const std::string& prefix) {
    const auto order = table_cells(html, prefix + "okc-order");
    ASSERT_EQ(order.size(), r.max_order + 1);
    for (size_t q = 0; q < order.size(); ++q) EXPECT_NEAR(number(order[q][1]), r.order[q], 5.1e-5);
    const auto degree = table_cells(html, prefix + "okc-degree");
    ASSERT_GE(degree.size(), static_cast<size_t>(r.peak) + 1);
    for (size_t n = 0; n < degree.size(); ++n) {
        EXPECT_NEAR(number(degree[n][1]), r.spectrum[n], 5.1e-5);
        EXPECT_NEAR(number(degree[n][2]), r.cumulative[n], 5.1e-5);
    }
    EXPECT_NE(html.find("id=\"" + prefix + "peak\">N* = " + std::to_string(r.peak) + "<"), std::string::npos);
    const auto parity = table_cells(html, prefix + "parity");
    EXPECT_NEAR(number(parity[0][1]), r.even, 5.1e-5);
    EXPECT_NEAR(number(parity[1][1]), r.odd, 5.1e-5);
    const auto features = table_cells(html, prefix + "features");
    ASSERT_EQ(features.size(), r.dim);
    double marginal = 0.0;
    for (const auto& row : features) marginal += number(row[1]);
    double expected = 0.0;
    for (double v : r.marginal) expected += v;
    EXPECT_NEAR(marginal, expected, 5.1e-5 * static_cast<double>(r.dim));
    if (r.max_order >= 2) {
        const auto pairs = table_cells(html, prefix + "pairs");
        ASSERT_FALSE(pairs.empty());
        EXPECT_NEAR(number(pairs[0][2]), *std::max_element(r.pairwise.begin(), r.pairwise.end()), 5.1e-5);
    }
}

TEST(HtmlReport, TwoClassPageHasEverySectionNumbersOfTheAnalysisAndNoExternalReference) {
    const Dataset ds = make_data(4, 80, 3, false);
    const Model model = train(ds, Task::classification);
    HtmlReportOptions o;
    o.rows = {0, 7};
    const std::string html = html_report(model, &ds, o);
    for (const char* id : {"model-card", "okc", "effects", "okc-order", "okc-degree", "parity", "features", "pairs",
                           "coefficients", "row-0", "row-7"})
        EXPECT_NE(html.find("id=\"" + std::string(id) + "\""), std::string::npos) << id;
    // Nothing a browser would fetch: no src/href to a resource, no CSS url(), no script; and a
    // Content-Security-Policy that forbids requests anyway.
    EXPECT_EQ(html.find(" src="), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("@import"), std::string::npos);
    for (size_t at = html.find("href=\""); at != std::string::npos; at = html.find("href=\"", at + 1))
        EXPECT_EQ(html[at + 6], '#') << html.substr(at, 40);
    EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"), std::string::npos);

    OkcOptions okc;
    okc.top_coefficients = 20;
    okc.coefficients_if_cheap = true;
    const OkcReport r = analyze_model(model, okc).machines[0].report;
    expect_tables_match(html, r, "");
    const auto coefficients = table_cells(html, "coefficients");
    ASSERT_EQ(coefficients.size(), r.coefficients.size());
    EXPECT_NEAR(number(coefficients[0][1]), r.coefficients[0].value, 1e-5 * std::abs(r.coefficients[0].value));

    // Waterfall rows: the phi sum to decision - base, and the decision is the model's own
    // (computed here through the prediction path, not the explanation's).
    const std::vector<double> X(ds.X.begin() + 7 * 4, ds.X.begin() + 8 * 4);
    const double g = decision_function(model, X, 1, OutOfRange::clip, "row")[0];
    const auto row = table_cells(html, "row-7");
    ASSERT_EQ(row.size(), 4u + 2u);
    double sum = 0.0;
    for (size_t j = 0; j < 4; ++j) sum += number(row[j][2]);
    const double base = number(row[4][2]), decision = number(row[5][2]);
    EXPECT_NEAR(decision, g, 5.1e-5);
    EXPECT_NEAR(base + sum, g, 5.1e-5 * 6);
    // The card reports the accuracy on the given data.
    EXPECT_NE(html.find("accuracy on the data"), std::string::npos);
}

TEST(HtmlReport, MulticlassPageHasTheAggregateEachMachineAndEachClass) {
    const Dataset ds = make_data(3, 90, 5, false, 3);
    const Model model = train(ds, Task::classification);
    ASSERT_TRUE(model.is_multiclass());
    const std::string html = html_report(model, &ds, {});
    for (const char* id : {"aggregate", "machine-1", "machine-2", "machine-3", "class-1", "class-2", "class-3",
                           "class-1-row-0", "class-3-row-2"})
        EXPECT_NE(html.find("id=\"" + std::string(id) + "\""), std::string::npos) << id;
    OkcOptions okc;
    const ModelAnalysis analysis = analyze_model(model, okc);
    expect_tables_match(html, *analysis.energy_weighted, "aggregate-");
    expect_tables_match(html, analysis.machines[1].report, "machine-2-");
}

TEST(HtmlReport, RegressionWithoutDataAndAnAdditiveModel) {
    const Dataset ds = make_data(3, 60, 7, true);
    const Model model = train(ds, Task::regression, 1);
    const std::string html = html_report(model, nullptr, {});
    EXPECT_NE(html.find("id=\"pairs-none\""), std::string::npos);  // Q = 1: no pair terms, said so
    EXPECT_EQ(html.find("Pair surfaces"), std::string::npos);
    EXPECT_NE(html.find("Give data"), std::string::npos);
    OkcOptions okc;
    expect_tables_match(html, analyze_model(model, okc).machines[0].report, "");
    // With data: R^2 on it, equal to 1 - SSE/SST from the model's predictions.
    const std::string with_data = html_report(model, &ds, {});
    const auto g = decision_function(model, ds.X, ds.rows, OutOfRange::clip, "data");
    double mean = 0.0, sse = 0.0, sst = 0.0;
    for (const auto& t : ds.target) mean += std::stod(t) / static_cast<double>(ds.rows);
    for (size_t r = 0; r < ds.rows; ++r) {
        const double z = std::stod(ds.target[r]);
        sse += (z - g[r]) * (z - g[r]);
        sst += (z - mean) * (z - mean);
    }
    const std::string anchor = "id=\"card-R-2-on-the-data\">";
    const size_t at = with_data.find(anchor);
    ASSERT_NE(at, std::string::npos);
    EXPECT_NEAR(std::stod(with_data.substr(at + anchor.size(), 12)), 1.0 - sse / sst, 5.1e-5);
}

TEST(HtmlReport, RefusesRowsOutsideTheDataAndDataOfOtherFeatures) {
    const Dataset ds = make_data(3, 20, 9, false);
    const Model model = train(ds, Task::classification);
    HtmlReportOptions o;
    o.rows = {20};
    try {
        (void)html_report(model, &ds, o);
        FAIL() << "row 20 of 20 accepted";
    } catch (const ParameterError& e) {
        EXPECT_NE(std::string(e.what()).find("row 20 is outside synthetic.csv (20 rows, numbered from 0)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW((void)html_report(model, nullptr, o), ParameterError);
    Dataset other = make_data(2, 20, 9, false);
    EXPECT_THROW((void)html_report(model, &other, {}), DataError);
}

TEST(ModelCard, CarriesTheCertifiedSolverResult) {
    const Dataset ds = make_data(2, 40, 11, false);
    const Model model = train(ds, Task::classification);
    bool solver = false;
    for (const auto& line : model_card(model))
        if (line.label == "solver") {
            solver = true;
            EXPECT_NE(line.value.find("converged"), std::string::npos);
            EXPECT_NE(line.value.find("duality gap"), std::string::npos);
        }
    EXPECT_TRUE(solver);
}

}  // namespace
