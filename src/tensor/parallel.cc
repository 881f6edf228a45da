#include "src/tensor/parallel.h"

#include <system_error>
#include <thread>
#include <vector>

#include "src/core/fp_env.h"

namespace refmath {
namespace tensor {

size_t ThreadCount(int requested) {
  if (requested > 0) return static_cast<size_t>(requested);
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
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
}

}  // namespace tensor
}  // namespace refmath
