#include "refmath/mcu/elementwise.h"

#include <algorithm>
#include <utility>

#include "refmath/mcu/fixed_point.h"
#include "src/mcu/window_check.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int kAddLeftShift = 20;  // TFLite Micro's choice for int8

int32_t Clamp(int32_t v, int32_t lo, int32_t hi) {
  return std::min(std::max(v, lo), hi);
}

int32_t Scale(int32_t v, const QuantizedMultiplier& q) {
  return MultiplyByQuantizedMultiplier(v, q.multiplier, q.shift);
}

bool RightShiftOnly(const QuantizedMultiplier& q) {
  return q.shift >= -31 && q.shift <= 0;
}

int32_t AddOne(int8_t x, int8_t y, const AddS8Params& p) {
  const int64_t pot = int64_t{1} << p.left_shift;
  const int32_t a = WrapToInt32(int64_t{WrappingAdd(x, p.input1_offset)} * pot);
  const int32_t b = WrapToInt32(int64_t{WrappingAdd(y, p.input2_offset)} * pot);
  const int32_t sum = WrappingAdd(Scale(a, p.input1), Scale(b, p.input2));
  return Clamp(WrappingAdd(Scale(sum, p.output), p.output_offset), p.act_min,
               p.act_max);
}

int32_t MulOne(int8_t x, int8_t y, const MulS8Params& p) {
  const int32_t product = WrapToInt32(int64_t{WrappingAdd(x, p.input1_offset)} *
                                      WrappingAdd(y, p.input2_offset));
  return Clamp(WrappingAdd(Scale(product, p.output), p.output_offset),
               p.act_min, p.act_max);
}

// ns-cmsis-nn's MVE loop for int8 MUL (arm_elementwise_mul_s8, the
// elements of its 8-lane iterations): the offsets added in 16 bits, the
// requantized product narrowed to int16 with saturation, the output zero
// point added in 16 bits (wrapping), the clamp.  Where r + zp_out leaves
// int16 the result lands at the other end of the clamp.
int32_t MulNsMve(int8_t x, int8_t y, const MulS8Params& p) {
  const auto wrap16 = [](int32_t v) { return static_cast<int16_t>(static_cast<uint16_t>(v)); };
  const int16_t a = wrap16(x + wrap16(p.input1_offset));
  const int16_t b = wrap16(y + wrap16(p.input2_offset));
  const int32_t r = Scale(int32_t{a} * b, p.output);
  const int16_t narrowed = static_cast<int16_t>(Clamp(r, INT16_MIN, INT16_MAX));
  return Clamp(wrap16(narrowed + wrap16(p.output_offset)), p.act_min, p.act_max);
}

// out[i] = op(a[i], b[i], i).
template <typename Params, typename Op>
bool Elementwise(const std::vector<int8_t>& a, const std::vector<int8_t>& b,
                 const Params& p, Op op, std::vector<int8_t>* output) {
  if (a.size() != b.size() ||
      !ClampUsable(p.act_min, p.act_max, INT8_MIN, INT8_MAX)) {
    return false;
  }
  std::vector<int8_t> result(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    result[i] = static_cast<int8_t>(op(a[i], b[i], i));
  }
  *output = std::move(result);
  return true;
}

}  // namespace

bool AddS8Prepare(float s1, int32_t zp1, float s2, int32_t zp2, float s_out,
                  int32_t zp_out, AddS8Params* params) {
  const double twice_max = 2.0 * static_cast<double>(std::max(s1, s2));
  AddS8Params p;
  const double out_ratio =
      twice_max / (static_cast<double>(int64_t{1} << kAddLeftShift) *
                   static_cast<double>(s_out));
  if (!QuantizeMultiplierSmallerThanOneExp(static_cast<double>(s1) / twice_max,
                                           &p.input1) ||
      !QuantizeMultiplierSmallerThanOneExp(static_cast<double>(s2) / twice_max,
                                           &p.input2) ||
      !QuantizeMultiplierSmallerThanOneExp(out_ratio, &p.output)) {
    return false;
  }
  p.input1_offset = WrapToInt32(-int64_t{zp1});
  p.input2_offset = WrapToInt32(-int64_t{zp2});
  p.output_offset = zp_out;
  p.left_shift = kAddLeftShift;
  *params = p;
  return true;
}

bool MulS8Prepare(float s1, int32_t zp1, float s2, int32_t zp2, float s_out,
                  int32_t zp_out, MulS8Params* params) {
  MulS8Params p;
  const double ratio = static_cast<double>(s1) * static_cast<double>(s2) /
                       static_cast<double>(s_out);
  if (!QuantizeMultiplier(ratio, &p.output) || p.output.shift < -31 ||
      p.output.shift > 31) {
    return false;
  }
  p.input1_offset = WrapToInt32(-int64_t{zp1});
  p.input2_offset = WrapToInt32(-int64_t{zp2});
  p.output_offset = zp_out;
  *params = p;
  return true;
}

bool AddS8(const std::vector<int8_t>& a, const std::vector<int8_t>& b,
           const AddS8Params& p, std::vector<int8_t>* output) {
  if (p.left_shift < 0 || p.left_shift > 31 || !RightShiftOnly(p.input1) ||
      !RightShiftOnly(p.input2) || !RightShiftOnly(p.output)) {
    return false;
  }
  return Elementwise(
      a, b, p, [&](int8_t x, int8_t y, size_t) { return AddOne(x, y, p); }, output);
}

bool MulS8(const std::vector<int8_t>& a, const std::vector<int8_t>& b,
           const MulS8Params& p, std::vector<int8_t>* output) {
  if (p.output.shift < -31 || p.output.shift > 31) return false;
  // ns-cmsis-nn's MVE loop takes floor(n / 8) groups of 8, its tail (and
  // every other kernel) the reference's int32 arithmetic.
  const size_t vector_part =
      p.kernel == Kernel::kNsCmsisNn ? a.size() / 8 * 8 : 0;
  return Elementwise(
      a, b, p,
      [&](int8_t x, int8_t y, size_t i) {
        return i < vector_part ? MulNsMve(x, y, p) : MulOne(x, y, p);
      },
      output);
}

}  // namespace mcu
}  // namespace refmath
