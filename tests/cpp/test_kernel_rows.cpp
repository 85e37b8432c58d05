// The training kernel's rows (training/kernel_rows.hpp): rows whose columns are prepared block by
// block (where the prepared points would not fit) against rows from the points prepared once, and
// both against the kernel's direct sums.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "orca/kernel.hpp"
#include "test_helpers.hpp"
#include "training/kernel_rows.hpp"

using namespace orca;

TEST(KernelRows, RowsPreparedBlockByBlockEqualRowsFromPointsPreparedOnce) {
    // 9,000 points span three blocks of 4,096; pairs of 6 features at degree 4 (the
    // Christoffel-Darboux identity with its direct-sum fallback) and the full product at degree 2.
    const size_t m = 9000, d = 6;
    const std::vector<double> points = test::uniform_points(m, d, 21u);
    for (const Basis& basis : {Basis(FamilySpec::make("legendre"), Measure::probability, std::vector<int>(d, 4), 2),
                               Basis(FamilySpec::make("chebyshev1"), Measure::probability, std::vector<int>(d, 2))}) {
        const TensorKernel kernel(basis);
        const training::KernelRowSource once(kernel, points, m), blocks(kernel, points, m, 0.0);
        ASSERT_FALSE(once.by_blocks());
        ASSERT_TRUE(blocks.by_blocks());
        std::vector<int> cols;
        for (int c = 0; c < static_cast<int>(m); c += 3) cols.push_back(c);
        for (size_t i : {size_t{0}, size_t{4095}, size_t{4096}, m - 1}) {
            EXPECT_EQ(once.diagonal(i), blocks.diagonal(i));
            std::vector<double> a(m, -7.0), b(m, -7.0), sa(m, -7.0), sb(m, -7.0);
            once.compute_full_row(i, a.data());
            blocks.compute_full_row(i, b.data());
            once.compute_row(i, cols, sa.data());
            blocks.compute_row(i, cols, sb.data());
            for (size_t l = 0; l < m; ++l) {
                const double scale = std::sqrt(once.diagonal(i) * once.diagonal(l));
                ASSERT_NEAR(b[l], a[l], 1e-13 * scale) << "row " << i << " column " << l;
                // Only the columns asked for are written.
                if (l % 3 == 0) {
                    ASSERT_NEAR(sb[l], a[l], 1e-13 * scale);
                    ASSERT_NEAR(sa[l], a[l], 1e-13 * scale);
                } else {
                    ASSERT_EQ(sb[l], -7.0);
                }
            }
            const std::span<const double> x(points.data() + i * d, d), z(points.data() + 4500 * d, d);
            EXPECT_NEAR(b[4500], kernel.entry_direct(x, z), 1e-12 * std::sqrt(once.diagonal(i) * once.diagonal(4500)));
        }
    }
}
