// The hard-case tables of the correctly rounded variant: an input's bits
// and the correctly rounded result's bits, sorted by input, closed by the
// entry kHardCaseEnd (an input bit pattern no kernel ever looks up: the
// negative NaN 0xFFFFFFFF).  Plain C++, no Highway types.
#ifndef REFMATH_SIMD_CORRECT_TABLE_H_
#define REFMATH_SIMD_CORRECT_TABLE_H_

#include <stddef.h>
#include <stdint.h>

namespace refmath {
namespace correct {

struct HardCase {
  uint32_t x;  // input bits
  uint32_t y;  // correctly rounded result bits
};

constexpr HardCase kHardCaseEnd = {0xFFFFFFFFu, 0x7FC00000u};

// Entries before the closing kHardCaseEnd.
template <size_t kN>
constexpr size_t HardCaseCount(const HardCase (&)[kN]) {
  return kN - 1;
}

// The result for input bits x in cases[0, n), or `fallback` if x is not
// listed (binary search).
inline uint32_t HardCaseResult(const HardCase* cases, size_t n, uint32_t x,
                               uint32_t fallback) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (cases[mid].x < x) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo < n && cases[lo].x == x ? cases[lo].y : fallback;
}

}  // namespace correct
}  // namespace refmath

#endif  // REFMATH_SIMD_CORRECT_TABLE_H_
