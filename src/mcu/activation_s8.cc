#include "refmath/mcu/activation_s8.h"

#include <algorithm>
#include <cmath>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/gemmlowp_fixed.h"

namespace refmath {
namespace mcu {
namespace {

// The rescaled input is Q4.27: 4 integer bits.
constexpr int kInputIntegerBits = 4;
// gemmlowp returns Q0.31; logistic keeps 8 fractional bits of it (scale
// 1/256), tanh 7 (scale 1/128): divide by 2^(31-8) and 2^(31-7).
constexpr int kLogisticOutputShift = 31 - 8;
constexpr int kTanhOutputShift = 31 - 7;

}  // namespace

ActivationS8Params PrepareActivationS8(float input_scale,
                                       int32_t input_zero_point) {
  ActivationS8Params p;
  p.input_zero_point = input_zero_point;
  const double real_multiplier = static_cast<double>(input_scale) *
                                 static_cast<double>(1 << (31 - kInputIntegerBits));
  int shift = 0;
  const double q = std::frexp(real_multiplier, &shift);
  // q has at most 24 significant bits, so q * 2^31 < 2^31 is exact and the
  // rounding (half away from zero) never reaches 2^31.
  p.input_multiplier = static_cast<int32_t>(std::round(q * 2147483648.0));
  p.input_left_shift = shift;
  // floor((2^4 - 1) * 2^27 / 2^shift): the largest |Q4.27| input is 15.
  const double max_rescaled = 15.0 * std::ldexp(1.0, 31 - kInputIntegerBits) /
                              std::ldexp(1.0, shift);
  p.input_range_radius = static_cast<int32_t>(
      std::min(std::floor(max_rescaled), static_cast<double>(INT32_MAX)));
  return p;
}

int8_t EvalActivationS8(ActivationS8 op, const ActivationS8Params& p,
                        int8_t input) {
  const int32_t d = int32_t{input} - p.input_zero_point;
  if (d <= -p.input_range_radius) return INT8_MIN;
  if (d >= p.input_range_radius) return INT8_MAX;
  const int32_t x = MultiplyByQuantizedMultiplier(d, p.input_multiplier,
                                                  p.input_left_shift);
  int32_t out;
  if (op == ActivationS8::kLogistic) {
    out = RoundingDivideByPot(gemmlowp_fixed::Logistic(x, kInputIntegerBits),
                              kLogisticOutputShift) +
          kLogisticS8OutputZeroPoint;
  } else {
    out = RoundingDivideByPot(gemmlowp_fixed::Tanh(x, kInputIntegerBits),
                              kTanhOutputShift) +
          kTanhS8OutputZeroPoint;
  }
  return static_cast<int8_t>(std::min<int32_t>(std::max<int32_t>(out, INT8_MIN), INT8_MAX));
}

std::array<int8_t, 256> TableS8(ActivationS8 op, const ActivationS8Params& p) {
  std::array<int8_t, 256> table;
  for (int i = 0; i < 256; ++i) {
    table[i] = EvalActivationS8(op, p, static_cast<int8_t>(i + INT8_MIN));
  }
  return table;
}

}  // namespace mcu
}  // namespace refmath
