// int8 LOGISTIC and TANH of TFLite Micro's reference kernels (docs/mcu.md):
// the input is rescaled to Q4.27 by a quantized multiplier, run through
// gemmlowp's fixed-point logistic / tanh, and rounded to the output's
// fixed scale.  On the device the kernel is tabulated per tensor, once for
// each of the 256 inputs; Table() gives that table.
#ifndef REFMATH_MCU_ACTIVATION_S8_H_
#define REFMATH_MCU_ACTIVATION_S8_H_

#include <stdint.h>

#include <array>

namespace refmath {
namespace mcu {

enum class ActivationS8 { kLogistic, kTanh };

// Output quantization the kernels assume: logistic scale 1/256 with zero
// point -128, tanh scale 1/128 with zero point 0.
constexpr int32_t kLogisticS8OutputZeroPoint = -128;
constexpr double kLogisticS8OutputScale = 1.0 / 256;
constexpr int32_t kTanhS8OutputZeroPoint = 0;
constexpr double kTanhS8OutputScale = 1.0 / 128;

// The per-tensor setup of the kernel's Prepare step.
struct ActivationS8Params {
  int32_t input_zero_point = 0;
  int32_t input_multiplier = 0;    // Q31, from frexp of scale * 2^27
  int32_t input_left_shift = 0;    // frexp's exponent
  int32_t input_range_radius = 0;  // |input - zp| at and beyond it saturates
};

// From the input tensor's scale (positive, finite) and zero point.
ActivationS8Params PrepareActivationS8(float input_scale,
                                       int32_t input_zero_point);

int8_t EvalActivationS8(ActivationS8 op, const ActivationS8Params& p,
                        int8_t input);

// Outputs for the inputs -128..127, in that order.
std::array<int8_t, 256> TableS8(ActivationS8 op, const ActivationS8Params& p);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_ACTIVATION_S8_H_
