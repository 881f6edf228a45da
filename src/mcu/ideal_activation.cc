#include "refmath/mcu/ideal_activation.h"

#include <cmath>
#include <cstdlib>

#include "refmath/refmath.h"
#include "refmath/mcu/quantize.h"

namespace refmath {
namespace mcu {
namespace {

constexpr QuantizeRule kIdealRule = QuantizeRule::kTflmDivide;

struct OutputQuant {
  double scale;
  int32_t zero_point;
};

OutputQuant OutputOf(ActivationS8 op) {
  return op == ActivationS8::kLogistic
             ? OutputQuant{kLogisticS8OutputScale, kLogisticS8OutputZeroPoint}
             : OutputQuant{kTanhS8OutputScale, kTanhS8OutputZeroPoint};
}

// exact_lsb: f(x) in output LSBs, clamped to the output type's range (the
// saturation at 1.0 is the format's, not the kernel's, error).
void Account(int64_t input, int32_t kernel, int32_t ideal, double exact_lsb,
             double lo, double hi, TableError* e) {
  exact_lsb = std::fmin(std::fmax(exact_lsb, lo), hi);
  const int diff = std::abs(kernel - ideal);
  if (diff > e->max_lsb) e->max_lsb = diff;
  if (diff != 0) ++e->mismatches;
  const double real = std::fabs(kernel - exact_lsb);
  if (real > e->max_real_lsb) {
    e->max_real_lsb = real;
    e->worst_input = input;
  }
}

}  // namespace

float ExactActivation(bool logistic, float x) {
  return logistic ? refmath_sigmoidf(x) : refmath_tanhf(x);
}

std::array<int8_t, 256> IdealTableS8(ActivationS8 op, float input_scale,
                                     int32_t input_zero_point) {
  const OutputQuant out = OutputOf(op);
  std::array<int8_t, 256> table;
  for (int i = 0; i < 256; ++i) {
    const float x = Dequantize(i + INT8_MIN, input_scale, input_zero_point);
    const float y = ExactActivation(op == ActivationS8::kLogistic, x);
    table[i] = QuantizeS8(y, static_cast<float>(out.scale), out.zero_point,
                          kIdealRule);
  }
  return table;
}

std::vector<int16_t> IdealTableS16(ActivationS16 op, float input_scale) {
  std::vector<int16_t> table(65536);
  for (int i = 0; i < 65536; ++i) {
    const float x = Dequantize(i + INT16_MIN, input_scale, 0);
    const float y = ExactActivation(op == ActivationS16::kSigmoid, x);
    table[i] = QuantizeS16(y, static_cast<float>(kActivationS16OutputScale), 0,
                           kIdealRule);
  }
  return table;
}

TableError CompareS8(ActivationS8 op, float input_scale,
                     int32_t input_zero_point,
                     const std::array<int8_t, 256>& kernel) {
  const OutputQuant out = OutputOf(op);
  const std::array<int8_t, 256> ideal =
      IdealTableS8(op, input_scale, input_zero_point);
  TableError e;
  for (int i = 0; i < 256; ++i) {
    const float x = Dequantize(i + INT8_MIN, input_scale, input_zero_point);
    const double y = ExactActivation(op == ActivationS8::kLogistic, x);
    Account(i + INT8_MIN, kernel[i], ideal[i], y / out.scale + out.zero_point,
            INT8_MIN, INT8_MAX, &e);
  }
  return e;
}

TableError CompareS16(ActivationS16 op, float input_scale,
                      const std::vector<int16_t>& kernel) {
  const std::vector<int16_t> ideal = IdealTableS16(op, input_scale);
  TableError e;
  for (int i = 0; i < 65536; ++i) {
    const float x = Dequantize(i + INT16_MIN, input_scale, 0);
    const double y = ExactActivation(op == ActivationS16::kSigmoid, x);
    Account(i + INT16_MIN, kernel[i], ideal[i], y / kActivationS16OutputScale,
            INT16_MIN, INT16_MAX, &e);
  }
  return e;
}

}  // namespace mcu
}  // namespace refmath
