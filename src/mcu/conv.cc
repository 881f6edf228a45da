#include "refmath/mcu/conv.h"

#include "src/mcu/conv_common.h"
#include "src/mcu/conv_loops.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {

bool ConvS8(const std::vector<int8_t>& input, const Shape4& in,
            const std::vector<int8_t>& filter, const Shape4& f,
            const std::vector<int32_t>& bias, const ConvS8Params& p,
            std::vector<int8_t>* output) {
  if (!ShapeHolds(in, input.size()) || !ShapeHolds(f, filter.size()) ||
      !ConvParamsUsable(p, bias, f.n)) {
    return false;
  }
  int filters_per_group = 0;
  if (!FiltersPerGroup(in, f, &filters_per_group)) return false;
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.n};
  return FillNhwc(
      out,
      [&](int n, int y, int x, int o) {
        // Output channel o reads the input channels of its group.
        const int first = (o / filters_per_group) * f.c;
        const auto tap = [&](int32_t acc, int iy, int ix, int ky, int kx) {
          for (int i = 0; i < f.c; ++i) {
            acc = MultiplyAccumulate(acc, input[Offset4(in, n, iy, ix, first + i)],
                                     p.input_offset,
                                     filter[Offset4(f, o, ky, kx, i)]);
          }
          return acc;
        };
        const int32_t acc =
            SumTaps(p.height, p.width, in.h, in.w, f.h, f.w, y, x, int32_t{0}, tap);
        return FinishS8(acc, bias, o, p);
      },
      output);
}

}  // namespace mcu
}  // namespace refmath
