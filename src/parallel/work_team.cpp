#include "parallel/work_team.hpp"

#include <omp.h>
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace orca::parallel {
namespace {

// How long an idle worker watches for the next loop before it sleeps. Between two of the
// solver's loops the caller selects the next pair, some microseconds on large problems; a worker
// that slept through that gap would cost a wake-up per loop. It watches with a few pause
// instructions, then by yielding its core: on a busy machine a spinning worker would otherwise
// take the time slices the threads with work need (two two-thread fits side by side on two cores
// took 1.4 times as long as with one thread each when watching with pauses alone, the same time
// when yielding).
constexpr auto kWatchTime = std::chrono::microseconds(50);
constexpr int kPausesBeforeYield = 64;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// The state of one loop is a 64-bit word: the loop's generation (high half) and the next chunk
// to take (low half). Taking a chunk is a compare-and-swap on the whole word, so a worker that
// arrives late cannot take a chunk of a later loop; the loop's other fields are written before
// its generation is published and are not changed until every chunk is done.
class WorkTeam {
  public:
    // Runs the loop on the caller and up to `helpers` workers; false (nothing run) when another
    // thread's loop holds the team.
    bool try_run(size_t count, size_t grain, ChunkFunction fn, const void* context, int helpers) {
        std::unique_lock<std::mutex> owner(submit_, std::try_to_lock);
        if (!owner.owns_lock()) return false;
        // A new worker starts from the generation before this loop's, so that it joins this loop.
        const uint64_t before = generation();
        while (static_cast<int>(workers_.size()) < helpers) {
            const int index = static_cast<int>(workers_.size());
            workers_.emplace_back([this, index, before] { work(index, before); });
        }
        const size_t chunks = (count + grain - 1) / grain;
        count_.store(count, std::memory_order_relaxed);
        grain_.store(grain, std::memory_order_relaxed);
        chunks_.store(chunks, std::memory_order_relaxed);
        fn_.store(fn, std::memory_order_relaxed);
        context_.store(context, std::memory_order_relaxed);
        helpers_.store(helpers, std::memory_order_relaxed);
        done_.store(0, std::memory_order_relaxed);
        const uint64_t generation = (word_.load(std::memory_order_relaxed) >> 32) + 1;
        word_.store(generation << 32, std::memory_order_seq_cst);
        if (sleepers_.load(std::memory_order_seq_cst) > 0) {
            { std::lock_guard<std::mutex> lock(sleep_mutex_); }
            wake_.notify_all();
        }
        take_chunks(generation);
        // Only chunks a running worker has taken remain: wait for them, yielding the core in
        // case that worker is waiting for it.
        for (int spins = 0; done_.load(std::memory_order_acquire) < chunks; ++spins) {
            if (spins < kPausesBeforeYield)
                cpu_relax();
            else
                std::this_thread::yield();
        }
        return true;
    }

  private:
    // Takes and runs chunks of loop `generation` until none is left.
    void take_chunks(uint64_t generation) {
        uint64_t word = word_.load(std::memory_order_acquire);
        for (;;) {
            if ((word >> 32) != generation) return;
            const size_t chunk = word & 0xffffffffU;
            if (chunk >= chunks_.load(std::memory_order_relaxed)) return;
            if (!word_.compare_exchange_weak(word, word + 1, std::memory_order_acq_rel, std::memory_order_acquire))
                continue;
            // The chunk is ours and the loop cannot finish without it: its fields are stable.
            const size_t grain = grain_.load(std::memory_order_relaxed);
            const size_t begin = chunk * grain;
            const size_t end = std::min(count_.load(std::memory_order_relaxed), begin + grain);
            fn_.load(std::memory_order_relaxed)(context_.load(std::memory_order_relaxed), begin, end);
            done_.fetch_add(1, std::memory_order_release);
            word = word_.load(std::memory_order_acquire);
        }
    }

    [[nodiscard]] uint64_t generation() const { return word_.load(std::memory_order_seq_cst) >> 32; }

    void work(int index, uint64_t seen) {
        in_worker = true;
        for (;;) {
            const auto watch_until = std::chrono::steady_clock::now() + kWatchTime;
            int checks = 0;
            while (generation() == seen) {
                if (checks < kPausesBeforeYield)
                    cpu_relax();
                else
                    std::this_thread::yield();
                if (++checks % kPausesBeforeYield != 0 || std::chrono::steady_clock::now() < watch_until) continue;
                std::unique_lock<std::mutex> lock(sleep_mutex_);
                sleepers_.fetch_add(1, std::memory_order_seq_cst);
                wake_.wait(lock, [&] { return generation() != seen; });
                sleepers_.fetch_sub(1, std::memory_order_seq_cst);
            }
            seen = generation();
            if (index < helpers_.load(std::memory_order_relaxed)) take_chunks(seen);
        }
    }

    std::mutex submit_;
    std::vector<std::thread> workers_;
    std::atomic<uint64_t> word_{0};
    std::atomic<size_t> count_{0}, grain_{1}, chunks_{0}, done_{0};
    std::atomic<ChunkFunction> fn_{nullptr};
    std::atomic<const void*> context_{nullptr};
    std::atomic<int> helpers_{0};
    std::atomic<int> sleepers_{0};
    std::mutex sleep_mutex_;
    std::condition_variable wake_;

  public:
    static thread_local bool in_worker;
};

thread_local bool WorkTeam::in_worker = false;

// One team per process, never destroyed: its workers sleep until the process ends (joining
// them in a static destructor could wait on a worker of a library being unloaded). A child
// made by fork() has none of the parent's threads, so it starts its own team.
std::atomic<WorkTeam*> the_team{nullptr};
std::mutex team_creation;

void forget_team_in_child() {
    the_team.store(nullptr);
}

WorkTeam& team() {
    WorkTeam* t = the_team.load(std::memory_order_acquire);
    if (t != nullptr) return *t;
    const std::lock_guard<std::mutex> lock(team_creation);
    static const bool registered = pthread_atfork(nullptr, nullptr, forget_team_in_child) == 0;
    (void)registered;
    t = the_team.load(std::memory_order_acquire);
    if (t == nullptr) {
        t = new WorkTeam();  // NOLINT(cppcoreguidelines-owning-memory): lives as long as the process
        the_team.store(t, std::memory_order_release);
    }
    return *t;
}

}  // namespace

int thread_limit() {
    return omp_get_max_threads();
}

void run_chunks(size_t count, size_t grain, ChunkFunction fn, const void* context, int max_threads) {
    grain = std::max<size_t>(grain, 1);
    const size_t chunks = (count + grain - 1) / grain;
    const int limit = max_threads > 0 ? std::min(max_threads, thread_limit()) : thread_limit();
    const int helpers = std::min<int>(limit, static_cast<int>(std::min<size_t>(chunks, 256))) - 1;
    if (helpers <= 0 || omp_in_parallel() != 0 || WorkTeam::in_worker ||
        !team().try_run(count, grain, fn, context, helpers))
        for (size_t begin = 0; begin < count; begin += grain) fn(context, begin, std::min(count, begin + grain));
}

}  // namespace orca::parallel
