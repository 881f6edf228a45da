// The oracle of the MCU activations (docs/mcu.md): what an ideal kernel
// would output, from refmath's exact fp32 sigmoid / tanh of the dequantized
// input quantized with the TFLite Micro rule (nearest, ties away), and the
// distance of the device's table from it in output LSBs.
#ifndef REFMATH_MCU_IDEAL_ACTIVATION_H_
#define REFMATH_MCU_IDEAL_ACTIVATION_H_

#include <stdint.h>

#include <array>
#include <vector>

#include "refmath/mcu/activation_s16.h"
#include "refmath/mcu/activation_s8.h"

namespace refmath {
namespace mcu {

// The exact fp32 function of an op (refmath's exact kernels).
float ExactActivation(bool logistic, float x);

std::array<int8_t, 256> IdealTableS8(ActivationS8 op, float input_scale,
                                     int32_t input_zero_point);
std::vector<int16_t> IdealTableS16(ActivationS16 op, float input_scale);

struct TableError {
  int max_lsb = 0;          // max |kernel - ideal| over all inputs
  int64_t mismatches = 0;   // inputs where kernel != ideal
  double max_real_lsb = 0;  // max |kernel - f(x) / output scale|, unrounded
  int64_t worst_input = 0;  // an input where max_real_lsb occurs
};

TableError CompareS8(ActivationS8 op, float input_scale,
                     int32_t input_zero_point,
                     const std::array<int8_t, 256>& kernel);
TableError CompareS16(ActivationS16 op, float input_scale,
                      const std::vector<int16_t>& kernel);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_IDEAL_ACTIVATION_H_
