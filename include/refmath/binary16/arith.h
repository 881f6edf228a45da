// Correctly rounded binary16 arithmetic (the Cortex-M55 fp16 kernels,
// docs/mcu.md): MVE's vfma rounds a*b + c once.  HalfFma computes the
// product exactly in double, the sum with its TwoSum error, and lets the error break a tie
// that the double sum may have created (a sticky bit).  For binary16 that
// never happens in fact: the product has at most 22 significant bits, so
// when it moves c onto a binary16 half-way point its last bit lies within
// 2^-33 of the result, far above the double's rounding error.  The MPFR
// test confirms both; the sticky bit costs little and needs no proof.
#ifndef REFMATH_BINARY16_ARITH_H_
#define REFMATH_BINARY16_ARITH_H_

#include "refmath/binary16/binary16.h"

namespace refmath {

// a * b + c rounded once to binary16, nearest even, no flushing (FZ16 = 0
// at reset).  Invalid operations give the default NaN 0x7E00.
Half HalfFma(Half a, Half b, Half c);
// a + b rounded once (exact in double, then one rounding).
Half HalfAdd(Half a, Half b);

// MVE vmaxnm / vminnm: the numeric operand wins over a NaN.
Half HalfMaxNum(Half a, Half b);
Half HalfMinNum(Half a, Half b);

}  // namespace refmath

#endif  // REFMATH_BINARY16_ARITH_H_
