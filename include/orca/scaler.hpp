#pragma once
// Maps raw features to the family's domain: min-max to [-1, 1] for bounded families,
// standardisation (zero mean, unit variance) for Hermite. Fitted on training data only.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "orca/names.hpp"

namespace orca {

enum class ScalerKind { minmax, standardize };
enum class OutOfRange { clip, error };

template <>
struct EnumNames<ScalerKind> {
    static constexpr std::string_view setting = "scaler";
    static constexpr std::array<Named<ScalerKind>, 2> names{
        {{ScalerKind::minmax, "minmax"}, {ScalerKind::standardize, "standardize"}}};
};
template <>
struct EnumNames<OutOfRange> {
    static constexpr std::string_view setting = "out_of_range";
    static constexpr std::array<Named<OutOfRange>, 2> names{{{OutOfRange::clip, "clip"}, {OutOfRange::error, "error"}}};
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

struct Scaler {
    ScalerKind kind = ScalerKind::minmax;
    std::vector<double> min, max;   // training range per feature (both kinds; used to clip)
    std::vector<double> mean, std;  // standardize only

    // Throws DataError naming a constant feature (zero range) so the user can leave it out.
    static Scaler fit(std::span<const double> X, size_t rows, size_t cols, ScalerKind kind,
                      const std::vector<std::string>& names);

    // One value of feature j into the kernel's coordinates (no clipping), and back.
    [[nodiscard]] double scale(size_t j, double x) const;
    [[nodiscard]] double unscale(size_t j, double z) const;

    // Scales X in place. Values outside the training range are clipped to it (clip) or refused
    // with a DataError naming the row and feature (error). Returns the number of rows clipped.
    size_t transform(std::span<double> X, size_t rows, OutOfRange policy, const std::vector<std::string>& names,
                     const std::string& source) const;
};

// What the user is told when transform clipped rows under OutOfRange::clip ("" when none was):
// the CLI's stderr line and Python's UserWarning.
[[nodiscard]] std::string clipped_rows_note(size_t clipped, size_t rows);

}  // namespace orca
