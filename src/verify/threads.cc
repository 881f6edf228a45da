#include "src/verify/threads.h"

#include <exception>

namespace refmath {

std::vector<std::thread> StartThreads(size_t count,
                                      const std::function<void(size_t)>& work,
                                      std::string* error) {
  std::vector<std::thread> pool;
  try {
    pool.reserve(count);
    for (size_t i = 0; i < count; ++i) pool.emplace_back(work, i);
  } catch (const std::exception& e) {
    *error = "could start only " + std::to_string(pool.size()) + " of " +
             std::to_string(count) + " threads (" + e.what() + ")";
  }
  return pool;
}

}  // namespace refmath
