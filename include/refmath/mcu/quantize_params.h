// Prepare-time quantization parameters of TFLite Micro (docs/mcu.md,
// "Quantization parameters"): a real multiplier as a Q31 multiplier and a
// power-of-two shift, the per-channel multipliers of conv and depthwise
// conv, the fully connected multiplier, and the clamp bounds of a fused
// activation.  These decide the output bits as much as the kernels do.
// Every function returns false, leaving its outputs untouched, where
// TFLite Micro would fail a check or reach undefined behaviour.
#ifndef REFMATH_MCU_QUANTIZE_PARAMS_H_
#define REFMATH_MCU_QUANTIZE_PARAMS_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/fully_connected.h"

namespace refmath {
namespace mcu {

// real ~= multiplier * 2^(shift - 31), multiplier in [2^30, 2^31) (or 0).
struct QuantizedMultiplier {
  int32_t multiplier = 0;
  int shift = 0;
};

// TFLite's QuantizeMultiplier: frexp, the fraction times 2^31 rounded half
// away from zero; a fraction that rounds up to 2^31 becomes 2^30 with the
// shift one higher; 0 and any shift below -31 give (0, 0).  False for NaN
// and infinities.
bool QuantizeMultiplier(double real, QuantizedMultiplier* out);

// The same for 0 < real < 1 with a resulting shift <= 0 (TFLite checks
// both; a real within 2^-32 of 1 rounds to (2^30, 1) and fails); false
// otherwise.
bool QuantizeMultiplierSmallerThanOneExp(double real, QuantizedMultiplier* out);

// Conv and depthwise conv: for each filter scale (one per output channel,
// or one for the whole tensor) the ratio
// double(input_scale) * double(filter_scale) / double(output_scale),
// quantized.  out gets one multiplier and shift per filter scale.  False
// for no filter scales or any ratio QuantizeMultiplier rejects.
bool ConvRequant(float input_scale, const std::vector<float>& filter_scales,
                 float output_scale, Requant* out);

// Fully connected, per tensor: the product input_scale * filter_scale
// rounded to float32 first, widened, then divided by double(output_scale).
// False for a negative product or a ratio QuantizeMultiplier rejects.
bool FullyConnectedRequant(float input_scale, float filter_scale,
                           float output_scale, Requant* out);

enum class FusedActivation { kNone, kRelu, kReluN1To1, kRelu6 };

// CalculateActivationRangeQuantized: the type range [qmin, qmax] narrowed
// by the activation's real bounds, each zero_point + round(f / scale) with
// the division and the rounding (half away from zero) in float32.  False
// when a bound does not fit int32 (TFLite's check, made strict).
bool ActivationRange(FusedActivation activation, float output_scale,
                     int32_t zero_point, int32_t qmin, int32_t qmax,
                     int32_t* act_min, int32_t* act_max);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_QUANTIZE_PARAMS_H_
