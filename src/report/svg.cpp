#include "report/svg.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace orca::report {
namespace {

constexpr double as_double(size_t v) {
    return static_cast<double>(v);
}

constexpr double kFont = 12.0;
constexpr double kCharWidth = 6.6;  // average advance of a 12 px sans-serif character
constexpr const char* kDark = "#08306b";
constexpr const char* kMid = "#2171b5";
constexpr const char* kLight = "#c6dbef";
constexpr const char* kAxis = "#444444";
constexpr const char* kGrid = "#dddddd";

std::string svg_open(double width, double height, const std::string& title) {
    return fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {:.0f} {:.0f}\" width=\"{:.0f}\" role=\"img\" "
        "aria-label=\"{}\" class=\"chart\" font-family=\"sans-serif\" font-size=\"{:.0f}\"><title>{}</title>",
        width, height, width, escape(title), kFont, escape(title));
}

std::string text(double x, double y, std::string_view content, std::string_view anchor = "middle",
                 std::string_view extra = "") {
    return fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\"{}>{}</text>", x, y, anchor, extra,
                       escape(content));
}

std::string line(double x1, double y1, double x2, double y2, std::string_view colour, std::string_view extra = "") {
    return fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"{}/>", x1, y1, x2,
                       y2, colour, extra);
}

std::string rect(double x, double y, double w, double h, std::string_view fill, std::string_view tooltip,
                 std::string_view extra = "") {
    return fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"{}><title>{}</title></rect>", x,
        y, std::max(w, 0.0), std::max(h, 0.0), fill, extra, escape(tooltip));
}

// Round tick values covering [lo, hi] (about `count` of them).
std::vector<double> nice_ticks(double lo, double hi, int count = 5) {
    if (!(hi > lo)) return {lo};
    const double raw = (hi - lo) / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    std::vector<double> ticks;
    for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step)
        ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
    return ticks;
}

std::string tick_text(double v) {
    return fmt::format("{:.6g}", v);
}

// Maps [lo, hi] onto [a, b] (screen coordinates); a degenerate range maps to the middle.
struct Scale {
    double lo, hi, a, b;
    [[nodiscard]] double operator()(double v) const {
        return hi > lo ? a + (v - lo) / (hi - lo) * (b - a) : (a + b) / 2.0;
    }
};

std::pair<double, double> padded_range(double lo, double hi) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) return {0.0, 1.0};
    if (hi - lo < 1e-12 * std::max({1.0, std::abs(lo), std::abs(hi)})) return {lo - 0.5, hi + 0.5};
    const double pad = 0.04 * (hi - lo);
    return {lo - pad, hi + pad};
}

std::string shorten(const std::string& label, size_t max_chars) {
    if (label.size() <= max_chars) return label;
    return label.substr(0, max_chars - 1) + "\u2026";
}

double label_width(const std::vector<std::string>& labels, size_t max_chars) {
    size_t longest = 0;
    for (const auto& l : labels) longest = std::max(longest, std::min(l.size(), max_chars));
    return static_cast<double>(longest) * kCharWidth + 10.0;
}

std::string value_axis(const Scale& s, bool vertical_axis, double at, double from, double to) {
    std::string out;
    for (double t : nice_ticks(std::min(s.lo, s.hi), std::max(s.lo, s.hi))) {
        const double p = s(t);
        if (vertical_axis) {
            out += line(from, p, to, p, kGrid);
            out += text(at - 4, p + 4, tick_text(t), "end");
        } else {
            out += line(p, from, p, to, kGrid);
            out += text(p, at + 14, tick_text(t));
        }
    }
    return out;
}

}  // namespace

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string fixed(double value, int digits) {
    std::string s = fmt::format("{:.{}f}", value, digits);
    if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1);
    return s;
}

