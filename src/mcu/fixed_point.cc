#include "refmath/mcu/fixed_point.h"

#include <algorithm>

namespace refmath {
namespace mcu {
namespace {

constexpr int64_t kHalfQ31 = int64_t{1} << 30;  // rounding term of a Q31 product

// Arithmetic right shift of a 64-bit value (GCC and Clang shift signed
// values arithmetically; C++20 guarantees it).
int64_t Asr64(int64_t v, int n) { return v >> n; }

int ClampShift(int shift, int lo, int hi) { return std::min(std::max(shift, lo), hi); }

}  // namespace

int32_t WrapToInt32(int64_t v) {
  const uint32_t low = static_cast<uint32_t>(static_cast<uint64_t>(v));
  return static_cast<int32_t>(low);  // modular since C++20, and on GCC/Clang
}

int32_t WrappingAdd(int32_t a, int32_t b) {
  return WrapToInt32(int64_t{a} + int64_t{b});
}

int32_t WrappingSub(int32_t a, int32_t b) {
  return WrapToInt32(int64_t{a} - int64_t{b});
}

int32_t DoublingHighMul(int32_t a, int32_t b) {
  return WrapToInt32(Asr64(int64_t{a} * b + kHalfQ31, 31));
}

int32_t SaturatingDoublingHighMul(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  // gemmlowp divides (ab + nudge) by 2^31 truncating, with nudge 2^30 for
  // ab >= 0 and 1 - 2^30 below: both round half towards +infinity, which is
  // the floor of (ab + 2^30) / 2^31.
  return WrapToInt32(Asr64(int64_t{a} * b + kHalfQ31, 31));
}

int32_t RoundingDivideByPot(int32_t x, int exponent) {
  exponent = ClampShift(exponent, 0, kMaxShift);
  const int64_t mask = (int64_t{1} << exponent) - 1;
  const int64_t remainder = int64_t{x} & mask;
  const int64_t quotient = Asr64(x, exponent);
  const int64_t threshold = (mask >> 1) + (quotient < 0 ? 1 : 0);
  return static_cast<int32_t>(quotient + (remainder > threshold ? 1 : 0));
}

int32_t SaturatingShiftLeft(int32_t x, int exponent) {
  exponent = ClampShift(exponent, 0, kMaxShift);
  const int64_t shifted = int64_t{x} * (int64_t{1} << exponent);
  if (shifted > INT32_MAX) return INT32_MAX;
  if (shifted < INT32_MIN) return INT32_MIN;
  return static_cast<int32_t>(shifted);
}

int32_t Requantize(int32_t v, int32_t multiplier, int shift) {
  shift = ClampShift(shift, -kMaxShift, kMaxShift);
  const int left = std::max(shift, 0), right = std::max(-shift, 0);
  const int32_t scaled = WrapToInt32(int64_t{v} * (int64_t{1} << left));
  return RoundingDivideByPot(DoublingHighMul(scaled, multiplier), right);
}

int32_t MultiplyByQuantizedMultiplier(int32_t v, int32_t multiplier,
                                      int shift) {
  shift = ClampShift(shift, -kMaxShift, kMaxShift);
  const int left = std::max(shift, 0), right = std::max(-shift, 0);
  const int32_t scaled = WrapToInt32(int64_t{v} * (int64_t{1} << left));
  return RoundingDivideByPot(SaturatingDoublingHighMul(scaled, multiplier),
                             right);
}

int32_t RequantizeSingleRounding(int32_t v, int32_t multiplier, int shift) {
  shift = ClampShift(shift, -kMaxShift, kMaxSingleRoundingShift);
  const int64_t product = int64_t{v} * multiplier;  // |product| <= 2^62
  const int32_t once = WrapToInt32(Asr64(product, 30 - shift));
  return WrappingAdd(once, 1) >> 1;  // int32 + 1 wraps on the device
}

int32_t RequantizeS64(int64_t v, int32_t reduced_multiplier, int shift) {
  shift = ClampShift(shift, kMinS64Shift, kMaxS64Shift);
  const uint64_t product =
      static_cast<uint64_t>(v) * static_cast<uint64_t>(int64_t{reduced_multiplier});
  const int32_t once =
      WrapToInt32(Asr64(static_cast<int64_t>(product), 14 - shift));
  return WrappingAdd(once, 1) >> 1;  // int32 + 1 wraps on the device
}

int32_t MultiplyByQuantizedMultiplierS64(int64_t v, int32_t multiplier,
                                         int shift) {
  shift = ClampShift(shift, -kMaxShift, kMaxS64MultiplyShift);
  const int total = 15 - shift;  // 8 .. 46
  const uint64_t product = static_cast<uint64_t>(v) *
                           static_cast<uint64_t>(int64_t{ReduceMultiplier(multiplier)});
  const uint64_t rounded = product + (uint64_t{1} << (total - 1));
  return WrapToInt32(Asr64(static_cast<int64_t>(rounded), total));
}

int32_t ReduceMultiplier(int32_t multiplier) {
  constexpr int32_t kLargestReducible = 0x7FFF0000;  // (m + 2^15) >> 16 <= 0x7FFF
  constexpr int32_t kMaxReduced = 0x7FFF;
  if (multiplier >= kLargestReducible) return kMaxReduced;
  return static_cast<int32_t>(Asr64(int64_t{multiplier} + (1 << 15), 16));
}

}  // namespace mcu
}  // namespace refmath
