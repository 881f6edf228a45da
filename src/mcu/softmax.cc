#include "refmath/mcu/softmax.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "refmath/mcu/fixed_point.h"
#include "refmath/mcu/quantize_params.h"
#include "src/mcu/gemmlowp_fixed.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int kDiffIntegerBits = 5;   // the exp's input is Q5.26
constexpr int kSumIntegerBits = 12;   // the sum of exponentials is Q12.19

// The difference x (>= diff_min) in Q5.26: gemmlowp's doubling high
// multiply of x * 2^left_shift (which fits int32 for x >= diff_min).
int32_t ScaledDiff(int32_t x, const SoftmaxS8Params& p) {
  const int32_t shifted = WrapToInt32(int64_t{x} * (int64_t{1} << p.input_left_shift));
  return SaturatingDoublingHighMul(shifted, p.input_multiplier);
}

int32_t ExpQ0(int32_t x, const SoftmaxS8Params& p) {
  return gemmlowp_fixed::ExpOnNegativeValues(ScaledDiff(x, p), kDiffIntegerBits);
}

int CountLeadingZeros(uint32_t v) {
  int n = 0;
  for (uint32_t bit = uint32_t{1} << 31; bit != 0 && (v & bit) == 0; bit >>= 1) ++n;
  return n;
}

// One row into an output of type Out (int8 or int16, zero point at its
// minimum); false if the output exponent leaves [0, 31].
template <typename Out>
bool SoftmaxRow(const int8_t* in, size_t depth, const SoftmaxS8Params& p,
                Out* out) {
  constexpr int kOutputBits = 8 * sizeof(Out);
  constexpr int32_t kMin = std::numeric_limits<Out>::min();
  constexpr int32_t kMax = std::numeric_limits<Out>::max();
  int32_t row_max = INT8_MIN;
  for (size_t c = 0; c < depth; ++c) row_max = std::max<int32_t>(row_max, in[c]);
  int32_t sum = 0;  // Q12.19, wrapping like gemmlowp's int32 addition
  for (size_t c = 0; c < depth; ++c) {
    const int32_t diff = in[c] - row_max;
    if (diff < p.diff_min) continue;
    // gemmlowp's Rescale from 0 to 12 integer bits: a rounding divide.
    sum = WrappingAdd(sum, RoundingDivideByPot(ExpQ0(diff, p), kSumIntegerBits));
  }
  // 1 / sum: normalize sum to [1, 2) as 1 + x, x in Q0.31.
  const int headroom_plus_one = CountLeadingZeros(static_cast<uint32_t>(sum));
  const int bits_over_unit = kSumIntegerBits - headroom_plus_one;
  const int32_t x = static_cast<int32_t>(
      (static_cast<uint32_t>(sum) << headroom_plus_one) - (uint32_t{1} << 31));
  const int32_t reciprocal = gemmlowp_fixed::OneOverOnePlusX(x);
  const int exponent = bits_over_unit + 31 - kOutputBits;
  if (exponent < 0 || exponent > 31) return false;
  for (size_t c = 0; c < depth; ++c) {
    const int32_t diff = in[c] - row_max;
    int32_t value = kMin;
    if (diff >= p.diff_min) {
      const int32_t scaled =
          RoundingDivideByPot(SaturatingDoublingHighMul(reciprocal, ExpQ0(diff, p)),
                              exponent);
      value = std::min(std::max(WrappingAdd(scaled, kMin), kMin), kMax);
    }
    out[c] = static_cast<Out>(value);
  }
  return true;
}

template <typename Out>
bool Softmax(const std::vector<int8_t>& input, size_t rows, size_t depth,
             const SoftmaxS8Params& p, std::vector<Out>* output) {
  if (depth == 0 || rows > input.size() / depth || input.size() != rows * depth ||
      p.input_left_shift < 0 || p.input_left_shift > 31 || p.diff_min > 0) {
    return false;
  }
  std::vector<Out> result(input.size());
  for (size_t r = 0; r < rows; ++r) {
    if (!SoftmaxRow(&input[r * depth], depth, p, &result[r * depth])) return false;
  }
  *output = std::move(result);
  return true;
}

}  // namespace

bool SoftmaxS8Prepare(float beta, float input_scale, SoftmaxS8Params* params) {
  constexpr double kMaxMultiplier = 2147483647.0;  // 2^31 - 1
  const double real = std::min(static_cast<double>(beta) *
                                   static_cast<double>(input_scale) *
                                   (int64_t{1} << (31 - kDiffIntegerBits)),
                               kMaxMultiplier);
  if (!(real > 1.0)) return false;  // QuantizeMultiplierGreaterThanOne
  QuantizedMultiplier q;
  if (!QuantizeMultiplier(real, &q) || q.shift < 0) return false;
  // CalculateInputRadius: floor((2^5 - 1) * 2^26 / 2^shift), exact in double.
  const double radius = std::floor(31.0 * (int64_t{1} << (31 - kDiffIntegerBits)) /
                                   std::ldexp(1.0, q.shift));
  params->input_multiplier = q.multiplier;
  params->input_left_shift = q.shift;
  params->diff_min = -static_cast<int32_t>(radius);
  return true;
}

bool SoftmaxS8(const std::vector<int8_t>& input, size_t rows, size_t depth,
               const SoftmaxS8Params& p, std::vector<int8_t>* output) {
  return Softmax(input, rows, depth, p, output);
}

bool SoftmaxS8ToS16(const std::vector<int8_t>& input, size_t rows,
                    size_t depth, const SoftmaxS8Params& p,
                    std::vector<int16_t>* output) {
  return Softmax(input, rows, depth, p, output);
}

}  // namespace mcu
}  // namespace refmath
