// The solver's thread team: every item of a loop is visited exactly once, whatever the thread
// limit, when loops come from several threads at once, from inside a loop or from an OpenMP
// region; and a fit gives the same model bit for bit on one thread and on several.
#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "orca/dataset.hpp"
#include "orca/model.hpp"
#include "orca/training.hpp"
#include "parallel/work_team.hpp"
#include "test_helpers.hpp"
#include "thread_limit.hpp"

namespace {

using orca::test::ThreadLimit;

// Runs for_chunks over [0, count) and returns how often each item was visited; also checks
// that no chunk is longer than the grain.
std::vector<int> visits(size_t count, size_t grain) {
    std::vector<std::atomic<int>> seen(count);
    std::atomic<bool> too_long{false};
    orca::parallel::for_chunks(count, grain, [&](size_t begin, size_t end) {
        if (end - begin > grain || end > count || begin >= end) too_long = true;
        for (size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
    });
    EXPECT_FALSE(too_long.load()) << count << " items, grain " << grain;
    std::vector<int> out(count);
    for (size_t i = 0; i < count; ++i) out[i] = seen[i].load();
    return out;
}

void expect_each_once(size_t count, size_t grain) {
    const std::vector<int> v = visits(count, grain);
    for (size_t i = 0; i < count; ++i) ASSERT_EQ(v[i], 1) << "item " << i << " of " << count << ", grain " << grain;
}

}  // namespace

TEST(WorkTeam, VisitsEveryItemOnceUnderEveryThreadLimit) {
    for (int threads : {1, 2, 3, 8}) {
        const ThreadLimit limit(threads);
        for (size_t count : {0, 1, 7, 512, 513, 1024, 5000, 100000})
            for (size_t grain : {1, 3, 512, 1024}) expect_each_once(count, grain);
    }
}

TEST(WorkTeam, ManyLoopsInARowEachComplete) {
    // The solver's pattern: thousands of short loops; a late worker must not take a chunk of
    // the next loop, nor may a loop return before its last chunk is done.
    const ThreadLimit limit(4);
    std::vector<double> sums(20000, 0.0);
    for (size_t loop = 0; loop < sums.size(); ++loop) {
        std::vector<double> part(8, 0.0);
        orca::parallel::for_chunks(2048, 256, [&](size_t begin, size_t end) {
            double s = 0.0;
            for (size_t i = begin; i < end; ++i) s += static_cast<double>(i + loop);
            part[begin / 256] = s;
        });
        for (double p : part) sums[loop] += p;
    }
    for (size_t loop = 0; loop < sums.size(); ++loop)
        ASSERT_EQ(sums[loop], 2047.0 * 2048.0 / 2.0 + 2048.0 * static_cast<double>(loop)) << "loop " << loop;
}

TEST(WorkTeam, LoopsFromSeveralThreadsAtOnce) {
    const ThreadLimit limit(2);
    std::atomic<int> failures{0};
    std::vector<std::thread> callers;
    for (int c = 0; c < 4; ++c)
        callers.emplace_back([&] {
            for (int r = 0; r < 500; ++r) {
                const std::vector<int> v = visits(3000, 100);
                for (int x : v)
                    if (x != 1) ++failures;
            }
        });
    for (auto& t : callers) t.join();
    EXPECT_EQ(failures.load(), 0);
}

TEST(WorkTeam, LoopsInsideLoopsAndOpenMpRegions) {
    const ThreadLimit limit(2);
    std::vector<std::atomic<int>> seen(64 * 1000);
    orca::parallel::for_chunks(64, 1, [&](size_t begin, size_t end) {
        for (size_t outer = begin; outer < end; ++outer)
            orca::parallel::for_chunks(1000, 100, [&](size_t b, size_t e) {
                for (size_t i = b; i < e; ++i) seen[outer * 1000 + i].fetch_add(1);
            });
    });
    for (auto& s : seen) ASSERT_EQ(s.load(), 1);
    std::vector<std::atomic<int>> in_region(4 * 3000);
#pragma omp parallel for num_threads(2)
    for (int r = 0; r < 4; ++r)
        orca::parallel::for_chunks(3000, 500, [&](size_t b, size_t e) {
            for (size_t i = b; i < e; ++i) in_region[static_cast<size_t>(r) * 3000 + i].fetch_add(1);
        });
    for (auto& s : in_region) ASSERT_EQ(s.load(), 1);
}

TEST(WorkTeam, FitIsTheSameOnOneThreadAndOnSeveral) {
    // Long rows (m = 3,000: several chunks) so that rows and gradient updates are shared out.
    orca::Dataset data;
    data.rows = 3000;
    data.cols = 4;
    data.feature_names = {"a", "b", "c", "d"};
    data.X = orca::test::uniform_points(data.rows, data.cols, 17);
    for (size_t r = 0; r < data.rows; ++r) {
        const double* x = &data.X[r * data.cols];
        data.target.emplace_back(x[0] * x[1] + 0.5 * x[2] - x[3] * x[3] + 0.2 > 0.0 ? "yes" : "no");
    }
    orca::TrainOptions options;
    options.spec.max_order = 0;  // the full tensor product, whatever the number of features
    options.spec.family = orca::FamilySpec::make("legendre");
    options.spec.degrees = {4};
    options.C = 0.01;
    options.solver.route = orca::DualRoute::kernel_rows;  // SMO's loops, not the explicit features'
    auto fit = [&](int threads) {
        const ThreadLimit limit(threads);
        return orca::train_model(data, options);
    };
    const orca::Model one = fit(1), several = fit(4);
    EXPECT_EQ(one.machine().coefficients, several.machine().coefficients);
    EXPECT_EQ(one.machine().support_vectors, several.machine().support_vectors);
    EXPECT_EQ(one.machine().bias, several.machine().bias);
    EXPECT_EQ(one.summary.iterations, several.summary.iterations);
    EXPECT_GT(one.summary.iterations, 100);
}

namespace {

// Keeps `threads` cores busy until destroyed: the team's hand-over must hold when its workers
// are preempted at any instruction, which an idle machine rarely does.
class BusyCores {
  public:
    explicit BusyCores(int threads) {
        for (int t = 0; t < threads; ++t)
            spinners_.emplace_back([this] {
                volatile unsigned long sink = 0;
                while (!stop_.load(std::memory_order_relaxed)) sink = sink + 1;
            });
    }
    ~BusyCores() {
        stop_ = true;
        for (auto& t : spinners_) t.join();
    }
    BusyCores(const BusyCores&) = delete;
    BusyCores& operator=(const BusyCores&) = delete;

