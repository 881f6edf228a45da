// binary16 values of the ANE model (docs/ane.md): rounding of a double to
// binary16 under the device's tie rule and subnormal policy, and the exact
// widening back.  Every fp16 operation of the model is "compute exactly (or
// in double, which is enough, see below) then round once with HalfFrom".
//
// Why double is enough: the sum, difference and product of two binary16
// values are exact in double; a quotient or square root rounded to double
// and then to binary16 is correctly rounded because 53 >= 2*11 + 2.
#ifndef REFMATH_SRC_ANE_HALF_H_
#define REFMATH_SRC_ANE_HALF_H_

#include <stdint.h>

namespace refmath {
namespace ane {

using Half = uint16_t;  // a binary16 bit pattern

enum class Tie {
  kEven,          // IEEE round-to-nearest-even (the spec, M1, M3)
  kAwayFromZero,  // ties to the larger magnitude (M5: 2048 + 1 -> 2050)
};

struct HalfRounding {
  Tie tie = Tie::kEven;
  bool flush_subnormals = false;  // a subnormal result becomes +-0
};

constexpr Half kHalfCanonicalNaN = 0x7E00;
constexpr Half kHalfPosInf = 0x7C00;
constexpr Half kHalfNegInf = 0xFC00;
constexpr double kHalfMax = 65504.0;           // largest finite binary16
constexpr double kHalfMinNormal = 0x1p-14;     // 6.103515625e-05
constexpr double kHalfMinSubnormal = 0x1p-24;  // 5.960464477539063e-08

// The binary16 nearest to x under `rounding` (overflow to +-inf, NaN to
// the canonical quiet NaN 0x7E00, the sign of zero kept).
Half HalfFromDouble(double x, HalfRounding rounding = {});

// The exact value of a binary16 (NaN payloads are not kept).
double HalfToDouble(Half h);
float HalfToFloat(Half h);

inline bool HalfIsNaN(Half h) { return (h & 0x7C00) == 0x7C00 && (h & 0x3FF); }

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_SRC_ANE_HALF_H_
