#include "refmath/mcu/depthwise_conv.h"

#include <utility>

#include "src/mcu/conv_common.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {
namespace {

// The accumulator of output (n, oy, ox, o), fed by input channel c, before
// the bias.
int32_t Accumulate(const std::vector<int8_t>& input, const Shape4& in,
                   const std::vector<int8_t>& filter, const Shape4& f,
                   const ConvS8Params& p, int n, int oy, int ox, int c,
                   int o) {
  int32_t acc = 0;
  for (int ky = 0; ky < f.h; ++ky) {
    const int64_t iy = TapPosition(p.height, oy, ky);
    if (iy < 0 || iy >= in.h) continue;
    for (int kx = 0; kx < f.w; ++kx) {
      const int64_t ix = TapPosition(p.width, ox, kx);
      if (ix < 0 || ix >= in.w) continue;
      const int8_t x =
          input[Offset4(in, n, static_cast<int>(iy), static_cast<int>(ix), c)];
      const int8_t w = filter[Offset4(f, 0, ky, kx, o)];
      acc = MultiplyAccumulate(acc, x, p.input_offset, w);
    }
  }
  return acc;
}

}  // namespace

bool DepthwiseConvS8(const std::vector<int8_t>& input, const Shape4& in,
                     const std::vector<int8_t>& filter, const Shape4& f,
                     const std::vector<int32_t>& bias, int depth_multiplier,
                     const ConvS8Params& p, std::vector<int8_t>* output) {
  if (!ShapeHolds(in, input.size()) || !ShapeHolds(f, filter.size()) ||
      depth_multiplier < 1 || f.n != 1 ||
      int64_t{in.c} * depth_multiplier != f.c ||
      !ConvParamsUsable(p, bias, f.c)) {
    return false;
  }
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.c};
  size_t count = 0;
  if (!CountOf(out, &count)) return false;
  std::vector<int8_t> result(count);
  for (int n = 0; n < out.n; ++n) {
    for (int y = 0; y < out.h; ++y) {
      for (int x = 0; x < out.w; ++x) {
        for (int c = 0; c < in.c; ++c) {
          for (int m = 0; m < depth_multiplier; ++m) {
            const int o = m + c * depth_multiplier;
            const int32_t acc = Accumulate(input, in, filter, f, p, n, y, x, c, o);
            result[Offset4(out, n, y, x, o)] = FinishS8(acc, bias, o, p);
          }
        }
      }
    }
  }
  *output = std::move(result);
  return true;
}

}  // namespace mcu
}  // namespace refmath
