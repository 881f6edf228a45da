#include "refmath/mcu/fully_connected.h"

#include <algorithm>

#include "refmath/mcu/fixed_point.h"

namespace refmath {
namespace mcu {
namespace {

bool RequantFits(const Requant& r, size_t c_out) {
  const size_t m = r.multiplier.size(), s = r.shift.size();
  return (m == 1 || m == c_out) && (s == 1 || s == c_out);
}

template <typename In, typename Bias>
bool ShapesFit(const std::vector<In>& input, const std::vector<int8_t>& weights,
               const std::vector<Bias>& bias, size_t rows, size_t c_in,
               size_t c_out, const Requant& requant) {
  return input.size() == rows * c_in && weights.size() == c_out * c_in &&
         (bias.empty() || bias.size() == c_out) && RequantFits(requant, c_out);
}

}  // namespace

bool FullyConnectedS8(const std::vector<int8_t>& input,
                      const std::vector<int8_t>& weights,
                      const std::vector<int32_t>& bias, size_t rows,
                      size_t c_in, size_t c_out, const FcS8Params& p,
                      std::vector<int8_t>* output) {
  if (!ShapesFit(input, weights, bias, rows, c_in, c_out, p.requant)) {
    return false;
  }
  output->assign(rows * c_out, 0);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t n = 0; n < c_out; ++n) {
      int32_t acc = bias.empty() ? 0 : bias[n];
      for (size_t k = 0; k < c_in; ++k) {
        const int32_t x = int32_t{input[r * c_in + k]} + p.input_offset;
        const int32_t w = int32_t{weights[n * c_in + k]} + p.filter_offset;
        acc = WrappingAdd(acc, WrapToInt32(int64_t{x} * w));
      }
      int32_t out = Requantize(acc, p.requant.MultiplierFor(n),
                               p.requant.ShiftFor(n));
      out = WrappingAdd(out, p.output_offset);
      out = std::min(std::max(out, p.act_min), p.act_max);
      (*output)[r * c_out + n] = static_cast<int8_t>(out);
    }
  }
  return true;
}

bool FullyConnectedS16(const std::vector<int16_t>& input,
                       const std::vector<int8_t>& weights,
                       const std::vector<int64_t>& bias, size_t rows,
                       size_t c_in, size_t c_out, const FcS16Params& p,
                       std::vector<int16_t>* output) {
  const bool tflite = p.kernel == Kernel::kTflite;
  const int min_shift = tflite ? -kMaxShift : kMinS64Shift;
  const int max_shift = tflite ? kMaxS64MultiplyShift : kMaxS64Shift;
  if (!ShapesFit(input, weights, bias, rows, c_in, c_out, p.requant) ||
      std::any_of(p.requant.shift.begin(), p.requant.shift.end(),
                  [&](int32_t s) { return s < min_shift || s > max_shift; })) {
    return false;
  }
  output->assign(rows * c_out, 0);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t n = 0; n < c_out; ++n) {
      // |x * w| <= 2^22: no realistic c_in overflows the int64 sum.
      int64_t acc = bias.empty() ? 0 : bias[n];
      for (size_t k = 0; k < c_in; ++k) {
        acc += int64_t{input[r * c_in + k]} * weights[n * c_in + k];
      }
      const int32_t m = p.requant.MultiplierFor(n), shift = p.requant.ShiftFor(n);
      int32_t out = tflite ? MultiplyByQuantizedMultiplierS64(acc, m, shift)
                           : RequantizeS64(acc, ReduceMultiplier(m), shift);
      out = std::min(std::max(out, p.act_min), p.act_max);
      (*output)[r * c_out + n] = static_cast<int16_t>(out);
    }
  }
  return true;
}

}  // namespace mcu
}  // namespace refmath
