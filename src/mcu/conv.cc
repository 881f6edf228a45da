#include "refmath/mcu/conv.h"

#include <utility>

#include "src/mcu/conv_common.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {
namespace {

// The operands of one convolution, checked, and its grouping.
struct ConvLayer {
  const std::vector<int8_t>& input;
  const Shape4& in;
  const std::vector<int8_t>& filter;
  const Shape4& f;  // [C_OUT, KH, KW, C_IN / groups]
  int filters_per_group;
};

// The accumulator of output (n, oy, ox, o) before the bias.
int32_t Accumulate(const ConvLayer& l, const ConvS8Params& p, int n, int oy,
                   int ox, int o) {
  const int first_channel = (o / l.filters_per_group) * l.f.c;
  int32_t acc = 0;
  for (int ky = 0; ky < l.f.h; ++ky) {
    const int64_t iy = TapPosition(p.height, oy, ky);
    if (iy < 0 || iy >= l.in.h) continue;
    for (int kx = 0; kx < l.f.w; ++kx) {
      const int64_t ix = TapPosition(p.width, ox, kx);
      if (ix < 0 || ix >= l.in.w) continue;
      for (int i = 0; i < l.f.c; ++i) {
        const int8_t x = l.input[Offset4(l.in, n, static_cast<int>(iy),
                                         static_cast<int>(ix), first_channel + i)];
        const int8_t w = l.filter[Offset4(l.f, o, ky, kx, i)];
        acc = MultiplyAccumulate(acc, x, p.input_offset, w);
      }
    }
  }
  return acc;
}

}  // namespace

bool ConvS8(const std::vector<int8_t>& input, const Shape4& in,
            const std::vector<int8_t>& filter, const Shape4& f,
            const std::vector<int32_t>& bias, const ConvS8Params& p,
            std::vector<int8_t>* output) {
  if (!ShapeHolds(in, input.size()) || !ShapeHolds(f, filter.size()) ||
      !ConvParamsUsable(p, bias, f.n) || in.c % f.c != 0) {
    return false;
  }
  const int groups = in.c / f.c;
  if (f.n % groups != 0) return false;
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.n};
  size_t count = 0;
  if (!CountOf(out, &count)) return false;
  const ConvLayer layer{input, in, filter, f, f.n / groups};
  std::vector<int8_t> result(count);
  for (int n = 0; n < out.n; ++n) {
    for (int y = 0; y < out.h; ++y) {
      for (int x = 0; x < out.w; ++x) {
        for (int o = 0; o < out.c; ++o) {
          const int32_t acc = Accumulate(layer, p, n, y, x, o);
          result[Offset4(out, n, y, x, o)] = FinishS8(acc, bias, o, p);
        }
      }
    }
  }
  *output = std::move(result);
  return true;
}

}  // namespace mcu
}  // namespace refmath
