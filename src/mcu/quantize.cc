#include "refmath/mcu/quantize.h"

#include <string.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "refmath/binary16/binary16.h"

namespace refmath {
namespace mcu {
namespace {

// Any |value| beyond this clamps to the same end for every 32-bit zero
// point, so the rounding step never sees a value that overflows int64.
constexpr float kClampMagnitude = 0x1p40f;

}  // namespace

int32_t Quantize(float x, float scale, int32_t zero_point, int32_t lo,
                 int32_t hi, QuantizeRule rule) {
  float scaled;
  if (rule == QuantizeRule::kTflmDivide) {
    scaled = x / scale;
  } else {
    const float reciprocal = 1.0f / scale;
    scaled = x * reciprocal;
  }
  int64_t q;
  if (std::isnan(scaled)) {
    q = 0;
  } else if (std::fabs(scaled) > kClampMagnitude) {
    q = scaled > 0 ? int64_t{hi} - zero_point + 1 : int64_t{lo} - zero_point - 1;
  } else if (rule == QuantizeRule::kTflmDivide) {
    q = static_cast<int64_t>(std::round(scaled));  // ties away from zero
  } else {
    q = static_cast<int64_t>(std::nearbyint(scaled));  // ties to even
  }
  q += zero_point;
  if (q < lo) return lo;
  if (q > hi) return hi;
  return static_cast<int32_t>(q);
}

float Dequantize(int32_t q, float scale, int32_t zero_point,
                 bool flush_subnormal) {
  if (flush_subnormal && std::fpclassify(scale) == FP_SUBNORMAL) {
    scale = std::copysign(0.0f, scale);
  }
  const double exact = static_cast<double>(int64_t{q} - zero_point) * scale;
  if (flush_subnormal && exact != 0 && std::fabs(exact) < FLT_MIN) {
    return std::copysign(0.0f, static_cast<float>(exact));
  }
  return static_cast<float>(exact);
}

std::vector<int32_t> QuantizeAll(const std::vector<float>& x, float scale,
                                 int32_t zero_point, int32_t lo, int32_t hi,
                                 QuantizeRule rule) {
  std::vector<int32_t> q(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    q[i] = Quantize(x[i], scale, zero_point, lo, hi, rule);
  }
  return q;
}

std::vector<float> DequantizeAll(const std::vector<int32_t>& q, float scale,
                                 int32_t zero_point, bool flush_subnormal) {
  std::vector<float> x(q.size());
  for (size_t i = 0; i < q.size(); ++i) {
    x[i] = Dequantize(q[i], scale, zero_point, flush_subnormal);
  }
  return x;
}

std::vector<float> DequantizeF16(const std::vector<uint16_t>& half_bits) {
  std::vector<float> x(half_bits.size());
  for (size_t i = 0; i < half_bits.size(); ++i) {
    const uint32_t bits = HalfBitsToFloatBits(half_bits[i]);
    memcpy(&x[i], &bits, sizeof bits);
  }
  return x;
}

}  // namespace mcu
}  // namespace refmath
