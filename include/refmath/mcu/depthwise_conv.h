// int8 depthwise convolution of TFLite Micro (docs/mcu.md, "Depthwise
// conv"), as reference/integer_ops/depthwise_conv.h computes it.
// Input channel c feeds output channels o = m + c * depth_multiplier,
// m < depth_multiplier; for each output (n, y, x, o):
//   acc = bias[o] + sum over taps inside the image of
//         filter[0, ky, kx, o] * (input[n, iy, ix, c] + input_offset)
// in int32 modulo 2^32, then requantized, offset and clamped exactly as
// ConvS8 does (ConvS8Params, per-channel along the filter's last axis).
#ifndef REFMATH_MCU_DEPTHWISE_CONV_H_
#define REFMATH_MCU_DEPTHWISE_CONV_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/conv.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

// input NHWC [N, H, W, C_IN]; filter 1HWO [1, KH, KW, C_IN *
// depth_multiplier]; bias [C_OUT] or empty; output [N, height.out_size,
// width.out_size, C_OUT].  Returns false (output untouched) on sizes that
// do not match their shapes, depth_multiplier < 1, filter.n != 1,
// filter.c != C_IN * depth_multiplier, and the parameter errors ConvS8
// rejects.
bool DepthwiseConvS8(const std::vector<int8_t>& input,
                     const Shape4& input_shape,
                     const std::vector<int8_t>& filter,
                     const Shape4& filter_shape,
                     const std::vector<int32_t>& bias, int depth_multiplier,
                     const ConvS8Params& params, std::vector<int8_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_DEPTHWISE_CONV_H_
