// int8 ADD and MUL of TFLite Micro on operands of the same shape (docs/mcu.md,
// "Add and mul"), as reference/integer_ops/add.h and mul.h compute them,
// with the parameters micro/kernels/add_common.cc and mul_common.cc
// prepare.  Broadcasting is not emulated: both inputs must have as many
// elements as the output.
//   add: a_i = (x_i + input_i_offset) * 2^left_shift scaled by its
//        multiplier (shift <= 0), out = scale(a_1 + a_2) + output_offset;
//   mul: out = MultiplyByQuantizedMultiplier((x + off1) * (y + off2)) +
//        output_offset;
// both clamped.  Every int32 operation wraps modulo 2^32.
#ifndef REFMATH_MCU_ELEMENTWISE_H_
#define REFMATH_MCU_ELEMENTWISE_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/kernel.h"
#include "refmath/mcu/quantize_params.h"

namespace refmath {
namespace mcu {

struct AddS8Params {
  int32_t input1_offset = 0;  // -zero point of input 1
  int32_t input2_offset = 0;
  int32_t output_offset = 0;  // output zero point
  int left_shift = 20;        // 0..31
  QuantizedMultiplier input1, input2, output;  // shifts in [-31, 0]
  int32_t act_min = INT8_MIN;
  int32_t act_max = INT8_MAX;
};

struct MulS8Params {
  int32_t input1_offset = 0;
  int32_t input2_offset = 0;
  int32_t output_offset = 0;
  QuantizedMultiplier output;  // shift in [-31, 31]
  int32_t act_min = INT8_MIN;
  int32_t act_max = INT8_MAX;
  // kTflite and kCmsisNn give the reference's bits; kNsCmsisNn its MVE
  // loop on the first 8 floor(n / 8) elements: the requantized product
  // saturated to int16, then the output zero point added in 16 bits with
  // wrap-around.  MulS8Prepare resets it to kTflite: set it afterwards.
  Kernel kernel = Kernel::kTflite;
};

// Offsets from the zero points; multipliers as TFLite prepares them:
// twice_max = 2 * double(max(s1, s2)), input i: double(s_i) / twice_max,
// output: twice_max / (2^20 * double(s_out)), each through
// QuantizeMultiplierSmallerThanOneExp.  The clamp is left at the int8
// range (narrow it with ActivationRange).  False if a ratio is refused
// (the output ratio must be below 1).
bool AddS8Prepare(float s1, int32_t zp1, float s2, int32_t zp2, float s_out,
                  int32_t zp_out, AddS8Params* params);

// Offsets from the zero points; the multiplier of
// double(s1) * double(s2) / double(s_out) through QuantizeMultiplier.
// False if QuantizeMultiplier refuses it or the shift leaves [-31, 31].
bool MulS8Prepare(float s1, int32_t zp1, float s2, int32_t zp2, float s_out,
                  int32_t zp_out, MulS8Params* params);

// out[i] = op(a[i], b[i]).  False (output untouched) if the sizes differ,
// a shift or left_shift leaves its range, or the clamp leaves int8 or has
// act_min > act_max.
bool AddS8(const std::vector<int8_t>& a, const std::vector<int8_t>& b,
           const AddS8Params& params, std::vector<int8_t>* output);
bool MulS8(const std::vector<int8_t>& a, const std::vector<int8_t>& b,
           const MulS8Params& params, std::vector<int8_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_ELEMENTWISE_H_
