#pragma once
// Sets OpenMP's thread limit (which the engine's thread team follows) for a scope.
#include <omp.h>

namespace orca::test {

class ThreadLimit {
  public:
    explicit ThreadLimit(int n) : before_(omp_get_max_threads()) { omp_set_num_threads(n); }
    ~ThreadLimit() { omp_set_num_threads(before_); }
    ThreadLimit(const ThreadLimit&) = delete;
    ThreadLimit& operator=(const ThreadLimit&) = delete;

  private:
    int before_;
};

}  // namespace orca::test
