// int16 (A16W8) convolution and depthwise convolution of TFLite Micro
// (docs/mcu.md, "int16 conv and depthwise conv"), as the int16 variants
// of reference/integer_ops/conv.h and depthwise_conv.h compute them:
// int16 activations and int8 weights without zero points, the taps,
// groups and channel order of ConvS8 / DepthwiseConvS8, then
//   out = clamp(requantize(acc (+ bias[o])), act_min, act_max).
// TFLite Micro picks the accumulator from the bias type:
//   int64 bias     int64 accumulator, MultiplyByQuantizedMultiplierS64
//                  (one rounding through a 16-bit multiplier);
//   int32 or none  (conv only) int32 accumulator modulo 2^32, the 32-bit
//                  MultiplyByQuantizedMultiplier (two roundings).
// Depthwise conv always takes the int64 form, with or without a bias.
// kernel = kCmsisNn or kNsCmsisNn gives CMSIS-NN's int64 forms instead
// (arm_convolve_s16 on MVE, arm_depthwise_conv_s16): RequantizeS64, which
// parts from TFLite's from |result| = 2^30, and conv's first 512 im2col
// columns summed in int32.  CMSIS-NN has no int32-bias form and no groups.
#ifndef REFMATH_MCU_CONV_S16_H_
#define REFMATH_MCU_CONV_S16_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/kernel.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

struct ConvS16Params {
  WindowAxis height, width;  // out_size: the output's H and W
  int32_t act_min = INT16_MIN;
  int32_t act_max = INT16_MAX;
  Requant requant;  // one per output channel, or one for the tensor
  Kernel kernel = Kernel::kTflite;
};

// Shapes as ConvS8 (input NHWC, filter OHWI, groups = C_IN / filter.c);
// bias [C_OUT] or empty (empty: no bias added).  Returns false (output
// untouched) on the shape and parameter errors ConvS8 rejects, with the
// clamp checked against the int16 range, and, for the int64 forms, a
// shift above the form's limit (TFLite's 64-bit multiply takes shifts up
// to 7, CMSIS-NN's RequantizeS64 up to 14).  False too for a CMSIS-NN
// kernel with groups (ConvS16) or at all (ConvS16Acc32).
bool ConvS16(const std::vector<int16_t>& input, const Shape4& input_shape,
             const std::vector<int8_t>& filter, const Shape4& filter_shape,
             const std::vector<int64_t>& bias, const ConvS16Params& params,
             std::vector<int16_t>* output);
bool ConvS16Acc32(const std::vector<int16_t>& input, const Shape4& input_shape,
                  const std::vector<int8_t>& filter, const Shape4& filter_shape,
                  const std::vector<int32_t>& bias, const ConvS16Params& params,
                  std::vector<int16_t>* output);

// Shapes as DepthwiseConvS8 (filter 1HWO, o = m + c * depth_multiplier).
bool DepthwiseConvS16(const std::vector<int16_t>& input,
                      const Shape4& input_shape,
                      const std::vector<int8_t>& filter,
                      const Shape4& filter_shape,
                      const std::vector<int64_t>& bias, int depth_multiplier,
                      const ConvS16Params& params,
                      std::vector<int16_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_CONV_S16_H_
