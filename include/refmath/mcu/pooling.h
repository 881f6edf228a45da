// int8 and int16 average and max pooling of TFLite Micro (docs/mcu.md,
// "Pooling"), as reference/integer_ops/pooling.h computes them.  The window of output
// (n, y, x, c) is clipped to the image: rows oy * stride - pad + ky and
// columns alike, for taps 0 <= k < filter size that land inside.
//   average: s = sum of the raw int8 values (no zero point enters; TFLite
//            requires equal input and output quantization), k the count of
//            taps in the image, out = (s + k/2) / k for s > 0 and
//            (s - k/2) / k otherwise, C++ truncating division, clamped;
//   max:     the largest value, starting from the type's minimum (-128,
//            -32768), clamped.
#ifndef REFMATH_MCU_POOLING_H_
#define REFMATH_MCU_POOLING_H_

#include <stdint.h>

#include <vector>

#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {

struct PoolS8Params {
  WindowAxis height, width;  // dilation must be 1; out_size the output's H, W
  int filter_height = 1;
  int filter_width = 1;
  int32_t act_min = INT8_MIN;
  int32_t act_max = INT8_MAX;
};

// input NHWC [N, H, W, C]; output [N, height.out_size, width.out_size, C].
// Return false (output untouched) on a size that does not match the shape,
// a filter size < 1, an unusable axis (stride or out_size < 1, pad < 0,
// dilation != 1), a clamp outside [-128, 127] or with act_min > act_max,
// and, for the average, a window with no tap in the image (TFLite's
// kernel fails there too).
bool AveragePoolS8(const std::vector<int8_t>& input, const Shape4& input_shape,
                   const PoolS8Params& params, std::vector<int8_t>* output);
bool MaxPoolS8(const std::vector<int8_t>& input, const Shape4& input_shape,
               const PoolS8Params& params, std::vector<int8_t>* output);

// The PoolS8Params TFLite Micro's Prepare derives for a pooling layer:
// both axes by PaddedAxis (dilation 1) over the input's H, W and the
// filter size, the clamp by ActivationRange with the output's scale and
// zero point over the int8 range.  False (params untouched) where one of
// those refuses.
bool PoolS8Prepare(const Shape4& input_shape, int filter_height,
                   int filter_width, int stride_h, int stride_w,
                   Padding padding, FusedActivation activation,
                   float output_scale, int32_t output_zero_point,
                   PoolS8Params* params);

// The same on int16 (the sum is int32 modulo 2^32 as for int8), the
// clamp checked against [-32768, 32767].
struct PoolS16Params {
  WindowAxis height, width;
  int filter_height = 1;
  int filter_width = 1;
  int32_t act_min = INT16_MIN;
  int32_t act_max = INT16_MAX;
};

bool AveragePoolS16(const std::vector<int16_t>& input,
                    const Shape4& input_shape, const PoolS16Params& params,
                    std::vector<int16_t>* output);
bool MaxPoolS16(const std::vector<int16_t>& input, const Shape4& input_shape,
                const PoolS16Params& params, std::vector<int16_t>* output);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_MCU_POOLING_H_
