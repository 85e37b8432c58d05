#pragma once
// What a user reads about a model: its settings and training results as labelled lines, written
// once here for `orca fit`/`info`/`demo` (printed as aligned text) and the HTML report's card.
#include <string>
#include <vector>

#include "orca/model.hpp"

namespace orca {

struct CardLine {
    std::string label;  // "family", "support vectors", "  machine 2" (indented: a detail)
    std::string value;
};

[[nodiscard]] std::vector<CardLine> model_card(const Model& model);

// 'a', 'b', 'c': the model's classes as messages and summaries list them.
[[nodiscard]] std::string quoted_classes(const Model& model);

}  // namespace orca
