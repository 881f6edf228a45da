// Input checks shared by the windowed int8 layers (conv, depthwise conv,
// pooling): each returns true when the operand is usable, so a kernel can
// refuse bad input before reading any array.
#ifndef REFMATH_SRC_MCU_WINDOW_CHECK_H_
#define REFMATH_SRC_MCU_WINDOW_CHECK_H_

#include <stddef.h>
#include <stdint.h>

#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

// The element count into *count; false if a dimension is < 1 or the
// count overflows size_t.
bool CountOf(const Shape4& shape, size_t* count);

// CountOf succeeds and the count equals size.
bool ShapeHolds(const Shape4& shape, size_t size);

// stride, dilation, out_size >= 1 and pad >= 0.
bool AxisUsable(const WindowAxis& axis);

// One multiplier and shift, or one per channel, with every shift in
// [-31, 31] (a larger left shift is undefined in TFLite's kernels).
bool RequantUsable(const Requant& requant, int channels);

// type_min <= act_min <= act_max <= type_max.
bool ClampUsable(int32_t act_min, int32_t act_max, int32_t type_min,
                 int32_t type_max);

// Index of element (n, y, x, c) in a dense array of this shape.
inline size_t Offset4(const Shape4& s, int n, int y, int x, int c) {
  return ((static_cast<size_t>(n) * s.h + y) * s.w + x) * s.c + c;
}

// The input position of filter tap k for output index o.
inline int64_t TapPosition(const WindowAxis& a, int o, int k) {
  return int64_t{o} * a.stride - a.pad + int64_t{a.dilation} * k;
}

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_WINDOW_CHECK_H_