std::string sequential_colour(double t) {
    // ColorBrewer Blues: lightness decreases monotonically along the scale.
    static constexpr std::array<std::array<double, 3>, 5> stops{
        {{247, 251, 255}, {198, 219, 239}, {107, 174, 214}, {33, 113, 181}, {8, 48, 107}}};
    if (!std::isfinite(t)) t = 0.0;
    t = std::clamp(t, 0.0, 1.0) * (stops.size() - 1);
    const size_t i = std::min<size_t>(static_cast<size_t>(t), stops.size() - 2);
    const double f = t - static_cast<double>(i);
    std::array<int, 3> c{};
    for (size_t k = 0; k < 3; ++k)
        c[k] = static_cast<int>(std::lround(stops[i][k] + f * (stops[i + 1][k] - stops[i][k])));
    return fmt::format("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]);
}

std::string bar_chart(const BarChart& chart) {
    const size_t n = chart.categories.size(), ns = chart.series.size();
    const double base = chart.baseline;
    double lo = base, hi = base;
    for (const auto& s : chart.series)
        for (double v : s) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (hi <= lo) hi = lo + 1.0;
    const std::array<const char*, 2> fills{kMid, kLight};
    const bool legend = ns > 1;
    std::string body;
    double width = 0, height = 0;
    if (chart.horizontal) {
        const double left = label_width(chart.categories, 28) + 8, top = legend ? 44.0 : 28.0,
                     row = 14.0 * as_double(ns) + 8;
        width = 640;
        height = top + row * as_double(n) + 40;
        const Scale x{lo, hi, left, width - 24};
        body += value_axis(x, false, top + row * as_double(n), top, top + row * as_double(n));
        for (size_t c = 0; c < n; ++c) {
            const double y0 = top + row * as_double(c) + 4;
            body += text(left - 6, y0 + 7.0 * as_double(ns) + 4, shorten(chart.categories[c], 28), "end");
            for (size_t s = 0; s < ns; ++s) {
                const double v = chart.series[s][c], a = x(std::min(base, v)), b = x(std::max(base, v));
                const std::string tip =
                    chart.categories[c] + (legend ? " (" + chart.series_names[s] + ")" : "") + ": " + fixed(v);
                body += rect(a, y0 + 14.0 * as_double(s), b - a, 13, fills[s % 2], tip,
                             s % 2 ? fmt::format(" stroke=\"{}\" stroke-width=\"0.8\"", kDark) : "");
            }
        }
        body += line(x(base), top, x(base), top + row * as_double(n), kAxis);
        body += text((left + width - 24) / 2, height - 6, chart.x_label);
    } else {
        const double left = 56, top = legend || !chart.markers.empty() ? 44.0 : 30.0, bottom = 46, plot_h = 200;
        width = std::max(360.0, std::min(720.0, left + 16 + 22.0 * as_double(n * ns)));
        height = top + plot_h + bottom;
        const double band = (width - left - 16) / static_cast<double>(std::max<size_t>(n, 1));
        const Scale y{lo, hi, top + plot_h, top};
        body += value_axis(y, true, left, left, width - 16);
        const size_t every =
            std::max<size_t>(1, static_cast<size_t>(std::ceil(as_double(n) * 26.0 / (width - left - 16))));
        for (size_t c = 0; c < n; ++c) {
            const double x0 = left + band * as_double(c), bw = band * 0.8 / as_double(ns);
            for (size_t s = 0; s < ns; ++s) {
                const double v = chart.series[s][c], a = y(std::max(base, v)), b = y(std::min(base, v));
                const std::string tip = chart.x_label + " " + chart.categories[c] +
                                        (legend ? " (" + chart.series_names[s] + ")" : "") + ": " + fixed(v);
                body += rect(x0 + band * 0.1 + bw * as_double(s), a, bw, b - a, fills[s % 2], tip,
                             s % 2 ? fmt::format(" stroke=\"{}\" stroke-width=\"0.8\"", kDark) : "");
            }
            if (c % every == 0) body += text(x0 + band / 2, top + plot_h + 15, chart.categories[c]);
        }
        for (const auto& [c, label] : chart.markers) {
            if (c >= n) continue;
            const double xm = left + band * (as_double(c) + 0.5);
            body += line(xm, top - 4, xm, top + plot_h, kAxis, " stroke-dasharray=\"4 3\"");
            body += text(xm + 3, top - 6, label, "start");
        }
        body += line(left, y(base), width - 16, y(base), kAxis);
        body += text((left + width - 16) / 2, height - 8, chart.x_label);
        body += text(14, top + plot_h / 2, chart.y_label, "middle",
                     fmt::format(" transform=\"rotate(-90 14 {:.1f})\"", top + plot_h / 2));
    }
    std::string out = svg_open(width, height, chart.title);
    out += text(width / 2, 16, chart.title, "middle", " font-weight=\"bold\"");
    if (legend)
        for (size_t s = 0; s < ns; ++s) {
            const double lx = 60 + 170.0 * as_double(s);
            out += rect(lx, 26, 12, 12, fills[s % 2], chart.series_names[s],
                        s % 2 ? fmt::format(" stroke=\"{}\" stroke-width=\"0.8\"", kDark) : "");
            out += text(lx + 16, 36, chart.series_names[s], "start");
        }
    return out + body + "</svg>";
}

std::string line_chart(const LineChart& chart) {
    const double width = 320, height = 220, left = 52, right = 10, top = 24, bottom = 40;
    double lo = 0.0, hi = 0.0;
    if (!chart.y.empty()) {
        lo = *std::min_element(chart.y.begin(), chart.y.end());
        hi = *std::max_element(chart.y.begin(), chart.y.end());
    }
    const bool level = !chart.level_label.empty();
    if (level) lo = std::min(lo, chart.level), hi = std::max(hi, chart.level);
    auto [ylo, yhi] = padded_range(lo, hi);
    const double xlo = chart.x.empty() ? 0.0 : chart.x.front(), xhi = chart.x.empty() ? 1.0 : chart.x.back();
    const Scale x{xlo, xhi, left, width - right}, y{ylo, yhi, height - bottom - 8, top};
    std::string out = svg_open(width, height, chart.title);
    out += text(width / 2, 15, chart.title, "middle", " font-weight=\"bold\"");
    out += value_axis(y, true, left, left, width - right);
    for (double t : nice_ticks(std::min(xlo, xhi), std::max(xlo, xhi), 4))
        out += text(x(t), height - bottom + 14, tick_text(t));
    if (ylo < 0 && yhi > 0) out += line(left, y(0), width - right, y(0), kAxis, " stroke-dasharray=\"3 3\"");
    // The rug: at most 1,000 ticks, evenly chosen, so a large data set does not bloat the page.
    const size_t stride = std::max<size_t>(1, chart.rug.size() / 1000);
    std::string rug;
    for (size_t i = 0; i < chart.rug.size(); i += stride)
        rug += fmt::format("M{:.1f} {:.1f}v6", x(std::clamp(chart.rug[i], std::min(xlo, xhi), std::max(xlo, xhi))),
                           height - bottom - 6);
    if (!rug.empty())
        out += fmt::format("<path d=\"{}\" stroke=\"{}\" stroke-opacity=\"0.5\"><title>data values</title></path>", rug,
                           kAxis);
    std::string path;
    for (size_t i = 0; i < chart.x.size() && i < chart.y.size(); ++i)
        path += fmt::format("{}{:.1f} {:.1f}", i ? "L" : "M", x(chart.x[i]), y(chart.y[i]));
    out += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>", path, kDark);
    if (level) {
        out += line(left, y(chart.level), width - right, y(chart.level), kDark,
                    " stroke-dasharray=\"6 3\" stroke-opacity=\"0.6\"");
        out += text(width - right - 2, y(chart.level) - 4, chart.level_label, "end");
    }
    out += text((left + width - right) / 2, height - 6, chart.x_label);
    out += text(12, (top + height - bottom) / 2, chart.y_label, "middle",
                fmt::format(" transform=\"rotate(-90 12 {:.1f})\"", (top + height - bottom) / 2));
    return out + "</svg>";
}

std::string heatmap(const Heatmap& chart) {
    const size_t n = chart.labels.size();
    const double cell = std::clamp(480.0 / as_double(std::max<size_t>(n, 1)), 12.0, 44.0);
    const double left = label_width(chart.labels, 20) + 6, top = 30 + label_width(chart.labels, 20) * 0.75;
    const double width = left + cell * as_double(n) + 90, height = top + cell * as_double(n) + 12;
    double hi = 0.0;
    for (double v : chart.values) hi = std::max(hi, v);
    std::string out = svg_open(width, height, chart.title);
    out += text(width / 2, 16, chart.title, "middle", " font-weight=\"bold\"");
    const bool annotate = n <= 12;
    for (size_t i = 0; i < n; ++i) {
        const std::string name = shorten(chart.labels[i], 20);
        out += text(left - 4, top + cell * (as_double(i) + 0.5) + 4, name, "end");
        const double cx = left + cell * (as_double(i) + 0.5), cy = top - 4;
        out += text(cx, cy, name, "start", fmt::format(" transform=\"rotate(-45 {:.1f} {:.1f})\"", cx, cy));
        for (size_t k = 0; k < n; ++k) {
            const double v = chart.values[i * n + k], t = hi > 0 ? v / hi : 0.0;
            const double x0 = left + cell * as_double(k), y0 = top + cell * as_double(i);
            if (i == k) {
                out += rect(x0, y0, cell, cell, "#ffffff", chart.labels[i], " stroke=\"#eeeeee\"");
                continue;
            }
            out += rect(x0, y0, cell, cell, sequential_colour(t),
                        chart.labels[i] + " \u00d7 " + chart.labels[k] + ": " + fixed(v), " stroke=\"#ffffff\"");
            if (annotate)
                out += text(x0 + cell / 2, y0 + cell / 2 + 4, fixed(v, 3), "middle",
                            fmt::format(" font-size=\"{:.0f}\" fill=\"{}\"", std::min(11.0, cell / 3.6),
                                        t > 0.55 ? "#ffffff" : "#000000"));
        }
    }
    // Colour bar: 0 at the bottom, the largest value at the top.
    const double bx = left + cell * as_double(n) + 24, bh = cell * as_double(n);
    for (int s = 0; s < 20; ++s)
        out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"{:.2f}\" fill=\"{}\"/>", bx,
                           top + bh * (19 - s) / 20.0, bh / 20.0 + 0.3, sequential_colour((s + 0.5) / 20.0));
    out += text(bx + 18, top + 10, fixed(hi, 3), "start");
    out += text(bx + 18, top + bh, "0", "start");
    return out + "</svg>";
}

