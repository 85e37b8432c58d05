#pragma once
// A precomputed Gram matrix in LIBSVM's input form: row i is (0: serial number i + 1, then
// 1..m: G[i][l]); the serial number maps LIBSVM's support vectors back to training points.
#include <svm.h>

#include <vector>

namespace orca::test {

struct LibsvmGram {
    std::vector<std::vector<svm_node>> rows;
    std::vector<svm_node*> xs;

    LibsvmGram(const std::vector<double>& G, size_t m) : rows(m), xs(m) {
        for (size_t i = 0; i < m; ++i) {
            rows[i].resize(m + 2);
            rows[i][0] = {0, static_cast<double>(i + 1)};
            for (size_t l = 0; l < m; ++l) rows[i][l + 1] = {static_cast<int>(l + 1), G[i * m + l]};
            rows[i][m + 1] = {-1, 0.0};
            xs[i] = rows[i].data();
        }
    }
    // The training point behind a LIBSVM support vector.
    static size_t point_of(const svm_node* sv) { return static_cast<size_t>(sv[0].value) - 1; }
};

}  // namespace orca::test
