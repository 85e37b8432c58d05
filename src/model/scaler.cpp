#include "orca/scaler.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

#include "orca/errors.hpp"

namespace orca {

void check_feature_values(std::span<const double> X, size_t rows, Missing missing, const std::vector<std::string>& names,
                          const std::string& source) {
    const size_t cols = names.size();
    for (size_t r = 0; r < rows; ++r)
        for (size_t j = 0; j < cols; ++j) {
            const double v = X[r * cols + j];
            if (std::isfinite(v) || (std::isnan(v) && accepts_missing(missing))) continue;
            std::ostringstream os;
            os << source << ": row " << r + 1 << ", feature '" << names[j] << "': ";
            if (std::isnan(v))
                os << "missing value (missing error refuses it; missing marginalize integrates the feature out, "
                      "missing level gives a categorical feature a level of its own)";
            else
                os << "value " << v << " is not a finite number";
            throw DataError(os.str());
        }
}

double quantile_mid_rank(double below, double ties, double present) {
    return (below + ties / 2.0) / present;
}

size_t quantile_grid_step(double below, double ties, double present) {
    const auto twice_rank = static_cast<uint64_t>(2.0 * below + ties);
    return static_cast<size_t>(static_cast<uint64_t>(kMaxQuantileKnots) * twice_rank /
                               (2 * static_cast<uint64_t>(present)));
}

void Scaler::set_quantile_knots(size_t j, std::vector<double> x, const std::vector<double>& below,
                                const std::vector<double>& ties, const FamilySpec& family, const std::string& name) {
    const auto refuse = [&](const std::string& why) {
        throw ParameterError("feature '" + name + "': its quantile knots " + why);
    };
    const size_t n = x.size();
    if (below.size() != n || ties.size() != n) refuse("need one count below and one count of ties per knot");
    if (n < 2) refuse("need at least the smallest and the largest value");
    if (x.front() != min[j] || x.back() != max[j]) refuse("must begin at the feature's min and end at its max");
    if (below.front() != 0.0) refuse("must count every value present: none below the first");
    const double present = below.back() + ties.back();  // none above the last
    if (!(present <= 0x1p53)) refuse("count more values than a double counts exactly");
    for (size_t i = 0; i < n; ++i) {
        if (!(ties[i] >= 1.0 && ties[i] == std::floor(ties[i]) && below[i] == std::floor(below[i])))
            refuse("need whole counts, at least one value at each knot");
        if (i > 0 && !(x[i] > x[i - 1] && below[i] >= below[i - 1] + ties[i - 1]))
            refuse("must increase, each with at least the values of the one before below it");
    }
    if (knot_x.size() <= j) knot_x.resize(j + 1), knot_z.resize(j + 1);
    knot_z[j].clear();
    for (size_t i = 0; i < n; ++i)
        knot_z[j].push_back(law_quantile(family, quantile_mid_rank(below[i], ties[i], present)));
    knot_x[j] = std::move(x);
}

namespace {

// The knots of feature j's training distribution function (Scaler::knot_x, knot_z), by the rule
// quantile_grid_step states.
void fit_quantile_knots(Scaler& s, std::span<const double> X, size_t rows, size_t cols, size_t j,
                        const FamilySpec& family, const std::string& name) {
    std::vector<double> values;
    for (size_t r = 0; r < rows; ++r)
        if (!std::isnan(X[r * cols + j])) values.push_back(X[r * cols + j]);
    std::sort(values.begin(), values.end());
    const auto m = static_cast<double>(values.size());
    // Distinct values with how many values lie below each and how many equal it.
    std::vector<double> distinct, below, ties;
    for (size_t i = 0; i < values.size();) {
        size_t k = i;
        while (k < values.size() && values[k] == values[i]) ++k;
        distinct.push_back(values[i]);
        below.push_back(static_cast<double>(i));
        ties.push_back(static_cast<double>(k - i));
        i = k;
    }
    std::vector<double> x, kept_below, kept_ties;
    for (size_t i = 0; i < distinct.size(); ++i) {
        const bool keep = distinct.size() <= kMaxQuantileKnots || i == 0 || i + 1 == distinct.size() ||
                          quantile_grid_step(below[i], ties[i], m) > quantile_grid_step(below[i - 1], ties[i - 1], m);
        if (!keep) continue;
        x.push_back(distinct[i]);
        kept_below.push_back(below[i]);
        kept_ties.push_back(ties[i]);
    }
    s.set_quantile_knots(j, std::move(x), kept_below, kept_ties, family, name);
}

// Linear interpolation of the knots (xs increasing), clamped to their ends.
double interpolate(const std::vector<double>& xs, const std::vector<double>& ys, double x) {
    if (x <= xs.front()) return ys.front();
    if (x >= xs.back()) return ys.back();
    const auto hi = static_cast<size_t>(std::upper_bound(xs.begin(), xs.end(), x) - xs.begin());
    const size_t lo = hi - 1;
    const double t = (x - xs[lo]) / (xs[hi] - xs[lo]);
    return ys[lo] + t * (ys[hi] - ys[lo]);
}

}  // namespace

Scaler Scaler::fit(std::span<const double> X, size_t rows, size_t cols, ScalerKind kind,
                   const std::vector<std::string>& names, const FamilySpec& family, const std::vector<size_t>& levels) {
    if (rows == 0) throw DataError("cannot fit the scaler: no data rows");
    Scaler s;
    s.kind = kind;
    s.min.assign(cols, INFINITY);
    s.max.assign(cols, -INFINITY);
    s.mean.assign(cols, 0.0);
    s.std.assign(cols, 0.0);
    // Missing values (NaN) take no part: each statistic is over the values a feature has.
    std::vector<size_t> present(cols, 0);
    for (size_t r = 0; r < rows; ++r) {
        for (size_t j = 0; j < cols; ++j) {
            const double v = X[r * cols + j];
            if (std::isnan(v)) continue;
            ++present[j];
            s.min[j] = std::min(s.min[j], v);
            s.max[j] = std::max(s.max[j], v);
        }
    }
    for (size_t j = 0; j < cols; ++j)
        if (present[j] == 0) s.min[j] = s.max[j] = 0.0;  // never observed: a constant feature
    // Mean and sd of x / magnitude, scaled back: sums of values near 1e300 would overflow and
    // squares of values near 1e-200 underflow, leaving a model file that cannot be read back.
    std::vector<double> magnitude(cols);
    for (size_t j = 0; j < cols; ++j) magnitude[j] = std::max({std::abs(s.min[j]), std::abs(s.max[j]), 1e-300});
    for (size_t r = 0; r < rows; ++r)
        for (size_t j = 0; j < cols; ++j)
            if (!std::isnan(X[r * cols + j])) s.mean[j] += X[r * cols + j] / magnitude[j];
    for (size_t j = 0; j < cols; ++j) s.mean[j] /= static_cast<double>(std::max<size_t>(present[j], 1));
    for (size_t r = 0; r < rows; ++r)
        for (size_t j = 0; j < cols; ++j)
            if (!std::isnan(X[r * cols + j])) s.std[j] += std::pow(X[r * cols + j] / magnitude[j] - s.mean[j], 2);
    for (size_t j = 0; j < cols; ++j) {
        s.std[j] = std::sqrt(s.std[j] / static_cast<double>(std::max<size_t>(present[j], 1))) * magnitude[j];
        s.mean[j] *= magnitude[j];
        if (s.max[j] > s.min[j] && !(std::isfinite(s.max[j] - s.min[j]) && s.std[j] > 0.0)) {
            std::ostringstream os;
            os.precision(3);
            os << "feature '" << names[j] << "' spans " << s.min[j] << " to " << s.max[j]
               << ", beyond what double precision can scale; rescale it (divide by a power of ten)";
            throw DataError(os.str());
        }
        // A constant feature is kept: training gives it degree 0 (only the constant function), so
        // the model cannot depend on it, and its values are not scaled, clipped or refused.
    }
    if (!levels.empty()) {
        s.levels = levels;
        for (size_t j = 0; j < cols; ++j)
            if (s.categorical(j)) {  // its range is its codes, whichever were seen
                s.min[j] = 0.0;
                s.max[j] = static_cast<double>(levels[j] - 1);
            }
    }
    if (kind == ScalerKind::quantile) {
        s.knot_x.resize(cols);
        s.knot_z.resize(cols);
        for (size_t j = 0; j < cols; ++j)
            if (!s.constant(j) && !s.categorical(j)) fit_quantile_knots(s, X, rows, cols, j, family, names[j]);
    }
    return s;
}

double Scaler::scale(size_t j, double x) const {
    if (std::isnan(x) && has_gap_level(j)) return kGapCoordinate;
    if (constant(j)) return 0.0;
    if (categorical(j)) {
        if (is_level_code(x, levels[j])) return categorical_node(static_cast<size_t>(x), levels[j]);
        return has_missing_level(j) ? categorical_node(levels[j] - 1, levels[j])
                                    : std::numeric_limits<double>::quiet_NaN();
    }
    switch (kind) {
        case ScalerKind::minmax:
            return 2.0 * (x - min[j]) / (max[j] - min[j]) - 1.0;
        case ScalerKind::standardize:
            return (x - mean[j]) / std[j];
        case ScalerKind::quantile:
            return std::isnan(x) ? x : interpolate(knot_x[j], knot_z[j], x);
    }
    return x;
}

double Scaler::unscale(size_t j, double z) const {
    if (z == kGapCoordinate && has_gap_level(j)) return std::numeric_limits<double>::quiet_NaN();
    if (categorical(j))  // the code of the node
        return std::isnan(z) ? z : std::round((z + 1.0) / 2.0 * static_cast<double>(levels[j] - 1));
    switch (kind) {
        case ScalerKind::minmax:
            return min[j] + (z + 1.0) / 2.0 * (max[j] - min[j]);
        case ScalerKind::standardize:
            return mean[j] + z * std[j];
        case ScalerKind::quantile:
            if (constant(j)) return min[j];
            return std::isnan(z) ? z : interpolate(knot_z[j], knot_x[j], z);
    }
    return z;
}

Clipping& Clipping::operator+=(const Clipping& other) {
    rows += other.rows;
    excess = std::max(excess, other.excess);
    return *this;
}

bool Clipping::notable(size_t total_rows) const {
    return rows > 0 && (static_cast<double>(rows) > kNotableClippedShare * static_cast<double>(total_rows) ||
                        excess > kNotableExcessSpans);
}

Clipping Scaler::transform(std::span<double> X, size_t rows, OutOfRange policy, const std::vector<std::string>& names,
                         const std::string& source) const {
    const size_t cols = min.size();
    Clipping clipping;
    for (size_t r = 0; r < rows; ++r) {
        bool clipped = false;
        for (size_t j = 0; j < cols; ++j) {
            double v = X[r * cols + j];
            if (std::isnan(v) && has_gap_level(j)) {  // the gap's own coordinate
                X[r * cols + j] = kGapCoordinate;
                continue;
            }
            if (constant(j)) {
                X[r * cols + j] = 0.0;
                continue;
            }
            if (categorical(j)) {  // a level's node; a gap or an unseen level is missing, or its level
                X[r * cols + j] = scale(j, v);
                continue;
            }
            if (std::isnan(v)) continue;  // missing stays missing (check_feature_values refused it if it must)
            if (v < min[j] || v > max[j]) {
                if (policy == OutOfRange::error) {
                    std::ostringstream os;
                    os.precision(17);
                    os << source << ": row " << r + 1 << ", feature '" << names[j] << "': value " << v
                       << " is outside the training range [" << min[j] << ", " << max[j]
                       << "] (out_of_range clip clips it instead)";
                    throw DataError(os.str());
                }
                const double outside = v < min[j] ? min[j] - v : v - max[j];
                clipping.excess = std::max(clipping.excess, outside / (max[j] - min[j]));
                v = std::clamp(v, min[j], max[j]);
                clipped = true;
            }
            // Clipped min-max values can round a hair outside [-1, 1]; keep them inside.
            v = kind == ScalerKind::minmax ? std::clamp(scale(j, v), -1.0, 1.0) : scale(j, v);
            X[r * cols + j] = v;
        }
        if (clipped) ++clipping.rows;
    }
    return clipping;
}

std::string clipped_rows_note(const Clipping& clipping, size_t rows) {
    if (clipping.rows == 0) return "";
    std::ostringstream os;
    os.precision(3);
    os << clipping.rows << " of " << rows << " row(s) had values outside the training range and were clipped to it"
       << " (the farthest " << clipping.excess << " training spans outside)";
    return os.str();
}

}  // namespace orca
