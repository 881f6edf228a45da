#include "refmath/mcu/quantize_params.h"

#include <algorithm>
#include <cmath>

namespace refmath {
namespace mcu {
namespace {

constexpr double kTwoTo31 = 2147483648.0;
constexpr int kMinShift = -31;  // below it every product shifts out to 0

void AppendTo(const QuantizedMultiplier& q, Requant* r) {
  r->multiplier.push_back(q.multiplier);
  r->shift.push_back(q.shift);
}

// zero_point + round_half_away(f / scale), all in float32 as TFLite does.
bool QuantizeBound(float f, float scale, int32_t zero_point, int32_t* q) {
  const float rounded = std::round(f / scale);
  // TFLite admits rounded == 2^31, whose conversion is undefined: refused.
  if (!(rounded >= -kTwoTo31 && rounded < kTwoTo31)) return false;
  const int64_t sum = int64_t{zero_point} + static_cast<int64_t>(rounded);
  if (sum < INT32_MIN || sum > INT32_MAX) return false;
  *q = static_cast<int32_t>(sum);
  return true;
}

}  // namespace

bool QuantizeMultiplier(double real, QuantizedMultiplier* out) {
  if (!std::isfinite(real)) return false;
  QuantizedMultiplier q;
  if (real == 0.0) {
    *out = q;
    return true;
  }
  const double fraction = std::frexp(real, &q.shift);  // |fraction| in [0.5, 1)
  int64_t fixed = static_cast<int64_t>(std::round(fraction * kTwoTo31));
  if (fixed == int64_t{1} << 31) {  // rounding reached 1.0: renormalize
    fixed /= 2;
    ++q.shift;
  }
  if (q.shift < kMinShift) {
    fixed = 0;
    q.shift = 0;
  }
  q.multiplier = static_cast<int32_t>(fixed);
  *out = q;
  return true;
}

bool QuantizeMultiplierSmallerThanOneExp(double real, QuantizedMultiplier* out) {
  if (!(real > 0.0 && real < 1.0)) return false;
  QuantizedMultiplier q;
  QuantizeMultiplier(real, &q);
  // Just below 1 the multiplier rounds up to 2^31 and the shift becomes 1,
  // which TFLite's check refuses.
  if (q.shift > 0) return false;
  *out = q;
  return true;
}

bool ConvRequant(float input_scale, const std::vector<float>& filter_scales,
                 float output_scale, Requant* out) {
  if (filter_scales.empty()) return false;
  Requant r;
  for (float filter_scale : filter_scales) {
    const double ratio = static_cast<double>(input_scale) *
                         static_cast<double>(filter_scale) /
                         static_cast<double>(output_scale);
    QuantizedMultiplier q;
    if (!QuantizeMultiplier(ratio, &q)) return false;
    AppendTo(q, &r);
  }
  *out = r;
  return true;
}

bool FullyConnectedRequant(float input_scale, float filter_scale,
                           float output_scale, Requant* out) {
  const float product = input_scale * filter_scale;  // one float32 rounding
  if (!(product >= 0.0f)) return false;
  const double ratio =
      static_cast<double>(product) / static_cast<double>(output_scale);
  QuantizedMultiplier q;
  if (!QuantizeMultiplier(ratio, &q)) return false;
  Requant r;
  AppendTo(q, &r);
  *out = r;
  return true;
}

bool ActivationRange(FusedActivation activation, float output_scale,
                     int32_t zero_point, int32_t qmin, int32_t qmax,
                     int32_t* act_min, int32_t* act_max) {
  float low = 0.0f, high = 0.0f;
  bool has_low = true, has_high = true;
  switch (activation) {
    case FusedActivation::kNone: has_low = has_high = false; break;
    case FusedActivation::kRelu: has_high = false; break;
    case FusedActivation::kReluN1To1: low = -1.0f; high = 1.0f; break;
    case FusedActivation::kRelu6: high = 6.0f; break;
  }
  int32_t lo = qmin, hi = qmax, q = 0;
  if (has_low) {
    if (!QuantizeBound(low, output_scale, zero_point, &q)) return false;
    lo = std::max(qmin, q);
  }
  if (has_high) {
    if (!QuantizeBound(high, output_scale, zero_point, &q)) return false;
    hi = std::min(qmax, q);
  }
  *act_min = lo;
  *act_max = hi;
  return true;
}

}  // namespace mcu
}  // namespace refmath
