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

std::atomic<void (*)()> pause_at_hand_over{nullptr};
std::atomic<size_t> loops_shared{0};  // written by a loop's caller, under the team's submit lock

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// The state of one loop is a 64-bit word: the loop's generation (high 40 bits) and the number
// of its chunks still to take (low 24 bits); chunk `chunks - remaining` is the next one.
//
// The hand-over between two loops is safe because a thread decides from that word alone whether
// a chunk is left, and takes it by a compare-and-swap on the whole word:
// - A taker that read (G, r) with r > 0 wins the swap only while the word is still (G, r). Within
//   a generation the count only falls, and the next loop publishes generation G + 1, so a won
//   swap means loop G is still running and cannot finish without this chunk: its caller waits
//   for `done_` to count it, and writes no field of the next loop before.
// - A taker that read (G, 0) stops, whatever the next loop's fields say by then. (The team
//   before this one compared the chunk index against `chunks_`, a field that the next loop's
//   caller had perhaps already rewritten: a late worker then won the swap on the finished loop's
//   word, ran a chunk with the next loop's function and context, twice or out of range, and its
//   completion let that loop return before its own last chunk was done.)
// - The fields a taker reads after its swap were written before the publication of the loop
//   whose chunk it took: the swaps of a loop continue the release sequence of its publishing
//   store, so the taker's acquiring swap sees them.
// A generation recurs only after 2^40 loops (12 days of one-microsecond loops back to back), and
// a taker would have to stall between reading the word and its swap across exactly such a
// multiple for a later loop's word to match the one it read.
constexpr unsigned kRemainingBits = 24;
constexpr uint64_t kRemainingMask = (uint64_t{1} << kRemainingBits) - 1;

class WorkTeam {
  public:
    // The most chunks one loop of the team can hold; run_chunks runs longer loops in rounds.
    static constexpr size_t kMaxChunks = kRemainingMask;

    // Runs chunks of [first, last) on the caller and up to `helpers` workers (at most kMaxChunks
    // of them); false (nothing run) when another thread's loop holds the team.
    bool try_run(size_t first, size_t last, size_t grain, ChunkFunction fn, const void* context, int helpers) {
        std::unique_lock<std::mutex> owner(submit_, std::try_to_lock);
        if (!owner.owns_lock()) return false;
        // A new worker starts from the generation before this loop's, so that it joins this loop.
        const uint64_t before = generation();
        while (static_cast<int>(workers_.size()) < helpers) {
            const int index = static_cast<int>(workers_.size());
            workers_.emplace_back([this, index, before] { work(index, before); });
        }
        const size_t chunks = (last - first + grain - 1) / grain;
        // Every chunk of the loop before was taken and done (its caller waited for them), so no
        // thread reads these fields now, and none will before the word below publishes them.
        first_.store(first, std::memory_order_relaxed);
        last_.store(last, std::memory_order_relaxed);
        grain_.store(grain, std::memory_order_relaxed);
        chunks_.store(chunks, std::memory_order_relaxed);
        fn_.store(fn, std::memory_order_relaxed);
        context_.store(context, std::memory_order_relaxed);
        helpers_.store(helpers, std::memory_order_relaxed);
        done_.store(0, std::memory_order_relaxed);
        loops_shared.fetch_add(1, std::memory_order_relaxed);
        const uint64_t generation = before + 1;
        if (auto pause = pause_at_hand_over.load(std::memory_order_relaxed)) pause();
        word_.store((generation << kRemainingBits) | chunks, std::memory_order_seq_cst);
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
            if (auto pause = pause_at_hand_over.load(std::memory_order_relaxed)) pause();
            if ((word >> kRemainingBits) != generation) return;
            const uint64_t remaining = word & kRemainingMask;
            if (remaining == 0) return;
            if (!word_.compare_exchange_weak(word, word - 1, std::memory_order_acq_rel, std::memory_order_acquire))
                continue;
            // The chunk is ours and its loop cannot finish without it: the fields are its loop's.
            const size_t chunk = chunks_.load(std::memory_order_relaxed) - remaining;
            const size_t grain = grain_.load(std::memory_order_relaxed);
            const size_t begin = first_.load(std::memory_order_relaxed) + chunk * grain;
            const size_t end = std::min(last_.load(std::memory_order_relaxed), begin + grain);
            fn_.load(std::memory_order_relaxed)(context_.load(std::memory_order_relaxed), begin, end);
            done_.fetch_add(1, std::memory_order_release);
            word = word_.load(std::memory_order_acquire);
        }
    }

    [[nodiscard]] uint64_t generation() const { return word_.load(std::memory_order_seq_cst) >> kRemainingBits; }

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
    std::atomic<size_t> first_{0}, last_{0}, grain_{1}, chunks_{0}, done_{0};
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

void testing::set_pause_at_hand_over(void (*pause)()) {
    pause_at_hand_over.store(pause, std::memory_order_relaxed);
}

size_t testing::shared_loops() {
    return loops_shared.load(std::memory_order_relaxed);
}

int thread_limit() {
    return omp_get_max_threads();
}

void run_chunks(size_t count, size_t grain, ChunkFunction fn, const void* context, int max_threads) {
    grain = std::max<size_t>(grain, 1);
    const size_t chunks = (count + grain - 1) / grain;
    const int limit = max_threads > 0 ? std::min(max_threads, thread_limit()) : thread_limit();
    const int helpers = std::min<int>(limit, static_cast<int>(std::min<size_t>(chunks, 256))) - 1;
    const bool shared = helpers > 0 && omp_in_parallel() == 0 && !WorkTeam::in_worker;
    // A loop of more chunks than the team's word can count runs in rounds of whole chunks.
    const size_t round = grain > SIZE_MAX / WorkTeam::kMaxChunks ? SIZE_MAX : WorkTeam::kMaxChunks * grain;
    for (size_t first = 0; first < count;) {
        const size_t last = count - first > round ? first + round : count;
        if (!shared || !team().try_run(first, last, grain, fn, context, helpers))
            for (size_t begin = first; begin < last; begin += grain) fn(context, begin, std::min(last, begin + grain));
        first = last;
    }
}

}  // namespace orca::parallel
