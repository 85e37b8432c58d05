#pragma once
// Maps raw features to the family's domain: min-max to [-1, 1] for bounded families,
// standardisation (zero mean, unit variance) for Hermite (scaling range), or each feature through
// its training distribution function onto the family's own law (scaling quantile: uniform for
// Legendre, the Beta law of a Jacobi pair, the standard normal for Hermite), so that the basis is
// orthonormal under the data's marginals. Fitted on training data only.
#include <array>
#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "orca/basis.hpp"
#include "orca/family.hpp"
#include "orca/names.hpp"

namespace orca {

enum class ScalerKind { minmax, standardize, quantile };
// The scaling setting: range (minmax or standardize, by the family) or quantile.
enum class Scaling { range, quantile };
enum class OutOfRange { clip, error };
// What a missing feature value (NaN) means. marginalize: the value is integrated out under the
// basis' measure, exactly: every non-constant basis function has mean 0, so the row keeps only
// the terms without that feature (the kernel's factor for it is p_0^2; see Recurrence). level: a
// feature with gaps in its training column gets a level of its own (as EBM treats gaps): a
// categorical one one more level, kMissingLevel, with its frequency and its own contrast; a
// numeric one a gap function beside its polynomials (Recurrence::with_gap), its measure giving
// the gap its training share. A gap in a feature that had none in training is integrated out
// as under marginalize. error: such a value is refused, naming its row and feature.
enum class Missing { marginalize, level, error };
// The name of the level that stands for a gap under Missing::level (the last level).
inline constexpr std::string_view kMissingLevel = "(missing)";
// Whether rows may hold missing values under this setting (all but error).
[[nodiscard]] inline bool accepts_missing(Missing missing) {
    return missing != Missing::error;
}

template <>
struct EnumNames<ScalerKind> {
    static constexpr std::string_view setting = "scaler";
    static constexpr std::array<Named<ScalerKind>, 3> names{
        {{ScalerKind::minmax, "minmax"}, {ScalerKind::standardize, "standardize"}, {ScalerKind::quantile, "quantile"}}};
};
template <>
struct EnumNames<Scaling> {
    static constexpr std::string_view setting = "scaling";
    static constexpr std::array<Named<Scaling>, 2> names{{{Scaling::range, "range"}, {Scaling::quantile, "quantile"}}};
};
template <>
struct EnumNames<OutOfRange> {
    static constexpr std::string_view setting = "out_of_range";
    static constexpr std::array<Named<OutOfRange>, 2> names{{{OutOfRange::clip, "clip"}, {OutOfRange::error, "error"}}};
};
template <>
struct EnumNames<Missing> {
    static constexpr std::string_view setting = "missing";
    static constexpr std::array<Named<Missing>, 3> names{
        {{Missing::marginalize, "marginalize"}, {Missing::level, "level"}, {Missing::error, "error"}}};
};
[[nodiscard]] inline std::string to_string(ScalerKind kind) {
    return std::string(name_of(kind));
}
[[nodiscard]] inline ScalerKind parse_scaler_kind(const std::string& name) {
    return parse_name<ScalerKind>(name);
}
[[nodiscard]] inline OutOfRange parse_out_of_range(const std::string& name) {
    return parse_name<OutOfRange>(name);
}

// What scaling did to rows outside the training range: how many rows held a clipped value, and
// how far the farthest value lay outside, in training spans (max - min) of its feature.
struct Clipping {
    size_t rows = 0;
    double excess = 0.0;

