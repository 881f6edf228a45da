#include "src/mcu/conv_common.h"

#include <algorithm>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {

int32_t MultiplyAccumulate(int32_t acc, int32_t x, int32_t input_offset,
                           int32_t w) {
  const int32_t shifted = WrappingAdd(x, input_offset);
  return WrappingAdd(acc, WrapToInt32(int64_t{w} * shifted));
}

int8_t FinishS8(int32_t acc, const std::vector<int32_t>& bias, size_t o,
                const ConvS8Params& p) {
  if (!bias.empty()) acc = WrappingAdd(acc, bias[o]);
  int32_t out = MultiplyByQuantizedMultiplier(acc, p.requant.MultiplierFor(o),
                                              p.requant.ShiftFor(o));
  out = WrappingAdd(out, p.output_offset);
  out = std::min(std::max(out, p.act_min), p.act_max);
  return static_cast<int8_t>(out);
}

bool ConvParamsUsable(const ConvS8Params& p, const std::vector<int32_t>& bias,
                      int channels) {
  return AxisUsable(p.height) && AxisUsable(p.width) &&
         RequantUsable(p.requant, channels) &&
         ClampUsable(p.act_min, p.act_max, INT8_MIN, INT8_MAX) &&
         (bias.empty() || bias.size() == static_cast<size_t>(channels));
}

bool DepthwiseShapesHold(const Shape4& in, size_t input_size, const Shape4& f,
                         size_t filter_size, int depth_multiplier) {
  return ShapeHolds(in, input_size) && ShapeHolds(f, filter_size) &&
         depth_multiplier >= 1 && f.n == 1 &&
         int64_t{in.c} * depth_multiplier == f.c;
}

bool FiltersPerGroup(const Shape4& in, const Shape4& f, int* per_group) {
  if (in.c % f.c != 0) return false;
  const int groups = in.c / f.c;
  if (f.n % groups != 0) return false;
  *per_group = f.n / groups;
  return true;
}

}  // namespace mcu
}  // namespace refmath
