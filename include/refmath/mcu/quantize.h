// QUANTIZE and DEQUANTIZE between float32 and int8/int16 (docs/mcu.md).
// Two quantizers exist on the device and differ by one LSB near ties:
//   kTflmDivide     TFLite Micro reference and scalar CMSIS-NN:
//                   round_half_away_from_zero(x / scale) + zero_point
//   kMveReciprocal  Cortex-M55 MVE path:
//                   round_half_to_even(x * (1.0f / scale)) + zero_point
// Both clamp to the output type.  The division, the reciprocal and the
// product are each one binary32 rounding.
#ifndef REFMATH_MCU_QUANTIZE_H_
#define REFMATH_MCU_QUANTIZE_H_

#include <stdint.h>

#include <vector>

namespace refmath {
namespace mcu {

enum class QuantizeRule { kTflmDivide, kMveReciprocal };

// q in [lo, hi] (e.g. -128..127 for int8).  NaN, which the device's code
// does not define, gives the zero point (clamped).
int32_t Quantize(float x, float scale, int32_t zero_point, int32_t lo,
                 int32_t hi, QuantizeRule rule);

inline int8_t QuantizeS8(float x, float scale, int32_t zero_point,
                         QuantizeRule rule) {
  return static_cast<int8_t>(Quantize(x, scale, zero_point, INT8_MIN, INT8_MAX, rule));
}
inline int16_t QuantizeS16(float x, float scale, int32_t zero_point,
                           QuantizeRule rule) {
  return static_cast<int16_t>(
      Quantize(x, scale, zero_point, INT16_MIN, INT16_MAX, rule));
}

// (q - zero_point) * scale rounded once to binary32 (TFLite Micro computes
// it in double and converts; the product of a 17-bit integer and a float is
// exact in double, so that is the same single rounding).  With
// flush_subnormal (the MVE f32 path) a subnormal scale is read as a zero of
// its sign, and a nonzero product below the smallest normal before rounding
// becomes a zero of its sign, as MVE f32 flushes operands and results.
float Dequantize(int32_t q, float scale, int32_t zero_point,
                 bool flush_subnormal = false);

// Quantize and Dequantize applied to every element of an array (the
// QUANTIZE / DEQUANTIZE ops of a tensor).
std::vector<int32_t> QuantizeAll(const std::vector<float>& x, float scale,
                                 int32_t zero_point, int32_t lo, int32_t hi,
                                 QuantizeRule rule);
std::vector<float> DequantizeAll(const std::vector<int32_t>& q, float scale,
                                 int32_t zero_point,
                                 bool flush_subnormal = false);

// DEQUANTIZE of a float16 tensor (binary16 bit patterns) to float32: the
// exact widening, with no scale or zero point (every binary16 value,
// subnormals, infinities and NaN payloads included, is a binary32 value).
std::vector<float> DequantizeF16(const std::vector<uint16_t>& half_bits);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_QUANTIZE_H_
