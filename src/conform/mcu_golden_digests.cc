#include "src/conform/mcu_golden_digests.h"

#include <stdlib.h>
#include <string.h>

#include "refmath/mcu/activation_s16.h"
#include "refmath/mcu/activation_s8.h"
#include "src/emulator_io/table_serialize.h"

namespace refmath {
namespace mcu {
namespace {

bool IsS8(const GoldenCase& c) {
  return strcmp(c.op, "logistic_s8") == 0 || strcmp(c.op, "tanh_s8") == 0;
}

ActivationS8 OpS8(const GoldenCase& c) {
  return strcmp(c.op, "logistic_s8") == 0 ? ActivationS8::kLogistic
                                          : ActivationS8::kTanh;
}

ActivationS16 OpS16(const GoldenCase& c) {
  return strcmp(c.op, "sigmoid_s16") == 0 ? ActivationS16::kSigmoid
                                          : ActivationS16::kTanh;
}

float ScaleOf(const GoldenCase& c) { return strtof(c.scale, nullptr); }

}  // namespace

const std::vector<GoldenCase>& GoldenCases() {
  // int8: scales with and without saturation inside -128..127 (the radius
  // is 120 at 0.0625 and 0.1, 15 at 0.5, above 255 at 1/128 and 0.0235),
  // zero points at both ends and in between.  int16: the power-of-two
  // scale 2^-12 (multiplier 0 for both ops), 2^-11 (multiplier 0 for tanh
  // only), 2^-15 and 0.001 (multiplier paths).
  static const std::vector<GoldenCase> kCases = {
      {"logistic_s8", "0.0625", 0},      {"logistic_s8", "0.1", -10},
      {"logistic_s8", "0.0078125", -128}, {"logistic_s8", "0.5", 3},
      {"logistic_s8", "0.0235", 127},
      {"tanh_s8", "0.0625", 0},          {"tanh_s8", "0.1", -10},
      {"tanh_s8", "0.0078125", -128},     {"tanh_s8", "0.5", 3},
      {"tanh_s8", "0.0235", 127},
      {"sigmoid_s16", "0.000244140625", 0}, {"sigmoid_s16", "0.00048828125", 0},
      {"sigmoid_s16", "0.000030517578125", 0}, {"sigmoid_s16", "0.001", 0},
      {"tanh_s16", "0.000244140625", 0},    {"tanh_s16", "0.00048828125", 0},
      {"tanh_s16", "0.000030517578125", 0}, {"tanh_s16", "0.001", 0},
  };
  return kCases;
}

std::string GoldenRowName(const GoldenCase& c) {
  std::string name = std::string(c.op) + ":scale=" + c.scale;
  if (IsS8(c)) return name + ":zp=" + std::to_string(c.zero_point);
  const ActivationS16Params p = PrepareActivationS16(OpS16(c), ScaleOf(c));
  return name + ":mult=" + std::to_string(p.input_multiplier) +
         ":shift=" + std::to_string(p.input_left_shift);
}

std::vector<uint8_t> GoldenTableBytes(const GoldenCase& c) {
  if (IsS8(c)) {
    const ActivationS8Params p = PrepareActivationS8(ScaleOf(c), c.zero_point);
    return TableBytes(TableS8(OpS8(c), p));
  }
  const ActivationS16Params p = PrepareActivationS16(OpS16(c), ScaleOf(c));
  return TableBytes(TableS16(OpS16(c), p));
}

std::vector<NamedDigest> GoldenDigests() {
  std::vector<NamedDigest> rows;
  for (const GoldenCase& c : GoldenCases()) {
    const std::vector<uint8_t> bytes = GoldenTableBytes(c);
    rows.push_back({GoldenRowName(c), Sha256Hex(bytes.data(), bytes.size())});
  }
  return rows;
}

}  // namespace mcu
}  // namespace refmath
