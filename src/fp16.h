// IEEE-754 binary16 -> binary32 widening on bit patterns.  Integer code only:
// no compiler half types and no float arithmetic, so the result cannot
// depend on the FPU mode (flush-to-zero, NaN quieting) of the caller.
#ifndef REFMATH_SRC_FP16_H_
#define REFMATH_SRC_FP16_H_

#include <stdint.h>

namespace refmath {

// Exact widening: every binary16 value (subnormals, +-0, +-inf, NaN payloads
// kept by shifting into the float's mantissa, quiet bit preserved) is
// representable in binary32.  Examples: 0x3C00 (1.0) -> 0x3F800000,
// 0x0001 (2^-24) -> 0x33800000, 0x7D00 (signalling NaN) -> 0x7FA00000.
uint32_t HalfBitsToFloatBits(uint16_t h);

}  // namespace refmath

#endif  // REFMATH_SRC_FP16_H_
