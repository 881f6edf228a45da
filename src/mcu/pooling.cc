#include "refmath/mcu/pooling.h"

#include <algorithm>
#include <utility>

#include "refmath/mcu/fixed_point.h"
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

bool PoolUsable(const std::vector<int8_t>& input, const Shape4& in,
                const PoolS8Params& p) {
  return ShapeHolds(in, input.size()) && p.filter_height >= 1 &&
         p.filter_width >= 1 &&
         int64_t{p.filter_height} * p.filter_width <= INT32_MAX &&  // the count
         AxisUsable(p.height) && AxisUsable(p.width) &&
         p.height.dilation == 1 && p.width.dilation == 1 &&
         ClampUsable(p.act_min, p.act_max, INT8_MIN, INT8_MAX);
}

// Average of one window: false when no tap is in the image.
bool AverageAt(const std::vector<int8_t>& input, const Shape4& in,
               const PoolS8Params& p, int n, int y, int x, int c,
               int32_t* value) {
  const TapRange rows = ClipWindow(p.height, y, p.filter_height, in.h);
  const TapRange cols = ClipWindow(p.width, x, p.filter_width, in.w);
  int32_t sum = 0;
  int32_t count = 0;
  for (int ky = rows.begin; ky < rows.end; ++ky) {
    for (int kx = cols.begin; kx < cols.end; ++kx) {
      const int8_t v = input[Offset4(in, n, rows.At(ky), cols.At(kx), c)];
      sum = WrappingAdd(sum, v);
      ++count;
    }
  }
  if (count == 0) return false;
  // Round half away from zero by adding or subtracting count / 2 before
  // the truncating division.
  const int32_t half = count / 2;
  const int32_t rounded =
      sum > 0 ? WrappingAdd(sum, half) / count : WrappingSub(sum, half) / count;
  *value = std::min(std::max(rounded, p.act_min), p.act_max);
  return true;
}

int32_t MaxAt(const std::vector<int8_t>& input, const Shape4& in,
              const PoolS8Params& p, int n, int y, int x, int c) {
  const TapRange rows = ClipWindow(p.height, y, p.filter_height, in.h);
  const TapRange cols = ClipWindow(p.width, x, p.filter_width, in.w);
  int32_t largest = INT8_MIN;
  for (int ky = rows.begin; ky < rows.end; ++ky) {
    for (int kx = cols.begin; kx < cols.end; ++kx) {
      const int8_t v = input[Offset4(in, n, rows.At(ky), cols.At(kx), c)];
      largest = std::max<int32_t>(largest, v);
    }
  }
  return std::min(std::max(largest, p.act_min), p.act_max);
}

// Runs `at` over every output element; false if `at` fails anywhere.
template <typename At>
bool PoolEach(const Shape4& in, const PoolS8Params& p, At at,
              std::vector<int8_t>* output) {
  const Shape4 out{in.n, p.height.out_size, p.width.out_size, in.c};
  size_t count = 0;
  if (!CountOf(out, &count)) return false;
  std::vector<int8_t> result(count);
  for (int n = 0; n < out.n; ++n) {
    for (int y = 0; y < out.h; ++y) {
      for (int x = 0; x < out.w; ++x) {
        for (int c = 0; c < out.c; ++c) {
          int32_t value = 0;
          if (!at(n, y, x, c, &value)) return false;
          result[Offset4(out, n, y, x, c)] = static_cast<int8_t>(value);
        }
      }
    }
  }
  *output = std::move(result);
  return true;
}

}  // namespace

bool AveragePoolS8(const std::vector<int8_t>& input, const Shape4& in,
                   const PoolS8Params& p, std::vector<int8_t>* output) {
  if (!PoolUsable(input, in, p)) return false;
  return PoolEach(
      in, p,
      [&](int n, int y, int x, int c, int32_t* v) {
        return AverageAt(input, in, p, n, y, x, c, v);
      },
      output);
}

bool MaxPoolS8(const std::vector<int8_t>& input, const Shape4& in,
               const PoolS8Params& p, std::vector<int8_t>* output) {
  if (!PoolUsable(input, in, p)) return false;
  return PoolEach(
      in, p,
      [&](int n, int y, int x, int c, int32_t* v) {
        *v = MaxAt(input, in, p, n, y, x, c);
        return true;
      },
      output);
}

}  // namespace mcu
}  // namespace refmath
