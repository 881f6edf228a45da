#include "src/tensor/parallel.h"

#include <vector>
#if !defined(REFMATH_TENSOR_SINGLE_THREAD)
#include <system_error>
#include <thread>
#endif

#include "src/core/fp_env.h"

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

void ParallelFor(size_t count, size_t threads,
                 const std::function<void(size_t, size_t)>& work) {
  if (count == 0) return;
  const size_t parts = threads < count ? (threads == 0 ? 1 : threads) : count;
  const auto part_begin = [&](size_t p) { return count * p / parts; };
  const auto run = [&](size_t p) {
    const refmath::detail::ScopedIeeeEnvironment ieee;
    work(part_begin(p), part_begin(p + 1));
  };
#if defined(REFMATH_TENSOR_SINGLE_THREAD)
  for (size_t p = 0; p < parts; ++p) run(p);  // a bare-metal build
#else
  std::vector<std::thread> started;
  std::vector<size_t> refused;
  for (size_t p = 1; p < parts; ++p) {
    try {
      started.emplace_back(run, p);
    } catch (const std::system_error&) {
      refused.push_back(p);
    }
  }
  run(0);
  for (size_t p : refused) run(p);
  for (std::thread& t : started) t.join();
#endif
}

}  // namespace tensor
}  // namespace refmath
