// Worker threads of the measurement engines (sweep, compare).
#ifndef REFMATH_SRC_VERIFY_THREADS_H_
#define REFMATH_SRC_VERIFY_THREADS_H_

#include <stddef.h>

#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace refmath {

// Starts `count` threads, thread i running work(i).  The system may refuse
// threads (a process or memory limit): then *error says how many started
// ("could start only K of N threads (why)") and the ones started are
// returned; the caller makes them stop and joins them, as always.
std::vector<std::thread> StartThreads(size_t count,
                                      const std::function<void(size_t)>& work,
                                      std::string* error);

}  // namespace refmath

#endif  // REFMATH_SRC_VERIFY_THREADS_H_
