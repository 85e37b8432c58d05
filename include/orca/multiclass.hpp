#pragma once
// More than two classes. One-vs-one (LIBSVM's scheme, the default) trains a machine for every
// pair i < j of classes on their rows only, class j positive; one-vs-rest trains one machine per
// class c against all other rows, c positive. Every machine shares the scaler and kernel.
//
// Class scores are linear in the machines' decision values g_m:
//   ovr: s_c = g_c;   ovo: s_c = sum over pairs containing c of g_m, signed to favour c.
// The per-class decision values (scikit-learn's "ovr" shape) are s_c for one-vs-rest and
// votes_c + s_c / (3 (|s_c| + 1)) for one-vs-one, so the majority vote decides and the summed
// confidence only breaks ties; the predicted class is the largest.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "orca/model.hpp"

namespace orca {

// Decision values of every machine (rows x machines, row-major); one column for one machine.
[[nodiscard]] std::vector<double> machine_decisions(const Model& model, std::span<const double> points, size_t rows);

// The multi-class view of a classifier's decisions (see multiclass.hpp for the formulas).
struct ClassPrediction {
    std::vector<size_t> label;     // index into model.classes per row
    std::vector<double> decision;  // rows x columns: binary 1 column (g), else one per class
};
[[nodiscard]] ClassPrediction predict_classes(const Model& model, std::span<const double> machine_values, size_t rows);

// classes x machines weights w with s_c = sum_m w[c][m] g_m (+1 / -1 / 0 entries).
[[nodiscard]] std::vector<std::vector<double>> class_score_weights(const Model& model);

// A single-machine model whose decision function is the class score s_c (binary models: g for
// classes[1], -g for classes[0]): the machines' support vectors concatenated with their
// coefficients weighted, bias likewise. Explanations, shape functions and the OKC analysis of a
// class are those of this model; everything about them is exact because s_c is linear in g.
[[nodiscard]] Model class_model(const Model& model, size_t c);

// Machine m as a model of its own (its classes the pair, or "rest" and the class), sharing the
// model's settings: what each machine's analysis and Python's Model.machines show. A model of one
// machine is returned as it is.
[[nodiscard]] Model machine_model(const Model& model, size_t m);

// A readable name of machine m ("a vs b" or "c vs rest").
[[nodiscard]] std::string machine_name(const Model& model, size_t m);

}  // namespace orca
