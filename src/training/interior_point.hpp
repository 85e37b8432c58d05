#pragma once
// A machine's dual by an interior-point method on the explicit features, for bases small enough
// to hold them: min_a 1/2 a'Qa + l'a subject to y'a = 0 and 0 <= a <= upper, in LIBSVM's form,
// where Q = U U' and U = diag(y) P Phi (Phi: m x p, p the basis size; P sends variable v to point
// v % m). C-SVC has one variable a point and l = -e; epsilon-SVR two (alpha_t, alpha_t*) with
// l = eps -+ z_t, and its Newton steps cost what C-SVC's do on the same rows. SMO's iterations grow with C when
// the kernel's rank p is below m (the dual then has a face of optima that SMO wanders along:
// 5.6 million iterations for an additive degree-1 model at C = 1000); Mehrotra's predictor-
// corrector method takes tens of Newton steps, growing slowly with C and m, each O(m p^2)
// through the Sherman-Morrison-Woodbury identity. The result (or, when the steps stall, the best
// point seen) is rounded onto the bounds and handed to SMO, which certifies it (and polishes it
// when it is not within the tolerance).
#include <cstddef>
#include <functional>
#include <span>
#include <vector>


namespace orca::training {

struct InteriorPointResult {
    std::vector<double> alpha;  // rounded: within 1e-6 C_t of a bound, on it
    double bias = 0.0;          // the multiplier of y'a = rhs at that point: g(x) = w . phi(x) + bias
    int steps = 0;
    bool converged = false;  // the method's own stopping rule held (SMO certifies either way)
    bool stalled = false;    // it stopped short, its steps no longer going anywhere: alpha is its best point
    int refined_steps = 0;   // steps whose solves the single-precision sum's refinement completed (NewtonSums)
};

// How each Newton step's p x p matrix M = I + U' D^-1 U is summed over the rows. `exact`: in double
// precision and factored. `refined`: summed in single precision (the m p^2 / 2 multiply-adds at
// twice the rate), its factor preconditioning conjugate gradients on the exact M, which they
// apply in one pass over the features each; a solve that does not reach kRefinedTolerance within
// kMaxRefinements steps of conjugate gradients (after the first residual's pass) is done again
// with the exact sum, as is every later step of that method.
// `automatic`: refined where the sum dominates a step (p >= kRefinedFrom functions, m >=
// kRefinedRowsPerFunction p rows), exact elsewhere, so that smaller problems keep their bits.
enum class NewtonSums { automatic, exact, refined };
inline constexpr size_t kRefinedFrom = 1024;
inline constexpr size_t kRefinedRowsPerFunction = 4;
inline constexpr double kRefinedTolerance = 1e-11;  // |M x - b| / |b| of each solve
inline constexpr int kMaxRefinements = 12;

struct InteriorPointOptions {
    // Receives (steps, relative duality measure 2 m mu / (1 + |f|)) after each step; the method
    // stops below kInteriorPointTarget (with its residuals small too).
    std::function<void(long, double)> progress;
    // A working set's problem (training/screened_interior_point.hpp), whose other variables are
    // held on their bounds: the constraint is y'a = equality_rhs, and objective_offset (the held
    // variables' part of the whole objective) is added to f, so that the relative duality measure
    // is the whole problem's (a working set's own f, with the held variables in its linear term,
    // was 1,000 times the whole's, and its free variables stopped 1,000 times less precise),
    // and the measure counts the whole problem's variables (whole_variables; 0: this problem's),
    // so that it stops at the same mean complementarity mu, which bounds how far a variable headed
    // for a bound still is from it (at 3,661 of 50,000 rows it stopped with variables 1.1e-6 C
    // away, violating the optimality conditions by 2e-3).
    double equality_rhs = 0.0;
    double objective_offset = 0.0;
    size_t whole_variables = 0;
    NewtonSums sums = NewtonSums::automatic;
};

// phi: m x p row-major, one row per point (training/feature_rows.hpp); y, upper and linear: one per
// variable (m or 2m of them); y in {-1, +1}; upper[v] = C_v > 0.
inline constexpr double kInteriorPointTarget = 1e-9;
[[nodiscard]] InteriorPointResult interior_point_dual(std::span<const double> phi, size_t m, size_t p,
                                                      std::span<const double> y, std::span<const double> upper,
                                                      std::span<const double> linear,
                                                      const InteriorPointOptions& options = {});
// The same on features the method may overwrite (a working set's, gathered for it): scaled in
// place instead of copied, so that the working set's features are held once.
[[nodiscard]] InteriorPointResult interior_point_dual(std::vector<double> phi, size_t m, size_t p,
                                                      std::span<const double> y, std::span<const double> upper,
                                                      std::span<const double> linear,
                                                      const InteriorPointOptions& options = {});

}  // namespace orca::training
