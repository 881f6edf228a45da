#include "refmath/mcu/window.h"

#include <stdint.h>

#include <algorithm>
#include <climits>

namespace refmath {
namespace mcu {

bool PaddedAxis(Padding padding, int in_size, int filter_size, int stride,
                int dilation, WindowAxis* axis, int* offset) {
  if (in_size < 1 || filter_size < 1 || stride < 1 || dilation < 1) {
    return false;
  }
  // 64-bit arithmetic: every intermediate below fits, whatever the ints.
  const int64_t in = in_size, s = stride;
  const int64_t eff = (int64_t{filter_size} - 1) * dilation + 1;
  const int64_t out = padding == Padding::kSame ? (in + s - 1) / s
                                                : (in + s - eff) / s;
  if (out < 1) return false;
  const int64_t total = std::max<int64_t>(0, (out - 1) * s + eff - in);
  if (total / 2 > INT_MAX) return false;
  axis->stride = stride;
  axis->dilation = dilation;
  axis->pad = static_cast<int>(total / 2);
  axis->out_size = static_cast<int>(out);
  if (offset != nullptr) *offset = static_cast<int>(total % 2);
  return true;
}

}  // namespace mcu
}  // namespace refmath
