#include "src/tensor/parallel.h"

#include <algorithm>
#include <atomic>
#include <vector>
#if !defined(REFMATH_TENSOR_SINGLE_THREAD)
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#endif

#include "simd/lanes/fp_env.h"

namespace refmath {
namespace tensor {

size_t ThreadCount(int requested) {
  if (requested > 0) return static_cast<size_t>(requested);
#if defined(REFMATH_TENSOR_SINGLE_THREAD)
  return 1;
#else
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
#endif
}

size_t ThreadsFor(size_t threads, size_t elements) {
  const size_t useful = elements / (size_t{1} << 15);
  return useful == 0 ? 1 : (threads < useful ? threads : useful);
}

#if !defined(REFMATH_TENSOR_SINGLE_THREAD)
namespace {

// Worker threads kept between calls.  Starting a thread per call costs tens
// of microseconds, and more on a virtual machine whose idle CPU must be
// woken; a worker polls for kSpin after each job so that the next call
// finds it awake, then sleeps.  One job at a time: a caller that finds the pool
// busy (another thread's call, or a call from inside a job) starts threads
// of its own.  Never destroyed (workers may be asleep at exit), and made
// anew in a forked child, which inherits the pool but not its threads.
class Pool {
 public:
  static Pool& Get() {
    static std::mutex made;
    static Pool* pool = nullptr;
    std::lock_guard<std::mutex> lock(made);
    if (pool == nullptr || pool->pid_ != getpid()) pool = new Pool;
    return *pool;
  }

  // Runs job() on the caller and on `helpers` workers; false (nothing run)
  // if the pool is busy or cannot have that many workers.
  bool TryRun(size_t helpers, const std::function<void()>& job) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock() || !Grow(helpers)) return false;
    {
      std::lock_guard<std::mutex> lock(m_);
      job_ = &job;
      helpers_ = helpers;
      done_.store(0, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    job();
    while (done_.load(std::memory_order_acquire) != helpers) {
      std::this_thread::yield();
    }
    return true;
  }

 private:
  // How long an idle worker polls before it sleeps.
  static constexpr std::chrono::microseconds kSpin{100};

  bool Grow(size_t helpers) {
    try {
      while (workers_ < helpers) {
        std::thread(&Pool::Work, this, workers_).detach();
        ++workers_;
      }
    } catch (const std::system_error&) {
      return false;
    }
    return true;
  }

  void Work(size_t index) {
    uint64_t seen = 0;
    for (;;) {
      const auto until = std::chrono::steady_clock::now() + kSpin;
      while (Generation() == seen && std::chrono::steady_clock::now() < until) {
        std::this_thread::yield();
      }
      const std::function<void()>* job;
      size_t helpers;
      {
        std::unique_lock<std::mutex> lock(m_);
        wake_.wait(lock, [&] { return Generation() != seen; });
        seen = Generation();
        job = job_;
        helpers = helpers_;
      }
      if (index < helpers) {
        (*job)();
        done_.fetch_add(1, std::memory_order_release);
      }
    }
  }

  uint64_t Generation() const {
    return generation_.load(std::memory_order_acquire);
  }

  const pid_t pid_ = getpid();
  std::mutex busy_;       // held by the caller of the running job
  size_t workers_ = 0;    // under busy_
  std::mutex m_;          // guards the job's fields and the wake-up
  std::condition_variable wake_;
  std::atomic<uint64_t> generation_{0};
  const std::function<void()>* job_ = nullptr;
  size_t helpers_ = 0;
  std::atomic<size_t> done_{0};
};

}  // namespace
#endif

void ParallelFor(size_t count, size_t threads,
                 const std::function<void(size_t, size_t)>& work) {
  if (count == 0) return;
  const size_t parts = threads < count ? (threads == 0 ? 1 : threads) : count;
  // Contiguous chunks, 8 per thread, taken in order by whichever thread is
  // free: a thread that starts late or runs slow takes fewer.
  const size_t chunks = parts == 1 ? 1 : std::min(count, parts * 8);
  std::atomic<size_t> next{0};
  const auto chunk_loop = [&] {
    const refmath::detail::ScopedIeeeEnvironment ieee;
    for (size_t c = next.fetch_add(1); c < chunks; c = next.fetch_add(1)) {
      work(count * c / chunks, count * (c + 1) / chunks);
    }
  };
#if defined(REFMATH_TENSOR_SINGLE_THREAD)
  chunk_loop();  // a bare-metal build: every chunk on the caller's thread
#else
  // An exception in any thread (std::bad_alloc from a work buffer) stops
  // the handing out of chunks and is rethrown on the caller's thread once
  // every thread is done, where the API turns it into a status.
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const std::function<void()> run = [&] {
    try {
      chunk_loop();
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(chunks);
    }
  };
  if (parts == 1) {
    run();
  } else if (!Pool::Get().TryRun(parts - 1, run)) {
    // The pool is busy: threads of this call's own.  One the system
    // refuses is no loss, the others take its chunks.
    std::vector<std::thread> started;
    for (size_t p = 1; p < parts; ++p) {
      try {
        started.emplace_back(run);
      } catch (const std::system_error&) {
        break;
      }
    }
    run();
    for (std::thread& t : started) t.join();
  }
  if (failure) std::rethrow_exception(failure);
#endif
}

}  // namespace tensor
}  // namespace refmath
