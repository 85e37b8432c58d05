#include "training/row_cache.hpp"

#include <algorithm>

namespace orca {

RowCache::RowCache(size_t row_count, size_t row_length, double budget_mb) : row_length_(row_length) {
    const double bytes = std::max(0.0, budget_mb) * 1024.0 * 1024.0;
    const double row_bytes = static_cast<double>(std::max<size_t>(row_length, 1)) * sizeof(double);
    capacity_ = static_cast<size_t>(bytes / row_bytes);
    capacity_ = std::clamp<size_t>(capacity_, 2, std::max<size_t>(row_count, 2));
    buffers_.resize(capacity_);
    row_of_slot_.assign(capacity_, -1);
    full_.assign(capacity_, 0);
    where_.resize(capacity_);
    slot_of_row_.assign(row_count, -1);
    for (size_t s = capacity_; s-- > 0;) free_slots_.push_back(static_cast<int>(s));
}

RowCache::Slot RowCache::get(size_t i) {
    if (const int slot = slot_of_row_[i]; slot >= 0) {
        const auto s = static_cast<size_t>(slot);
        lru_.splice(lru_.begin(), lru_, where_[s]);
        return {buffers_[s].data(), true, full_[s] != 0};
    }
    size_t s;
    if (!free_slots_.empty()) {
        s = static_cast<size_t>(free_slots_.back());
        free_slots_.pop_back();
        if (buffers_[s].empty()) buffers_[s].resize(row_length_);
        lru_.push_front(static_cast<int>(s));
    } else {
        s = static_cast<size_t>(lru_.back());
        lru_.splice(lru_.begin(), lru_, std::prev(lru_.end()));
        slot_of_row_[static_cast<size_t>(row_of_slot_[s])] = -1;
    }
    where_[s] = lru_.begin();
    row_of_slot_[s] = static_cast<int>(i);
    slot_of_row_[i] = static_cast<int>(s);
    full_[s] = 0;
    return {buffers_[s].data(), false, false};
}

void RowCache::mark(size_t i, bool full) {
    if (const int slot = slot_of_row_[i]; slot >= 0) full_[static_cast<size_t>(slot)] = full ? 1 : 0;
}

void RowCache::drop_partial() {
    for (auto it = lru_.begin(); it != lru_.end();) {
        const auto s = static_cast<size_t>(*it);
        if (full_[s]) {
            ++it;
            continue;
        }
        slot_of_row_[static_cast<size_t>(row_of_slot_[s])] = -1;
        row_of_slot_[s] = -1;
        free_slots_.push_back(static_cast<int>(s));
        it = lru_.erase(it);
    }
}

}  // namespace orca
