#include "src/fp16.h"

namespace refmath {
namespace {

// binary16: 1 sign, 5 exponent (bias 15), 10 mantissa bits.
// binary32: 1 sign, 8 exponent (bias 127), 23 mantissa bits.
constexpr uint32_t kHalfExponentMax = 0x1F;
constexpr uint32_t kHalfMantissaMask = 0x3FF;
constexpr uint32_t kHalfImplicitBit = 0x400;
constexpr uint32_t kBiasDelta = 127 - 15;
constexpr int kMantissaShift = 23 - 10;
constexpr uint32_t kFloatExponentAllOnes = 0xFFu << 23;

}  // namespace

uint32_t HalfBitsToFloatBits(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & kHalfExponentMax;
  uint32_t mantissa = h & kHalfMantissaMask;

  if (exponent == kHalfExponentMax) {
    // Infinity (mantissa 0) or NaN: the payload, quiet bit included, moves
    // to the top of the float mantissa, so it stays non-zero and a
    // signalling NaN stays signalling.
    return sign | kFloatExponentAllOnes | (mantissa << kMantissaShift);
  }
  if (exponent != 0) {  // normal: only the exponent bias changes
    return sign | ((exponent + kBiasDelta) << 23) |
           (mantissa << kMantissaShift);
  }
  if (mantissa == 0) return sign;  // +-0

  // Subnormal half: 0.mantissa * 2^-14.  Every such value is a normal
  // float: shift the leading 1 up to the implicit-bit position; each shift
  // doubles the mantissa, so the exponent, starting at -14, drops by one.
  uint32_t float_exponent = 1 + kBiasDelta;
  while ((mantissa & kHalfImplicitBit) == 0) {
    mantissa <<= 1;
    --float_exponent;
  }
  return sign | (float_exponent << 23) |
         ((mantissa & kHalfMantissaMask) << kMantissaShift);
}

}  // namespace refmath
