// IEEE-754 binary16 values on bit patterns: the exact widening to binary32,
// and the rounding of a double to binary16 under a tie rule and subnormal
// policy (the ANE profiles and the Cortex-M55 paths both use it).  Integer
// code for the widening, plain double arithmetic for the rounding: no
// compiler half types, so no result depends on the caller's FPU mode
// (flush-to-zero, NaN quieting).
//
// Why double is enough for every binary16 operation built on HalfFromDouble
// ("compute exactly, or in double, then round once"): the sum, difference
// and product of two binary16 values are exact in double; a quotient or
// square root rounded to double and then to binary16 is correctly rounded
// because 53 >= 2*11 + 2.
#ifndef REFMATH_BINARY16_BINARY16_H_
#define REFMATH_BINARY16_BINARY16_H_

#include <stdint.h>

namespace refmath {

using Half = uint16_t;  // a binary16 bit pattern

// Exact widening: every binary16 value (subnormals, +-0, +-inf, NaN payloads
// kept by shifting into the float's mantissa, quiet bit preserved) is
// representable in binary32.  Examples: 0x3C00 (1.0) -> 0x3F800000,
// 0x0001 (2^-24) -> 0x33800000, 0x7D00 (signalling NaN) -> 0x7FA00000.
uint32_t HalfBitsToFloatBits(uint16_t h);

enum class Tie {
  kEven,          // IEEE round-to-nearest-even (the ANE spec, M1, M3)
  kAwayFromZero,  // ties to the larger magnitude (ANE M5: 2048 + 1 -> 2050)
};

struct HalfRounding {
  Tie tie = Tie::kEven;
  bool flush_subnormals = false;  // a subnormal result becomes +-0
};

constexpr Half kHalfCanonicalNaN = 0x7E00;
constexpr Half kHalfPosInf = 0x7C00;
constexpr Half kHalfNegInf = 0xFC00;
constexpr double kHalfMax = 65504.0;           // 0x7BFF, largest finite
constexpr double kHalfMinNormal = 0x1p-14;     // 0x0400, 6.103515625e-05
constexpr double kHalfMinSubnormal = 0x1p-24;  // 0x0001, 5.960464477539063e-08

// The binary16 nearest to x under `rounding` (overflow to +-inf, NaN to
// the canonical quiet NaN 0x7E00, the sign of zero kept).
Half HalfFromDouble(double x, HalfRounding rounding = {});

// The exact value of a binary16 (NaN payloads are not kept).
double HalfToDouble(Half h);
float HalfToFloat(Half h);

inline bool HalfIsNaN(Half h) { return (h & 0x7C00) == 0x7C00 && (h & 0x3FF); }

}  // namespace refmath

#endif  // REFMATH_BINARY16_BINARY16_H_
