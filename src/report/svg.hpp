#pragma once
// Inline SVG charts for the HTML report: no script, no external resource, sized by a viewBox so
// they scale to the page's width (a phone's as well as a desktop's). Every chart carries a
// <title> and an aria-label; colours are one hue from light to dark (ColorBrewer's Blues), so
// they keep their order in greyscale, and the second series of a bar chart differs by outline
// and lightness, not hue alone.
#include <string>
#include <string_view>
#include <vector>

namespace orca::report {

// Text escaped for HTML/SVG element content and attribute values (quotes included).
[[nodiscard]] std::string escape(std::string_view text);

// A number as the report prints it: fixed with `digits` decimals, "-0.0000" shown as "0.0000".
[[nodiscard]] std::string fixed(double value, int digits = 4);

// Colour of t in [0, 1] on the light-to-dark scale (0 lightest).
[[nodiscard]] std::string sequential_colour(double t);

struct BarChart {
    std::string title;                        // also the accessible name
    std::string x_label, y_label;             // axis captions
    std::vector<std::string> categories;      // one per bar (group)
    std::vector<std::vector<double>> series;  // each: one value per category
    std::vector<std::string> series_names;    // legend (shown when more than one series)
    bool horizontal = false;                  // categories down the side (long names)
    // Vertical markers at category positions (vertical charts), e.g. the spectral peak.
    std::vector<std::pair<size_t, std::string>> markers;
    // Where bars start and the value axis begins: 0 for shares; just below the smallest value for
    // accuracies, whose differences a bar from 0 would hide (12 settings between 0.93 and 0.97).
    double baseline = 0.0;
};
[[nodiscard]] std::string bar_chart(const BarChart& chart);

struct LineChart {
    std::string title, x_label, y_label;
    std::vector<double> x, y;
    std::vector<double> rug;  // data positions on the x axis, drawn as ticks under the curve
    // A value with no place on the x axis (a gap function's), drawn as a dashed level across the
    // chart and named by level_label; none when level_label is empty.
    double level = 0.0;
    std::string level_label;
};
[[nodiscard]] std::string line_chart(const LineChart& chart);

// A matrix of labelled cells (the pair heatmap), with the value written in each cell when the
// matrix is small enough to read.
struct Heatmap {
    std::string title;
    std::vector<std::string> labels;  // rows and columns (square)
    std::vector<double> values;       // labels.size()^2, row-major
};
[[nodiscard]] std::string heatmap(const Heatmap& chart);

// A function of two numeric variables on a grid (a pair surface), with a colour bar.
struct Surface {
    std::string title, x_label, y_label;
    std::vector<double> x, y;
    std::vector<double> values;  // x.size() x y.size(), row-major: values[a * y.size() + b] at (x[a], y[b])
};
[[nodiscard]] std::string surface(const Surface& chart);

// Contributions from a base value to a final value, largest magnitude first.
struct Waterfall {
    std::string title;
    double base = 0.0, final_value = 0.0;
    std::string base_label = "base value", final_label = "decision value";
    std::vector<std::string> labels;
    std::vector<double> contributions;
    size_t max_bars = 12;  // the rest are summed into one bar
};
[[nodiscard]] std::string waterfall(const Waterfall& chart);

}  // namespace orca::report
