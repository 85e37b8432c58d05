#pragma once
// Least-recently-used cache of kernel rows under a memory budget.
//
// A row may be "partial": computed only for the columns that were active (not shrunk) when it
// was filled. The solver only reads active columns, and the active set only shrinks between
// two reactivations, so a partial row stays valid until reactivation, when partial rows are
// dropped (drop_partial) or completed on demand.
#include <cstddef>
#include <list>
#include <vector>

namespace orca {

class RowCache {
  public:
    // rows have row_length entries; at least two rows are always kept (the solver holds two).
    RowCache(size_t row_count, size_t row_length, double budget_mb);

    struct Slot {
        double* data;
        bool cached;  // true: data already holds the row (maybe partial)
        bool full;    // true: every column is filled
    };

    // Returns the row's buffer, making it most recently used; evicts the least recently used
    // row when full. The caller fills it when !cached and then calls mark(i, full).
    Slot get(size_t i);
    void mark(size_t i, bool full);
    void drop_partial();
    [[nodiscard]] size_t capacity_rows() const { return capacity_; }

  private:
    size_t row_length_;
    size_t capacity_;
    std::vector<std::vector<double>> buffers_;  // one per slot, allocated on first use
    std::vector<int> slot_of_row_;              // -1 when the row is not cached
    std::vector<int> row_of_slot_;              // -1 when the slot is free
    std::vector<char> full_;                    // per slot
    std::vector<int> free_slots_;
    std::list<int> lru_;                           // used slots, most recent at the front
    std::vector<std::list<int>::iterator> where_;  // per used slot
};

}  // namespace orca
