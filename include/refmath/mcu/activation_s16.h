// int16 sigmoid and tanh of CMSIS-NN (arm_logistic_s16, arm_tanh_s16 over
// arm_nn_activation_s16; docs/mcu.md).  The input is rescaled so that 1.0
// is 3 * 4096, then looked up in the 256-entry sigmoid table with linear
// interpolation; tanh(x) = 2 sigmoid(2x) - 1 reads the same table at twice
// the resolution.  Output scale 2^-15, zero points 0.
#ifndef REFMATH_MCU_ACTIVATION_S16_H_
#define REFMATH_MCU_ACTIVATION_S16_H_

#include <stdint.h>

#include <vector>

namespace refmath {
namespace mcu {

enum class ActivationS16 { kSigmoid, kTanh };

constexpr double kActivationS16OutputScale = 1.0 / 32768;  // 2^-15

struct ActivationS16Params {
  // 0 selects the power-of-two path: multiply by 3 << input_left_shift.
  int32_t input_multiplier = 0;
  int32_t input_left_shift = 0;  // otherwise: (x * m + round) >> shift
};

// The Prepare step of TFLite Micro from the input scale (positive,
// finite): a power-of-two scale with 12 + log2(scale) = 0 (tanh: 0 or 1)
// takes the multiplier 0; otherwise the multiplier is scale * 3 * 4096
// doubled (incrementing the shift) while it is <= 32767 / 2 and the
// shift <= 30, then truncated.
ActivationS16Params PrepareActivationS16(ActivationS16 op, float input_scale);

// The real input scale the parameters stand for: m / (3 * 4096 * 2^shift),
// or 2^(shift - 12) on the power-of-two path.
double EffectiveInputScaleS16(const ActivationS16Params& p);

int16_t EvalActivationS16(ActivationS16 op, const ActivationS16Params& p,
                          int16_t input);

// Outputs for the inputs -32768..32767, in that order.
std::vector<int16_t> TableS16(ActivationS16 op, const ActivationS16Params& p);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_ACTIVATION_S16_H_
