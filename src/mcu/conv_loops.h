// The loops conv and depthwise conv share, for every element type: one
// output element per (n, y, x, c) of an NHWC array, and the walk over the
// filter taps of one output that land inside the image.
#ifndef REFMATH_SRC_MCU_CONV_LOOPS_H_
#define REFMATH_SRC_MCU_CONV_LOOPS_H_

#include <stddef.h>
#include <stdint.h>

#include <utility>
#include <vector>

#include "refmath/mcu/window.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {

// *output = the NHWC array of shape `out` with element (n, y, x, c) equal
// to at(n, y, x, c); false (output untouched) if the shape's count
// overflows.
template <typename T, typename At>
bool FillNhwc(const Shape4& out, At at, std::vector<T>* output) {
  size_t count = 0;
  if (!CountOf(out, &count)) return false;
  std::vector<T> result(count);
  for (int n = 0; n < out.n; ++n) {
    for (int y = 0; y < out.h; ++y) {
      for (int x = 0; x < out.w; ++x) {
        for (int c = 0; c < out.c; ++c) {
          result[Offset4(out, n, y, x, c)] = at(n, y, x, c);
        }
      }
    }
  }
  *output = std::move(result);
  return true;
}

// Folds tap(acc, iy, ix, ky, kx) over the taps (ky, kx) of a kh x kw filter
// whose input position (iy, ix) for output (oy, ox) lies in the in_h x in_w
// image, rows outermost; taps outside are skipped.
template <typename Acc, typename Tap>
Acc SumTaps(const WindowAxis& height, const WindowAxis& width, int in_h,
            int in_w, int kh, int kw, int oy, int ox, Acc acc, Tap tap) {
  for (int ky = 0; ky < kh; ++ky) {
    const int64_t iy = TapPosition(height, oy, ky);
    if (iy < 0 || iy >= in_h) continue;
    for (int kx = 0; kx < kw; ++kx) {
      const int64_t ix = TapPosition(width, ox, kx);
      if (ix < 0 || ix >= in_w) continue;
      acc = tap(acc, static_cast<int>(iy), static_cast<int>(ix), ky, kx);
    }
  }
  return acc;
}

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_CONV_LOOPS_H_
