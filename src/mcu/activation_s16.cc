#include "refmath/mcu/activation_s16.h"

#include <cmath>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/sigmoid_table.h"

namespace refmath {
namespace mcu {
namespace {

// The rescaled input has 1.0 = 3 * 4096: the table's step 1/24 is then 512
// units (sigmoid) and, for tanh's doubled argument, 256 units.
constexpr double kUnitsPerOne = 3.0 * 4096.0;
constexpr int32_t kPotMultiplier = 3;
// The table's input bits for each op and the saturated products
// (0x7FFF << 10 and 0xFFFF << 8: 32767 and 65535 in the outputs' scale).
constexpr int kSigmoidIndexShift = 9;
constexpr int kTanhIndexShift = 8;
constexpr uint32_t kSigmoidSaturated = 0x7FFFu << 10;
constexpr uint32_t kTanhSaturated = 0xFFFFu << 8;
constexpr uint32_t kLastIndex = kSigmoidTableSize - 1;
// Prepare: the largest multiplier kept before the doubling stops, the
// largest shift, and the log2 tolerance of TFLite's CheckedLog2.
constexpr double kMultiplierLimit = 32767.0 / 2.0;
constexpr int kMaxPrepareShift = 30;
constexpr double kLog2Tolerance = 1e-3;
constexpr int kTableFractionBits = 12;  // 2^-12 is the power-of-two scale

}  // namespace

ActivationS16Params PrepareActivationS16(ActivationS16 op, float input_scale) {
  ActivationS16Params p;
  // TFLite takes log2 in float; in double the test |frac| < 1e-3 can only
  // differ for a scale within float rounding of that tolerance's edge.
  const double log2_scale = std::log2(static_cast<double>(input_scale));
  const double rounded = std::round(log2_scale);
  const bool pot = std::fabs(log2_scale - rounded) < kLog2Tolerance;
  const int left_shift = kTableFractionBits + static_cast<int>(rounded);
  const bool pot_shift_ok =
      left_shift == 0 || (op == ActivationS16::kTanh && left_shift == 1);
  if (pot && pot_shift_ok) {
    p.input_multiplier = 0;
    p.input_left_shift = left_shift;
    return p;
  }
  double multiplier = static_cast<double>(input_scale) * kUnitsPerOne;
  int shift = 0;
  while (multiplier <= kMultiplierLimit && shift <= kMaxPrepareShift) {
    ++shift;
    multiplier *= 2.0;
  }
  p.input_multiplier = static_cast<int32_t>(
      std::fmin(multiplier, static_cast<double>(INT32_MAX)));
  p.input_left_shift = shift;
  return p;
}

double EffectiveInputScaleS16(const ActivationS16Params& p) {
  if (p.input_multiplier == 0) {
    return std::ldexp(kPotMultiplier, p.input_left_shift) / kUnitsPerOne;
  }
  return std::ldexp(p.input_multiplier, -p.input_left_shift) / kUnitsPerOne;
}

int16_t EvalActivationS16(ActivationS16 op, const ActivationS16Params& p,
                          int16_t input) {
  int32_t multiplier = p.input_multiplier;
  int shift = p.input_left_shift;
  if (multiplier == 0) {
    multiplier = WrapToInt32(int64_t{kPotMultiplier} << (shift & 31));
    shift = 0;
  }
  shift &= 31;  // the device's shift by a register uses the low bits
  const int32_t rounding = shift > 0 ? int32_t{1} << (shift - 1) : 0;
  // int32 arithmetic on the device: the product and the sum wrap.
  const int32_t product = WrapToInt32(int64_t{input} * multiplier);
  const int32_t xs = WrappingAdd(product, rounding) >> shift;
  const uint32_t a = xs >= 0 ? static_cast<uint32_t>(xs)
                             : 0u - static_cast<uint32_t>(xs);
  const auto& table = SigmoidTableU16();
  const bool sigmoid = op == ActivationS16::kSigmoid;
  const int index_shift = sigmoid ? kSigmoidIndexShift : kTanhIndexShift;
  const uint32_t uh = a >> index_shift;
  uint32_t r;
  if (uh >= kLastIndex) {
    r = sigmoid ? kSigmoidSaturated : kTanhSaturated;
  } else {
    const uint32_t ua = table[uh], ub = table[uh + 1];
    const uint32_t fraction = a & ((1u << index_shift) - 1);
    r = (ua << index_shift) + fraction * (ub - ua);
  }
  uint32_t out;
  if (sigmoid) {
    // 1.0 is 2^25 here; rounding to 15 fractional bits.
    out = (xs >= 0 ? r + (1u << 9) : (1u << 25) - r + (1u << 9) - 1) >> 10;
  } else {
    // 2 sigmoid - 1: subtract 0.5 (2^23) and round to 15 bits, modulo 2^32.
    out = (xs >= 0 ? r - (1u << 23) + (1u << 7)
                   : (1u << 23) - r + (1u << 7) - 1) >> 8;
  }
  return static_cast<int16_t>(static_cast<uint16_t>(out));
}

std::vector<int16_t> TableS16(ActivationS16 op, const ActivationS16Params& p) {
  std::vector<int16_t> table(65536);
  for (int i = 0; i < 65536; ++i) {
    table[i] = EvalActivationS16(op, p, static_cast<int16_t>(i + INT16_MIN));
  }
  return table;
}

}  // namespace mcu
}  // namespace refmath
