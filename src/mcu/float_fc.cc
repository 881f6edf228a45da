#include "refmath/mcu/float_fc.h"

#include <cfloat>
#include <cmath>

namespace refmath {
namespace mcu {
namespace {

constexpr Half kHalfZero = 0x0000;

// MVE f32 vector operations flush subnormal operands and results to zero.
float Flush(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

// The architecture's rounding (FPRound, and QEMU's model of it) decides
// the flush of a result on the exact value before rounding: a nonzero
// result below the smallest normal FLT_MIN becomes a zero of its sign even
// where rounding to nearest would carry it up to FLT_MIN.
float VectorFma(float a, float b, float c) {
  a = Flush(a);
  b = Flush(b);
  c = Flush(c);
  const float rounded = std::fma(a, b, c);
  if (std::fabs(rounded) > FLT_MIN || std::isnan(rounded)) return rounded;
  if (std::fabs(rounded) < FLT_MIN) return Flush(rounded);
  // |rounded| == FLT_MIN: is the exact a*b + c below it?  a*b is exact in
  // double (24 x 24 bits, normal operands); TwoSum gives the exact sum as
  // sum + error.  Only |sum| == FLT_MIN leaves the answer to the error.
  const double product = static_cast<double>(a) * b;
  const double sum = product + c;
  const double b_virtual = sum - product;
  const double error = (product - (sum - b_virtual)) + (c - b_virtual);
  const bool below = std::fabs(sum) < FLT_MIN ||
                     (std::fabs(sum) == FLT_MIN && error != 0 &&
                      std::signbit(error) != std::signbit(sum));
  return below ? std::copysign(0.0f, rounded) : rounded;
}

float MaxNum(float a, float b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
float MinNum(float a, float b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

// Weight w[n][k] of either layout.
template <typename T>
struct WeightView {
  const std::vector<T>& data;
  size_t c_in;
  bool packed;
  size_t lanes;
  T At(size_t n, size_t k) const {
    if (!packed) return data[n * c_in + k];
    return data[((n / lanes) * c_in + k) * lanes + n % lanes];
  }
};

template <typename T>
bool SizesFit(const std::vector<T>& input, const std::vector<T>& weights,
              const std::vector<T>& bias, const FcShape& s, bool packed,
              size_t lanes) {
  const size_t rows_out = packed ? (s.c_out + lanes - 1) / lanes * lanes : s.c_out;
  return s.c_in > 0 && input.size() == s.rows * s.c_in &&
         weights.size() == rows_out * s.c_in &&
         (bias.empty() || bias.size() == s.c_out);
}

FcOrder Order(FcKernel kernel, size_t n, size_t c_out, size_t c_in,
              size_t max_sequential_c_in) {
  switch (kernel) {
    case FcKernel::kPacked:
      return FcOrder::kSequential;
    case FcKernel::kStandardLegacy:
      return FcOrder::kLanes;
    case FcKernel::kStandard:
      break;
  }
  if (c_in > max_sequential_c_in) return FcOrder::kLanes;
  const size_t blocked = c_out - c_out % kSmallestOutputBlock;
  return n < blocked ? FcOrder::kSequential : FcOrder::kLanes;
}

Half OutputF16(FcOrder order, const Half* x, const WeightView<Half>& w,
               size_t n, size_t c_in, Half bias) {
  if (order == FcOrder::kSequential) {
    Half acc = bias;
    for (size_t k = 0; k < c_in; ++k) acc = HalfFma(w.At(n, k), x[k], acc);
    return acc;
  }
  Half lane[kPackLanesF16];
  for (Half& l : lane) l = kHalfZero;
  const size_t full = c_in / kPackLanesF16 * kPackLanesF16;
  for (size_t k = 0; k < full; ++k) {
    Half& l = lane[k % kPackLanesF16];
    l = HalfFma(w.At(n, k), x[k], l);
  }
  Half sum = HalfAdd(HalfAdd(HalfAdd(lane[0], lane[1]), HalfAdd(lane[2], lane[3])),
                     HalfAdd(HalfAdd(lane[4], lane[5]), HalfAdd(lane[6], lane[7])));
  for (size_t k = full; k < c_in; ++k) sum = HalfFma(w.At(n, k), x[k], sum);
  return HalfAdd(sum, bias);
}

float OutputF32(FcOrder order, const float* x, const WeightView<float>& w,
                size_t n, size_t c_in, float bias) {
  if (order == FcOrder::kSequential) {
    float acc = bias;
    for (size_t k = 0; k < c_in; ++k) acc = VectorFma(w.At(n, k), x[k], acc);
    return acc;
  }
  float lane[kPackLanesF32] = {0.0f, 0.0f, 0.0f, 0.0f};
  const size_t full = c_in / kPackLanesF32 * kPackLanesF32;
  for (size_t k = 0; k < full; ++k) {
    float& l = lane[k % kPackLanesF32];
    l = VectorFma(w.At(n, k), x[k], l);
  }
  float sum = lane[0] + lane[1];
  sum = sum + lane[2];
  sum = sum + lane[3];
  for (size_t k = full; k < c_in; ++k) sum = std::fma(w.At(n, k), x[k], sum);
  return bias + sum;
}

}  // namespace

FcOrder OrderF16(FcKernel kernel, size_t n, size_t c_out, size_t c_in) {
  return Order(kernel, n, c_out, c_in, kF16SequentialMaxInputChannels);
}

FcOrder OrderF32(FcKernel kernel, size_t n, size_t c_out, size_t c_in) {
  return Order(kernel, n, c_out, c_in, SIZE_MAX);
}

bool FullyConnectedF16(FcKernel kernel, const std::vector<Half>& input,
                       const std::vector<Half>& weights,
                       const std::vector<Half>& bias, const FcShape& s,
                       Half act_min, Half act_max, std::vector<Half>* output) {
  const bool packed = kernel == FcKernel::kPacked;
  if (!SizesFit(input, weights, bias, s, packed, kPackLanesF16)) return false;
  const WeightView<Half> w{weights, s.c_in, packed, kPackLanesF16};
  output->assign(s.rows * s.c_out, kHalfZero);
  for (size_t r = 0; r < s.rows; ++r) {
    for (size_t n = 0; n < s.c_out; ++n) {
      const FcOrder order = OrderF16(kernel, n, s.c_out, s.c_in);
      const Half b = bias.empty() ? kHalfZero : bias[n];
      const Half acc = OutputF16(order, &input[r * s.c_in], w, n, s.c_in, b);
      (*output)[r * s.c_out + n] = HalfMinNum(HalfMaxNum(acc, act_min), act_max);
    }
  }
  return true;
}

bool FullyConnectedF32(FcKernel kernel, const std::vector<float>& input,
                       const std::vector<float>& weights,
                       const std::vector<float>& bias, const FcShape& s,
                       float act_min, float act_max, std::vector<float>* output) {
  const bool packed = kernel == FcKernel::kPacked;
  if (!SizesFit(input, weights, bias, s, packed, kPackLanesF32)) return false;
  const WeightView<float> w{weights, s.c_in, packed, kPackLanesF32};
  output->assign(s.rows * s.c_out, 0.0f);
  for (size_t r = 0; r < s.rows; ++r) {
    for (size_t n = 0; n < s.c_out; ++n) {
      const FcOrder order = OrderF32(kernel, n, s.c_out, s.c_in);
      const float b = bias.empty() ? 0.0f : bias[n];
      const float acc = OutputF32(order, &input[r * s.c_in], w, n, s.c_in, b);
      (*output)[r * s.c_out + n] = MinNum(MaxNum(acc, act_min), act_max);
    }
  }
  return true;
}

}  // namespace mcu
}  // namespace refmath
