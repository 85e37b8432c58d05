#pragma once
// A precomputed Gram matrix in LIBSVM's input form: row i is (0: serial number i + 1, then
// 1..m: G[i][l]); the serial number maps LIBSVM's support vectors back to training points. And
// LIBSVM's two-class C-SVC on such a matrix, the reference the solver tests compare with.
#include <gtest/gtest.h>
#include <svm.h>

#include <vector>

#include "test_helpers.hpp"

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

struct LibsvmSolution {
    std::vector<double> a;  // a_t = alpha_t y_t for every training point (0 for non-SVs)
    double bias = 0.0;
};

// Trains LIBSVM's C-SVC on the precomputed Gram matrix G (m x m) with labels y in {-1, +1}
// (class_weight: LIBSVM's multipliers of C for -1 and +1, or none); its decision on x is
// bias + sum_t a_t K(x_t, x), +1 positive.
inline LibsvmSolution train_libsvm(const std::vector<double>& G, const std::vector<double>& y, double C, double eps,
                                   std::vector<double> class_weight = {}) {
    const size_t m = y.size();
    svm_set_print_string_function(&silent);
    LibsvmGram gram(G, m);
    std::vector<double> labels = y;
    svm_problem prob{static_cast<int>(m), labels.data(), gram.xs.data()};
    svm_parameter param{};
    param.svm_type = C_SVC;
    param.kernel_type = PRECOMPUTED;
    param.C = C;
    param.eps = eps;
    param.cache_size = 100;
    param.shrinking = 1;
    param.probability = 0;
    std::vector<int> weight_label{-1, 1};
    param.nr_weight = class_weight.empty() ? 0 : 2;
    param.weight_label = class_weight.empty() ? nullptr : weight_label.data();
    param.weight = class_weight.empty() ? nullptr : class_weight.data();
    EXPECT_EQ(svm_check_parameter(&prob, &param), nullptr);
    svm_model* model = svm_train(&prob, &param);
    // LIBSVM's decision is for label[0] as the positive class.
    const double sign = model->label[0] == 1 ? 1.0 : -1.0;
    LibsvmSolution out;
    out.a.assign(m, 0.0);
    for (int k = 0; k < model->l; ++k) out.a[LibsvmGram::point_of(model->SV[k])] = sign * model->sv_coef[0][k];
    out.bias = -sign * model->rho[0];
    svm_free_and_destroy_model(&model);
    return out;
}

}  // namespace orca::test
