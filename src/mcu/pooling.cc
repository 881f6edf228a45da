#include "refmath/mcu/pooling.h"

#include <algorithm>
#include <limits>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/conv_loops.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {
namespace {

// The taps [begin, end) of one axis that land in [0, in_size); tap k reads
// input position origin + k.
struct TapRange {
  int64_t origin;
  int begin, end;
  int At(int k) const { return static_cast<int>(origin + k); }
};

TapRange ClipWindow(const WindowAxis& a, int o, int filter, int in_size) {
  const int64_t origin = TapPosition(a, o, 0);
  const int64_t begin = std::clamp<int64_t>(-origin, 0, filter);
  const int64_t end = std::clamp<int64_t>(in_size - origin, begin, filter);
  return {origin, static_cast<int>(begin), static_cast<int>(end)};
}

template <typename T, typename Params>
bool PoolUsable(const std::vector<T>& input, const Shape4& in,
                const Params& p) {
  return ShapeHolds(in, input.size()) && p.filter_height >= 1 &&
         p.filter_width >= 1 &&
         int64_t{p.filter_height} * p.filter_width <= INT32_MAX &&  // the count
         AxisUsable(p.height) && AxisUsable(p.width) &&
         p.height.dilation == 1 && p.width.dilation == 1 &&
         ClampUsable(p.act_min, p.act_max, std::numeric_limits<T>::min(),
                     std::numeric_limits<T>::max());
}

// Average of one window, which holds at least one tap.
template <typename T, typename Params>
int32_t AverageAt(const std::vector<T>& input, const Shape4& in,
                  const Params& p, int n, int y, int x, int c) {
  const TapRange rows = ClipWindow(p.height, y, p.filter_height, in.h);
  const TapRange cols = ClipWindow(p.width, x, p.filter_width, in.w);
  int32_t sum = 0;
  int32_t count = 0;
  for (int ky = rows.begin; ky < rows.end; ++ky) {
    for (int kx = cols.begin; kx < cols.end; ++kx) {
      sum = WrappingAdd(sum, input[Offset4(in, n, rows.At(ky), cols.At(kx), c)]);
      ++count;
    }
  }
  // Round half away from zero by adding or subtracting count / 2 before
  // the truncating division.
  const int32_t half = count / 2;
  const int32_t rounded =
      sum > 0 ? WrappingAdd(sum, half) / count : WrappingSub(sum, half) / count;
  return std::min(std::max(rounded, p.act_min), p.act_max);
}

// Largest value of one window, starting from the type's minimum.
template <typename T, typename Params>
int32_t MaxAt(const std::vector<T>& input, const Shape4& in, const Params& p,
              int n, int y, int x, int c) {
  const TapRange rows = ClipWindow(p.height, y, p.filter_height, in.h);
  const TapRange cols = ClipWindow(p.width, x, p.filter_width, in.w);
  int32_t largest = std::numeric_limits<T>::min();
  for (int ky = rows.begin; ky < rows.end; ++ky) {
    for (int kx = cols.begin; kx < cols.end; ++kx) {
      const int32_t v = input[Offset4(in, n, rows.At(ky), cols.At(kx), c)];
      largest = std::max(largest, v);
    }
  }
  return std::min(std::max(largest, p.act_min), p.act_max);
}

template <typename T, typename Params>
bool AveragePool(const std::vector<T>& input, const Shape4& in,
                 const Params& p, std::vector<T>* output) {
  if (!PoolUsable(input, in, p)) return false;
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, in.c};
  // Every window (rows x columns) must hold a tap: checked first, so that
  // a failure leaves the output untouched.
  for (int y = 0; y < out.h; ++y) {
    const TapRange rows = ClipWindow(p.height, y, p.filter_height, in.h);
    if (rows.begin == rows.end) return false;
  }
  for (int x = 0; x < out.w; ++x) {
    const TapRange cols = ClipWindow(p.width, x, p.filter_width, in.w);
    if (cols.begin == cols.end) return false;
  }
  return FillNhwc(
      out,
      [&](int n, int y, int x, int c) {
        return static_cast<T>(AverageAt(input, in, p, n, y, x, c));
      },
      output);
}

template <typename T, typename Params>
bool MaxPool(const std::vector<T>& input, const Shape4& in, const Params& p,
             std::vector<T>* output) {
  if (!PoolUsable(input, in, p)) return false;
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, in.c};
  return FillNhwc(
      out,
      [&](int n, int y, int x, int c) {
        return static_cast<T>(MaxAt(input, in, p, n, y, x, c));
      },
      output);
}

}  // namespace

bool AveragePoolS8(const std::vector<int8_t>& input, const Shape4& in,
                   const PoolS8Params& p, std::vector<int8_t>* output) {
  return AveragePool(input, in, p, output);
}

bool MaxPoolS8(const std::vector<int8_t>& input, const Shape4& in,
               const PoolS8Params& p, std::vector<int8_t>* output) {
  return MaxPool(input, in, p, output);
}

bool PoolS8Prepare(const Shape4& in, int filter_height, int filter_width,
                   int stride_h, int stride_w, Padding padding,
                   FusedActivation activation, float output_scale,
                   int32_t output_zero_point, PoolS8Params* params) {
  PoolS8Params p;
  p.filter_height = filter_height;
  p.filter_width = filter_width;
  if (!PaddedAxis(padding, in.h, filter_height, stride_h, 1, &p.height) ||
      !PaddedAxis(padding, in.w, filter_width, stride_w, 1, &p.width) ||
      !ActivationRange(activation, output_scale, output_zero_point, INT8_MIN,
                       INT8_MAX, &p.act_min, &p.act_max)) {
    return false;
  }
  *params = p;
  return true;
}

bool AveragePoolS16(const std::vector<int16_t>& input, const Shape4& in,
                    const PoolS16Params& p, std::vector<int16_t>* output) {
  return AveragePool(input, in, p, output);
}

bool MaxPoolS16(const std::vector<int16_t>& input, const Shape4& in,
                const PoolS16Params& p, std::vector<int16_t>* output) {
  return MaxPool(input, in, p, output);
}

}  // namespace mcu
}  // namespace refmath
