// The activations against the oracle: for each op and input scale (and,
// for int8, each zero point of a grid), the distance of the device's table
// from the ideal table in output LSBs.
#include <algorithm>
#include <string>

#include "refmath/mcu/activation_s16.h"
#include "refmath/mcu/activation_s8.h"
#include "refmath/mcu/ideal_activation.h"
#include "src/verify/report.h"
#include "tools/mcu/report.h"

namespace refmath {
namespace mcu_report {
namespace {

// int8 scales from fine (no saturation inside -128..127) to coarse (the
// saturation radius at 15 inputs), and zero points across the range.
constexpr float kScalesS8[] = {1.0f / 256, 1.0f / 128, 1.0f / 64, 1.0f / 32,
                               0.0235f,   1.0f / 16,  0.1f,      0.125f,
                               0.25f,     0.5f};
constexpr int32_t kZeroPointsS8[] = {-128, -64, 0, 64, 127};
// int16 scales: powers of two around the table's native 2^-12 and
// arbitrary ones (multiplier path).
constexpr float kScalesS16[] = {0x1p-15f, 0x1p-14f, 0x1p-13f, 0x1p-12f,
                                0x1p-11f, 0x1p-10f, 0x1p-9f,  1e-4f,
                                3e-4f,    1e-3f,    2.5e-3f};

struct Row {
  int max_lsb = 0;
  int64_t mismatches = 0;
  int64_t total = 0;
  double max_real = 0;
};

void Merge(const mcu::TableError& e, int64_t n, Row* r) {
  r->max_lsb = std::max(r->max_lsb, e.max_lsb);
  r->mismatches += e.mismatches;
  r->total += n;
  r->max_real = std::max(r->max_real, e.max_real_lsb);
}

std::string SectionS8() {
  std::string md =
      "| op | input scale | radius | max \\|kernel - ideal\\| | inputs differing "
      "| max \\|kernel - f(x)\\| (LSB) |\n|---|---|---|---|---|---|\n";
  for (const mcu::ActivationS8 op :
       {mcu::ActivationS8::kLogistic, mcu::ActivationS8::kTanh}) {
    for (float scale : kScalesS8) {
      Row row;
      for (int32_t zp : kZeroPointsS8) {
        const mcu::ActivationS8Params p = mcu::PrepareActivationS8(scale, zp);
        Merge(mcu::CompareS8(op, scale, zp, mcu::TableS8(op, p)), 256, &row);
      }
      md += report::Printf("| %s | %.9g | %d | %d | %lld / %lld | %.3f |\n",
                   op == mcu::ActivationS8::kLogistic ? "logistic_s8" : "tanh_s8",
                   scale, mcu::PrepareActivationS8(scale, 0).input_range_radius,
                   row.max_lsb, static_cast<long long>(row.mismatches),
                   static_cast<long long>(row.total), row.max_real);
    }
  }
  return md;
}

std::string SectionS16() {
  std::string md =
      "| op | input scale | multiplier | shift | max \\|kernel - ideal\\| | "
      "inputs differing | max \\|kernel - f(x)\\| (LSB) | at input |\n"
      "|---|---|---|---|---|---|---|---|\n";
  for (const mcu::ActivationS16 op :
       {mcu::ActivationS16::kSigmoid, mcu::ActivationS16::kTanh}) {
    for (float scale : kScalesS16) {
      const mcu::ActivationS16Params p = mcu::PrepareActivationS16(op, scale);
      const mcu::TableError e = mcu::CompareS16(op, scale, mcu::TableS16(op, p));
      md += report::Printf("| %s | %.9g | %d | %d | %d | %lld / 65536 | %.3f | %lld |\n",
                   op == mcu::ActivationS16::kSigmoid ? "sigmoid_s16" : "tanh_s16",
                   scale, p.input_multiplier, p.input_left_shift, e.max_lsb,
                   static_cast<long long>(e.mismatches), e.max_real_lsb,
                   static_cast<long long>(e.worst_input));
    }
  }
  return md;
}

}  // namespace

std::string ActivationSection() {
  std::string md =
      "The ideal output is refmath's exact fp32 sigmoid / tanh of the "
      "dequantized input, quantized to the kernel's output format with "
      "TFLite Micro's rule (nearest, ties away from zero).  \"max |kernel - "
      "f(x)|\" is the distance to the unrounded value, clamped to the output "
      "range, in output LSBs: an ideal kernel scores at most 0.5.\n\n"
      "### int8 (output scale 1/256 zero point -128 for logistic, 1/128 and "
      "0 for tanh); each row covers the zero points";
  for (int32_t zp : kZeroPointsS8) md += report::Printf(" %d", zp);
  md += "\n\n" + SectionS8();
  md += "\n### int16 (output scale 2^-15, zero points 0)\n\n" + SectionS16();
  return md;
}

}  // namespace mcu_report
}  // namespace refmath
