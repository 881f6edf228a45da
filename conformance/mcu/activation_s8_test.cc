// int8 LOGISTIC / TANH: the Prepare step and the saturation radius by
// hand, hand-checked outputs, and the whole tables against the oracle
// within the bound measured in ulp_tables/mcu.md (1 LSB).
#include "refmath/mcu/activation_s8.h"

#include <stdint.h>

#include "gtest/gtest.h"
#include "src/conform/mcu_golden_digests.h"
#include "refmath/mcu/ideal_activation.h"

namespace refmath {
namespace mcu {
namespace {

constexpr ActivationS8 kLogistic = ActivationS8::kLogistic;
constexpr ActivationS8 kTanh = ActivationS8::kTanh;

TEST(McuActivationS8, PrepareByHand) {
  // scale * 2^27 = 2^26 = 0.5 * 2^27: multiplier 2^30, shift 27, radius
  // floor(15 * 2^27 / 2^27) = 15.
  ActivationS8Params p = PrepareActivationS8(0.5f, 3);
  EXPECT_EQ(p.input_multiplier, 1 << 30);
  EXPECT_EQ(p.input_left_shift, 27);
  EXPECT_EQ(p.input_range_radius, 15);
  EXPECT_EQ(p.input_zero_point, 3);
  p = PrepareActivationS8(0.0625f, 0);  // 2^23: shift 24, radius 120
  EXPECT_EQ(p.input_multiplier, 1 << 30);
  EXPECT_EQ(p.input_left_shift, 24);
  EXPECT_EQ(p.input_range_radius, 120);
  p = PrepareActivationS8(1.0f, 0);  // shift 28, radius 7
  EXPECT_EQ(p.input_range_radius, 7);
  // 0.1f = 13421773 * 2^-27: 13421773 = 0.8000000119 * 2^24, multiplier
  // 13421773 * 2^7.
  p = PrepareActivationS8(0.1f, 0);
  EXPECT_EQ(p.input_multiplier, 13421773 * 128);
  EXPECT_EQ(p.input_left_shift, 24);
  EXPECT_EQ(p.input_range_radius, 120);
}

TEST(McuActivationS8, SaturationRadius) {
  // radius 15 around zero point 3: inputs 18.. give 127, ..-12 give -128.
  const ActivationS8Params p = PrepareActivationS8(0.5f, 3);
  for (ActivationS8 op : {kLogistic, kTanh}) {
    EXPECT_EQ(EvalActivationS8(op, p, 18), 127);
    EXPECT_EQ(EvalActivationS8(op, p, 127), 127);
    EXPECT_EQ(EvalActivationS8(op, p, -12), -128);
    EXPECT_EQ(EvalActivationS8(op, p, -128), -128);
  }
  // From scale 8 on (shift >= 31) the radius 15 * 2^27 / 2^shift is below
  // 1: every input saturates, and d = 0 takes the first branch: -128.
  const ActivationS8Params coarse = PrepareActivationS8(16.0f, 0);
  EXPECT_EQ(coarse.input_range_radius, 0);
  EXPECT_EQ(EvalActivationS8(kLogistic, coarse, 0), -128);
  EXPECT_EQ(EvalActivationS8(kTanh, coarse, 1), 127);
}

TEST(McuActivationS8, HandCheckedOutputs) {
  const ActivationS8Params p = PrepareActivationS8(0.0625f, 0);
  // logistic(0) = 0.5 -> 128 - 128 = 0;  tanh(0) = 0.
  EXPECT_EQ(EvalActivationS8(kLogistic, p, 0), 0);
  EXPECT_EQ(EvalActivationS8(kTanh, p, 0), 0);
  // 256 sigmoid(1) = 187.15 -> 59;  256 sigmoid(-1) = 68.85 -> -59.
  EXPECT_EQ(EvalActivationS8(kLogistic, p, 16), 59);
  EXPECT_EQ(EvalActivationS8(kLogistic, p, -16), -59);
  // 128 tanh(0.5) = 59.15 -> 59;  128 tanh(1) = 97.48 -> 97.
  EXPECT_EQ(EvalActivationS8(kTanh, p, 8), 59);
  EXPECT_EQ(EvalActivationS8(kTanh, p, -8), -59);
  EXPECT_EQ(EvalActivationS8(kTanh, p, 16), 97);
  // 256 sigmoid(7.4375) = 255.85 -> 256 - 128 clamps to 127.
  EXPECT_EQ(EvalActivationS8(kLogistic, p, 119), 127);
}

TEST(McuActivationS8, TablesMonotoneAndWithinOneLsbOfTheOracle) {
  for (const GoldenCase& c : GoldenCases()) {
    const std::string op = c.op;
    if (op != "logistic_s8" && op != "tanh_s8") continue;
    const ActivationS8 a = op == "logistic_s8" ? kLogistic : kTanh;
    const float scale = strtof(c.scale, nullptr);
    const auto table = TableS8(a, PrepareActivationS8(scale, c.zero_point));
    for (int i = 1; i < 256; ++i) {
      EXPECT_LE(table[i - 1], table[i]) << GoldenRowName(c) << " at " << i - 128;
    }
    const TableError e = CompareS8(a, scale, c.zero_point, table);
    EXPECT_LE(e.max_lsb, 1) << GoldenRowName(c);
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
