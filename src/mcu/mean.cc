#include "refmath/mcu/mean.h"

#include "refmath/mcu/fixed_point.h"

namespace refmath {
namespace mcu {

bool ResolveMeanAxes(const std::vector<int>& axes, size_t rank,
                     std::vector<size_t>* resolved) {
  resolved->clear();
  const long r = static_cast<long>(rank);
  for (int a : axes) {
    if (a < -r || a >= r) return false;
    const size_t axis = static_cast<size_t>(a < 0 ? a + r : a);
    bool seen = false;
    for (size_t b : *resolved) seen |= b == axis;
    if (!seen) resolved->push_back(axis);
  }
  return true;
}

std::vector<size_t> MeanShape(const std::vector<size_t>& shape,
                              const std::vector<size_t>& resolved, bool keep_dims) {
  std::vector<size_t> out;
  for (size_t d = 0; d < shape.size(); ++d) {
    bool reduced = false;
    for (size_t a : resolved) reduced |= a == d;
    if (!reduced) {
      out.push_back(shape[d]);
    } else if (keep_dims) {
      out.push_back(1);
    }
  }
  return out;
}

namespace {

// floor(log2 n) for n >= 1.
int FloorLog2(uint64_t n) {
  int s = 0;
  while (n >>= 1) ++s;
  return s;
}

}  // namespace

bool Mean(const std::vector<int32_t>& input, const std::vector<size_t>& shape,
          const std::vector<int>& axes, const RequantizeOpParams& params, int bits,
          std::vector<int32_t>* output) {
  std::vector<size_t> resolved;
  if ((bits != 8 && bits != 16) || !ResolveMeanAxes(axes, shape.size(), &resolved) ||
      params.scale.shift < -kMaxShift || params.scale.shift > kMaxShift) {
    return false;
  }
  std::vector<bool> reduced(shape.size(), false);
  for (size_t a : resolved) reduced[a] = true;
  size_t count = 1, outputs = 1;
  uint64_t n = 1;  // elements reduced into each output
  for (size_t d = 0; d < shape.size(); ++d) {
    count *= shape[d];
    if (reduced[d]) {
      n *= shape[d];
    } else {
      outputs *= shape[d];
    }
  }
  if (input.size() != count) return false;
  std::vector<int32_t> sums(outputs, 0);
  if (count == 0) {
    *output = sums;
    return true;
  }
  // Each input index in C order, and the output it adds into.
  std::vector<size_t> index(shape.size(), 0);
  for (size_t i = 0; i < count; ++i) {
    size_t o = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      if (!reduced[d]) o = o * shape[d] + index[d];
    }
    sums[o] = WrappingAdd(sums[o], input[i]);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  int s = FloorLog2(n);
  if (s > 32) s = 32;
  if (s > 31 + params.scale.shift) s = 31 + params.scale.shift;
  const int32_t m = static_cast<int32_t>(
      (static_cast<int64_t>(params.scale.multiplier) << s) / static_cast<int64_t>(n));
  const int shift = params.scale.shift - s;
  const int64_t lo = bits == 8 ? INT8_MIN : INT16_MIN;
  const int64_t hi = bits == 8 ? INT8_MAX : INT16_MAX;
  output->resize(outputs);
  for (size_t o = 0; o < outputs; ++o) {
    const int32_t centred = WrapToInt32(static_cast<int64_t>(sums[o]) -
                                        static_cast<int64_t>(params.input_zero_point) *
                                            static_cast<int64_t>(n));
    int64_t v = static_cast<int64_t>(MultiplyByQuantizedMultiplier(centred, m, shift)) +
                params.output_zero_point;
    (*output)[o] = static_cast<int32_t>(v < lo ? lo : v > hi ? hi : v);
  }
  return true;
}

}  // namespace mcu
}  // namespace refmath
