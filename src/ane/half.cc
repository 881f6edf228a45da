#include "src/ane/half.h"

#include <math.h>
#include <string.h>

#include "src/fp16.h"

namespace refmath {
namespace ane {
namespace {

constexpr int kHalfMantissaBits = 10;
constexpr int kHalfMinExponent = -14;  // exponent of the smallest normal
constexpr int kHalfExponentBias = 15;

}  // namespace

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
  const uint32_t bits = HalfBitsToFloatBits(h);
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

double HalfToDouble(Half h) { return HalfToFloat(h); }

}  // namespace ane
}  // namespace refmath