std::string surface(const Surface& chart) {
    const size_t nx = chart.x.size(), ny = chart.y.size();
    const double width = 360, height = 300, left = 54, right = 70, top = 24, bottom = 44;
    double lo = 0.0, hi = 0.0;
    if (!chart.values.empty()) {
        lo = *std::min_element(chart.values.begin(), chart.values.end());
        hi = *std::max_element(chart.values.begin(), chart.values.end());
    }
    const double pw = width - left - right, ph = height - top - bottom;
    std::string out = svg_open(width, height, chart.title);
    out += text(width / 2, 15, chart.title, "middle", " font-weight=\"bold\"");
    const double cw = pw / as_double(std::max<size_t>(nx, 1)), ch = ph / as_double(std::max<size_t>(ny, 1));
    for (size_t a = 0; a < nx; ++a)
        for (size_t b = 0; b < ny; ++b) {
            const double v = chart.values[a * ny + b], t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
            // Cells overlap by a fraction of a pixel so that no seam shows between them.
            out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.2f}\" fill=\"{}\"/>",
                               left + cw * as_double(a), top + ph - ch * as_double(b + 1), cw + 0.4, ch + 0.4,
                               sequential_colour(t));
        }
    const Scale x{chart.x.empty() ? 0.0 : chart.x.front(), chart.x.empty() ? 1.0 : chart.x.back(), left + cw / 2,
                  left + pw - cw / 2};
    const Scale y{chart.y.empty() ? 0.0 : chart.y.front(), chart.y.empty() ? 1.0 : chart.y.back(), top + ph - ch / 2,
                  top + ch / 2};
    for (double t : nice_ticks(std::min(x.lo, x.hi), std::max(x.lo, x.hi), 4))
        out += line(x(t), top + ph, x(t), top + ph + 4, kAxis) + text(x(t), top + ph + 16, tick_text(t));
    for (double t : nice_ticks(std::min(y.lo, y.hi), std::max(y.lo, y.hi), 4))
        out += line(left - 4, y(t), left, y(t), kAxis) + text(left - 6, y(t) + 4, tick_text(t), "end");
    out += text(left + pw / 2, height - 6, chart.x_label);
    out += text(12, top + ph / 2, chart.y_label, "middle",
                fmt::format(" transform=\"rotate(-90 12 {:.1f})\"", top + ph / 2));
    const double bx = width - right + 12;
    for (int s = 0; s < 20; ++s)
        out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"{:.2f}\" fill=\"{}\"/>", bx,
                           top + ph * (19 - s) / 20.0, ph / 20.0 + 0.3, sequential_colour((s + 0.5) / 20.0));
    // Three significant digits: the bar's labels must fit the 50 px right of it.
    out += text(bx + 17, top + 10, fmt::format("{:.3g}", hi), "start");
    out += text(bx + 17, top + ph, fmt::format("{:.3g}", lo), "start");
    return out + "</svg>";
}

