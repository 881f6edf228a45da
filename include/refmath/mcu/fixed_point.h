// Integer requantization of the CMSIS-NN / TFLite Micro kernels (docs/mcu.md):
// the doubling high multiply, the rounding divide by a power of two, and the
// requantize variants.  Every function is defined for all inputs: where the
// device's C code overflows a 32-bit signed integer, the emulation wraps
// modulo 2^32 as the Cortex-M core does, without undefined behaviour.
#ifndef REFMATH_MCU_FIXED_POINT_H_
#define REFMATH_MCU_FIXED_POINT_H_

#include <stdint.h>

namespace refmath {
namespace mcu {

// Two's complement wraparound of a 64-bit value to 32 bits.
int32_t WrapToInt32(int64_t v);
// a + b and a - b modulo 2^32.
int32_t WrappingAdd(int32_t a, int32_t b);
int32_t WrappingSub(int32_t a, int32_t b);

// CMSIS-NN's doubling high multiply without saturation:
// ((int64)a*b + 2^30) >> 31.  The one result outside int32,
// INT32_MIN * INT32_MIN = 2^31, wraps to INT32_MIN.
int32_t DoublingHighMul(int32_t a, int32_t b);

// gemmlowp's SaturatingRoundingDoublingHighMul: the same rounding (half
// towards +infinity) but INT32_MIN * INT32_MIN saturates to INT32_MAX.
int32_t SaturatingDoublingHighMul(int32_t a, int32_t b);

// x / 2^exponent rounded to nearest, ties away from zero; exponent 0..31.
int32_t RoundingDivideByPot(int32_t x, int exponent);

// x * 2^exponent saturated to int32; exponent 0..31 (gemmlowp's
// SaturatingRoundingMultiplyByPOT for a positive exponent).
int32_t SaturatingShiftLeft(int32_t x, int exponent);

// The default requantization of CMSIS-NN and TFLite Micro (two roundings):
// RoundingDivideByPot(DoublingHighMul(v * 2^max(shift,0), m), max(-shift,0)).
// shift in [-31, 31]; the left shift wraps like the device's int32 multiply.
int32_t Requantize(int32_t v, int32_t multiplier, int shift);

// The same through gemmlowp's saturating multiply (TFLite's
// MultiplyByQuantizedMultiplier, used by the int8 activations).
int32_t MultiplyByQuantizedMultiplier(int32_t v, int32_t multiplier,
                                      int shift);

// CMSIS-NN's single-rounding build option:
// ((int32)(((int64)v*m) >> (30 - shift)) + 1) >> 1.  shift in [-31, 30].
int32_t RequantizeSingleRounding(int32_t v, int32_t multiplier, int shift);

// The int16 path's 64-bit requantization:
// ((int32)((v * reduced) >> (14 - shift)) + 1) >> 1, shift in [-49, 14];
// the product wraps modulo 2^64 as on the device.
int32_t RequantizeS64(int64_t v, int32_t reduced_multiplier, int shift);

// TFLite's 64-bit MultiplyByQuantizedMultiplier (the int16 conv and
// depthwise conv with an int64 bias): with rm = ReduceMultiplier(m) and
// t = 15 - shift, (v * rm + 2^(t-1)) >> t, one rounding, halves up, then
// truncated to int32.  It equals RequantizeS64 while |result| < 2^30;
// beyond, this form wraps after the whole shift (as the reference's
// int64 -> int32 conversion does) where RequantizeS64, which holds twice
// the result in int32 before its last halving, wraps one bit earlier.  shift in [-31, 7]; product and sum wrap modulo 2^64.
int32_t MultiplyByQuantizedMultiplierS64(int64_t v, int32_t multiplier,
                                         int shift);

// The 16-bit multiplier RequantizeS64 takes, from a Q31 multiplier:
// (m + 2^15) >> 16, or 0x7FFF for m >= 0x7FFF0000.
int32_t ReduceMultiplier(int32_t multiplier);

// The range of shifts each function accepts (an out-of-range shift is
// clamped into it, so no shift is ever undefined).
constexpr int kMaxShift = 31;
constexpr int kMaxSingleRoundingShift = 30;
constexpr int kMaxS64Shift = 14;
constexpr int kMinS64Shift = -49;
constexpr int kMaxS64MultiplyShift = 7;  // MultiplyByQuantizedMultiplierS64

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_FIXED_POINT_H_
