#include "refmath/mcu/conv_s16.h"

#include <algorithm>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/conv_common.h"
#include "src/mcu/conv_loops.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {
namespace {

int64_t WrappingAdd64(int64_t a, int64_t b) {  // modulo 2^64
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// The accumulators of the int16 kernels: each sums the products of one
// output (Add, given the product's im2col column), adds the bias to the
// finished sum (Total + bias) and requantizes it.
// TFLite Micro with an int64 bias: int64 sum, the 64-bit
// MultiplyByQuantizedMultiplier.
struct Acc64 {
  using Bias = int64_t;
  using Value = int64_t;
  static constexpr int kMaxShift = kMaxS64MultiplyShift;
  static int64_t Add(int64_t acc, int32_t product, int64_t /*column*/) {
    return WrappingAdd64(acc, product);
  }
  static int64_t Total(int64_t acc) { return acc; }
  static int64_t AddBias(int64_t total, int64_t bias) { return WrappingAdd64(total, bias); }
  static int32_t Scale(int64_t acc, int32_t m, int shift) {
    return MultiplyByQuantizedMultiplierS64(acc, m, shift);
  }
};

// TFLite Micro with an int32 bias or none: int32 sum modulo 2^32, the
// 32-bit MultiplyByQuantizedMultiplier.
struct Acc32 {
  using Bias = int32_t;
  using Value = int32_t;
  static constexpr int kMaxShift = 31;
  static int32_t Add(int32_t acc, int32_t product, int64_t /*column*/) {
    return WrappingAdd(acc, product);
  }
  static int32_t Total(int32_t acc) { return acc; }
  static int32_t AddBias(int32_t total, int32_t bias) { return WrappingAdd(total, bias); }
  static int32_t Scale(int32_t acc, int32_t m, int shift) {
    return MultiplyByQuantizedMultiplier(acc, m, shift);
  }
};

// CMSIS-NN's depthwise (arm_depthwise_conv_s16 and _fast_s16): an int64
// sum (the fast kernel's int32 one holds fewer than 512 taps, so it never
// wraps), RequantizeS64 with the 16-bit multiplier.
struct AccCmsisDepthwise : Acc64 {
  static constexpr int kMaxShift = kMaxS64Shift;
  static int32_t Scale(int64_t acc, int32_t m, int shift) {
    return RequantizeS64(acc, ReduceMultiplier(m), shift);
  }
};

// CMSIS-NN's conv on MVE (arm_nn_mat_mult_nt_t_s16): the first 512 im2col
// columns (padded taps are columns too) summed in int32 modulo 2^32, the
// rest in int64, then RequantizeS64.  The int32 part wraps only when all
// 512 products are 2^22 (input -32768 against weight -128).
constexpr int64_t kCmsisInt32Columns = 512;

struct AccCmsisConv : AccCmsisDepthwise {
  struct Value {
    int32_t head = 0;
    int64_t tail = 0;
  };
  static Value Add(Value acc, int32_t product, int64_t column) {
    if (column < kCmsisInt32Columns) {
      acc.head = WrappingAdd(acc.head, product);
    } else {
      acc.tail = WrappingAdd64(acc.tail, product);
    }
    return acc;
  }
  static int64_t Total(Value acc) { return WrappingAdd64(acc.tail, acc.head); }
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
  auto total = Acc::Total(acc);
  if (!bias.empty()) total = Acc::AddBias(total, bias[o]);
  const int32_t out = Acc::Scale(total, p.requant.MultiplierFor(o),
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
          const int64_t column0 = (int64_t{ky} * f.w + kx) * f.c;
          for (int i = 0; i < f.c; ++i) {
            // |int16 * int8| <= 2^22: the product itself never overflows.
            const int32_t product =
                int32_t{input[Offset4(in, n, iy, ix, first + i)]} *
                filter[Offset4(f, o, ky, kx, i)];
            acc = Acc::Add(acc, product, column0 + i);
          }
          return acc;
        };
        const Value acc =
            SumTaps(p.height, p.width, in.h, in.w, f.h, f.w, y, x, Value{}, tap);
        return Finish<Acc>(acc, bias, o, p);
      },
      output);
}

template <typename Acc>
bool Depthwise(const std::vector<int16_t>& input, const Shape4& in,
               const std::vector<int8_t>& filter, const Shape4& f,
               const std::vector<int64_t>& bias, int depth_multiplier,
               const ConvS16Params& p, std::vector<int16_t>* output) {
  if (!DepthwiseShapesHold(in, input.size(), f, filter.size(), depth_multiplier) ||
      !ParamsUsable<Acc>(p, bias, f.c)) {
    return false;
  }
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, f.c};
  return FillNhwc(
      out,
      [&](int n, int y, int x, int o) {
        const int c = o / depth_multiplier;  // o = m + c * depth_multiplier
        const auto tap = [&](int64_t acc, int iy, int ix, int ky, int kx) {
          const int32_t product = int32_t{input[Offset4(in, n, iy, ix, c)]} *
                                  filter[Offset4(f, 0, ky, kx, o)];
          return Acc::Add(acc, product, 0);
        };
        const int64_t acc =
            SumTaps(p.height, p.width, in.h, in.w, f.h, f.w, y, x, int64_t{0}, tap);
        return Finish<Acc>(acc, bias, o, p);
      },
      output);
}

}  // namespace

bool ConvS16(const std::vector<int16_t>& input, const Shape4& in,
             const std::vector<int8_t>& filter, const Shape4& f,
             const std::vector<int64_t>& bias, const ConvS16Params& p,
             std::vector<int16_t>* output) {
  if (p.kernel == Kernel::kTflite) {
    return Conv<Acc64>(input, in, filter, f, bias, p, output);
  }
  // CMSIS-NN's int16 conv has no groups.
  return f.c == in.c && Conv<AccCmsisConv>(input, in, filter, f, bias, p, output);
}

bool ConvS16Acc32(const std::vector<int16_t>& input, const Shape4& in,
                  const std::vector<int8_t>& filter, const Shape4& f,
                  const std::vector<int32_t>& bias, const ConvS16Params& p,
                  std::vector<int16_t>* output) {
  return p.kernel == Kernel::kTflite &&
         Conv<Acc32>(input, in, filter, f, bias, p, output);
}

bool DepthwiseConvS16(const std::vector<int16_t>& input, const Shape4& in,
                      const std::vector<int8_t>& filter, const Shape4& f,
                      const std::vector<int64_t>& bias, int depth_multiplier,
                      const ConvS16Params& p, std::vector<int16_t>* output) {
  if (p.kernel == Kernel::kTflite) {
    return Depthwise<Acc64>(input, in, filter, f, bias, depth_multiplier, p, output);
  }
  return Depthwise<AccCmsisDepthwise>(input, in, filter, f, bias, depth_multiplier, p,
                                      output);
}

}  // namespace mcu
}  // namespace refmath
