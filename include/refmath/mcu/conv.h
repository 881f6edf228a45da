// int8 convolution of TFLite Micro (docs/mcu.md, "Conv"): A8W8 with
// per-channel symmetric weights, as reference/integer_ops/conv.h computes
// it.  For each output (n, y, x, o) in group g = o / (C_OUT / groups):
//   acc = bias[o] + sum over taps inside the image and i < C_IN / groups of
//         filter[o, ky, kx, i] * (input[n, iy, ix, g * C_IN / groups + i]
//                                 + input_offset)
// in int32 modulo 2^32, then MultiplyByQuantizedMultiplier with the
// channel's multiplier and shift, + output_offset, clamped to
// [act_min, act_max].  Taps outside the image are skipped (zero padding
// of the offset-added input); the filter zero point does not enter.
#ifndef REFMATH_MCU_CONV_H_
#define REFMATH_MCU_CONV_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/fully_connected.h"
#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

struct ConvS8Params {
  WindowAxis height, width;   // out_size: the output's H and W
  int32_t input_offset = 0;   // -input zero point
  int32_t output_offset = 0;  // output zero point
  int32_t act_min = INT8_MIN;
  int32_t act_max = INT8_MAX;
  Requant requant;  // one per output channel, or one for the tensor
};

// input NHWC [N, H, W, C_IN]; filter OHWI [C_OUT, KH, KW, C_IN / groups]
// with groups = C_IN / filter.c; bias [C_OUT] or empty; output
// [N, height.out_size, width.out_size, C_OUT].  Returns false (output
// untouched) on sizes that do not match their shapes, filter.c not
// dividing C_IN, groups not dividing C_OUT, a bias of another length, an
// unusable window axis (stride, dilation, out_size < 1, pad < 0), a
// requantization count other than 1 or C_OUT, a shift outside [-31, 31],
// or a clamp outside [-128, 127] or with act_min > act_max.
bool ConvS8(const std::vector<int8_t>& input, const Shape4& input_shape,
            const std::vector<int8_t>& filter, const Shape4& filter_shape,
            const std::vector<int32_t>& bias, const ConvS8Params& params,
            std::vector<int8_t>* output);

// What a model file states about a conv or depthwise conv layer.
struct ConvLayerSpec {
  Padding padding = Padding::kValid;
  int stride_h = 1, stride_w = 1;
  int dilation_h = 1, dilation_w = 1;
  float input_scale = 1.0f;
  int32_t input_zero_point = 0;
  std::vector<float> filter_scales;  // one per output channel, or one
  float output_scale = 1.0f;
  int32_t output_zero_point = 0;
  FusedActivation activation = FusedActivation::kNone;
};

// The ConvS8Params TFLite Micro's Prepare derives from a spec: both window
// axes by PaddedAxis over the input's H, W and the filter's KH, KW (the
// same dimensions in OHWI and 1HWO), input_offset = -input_zero_point,
// output_offset = output_zero_point, ConvRequant of the scales and
// ActivationRange over the int8 range.  False (params untouched) where one
// of those refuses.
bool ConvS8Prepare(const Shape4& input_shape, const Shape4& filter_shape,
                   const ConvLayerSpec& spec, ConvS8Params* params);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_CONV_H_
