#include "refmath/binary16/binary16.h"

#include <math.h>

#include "src/base/bits.h"

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
constexpr int kHalfMantissaBits = 10;
constexpr int kHalfMinExponent = -14;  // exponent of the smallest normal
constexpr int kHalfExponentBias = 15;

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

Half HalfFromDouble(double x, HalfRounding rounding) {
  if (isnan(x)) return kHalfCanonicalNaN;
  const Half sign = signbit(x) ? 0x8000 : 0;
  const double a = fabs(x);
  if (a == 0) return sign;
  if (isinf(a)) return sign | kHalfPosInf;

  // a = m * 2^e with m in [0.5, 1): the binary16 spacing at a is
  // 2^(e - 1 - 10), but never below the subnormal spacing 2^-24.
  int e;
  frexp(a, &e);
  const int exponent = e - 1 < kHalfMinExponent ? kHalfMinExponent : e - 1;
  const double quantum = ldexp(1.0, exponent - kHalfMantissaBits);
  // a / quantum < 2^11 (exact: a power-of-two scaling); split into integer
  // and fraction, both exact in double.
  const double scaled = a / quantum;
  double n = floor(scaled);
  const double fraction = scaled - n;
  if (fraction > 0.5) {
    n += 1;
  } else if (fraction == 0.5) {
    const bool odd = fmod(n, 2.0) != 0;
    if (rounding.tie == Tie::kAwayFromZero || odd) n += 1;
  }
  const double r = n * quantum;  // exact
  if (r > kHalfMax) return sign | kHalfPosInf;
  if (r < kHalfMinNormal) {
    if (rounding.flush_subnormals) return sign;
    return sign | static_cast<Half>(r / kHalfMinSubnormal);  // 0..1023
  }
  int re;
  const double rm = frexp(r, &re);  // r = rm * 2^re, rm in [0.5, 1)
  const Half biased = static_cast<Half>(re - 1 + kHalfExponentBias);
  const Half mantissa =
      static_cast<Half>(ldexp(rm, kHalfMantissaBits + 1)) & 0x3FF;
  return sign | static_cast<Half>(biased << kHalfMantissaBits) | mantissa;
}

float HalfToFloat(Half h) {
  return BitsToFloat(HalfBitsToFloatBits(h));
}

double HalfToDouble(Half h) { return HalfToFloat(h); }

}  // namespace refmath
