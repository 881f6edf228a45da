// int16 SOFTMAX (refmath/mcu/softmax.h): the tables of softmax_common.cc
// and the row arithmetic of reference/softmax.h's SoftmaxInt16 and
// CMSIS-NN's arm_softmax_s16.
#include <stdint.h>

#include <algorithm>
#include <cmath>

#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/quantize_params.h"
#include "refmath/mcu/softmax.h"
#include "refmath/refmath.h"

namespace refmath {
namespace mcu {
namespace {

// The table functions in binary32.  exp is the platform's expf in TFLite;
// refmath takes the correctly rounded one (docs/mcu.md).
float ExpF(float x) { return refmath_correct_expf(x); }
float OneOverOnePlusX(float x) { return 1.0f / (1.0f + x); }

// LUTPopulate<int16_t> (detail::LUTPopulateInt16<float>), every step a
// binary32 operation: 512 segments of the input range, each entry the
// rounded sample less half the error of the linear interpolation at the
// segment's midpoint, and the function at the range's end last.
std::vector<int16_t> PopulateTable(float input_scale, int32_t input_zero_point,
                                   float output_scale, float (*f)(float)) {
  const float input_min = input_scale * static_cast<float>(INT16_MIN - input_zero_point);
  const float input_max = input_scale * static_cast<float>(INT16_MAX - input_zero_point);
  const float output_min = output_scale * static_cast<float>(INT16_MIN);
  const float output_max = output_scale * static_cast<float>(INT16_MAX);
  const int steps = 512;
  const float step = (input_max - input_min) / static_cast<float>(steps);
  const float half_step = step / 2.0f;
  const float inv = 65536.0f / (output_max - output_min);
  auto clamp16 = [](float v) {
    return static_cast<int16_t>(std::min(std::max(v, -32768.0f), 32767.0f));
  };
  std::vector<int16_t> table(kSoftmaxS16TableSize);
  for (int i = 0; i < steps; ++i) {
    const float at = input_min + static_cast<float>(i) * step;
    const float val = f(at);
    const float mid = f(at + half_step);
    const float next = f(input_min + static_cast<float>(i + 1) * step);
    const float sample = std::round(val * inv);
    const float interp = std::round((next * inv + std::round(val * inv)) / 2.0f);
    const float bias = std::round((interp - std::round(mid * inv)) / 2.0f);
    table[i] = clamp16(sample - bias);
  }
  table[steps] = clamp16(std::round(f(input_max) * inv));
  return table;
}

// LUTLookup: the entry at 256 + (v >> 7) and the next, interpolated by
// the low 7 bits, the product rounded half up; int16 throughout.
int16_t Lookup(int32_t v, const std::vector<int16_t>& table) {
  const int32_t index = 256 + (v >> 7);
  const int32_t offset = v & 0x7f;
  const int16_t slope = static_cast<int16_t>(table[index + 1] - table[index]);
  const int16_t delta = static_cast<int16_t>((slope * offset + 64) >> 7);
  return static_cast<int16_t>(table[index] + delta);
}

int32_t Clamp(int64_t v, int64_t lo, int64_t hi) {
  return static_cast<int32_t>(v < lo ? lo : v > hi ? hi : v);
}

// Count of leading zero bits of a positive int32.
int LeadingZeros(int32_t v) {
  int n = 0;
  for (uint32_t u = static_cast<uint32_t>(v); !(u & 0x80000000u); u <<= 1) ++n;
  return n;
}

void Row(const int16_t* in, size_t depth, const SoftmaxS16Params& p,
         int16_t* out) {
  const bool tflite = p.kernel == Kernel::kTflite;
  const int32_t max = *std::max_element(in, in + depth);
  int32_t sum = 0;
  for (size_t k = 0; k < depth; ++k) {
    const int32_t diff = in[k] - max;
    const int32_t scaled =
        tflite ? MultiplyByQuantizedMultiplier(diff, p.input_multiplier, p.input_left_shift)
               : Requantize(diff, p.input_multiplier, p.input_left_shift);
    out[k] = Lookup(Clamp(static_cast<int64_t>(scaled) + INT16_MAX, INT16_MIN, INT16_MAX),
                    p.exp_table);
    sum = WrappingAdd(sum, out[k]);
  }
  // The largest element contributes about 32762: sum > 0, h in 1..16.
  const int h = LeadingZeros(sum);
  // (sum << (h - 1)) + 2^13 reaches 2^31 for sums just below a power of
  // two from 2^17: TFLite computes it in int64, CMSIS-NN wraps in int32.
  const int64_t wide = (static_cast<int64_t>(sum) << (h - 1)) + (1 << 13);
  const int64_t shifted = tflite ? wide >> 14 : static_cast<int64_t>(WrapToInt32(wide)) >> 14;
  const int32_t centred = tflite ? Clamp(shifted - 98304, INT16_MIN, INT16_MAX)
                                 : static_cast<int16_t>(WrapToInt32(shifted - 98304));
  const int32_t recip = Lookup(centred, p.recip_table);
  const int right = 31 - h;
  for (size_t k = 0; k < depth; ++k) {
    const int64_t v = (static_cast<int64_t>(out[k]) * recip + (int64_t{1} << (right - 1))) >> right;
    out[k] = tflite ? static_cast<int16_t>(Clamp(v, 0, INT16_MAX))
                    : static_cast<int16_t>(WrapToInt32(v));
  }
}

}  // namespace

bool SoftmaxS16Prepare(float beta, float input_scale, SoftmaxS16Params* params) {
  const double ratio = static_cast<double>(input_scale) * static_cast<double>(beta) /
                       (10.0 / 65535.0);
  QuantizedMultiplier q;
  if (!(ratio > 0) || !QuantizeMultiplier(ratio, &q) || q.shift < -kMaxShift ||
      q.shift > kMaxShift) {
    return false;
  }
  params->input_multiplier = q.multiplier;
  params->input_left_shift = q.shift;
  const float range = 65535.0f;
  params->exp_table = PopulateTable(10.0f / range, INT16_MAX, 2.0f / range, ExpF);
  params->recip_table = PopulateTable(1.0f / range, INT16_MIN, 2.0f / range, OneOverOnePlusX);
  return true;
}

bool SoftmaxS16(const std::vector<int16_t>& input, size_t rows, size_t depth,
                const SoftmaxS16Params& params, std::vector<int16_t>* output) {
  if (depth == 0 || depth > kSoftmaxS16MaxDepth || input.size() != rows * depth ||
      params.exp_table.size() != kSoftmaxS16TableSize ||
      params.recip_table.size() != kSoftmaxS16TableSize ||
      params.input_left_shift < -kMaxShift || params.input_left_shift > kMaxShift) {
    return false;
  }
  output->resize(input.size());
  for (size_t r = 0; r < rows; ++r) {
    Row(&input[r * depth], depth, params, &(*output)[r * depth]);
  }
  return true;
}

}  // namespace mcu
}  // namespace refmath
