#pragma once
// Algorithm (a): every coefficient c_k, produced block by block. The first d - 2 indices are
// walked depth first, keeping w_i = a_i prod_{j<level} p_{k_j}(x_ij) per level (O(d #SV)
// memory); each leaf gives the block c[prefix, :, :] = P_{d-2}' diag(w) P_{d-1} by one small
// matrix product, handed to the sink and forgotten. No (n+1)^d x #SV intermediate exists.
// A basis truncated by interaction order Q skips the subtrees beyond Q and hands blocks whose
// entries beyond Q are zero: sinks see exactly the retained coefficients (and zeros).
#include <cstdint>
#include <functional>
#include <vector>

#include "orca/expansion.hpp"

namespace orca {

struct CoefficientBlock {
    const std::vector<int>* prefix;  // k_0 .. k_{d-3} (the last two entries are unset)
    std::uint64_t prefix_mask;       // bit j set when k_j > 0, for j < d - 2
    int prefix_order;                // q of the prefix
    int prefix_degree;               // N of the prefix
    size_t rows, cols;               // (n_{d-2} + 1) x (n_{d-1} + 1); rows = 1 when d == 1
    const double* values;            // rows x cols, row-major
    size_t flat_offset;              // position of values[0] in multi-index order
};

// sink(block, task) is called from several threads at once. task numbers a fixed piece of the
// walk (the subtree of one value of the first index), independent of the thread count, so a
// sink that accumulates per task and merges in task order gives the same bits on any machine.
using BlockSink = std::function<void(const CoefficientBlock&, size_t task)>;

// P: basis_values(e).
void enumerate_blocks(const Expansion& e, const std::vector<std::vector<double>>& P, const BlockSink& sink);
// Number of tasks enumerate_blocks will use for e (sinks size their per-task state by it).
[[nodiscard]] size_t enumeration_tasks(const Expansion& e);

}  // namespace orca
