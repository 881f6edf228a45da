// gemmlowp's fixed-point logistic and tanh, as the TFLite Micro reference
// int8 kernels call them (docs/mcu.md).  Values are raw int32 with a stated
// number of integer bits: raw / 2^(31 - integer_bits).  Every product is
// the saturating rounding doubling high multiply; sums wrap modulo 2^32.
#ifndef REFMATH_SRC_MCU_GEMMLOWP_FIXED_H_
#define REFMATH_SRC_MCU_GEMMLOWP_FIXED_H_

#include <stdint.h>

namespace refmath {
namespace mcu {
namespace gemmlowp_fixed {

// exp(a) for a <= 0 with `integer_bits` integer bits (1..6 supported by the
// reference kernels' callers); result with 0 integer bits (Q0.31).
int32_t ExpOnNegativeValues(int32_t a, int integer_bits);

// 1 / (1 + a) and (1 - a) / (1 + a) for a in [0, 1] in Q0.31, by three
// Newton-Raphson steps in Q2.29.
int32_t OneOverOnePlusX(int32_t a);
int32_t OneMinusXOverOnePlusX(int32_t a);

// logistic(a) and tanh(a) for a with `integer_bits` integer bits; result
// in Q0.31 (1.0 saturates to INT32_MAX).
int32_t Logistic(int32_t a, int integer_bits);
int32_t Tanh(int32_t a, int integer_bits);

}  // namespace gemmlowp_fixed
}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_GEMMLOWP_FIXED_H_
