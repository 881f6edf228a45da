// The arithmetic conv and depthwise conv share: one int32 multiply-add
// modulo 2^32 and the requantization of a finished accumulator.
#ifndef REFMATH_SRC_MCU_CONV_COMMON_H_
#define REFMATH_SRC_MCU_CONV_COMMON_H_

#include <stddef.h>
#include <stdint.h>

#include <vector>

#include "refmath/mcu/conv.h"

namespace refmath {
namespace mcu {

// acc + w * (x + input_offset), each int32 operation modulo 2^32.
int32_t MultiplyAccumulate(int32_t acc, int32_t x, int32_t input_offset,
                           int32_t w);

// The output of channel o: acc (+ bias[o] if there is a bias) through
// MultiplyByQuantizedMultiplier, + output_offset, clamped.
int8_t FinishS8(int32_t acc, const std::vector<int32_t>& bias, size_t o,
                const ConvS8Params& params);

// The parameter checks conv and depthwise conv share: both axes usable,
// requantization for `channels` outputs, an int8 clamp, bias empty or of
// `channels` values.
bool ConvParamsUsable(const ConvS8Params& params,
                      const std::vector<int32_t>& bias, int channels);

// The shapes of a depthwise conv (int8 and int16): input and filter hold
// their sizes, depth_multiplier >= 1, the filter 1HWO with O = C_IN *
// depth_multiplier.
bool DepthwiseShapesHold(const Shape4& in, size_t input_size, const Shape4& f,
                         size_t filter_size, int depth_multiplier);

// Grouped conv: the in.c input channels form in.c / f.c groups of f.c, and
// each group is read by f.n / groups of the f.n filters.  The filters per
// group; false when either division leaves a remainder.
bool FiltersPerGroup(const Shape4& in, const Shape4& f, int* per_group);

}  // namespace mcu
}  // namespace refmath

#endif  // REFMATH_SRC_MCU_CONV_COMMON_H_
