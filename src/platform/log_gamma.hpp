#pragma once
// log |Gamma(x)| without a data race: std::lgamma also stores the sign of Gamma(x) in the
// process-wide `signgam` (POSIX), so two threads building bases at once (a sweep's fits) write
// it together; lgamma_r hands the sign back instead. Same values as std::lgamma.
#include <math.h>  // NOLINT(modernize-deprecated-headers): lgamma_r is POSIX, not in <cmath>

namespace orca {

inline double log_gamma(double x) {
    int sign = 0;
    return ::lgamma_r(x, &sign);
}

}  // namespace orca