    Clipping& operator+=(const Clipping& other);
    // Whether a user should be warned: new data just beyond the training range is normal (five
    // folds of breast cancer, wine, iris and diabetes clip up to a quarter of a fold's rows, at
    // most 0.41 spans out), so only more than a quarter of the rows, or a value more than one
    // whole span outside (a unit slip or a shifted population), is.
    [[nodiscard]] bool notable(size_t total_rows) const;
};
inline constexpr size_t kMaxQuantileKnots = 1000;
// The quantile knots' rule, one definition for a fit on one machine and for a driver that counts
// on many (ColumnStatistics' knots): a feature of at most kMaxQuantileKnots distinct values keeps
// every one; beyond, the smallest, the largest, and for k = 1 .. kMaxQuantileKnots - 1 the first
// distinct value whose mid-rank reaches k / kMaxQuantileKnots. A fixed grid of ranks (no knot
// depends on the one before) lets a driver find each knot by counting alone.
// A distinct value's mid-rank: (values below it + half its own count) / the values present.
[[nodiscard]] double quantile_mid_rank(double below, double ties, double present);
// The last k of the grid that a distinct value with these counts reaches: floor(K (2 below + ties)
// / (2 present)), in integers (exact to 2^53 values). The rule keeps a value whose step exceeds
// its predecessor's.
[[nodiscard]] size_t quantile_grid_step(double below, double ties, double present);
inline constexpr double kNotableClippedShare = 0.25;
inline constexpr double kNotableExcessSpans = 1.0;

// Refuses values a feature cannot hold, naming the source, data row (1-based) and feature: an
// infinity always, a missing value (NaN) under Missing::error.
void check_feature_values(std::span<const double> X, size_t rows, Missing missing, const std::vector<std::string>& names,
                          const std::string& source);

// Whether x is the code of one of a categorical feature's L levels (0, 1, ..., L - 1).
[[nodiscard]] inline bool is_level_code(double x, size_t levels) {
    return x >= 0.0 && x < static_cast<double>(levels) && x == std::floor(x);
}

struct Scaler {
    ScalerKind kind = ScalerKind::minmax;
    std::vector<double> min, max;   // training range per feature (both kinds; used to clip)
    std::vector<double> mean, std;  // standardize only
    // quantile only: per feature, knots of the training distribution function: increasing raw
    // values (every distinct value, or at most kMaxQuantileKnots of them spread evenly in rank,
    // the first and the last included) and the family coordinates they map to, the law's quantile
    // of their mid-rank (rank among the values present, ties sharing their middle). Linear in
    // between; a constant feature has none.
    std::vector<std::vector<double>> knot_x, knot_z;
    // Sets feature j's quantile knots from counts: increasing values x with, per value, how many
    // training values lie below it and how many equal it (the last knot's sum: the values
    // present); knot_z from their mid-ranks. Throws ParameterError, naming the feature, unless the
    // counts fit together and the ends are the feature's min and max.
    void set_quantile_knots(size_t j, std::vector<double> x, const std::vector<double>& below,
                            const std::vector<double>& ties, const FamilySpec& family, const std::string& name);
    // Categorical features: per feature, its number of levels L (0: numeric; empty: none). A
    // level's code l scales to categorical_node(l, L); any other value (an unseen level) to NaN,
    // a missing value. Categorical features are never clipped.
    std::vector<size_t> levels;
    [[nodiscard]] bool categorical(size_t j) const { return j < levels.size() && levels[j] > 0; }
    // Under Missing::level: per feature, whether its last level is kMissingLevel, which every
    // value that is not a level code (a gap, an unseen level) then scales to. Empty: none has.
    std::vector<bool> missing_level;
    [[nodiscard]] bool has_missing_level(size_t j) const { return j < missing_level.size() && missing_level[j]; }
    // Under Missing::level: per feature, whether it is numeric with a gap level (KernelSpec::
    // gap_weights), so that a gap scales to kGapCoordinate instead of staying missing (NaN).
    // Empty: none is.
    std::vector<bool> gap_level;
    [[nodiscard]] bool has_gap_level(size_t j) const { return j < gap_level.size() && gap_level[j]; }

    // Throws DataError naming a feature whose range double precision cannot scale. A constant
    // feature (min == max, sd 0) is kept; see constant(). Missing values (NaN) are left out of
    // every statistic; a feature with no value at all is constant (0).
    // family: whose law the quantile kind maps onto (read for it only).
    // levels: Scaler::levels (a categorical feature's range is its codes, 0 .. L - 1).
    static Scaler fit(std::span<const double> X, size_t rows, size_t cols, ScalerKind kind,
                      const std::vector<std::string>& names, const FamilySpec& family = {},
                      const std::vector<size_t>& levels = {});

    // Every training value of feature j was the same. Training gives such a feature degree 0, so
    // the model ignores it: it scales to 0 whatever its value, and is never clipped or refused.
    [[nodiscard]] bool constant(size_t j) const { return !(max[j] > min[j]); }

    // One value of feature j into the kernel's coordinates (no clipping), and back.
    [[nodiscard]] double scale(size_t j, double x) const;
    [[nodiscard]] double unscale(size_t j, double z) const;

    // Scales X in place. Values outside the training range are clipped to it (clip) or refused
    // with a DataError naming the row and feature (error); missing values (NaN) stay missing.
    // Returns what was clipped.
    Clipping transform(std::span<double> X, size_t rows, OutOfRange policy, const std::vector<std::string>& names,
                     const std::string& source) const;
};

// What the user is told when transform clipped rows under OutOfRange::clip ("" when none was):
// the CLI's stderr line, and Python's UserWarning when the clipping is notable.
[[nodiscard]] std::string clipped_rows_note(const Clipping& clipping, size_t rows);

}  // namespace orca
