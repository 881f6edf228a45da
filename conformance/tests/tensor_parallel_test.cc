// The tensor layer's thread split (src/tensor/parallel.h): every item of
// the range runs exactly once, whatever the thread count, when several
// threads call at once (the worker pool is then busy), when a call is made
// from inside a running one, and in a child forked after the pool started;
// an exception thrown on any thread reaches the caller.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <new>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "src/tensor/parallel.h"

namespace refmath {
namespace tensor {
namespace {

// Runs ParallelFor over `count` items; true if each ran exactly once and
// every range handed out was non-empty and inside [0, count).
bool EachOnce(size_t count, size_t threads) {
  std::unique_ptr<std::atomic<int>[]> runs(new std::atomic<int>[count]);
  for (size_t i = 0; i < count; ++i) runs[i] = 0;
  std::atomic<bool> bad_range{false};
  ParallelFor(count, threads, [&](size_t begin, size_t end) {
    if (begin >= end || end > count) bad_range = true;
    for (size_t i = begin; i < end && i < count; ++i) ++runs[i];
  });
  for (size_t i = 0; i < count; ++i) {
    if (runs[i] != 1) return false;
  }
  return !bad_range;
}

TEST(TensorParallel, EveryItemOnceForEveryThreadCount) {
  for (size_t count : {1, 2, 3, 7, 16, 17, 63, 1000, 4097}) {
    for (size_t threads : {0, 1, 2, 3, 4, 8, 64}) {
      EXPECT_TRUE(EachOnce(count, threads))
          << count << " items, " << threads << " threads";
    }
  }
}

TEST(TensorParallel, EmptyRangeCallsNothing) {
  bool called = false;
  ParallelFor(0, 4, [&](size_t, size_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(TensorParallel, ConcurrentCallersEachGetTheirWholeRange) {
  std::atomic<int> failures{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&, t] {
      for (int call = 0; call < 200; ++call) {
        if (!EachOnce(100 + t * 7 + call % 5, 3)) ++failures;
      }
    });
  }
  for (std::thread& c : callers) c.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(TensorParallel, CallFromInsideARunningCall) {
  std::atomic<int> inner_failures{0};
  ParallelFor(8, 4, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      if (!EachOnce(50 + i, 3)) ++inner_failures;
    }
  });
  EXPECT_EQ(inner_failures.load(), 0);
}

TEST(TensorParallel, AnExceptionInAnyThreadReachesTheCaller) {
  for (size_t threads : {1, 2, 4}) {
    for (size_t bad : {0, 500, 999}) {  // the first chunk, a middle, the last
      EXPECT_THROW(ParallelFor(1000, threads,
                               [&](size_t begin, size_t end) {
                                 if (begin <= bad && bad < end) {
                                   throw std::bad_alloc();
                                 }
                               }),
                   std::bad_alloc)
          << threads << " threads, item " << bad;
    }
  }
  EXPECT_TRUE(EachOnce(1000, 4));  // and the pool still serves calls
}

TEST(TensorParallel, ForkedChildAfterThePoolStarted) {
  ASSERT_TRUE(EachOnce(1000, 4));  // the parent's pool has workers now
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    alarm(20);  // a child that hangs is killed, and the test fails
    _exit(EachOnce(1000, 4) && EachOnce(77, 2) ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "the child did not finish (signal "
                                 << (WIFSIGNALED(status) ? WTERMSIG(status) : 0)
                                 << ")";
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace tensor
}  // namespace refmath
