#include "refmath/mcu/requantize_op.h"

#include <algorithm>
#include <utility>

#include "refmath/mcu/fixed_point.h"

namespace refmath {
namespace mcu {
namespace {

bool ShiftUsable(int shift) { return shift >= -31 && shift <= 31; }

}  // namespace

bool RequantizeOpPrepare(float input_scale, int32_t input_zero_point,
                         float output_scale, int32_t output_zero_point,
                         RequantizeOpParams* params) {
  RequantizeOpParams p;
  const double ratio =
      static_cast<double>(input_scale) / static_cast<double>(output_scale);
  if (!QuantizeMultiplier(ratio, &p.scale) || !ShiftUsable(p.scale.shift)) {
    return false;
  }
  p.input_zero_point = input_zero_point;
  p.output_zero_point = output_zero_point;
  *params = p;
  return true;
}

bool RequantizeOp(const std::vector<int32_t>& input,
                  const RequantizeOpParams& p, int output_bits,
                  std::vector<int32_t>* output) {
  int32_t lo = 0, hi = 0;
  switch (output_bits) {
    case 8: lo = INT8_MIN; hi = INT8_MAX; break;
    case 16: lo = INT16_MIN; hi = INT16_MAX; break;
    case 32: lo = INT32_MIN; hi = INT32_MAX; break;
    default: return false;
  }
  if (!ShiftUsable(p.scale.shift)) return false;
  std::vector<int32_t> result(input.size());
  for (size_t i = 0; i < input.size(); ++i) {
    const int32_t centred = WrappingSub(input[i], p.input_zero_point);
    const int32_t scaled = MultiplyByQuantizedMultiplier(
        centred, p.scale.multiplier, p.scale.shift);
    result[i] = std::min(std::max(WrappingAdd(scaled, p.output_zero_point), lo), hi);
  }
  *output = std::move(result);
  return true;
}

}  // namespace mcu
}  // namespace refmath