std::string waterfall(const Waterfall& chart) {
    const size_t n = chart.contributions.size();
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::abs(chart.contributions[a]) > std::abs(chart.contributions[b]);
    });
    std::vector<std::string> labels;
    std::vector<double> values;
    for (size_t i = 0; i < n; ++i) {
        if (i + 1 == chart.max_bars && n > chart.max_bars) {
            double rest = 0.0;
            for (size_t r = i; r < n; ++r) rest += chart.contributions[order[r]];
            labels.push_back(fmt::format("{} other features", n - i));
            values.push_back(rest);
            break;
        }
        labels.push_back(chart.labels[order[i]]);
        values.push_back(chart.contributions[order[i]]);
    }
    double lo = std::min(chart.base, chart.final_value), hi = std::max(chart.base, chart.final_value), run = chart.base;
    for (double v : values) {
        run += v;
        lo = std::min(lo, run);
        hi = std::max(hi, run);
    }
    auto [xlo, xhi] = padded_range(lo, hi);
    std::vector<std::string> all_labels = labels;
    all_labels.push_back(chart.base_label);
    all_labels.push_back(chart.final_label);
    const double left = label_width(all_labels, 34) + 8, top = 26, row = 22, width = 640;
    const double height = top + row * as_double(values.size() + 2) + 40;
    const Scale x{xlo, xhi, left, width - 70};
    std::string out = svg_open(width, height, chart.title);
    out += text(width / 2, 16, chart.title, "middle", " font-weight=\"bold\"");
    out +=
        value_axis(x, false, top + row * as_double(values.size() + 2), top, top + row * as_double(values.size() + 2));
    const auto marker_row = [&](size_t r, const std::string& label, double v) {
        const double yc = top + row * as_double(r) + row / 2;
        out += text(left - 6, yc + 4, shorten(label, 34), "end", " font-weight=\"bold\"");
        out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"><title>{}: {}</title></circle>",
                           x(v), yc, kAxis, escape(label), fixed(v));
        out += text(x(v) + 8, yc + 4, fixed(v), "start");
    };
    marker_row(0, chart.base_label, chart.base);
    run = chart.base;
    for (size_t i = 0; i < values.size(); ++i) {
        const double a = x(std::min(run, run + values[i])), b = x(std::max(run, run + values[i]));
        const double y0 = top + row * as_double(i + 1) + 3;
        const bool up = values[i] >= 0;
        out += text(left - 6, y0 + 12, shorten(labels[i], 34), "end");
        out += rect(a, y0, std::max(b - a, 1.0), row - 6, up ? kDark : kLight,
                    labels[i] + ": " + (up ? "+" : "") + fixed(values[i]),
                    up ? "" : fmt::format(" stroke=\"{}\" stroke-width=\"0.8\"", kDark));
        out += text(b + 4, y0 + 12, (up ? "+" : "\u2212") + fixed(std::abs(values[i])), "start");
        run += values[i];
    }
    marker_row(values.size() + 1, chart.final_label, chart.final_value);
    out += line(x(chart.base), top, x(chart.base), top + row * as_double(values.size() + 2), kAxis,
                " stroke-dasharray=\"3 3\"");
    return out + "</svg>";
}

}  // namespace orca::report