  private:
    std::atomic<bool> stop_{false};
    std::vector<std::thread> spinners_;
};

}  // namespace

TEST(WorkTeam, AlternatingShortAndLongLoopsUnderLoadHandOverCleanly) {
    // The race: when every chunk of a short loop was taken, a worker still holding the
    // short loop's last word compared it against the *next* loop's larger chunk count, won the
    // compare-and-swap on the stale word and ran a chunk with the next loop's function, range or
    // context (a chunk run twice, out of range, or on a finished loop's freed context), and its
    // completion let the next loop's caller return before its own last chunk was done. Loops of
    // 2 and of about 100 chunks back to back, with more threads than cores and the cores busy,
    // make that window likely; each loop has its own grain and its own, freshly allocated
    // record, so any field of another loop shows as a visit out of place.
    const ThreadLimit limit(8);
    const BusyCores load(2);
    // At each hand-over point (a taker has read the loop's state; a caller has written its loop
    // and not yet published it) every other visit waits a few microseconds, as a thread the
    // scheduler preempts there would: long enough for the other side to move on.
    struct PauseAtHandOvers {
        PauseAtHandOvers() {
            orca::parallel::testing::set_pause_at_hand_over([] {
                thread_local unsigned calls = 0;
                if (++calls % 2 != 0) return;
                const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(1 + calls % 16);
                while (std::chrono::steady_clock::now() < until) {
                }
            });
        }
        ~PauseAtHandOvers() { orca::parallel::testing::set_pause_at_hand_over(nullptr); }
        PauseAtHandOvers(const PauseAtHandOvers&) = delete;
        PauseAtHandOvers& operator=(const PauseAtHandOvers&) = delete;
    } const pause;
    const auto started = std::chrono::steady_clock::now();
    size_t loops = 0;
    for (; loops < 6000; ++loops) {
        const bool long_loop = loops % 2 == 1;
        const size_t grain = long_loop ? 3 + loops % 5 : 1000 + loops % 7;
        const size_t count = long_loop ? grain * (97 + loops % 11) - 1 : 2 * grain;
        auto seen = std::make_unique<std::vector<std::atomic<int>>>(count);
        std::atomic<int> wrong{0};
        orca::parallel::for_chunks(count, grain, [&](size_t begin, size_t end) {
            if (begin % grain != 0 || end > count || begin >= end || end - begin > grain) {
                wrong.fetch_add(1);
                return;
            }
            for (size_t i = begin; i < end; ++i) (*seen)[i].fetch_add(1, std::memory_order_relaxed);
        });
        // On return every chunk is done: the record is complete and nothing touches it after.
        ASSERT_EQ(wrong.load(), 0) << "loop " << loops << ": a chunk out of its loop's range";
        for (size_t i = 0; i < count; ++i)
            ASSERT_EQ((*seen)[i].load(), 1) << "loop " << loops << " (" << count << " items, grain " << grain
                                            << "): item " << i;
        seen.reset();
        // Bounded in time too: the sanitizer builds and a loaded CI machine run it slower.
        if (std::chrono::steady_clock::now() - started > std::chrono::seconds(10)) break;
    }
    EXPECT_GT(loops, 1000U);
}

TEST(WorkTeam, LoopsOfMoreChunksThanOneWordCountsRunInRounds) {
    // The loop's word counts at most 2^24 - 1 chunks; a longer loop runs in rounds.
    const ThreadLimit limit(2);
    const size_t count = (size_t{1} << 24) + 5;
    std::vector<std::atomic<unsigned char>> seen(count);
    std::atomic<bool> too_long{false};
    orca::parallel::for_chunks(count, 1, [&](size_t begin, size_t end) {
        if (end != begin + 1) too_long = true;
        for (size_t i = begin; i < end; ++i) seen[i].fetch_add(1, std::memory_order_relaxed);
    });
    EXPECT_FALSE(too_long.load());
    for (size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << "item " << i;
}
