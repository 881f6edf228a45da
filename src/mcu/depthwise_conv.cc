#include "refmath/mcu/depthwise_conv.h"

#include "src/mcu/conv_common.h"
#include "src/mcu/conv_loops.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {

bool DepthwiseConvS8(const std::vector<int8_t>& input, const Shape4& in,
                     const std::vector<int8_t>& filter, const Shape4& f,
                     const std::vector<int32_t>& bias, int depth_multiplier,
                     const ConvS8Params& p, std::vector<int8_t>* output) {
  if (!DepthwiseShapesHold(in, input.size(), f, filter.size(), depth_multiplier) ||
      !ConvParamsUsable(p, bias, f.c)) {
    return false;
  }
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.c};
  return FillNhwc(
      out,
      [&](int n, int y, int x, int o) {
        // o = m + c * depth_multiplier: input channel c feeds outputs
        // c * depth_multiplier .. c * depth_multiplier + depth_multiplier - 1.
        const int c = o / depth_multiplier;
        const auto tap = [&](int32_t acc, int iy, int ix, int ky, int kx) {
          return MultiplyAccumulate(acc, input[Offset4(in, n, iy, ix, c)],
                                    p.input_offset,
                                    filter[Offset4(f, 0, ky, kx, o)]);
        };
        const int32_t acc =
            SumTaps(p.height, p.width, in.h, in.w, f.h, f.w, y, x, int32_t{0}, tap);
        return FinishS8(acc, bias, o, p);
      },
      output);
}

}  // namespace mcu
}  // namespace refmath
