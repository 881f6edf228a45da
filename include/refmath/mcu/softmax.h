// int8 SOFTMAX of TFLite Micro (docs/mcu.md, "Softmax"), as
// reference/softmax.h computes it for int8 input and int8 output (output
// scale 1/256, zero point -128, which TFLite's Prepare requires), with the
// parameters micro/kernels/softmax_common.cc prepares.  Per row: the
// differences to the row's maximum (from -128) at or above diff_min are
// rescaled to Q5.26 by input_beta, gemmlowp's exp of negative values gives
// Q0.31, the sum is taken in Q12.19, its reciprocal by
// 1 / (1 + x) after normalization, and each output is
//   RoundingDivideByPot(exp * reciprocal, num_bits_over_unit + 23) - 128,
// clamped; differences below diff_min give -128.
#ifndef REFMATH_MCU_SOFTMAX_H_
#define REFMATH_MCU_SOFTMAX_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "refmath/mcu/kernel.h"

namespace refmath {
namespace mcu {

struct SoftmaxS8Params {
  int32_t input_multiplier = 0;  // Q31
  int input_left_shift = 0;      // 0..31
  int32_t diff_min = 0;          // <= 0
};

// PreprocessSoftmaxScaling and CalculateInputRadius with 5 integer bits:
// r = min(double(beta) * double(input_scale) * 2^26, 2^31 - 1) quantized
// (QuantizeMultiplier, which must give a shift >= 0), and
// diff_min = -floor(31 * 2^26 / 2^shift).  False where TFLite's checks
// fail: r <= 1 (or NaN).
bool SoftmaxS8Prepare(float beta, float input_scale, SoftmaxS8Params* params);

// input [rows][depth] -> output [rows][depth].  False (output untouched)
// on input.size() != rows * depth, depth 0, parameters outside their
// ranges, or a row whose sum of exponentials reaches 512 (TFLite's check
// 0 <= num_bits_over_unit + 23 <= 31 fails, e.g. 512 equal inputs).
bool SoftmaxS8(const std::vector<int8_t>& input, size_t rows, size_t depth,
               const SoftmaxS8Params& params, std::vector<int8_t>* output);

// int8 input, int16 output (scale 1/65536, zero point -32768, as TFLite's
// Prepare requires): the same up to the last step, which divides by
// 2^(num_bits_over_unit + 15) and adds -32768.  The exponent check is the
// same, so rows reach further (512 equal inputs are fine here).
bool SoftmaxS8ToS16(const std::vector<int8_t>& input, size_t rows,
                    size_t depth, const SoftmaxS8Params& params,
                    std::vector<int16_t>* output);

// int16 input, int16 output (zero points 0, output scale 1/32768), as
// reference/softmax.h's SoftmaxInt16 computes it with the tables
// softmax_common.cc prepares, and as CMSIS-NN's arm_softmax_s16 does
// (docs/mcu.md, "int16 softmax").  Prepare: (multiplier, shift) =
// QuantizeMultiplier(double(input_scale) * double(beta) / (10.0 / 65535))
// and two 513-entry tables built in binary32 by LUTPopulate: exp on
// [-10, 0] and 1/(1 + x) on [0, 1], each entry the sample less half the
// interpolation error at the segment's midpoint.  Per row: d = x - max
// rescaled and moved to [-32768, 32767], e = the exp table at d; sum the e
// in int32; h = clz(sum); r = the 1/(1+x) table at ((sum << (h - 1)) +
// 2^13) / 2^14 - 98304; out = (e r + 2^(30-h)) >> (31 - h).
constexpr size_t kSoftmaxS16TableSize = 513;

// The two kernels differ where TFLite saturates and CMSIS-NN wraps: the
// reciprocal's table input (a sum just below a power of two from 2^17 up
// rounds to 32768: TFLite clamps it to 32767, about 1/2; CMSIS-NN wraps it
// to -32768, about 1) and the output (32768 and above: TFLite clamps to
// 32767, CMSIS-NN wraps to -32768).  kNsCmsisNn is CMSIS-NN's.
struct SoftmaxS16Params {
  Kernel kernel = Kernel::kTflite;  // SoftmaxS16Prepare leaves it as it is
  int32_t input_multiplier = 0;
  int input_left_shift = 0;  // -31..31
  std::vector<int16_t> exp_table;    // exp(x), x in [-10, 0]
  std::vector<int16_t> recip_table;  // 1 / (1 + x), x in [0, 1]
};

// False where QuantizeMultiplier refuses the ratio or the shift leaves
// [-31, 31] (beta * input_scale not positive and finite).
bool SoftmaxS16Prepare(float beta, float input_scale, SoftmaxS16Params* params);

// Rows of up to 65536 elements: their int32 sum of exponentials (at most
// 32767 each) cannot overflow.
constexpr size_t kSoftmaxS16MaxDepth = 65536;

// input [rows][depth] -> output [rows][depth].  False (output untouched)
// on input.size() != rows * depth, depth 0 or above kSoftmaxS16MaxDepth,
// or tables of the wrong size.
bool SoftmaxS16(const std::vector<int16_t>& input, size_t rows, size_t depth,
                const SoftmaxS16Params& params, std::vector<int16_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_SOFTMAX_H_
