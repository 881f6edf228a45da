#include "src/mcu/window_check.h"

#include <limits>

namespace refmath {
namespace mcu {

bool CountOf(const Shape4& shape, size_t* count) {
  size_t product = 1;
  for (int d : {shape.n, shape.h, shape.w, shape.c}) {
    if (d < 1) return false;
    const size_t ud = static_cast<size_t>(d);
    if (product > std::numeric_limits<size_t>::max() / ud) return false;
    product *= ud;
  }
  *count = product;
  return true;
}

bool ShapeHolds(const Shape4& shape, size_t size) {
  size_t count = 0;
  return CountOf(shape, &count) && count == size;
}

bool AxisUsable(const WindowAxis& axis) {
  return axis.stride >= 1 && axis.dilation >= 1 && axis.out_size >= 1 &&
         axis.pad >= 0;
}

bool RequantUsable(const Requant& requant, int channels) {
  const size_t c = static_cast<size_t>(channels);
  const size_t m = requant.multiplier.size(), s = requant.shift.size();
  if (!((m == 1 || m == c) && (s == 1 || s == c))) return false;
  for (int32_t shift : requant.shift) {
    if (shift < -31 || shift > 31) return false;
  }
  return true;
}

bool ClampUsable(int32_t act_min, int32_t act_max, int32_t type_min,
                 int32_t type_max) {
  return type_min <= act_min && act_min <= act_max && act_max <= type_max;
}

}  // namespace mcu
}  // namespace refmath
