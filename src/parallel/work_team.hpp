#pragma once
// Short parallel loops for the solver's hot path (kernel rows, gradient updates): a fit runs
// tens of thousands of them, each a few microseconds long.
//
// OpenMP forks and joins a team for each one, and the join waits for every thread; on a busy
// machine (two fits side by side, joblib or Dask workers) a thread that is not running holds
// the loop until the scheduler gives it a slice, and libgomp's waiting threads spin, taking the
// slices the others need (a pair of two-thread fits on two cores took 80 times as long as the
// same fits one after the other). Here the calling thread takes chunks too and never waits for a
// worker that has not started: a loop finishes at the speed of the threads that are actually
// running, one at worst. Idle workers spin a few microseconds, then sleep.
//
// The number of threads follows OpenMP's limit at the time of the call (OMP_NUM_THREADS,
// omp_set_num_threads, threadpoolctl); loops called from inside an OpenMP parallel region, from
// a worker, or while another thread's loop is running take the calling thread alone. The engine
// runs all its parallel work here and starts no OpenMP threads, so a process made by fork()
// after the parent used the engine can use it too (libgomp's threads do not survive a fork, and
// a child that enters an OpenMP region its parent used waits for them for ever).
#include <cstddef>

namespace orca::parallel {

using ChunkFunction = void (*)(const void* context, size_t begin, size_t end);

// Calls fn(context, b, e) for consecutive chunks [b, e) of at most `grain` items covering
// [0, count), each exactly once, on the calling thread and idle workers: at most max_threads
// threads in all (0: OpenMP's limit; never more than it). fn must not throw.
void run_chunks(size_t count, size_t grain, ChunkFunction fn, const void* context, int max_threads = 0);

// body(begin, end) over chunks of [0, count) (see run_chunks); the body must not throw. Work
// whose result must not depend on the number of threads keeps per-chunk results and combines
// them in chunk order.
template <class Body>
void for_chunks(size_t count, size_t grain, const Body& body, int max_threads = 0) {
    if (count == 0) return;
    if (count <= grain) {
        body(size_t{0}, count);
        return;
    }
    run_chunks(
        count, grain,
        [](const void* context, size_t begin, size_t end) { (*static_cast<const Body*>(context))(begin, end); }, &body,
        max_threads);
}

// The number of threads loops may use now (OpenMP's limit: OMP_NUM_THREADS, omp_set_num_threads,
// threadpoolctl).
[[nodiscard]] int thread_limit();

namespace testing {
// Calls `pause` (nullptr: nothing) at the two moments where a hand-over between two loops could
// go wrong: when a thread has read the loop's state and is about to take a chunk, and when a
// caller has written its loop's fields and is about to publish the loop. Tests widen them (a short
// wait) so that a race the scheduler shows once in hours on a busy machine shows at once.
void set_pause_at_hand_over(void (*pause)());

// How many loops the team has shared out with at least one worker since the process started: a
// test of a parallel path checks that the path really ran on several threads.
[[nodiscard]] size_t shared_loops();
}  // namespace testing

}  // namespace orca::parallel
