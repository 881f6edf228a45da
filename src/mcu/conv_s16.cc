#include "refmath/mcu/conv_s16.h"

#include <algorithm>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/conv_common.h"
#include "src/mcu/conv_loops.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {
namespace {

// The two accumulators TFLite Micro's int16 kernels use, each with its
// own bias type, sum and requantization.
struct Acc64 {
  using Bias = int64_t;
  using Value = int64_t;
  static constexpr int kMaxShift = kMaxS64MultiplyShift;
  static int64_t Add(int64_t a, int64_t b) {  // modulo 2^64
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  }
  static int32_t Scale(int64_t acc, int32_t m, int shift) {
    return MultiplyByQuantizedMultiplierS64(acc, m, shift);
  }
};

struct Acc32 {
  using Bias = int32_t;
  using Value = int32_t;
  static constexpr int kMaxShift = 31;
  static int32_t Add(int32_t a, int32_t b) { return WrappingAdd(a, b); }
  static int32_t Scale(int32_t acc, int32_t m, int shift) {
    return MultiplyByQuantizedMultiplier(acc, m, shift);
  }
};

template <typename Acc>
bool ParamsUsable(const ConvS16Params& p,
                  const std::vector<typename Acc::Bias>& bias, int channels) {
  if (!AxisUsable(p.height) || !AxisUsable(p.width) ||
      !RequantUsable(p.requant, channels) ||
      !ClampUsable(p.act_min, p.act_max, INT16_MIN, INT16_MAX) ||
      !(bias.empty() || bias.size() == static_cast<size_t>(channels))) {
    return false;
  }
  return std::all_of(p.requant.shift.begin(), p.requant.shift.end(),
                     [](int32_t s) { return s <= Acc::kMaxShift; });
}

template <typename Acc>
int16_t Finish(typename Acc::Value acc,
               const std::vector<typename Acc::Bias>& bias, int o,
               const ConvS16Params& p) {
  if (!bias.empty()) acc = Acc::Add(acc, bias[o]);
  const int32_t out = Acc::Scale(acc, p.requant.MultiplierFor(o),
                                 p.requant.ShiftFor(o));
  return static_cast<int16_t>(std::min(std::max(out, p.act_min), p.act_max));
}

template <typename Acc>
bool Conv(const std::vector<int16_t>& input, const Shape4& in,
          const std::vector<int8_t>& filter, const Shape4& f,
          const std::vector<typename Acc::Bias>& bias, const ConvS16Params& p,
          std::vector<int16_t>* output) {
  using Value = typename Acc::Value;
  if (!ShapeHolds(in, input.size()) || !ShapeHolds(f, filter.size()) ||
      !ParamsUsable<Acc>(p, bias, f.n)) {
    return false;
  }
  int filters_per_group = 0;
  if (!FiltersPerGroup(in, f, &filters_per_group)) return false;
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.n};
  return FillNhwc(
      out,
      [&](int n, int y, int x, int o) {
        const int first = (o / filters_per_group) * f.c;
        const auto tap = [&](Value acc, int iy, int ix, int ky, int kx) {
          for (int i = 0; i < f.c; ++i) {
            // |int16 * int8| < 2^22: the product itself never overflows.
            const Value product =
                Value{input[Offset4(in, n, iy, ix, first + i)]} *
                filter[Offset4(f, o, ky, kx, i)];
            acc = Acc::Add(acc, product);
          }
          return acc;
        };
        const Value acc =
            SumTaps(p.height, p.width, in.h, in.w, f.h, f.w, y, x, Value{0}, tap);
        return Finish<Acc>(acc, bias, o, p);
      },
      output);
}

}  // namespace

bool ConvS16(const std::vector<int16_t>& input, const Shape4& in,
             const std::vector<int8_t>& filter, const Shape4& f,
             const std::vector<int64_t>& bias, const ConvS16Params& p,
             std::vector<int16_t>* output) {
  return Conv<Acc64>(input, in, filter, f, bias, p, output);
}

bool ConvS16Acc32(const std::vector<int16_t>& input, const Shape4& in,
                  const std::vector<int8_t>& filter, const Shape4& f,
                  const std::vector<int32_t>& bias, const ConvS16Params& p,
                  std::vector<int16_t>* output) {
  return Conv<Acc32>(input, in, filter, f, bias, p, output);
}

bool DepthwiseConvS16(const std::vector<int16_t>& input, const Shape4& in,
                      const std::vector<int8_t>& filter, const Shape4& f,
                      const std::vector<int64_t>& bias, int depth_multiplier,
                      const ConvS16Params& p, std::vector<int16_t>* output) {
  if (!ShapeHolds(in, input.size()) || !ShapeHolds(f, filter.size()) ||
      depth_multiplier < 1 || f.n != 1 ||
      int64_t{in.c} * depth_multiplier != f.c ||
      !ParamsUsable<Acc64>(p, bias, f.c)) {
    return false;
  }
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.c};
  return FillNhwc(
      out,
      [&](int n, int y, int x, int o) {
        const int c = o / depth_multiplier;  // o = m + c * depth_multiplier
        const auto tap = [&](int64_t acc, int iy, int ix, int ky, int kx) {
          const int64_t product = int64_t{input[Offset4(in, n, iy, ix, c)]} *
                                  filter[Offset4(f, 0, ky, kx, o)];
          return Acc64::Add(acc, product);
        };
        const int64_t acc =
            SumTaps(p.height, p.width, in.h, in.w, f.h, f.w, y, x, int64_t{0}, tap);
        return Finish<Acc64>(acc, bias, o, p);
      },
      output);
}

}  // namespace mcu
}  // namespace refmath
