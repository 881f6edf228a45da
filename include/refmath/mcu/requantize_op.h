// The integer QUANTIZE (requantize) op of TFLite Micro (docs/mcu.md,
// "Requantize"), as reference/requantize.h computes it with the parameters
// micro/kernels/quantize_common.cc prepares: an int8, int16 or int32 input
// moved to another scale and zero point within an int8, int16 or int32
// output,
//   out = clamp(MultiplyByQuantizedMultiplier(x - input_zp, m, shift)
//               + output_zp, output type range),
// every int32 operation modulo 2^32.  (TFLite's int8 <-> uint8 shortcut
// is not covered: refmath has no uint8 tensors.)
#ifndef REFMATH_MCU_REQUANTIZE_OP_H_
#define REFMATH_MCU_REQUANTIZE_OP_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/quantize_params.h"

namespace refmath {
namespace mcu {

struct RequantizeOpParams {
  QuantizedMultiplier scale;  // shift in [-31, 31]
  int32_t input_zero_point = 0;
  int32_t output_zero_point = 0;
};

// scale = QuantizeMultiplier(double(input_scale) / double(output_scale));
// false if it refuses the ratio or the shift leaves [-31, 31].
bool RequantizeOpPrepare(float input_scale, int32_t input_zero_point,
                         float output_scale, int32_t output_zero_point,
                         RequantizeOpParams* params);

// input: the int8, int16 or int32 values, widened; output_bits 8, 16 or 32
// picks the output type (and so the clamp).  False (output untouched) for
// another width or a shift outside [-31, 31].
bool RequantizeOp(const std::vector<int32_t>& input,
                  const RequantizeOpParams& params, int output_bits,
                  std::vector<int32_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_REQUANTIZE_OP_H_
