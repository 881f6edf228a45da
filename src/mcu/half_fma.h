// Correctly rounded binary16 arithmetic for the fp16 kernels (docs/mcu.md):
// MVE's vfma rounds a*b + c once.  Computing it in double and rounding to
// binary16 can round twice, because the exact a*b + c may need more than 53
// bits; HalfFma rounds the double sum's error term in as a sticky bit.
#ifndef REFMATH_SRC_MCU_HALF_FMA_H_
#define REFMATH_SRC_MCU_HALF_FMA_H_

#include "src/ane/half.h"

namespace refmath {
namespace mcu {

using ane::Half;

// a * b + c rounded once to binary16, nearest even, no flushing (FZ16 = 0
// at reset).  Invalid operations give the default NaN 0x7E00.
Half HalfFma(Half a, Half b, Half c);
// a + b rounded once (exact in double, then one rounding).
Half HalfAdd(Half a, Half b);

// MVE vmaxnm / vminnm: the numeric operand wins over a NaN.
Half HalfMaxNum(Half a, Half b);
Half HalfMinNum(Half a, Half b);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_HALF_FMA_H_
