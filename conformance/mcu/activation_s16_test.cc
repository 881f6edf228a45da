// int16 sigmoid / tanh: the Prepare step and table lookups by hand, the
// table against the notes' description, and the tables against the oracle
// within the bounds measured in ulp_tables/mcu.md (sigmoid 1 LSB, tanh 3).
#include "refmath/mcu/activation_s16.h"

#include <stdint.h>

#include <cmath>

#include "gtest/gtest.h"
#include "src/conform/mcu_golden_digests.h"
#include "refmath/mcu/ideal_activation.h"
#include "src/mcu/sigmoid_table.h"

namespace refmath {
namespace mcu {
namespace {

constexpr ActivationS16 kSigmoid = ActivationS16::kSigmoid;
constexpr ActivationS16 kTanh = ActivationS16::kTanh;

TEST(McuActivationS16, PrepareByHand) {
  ActivationS16Params p = PrepareActivationS16(kSigmoid, 0x1p-12f);
  EXPECT_EQ(p.input_multiplier, 0);
  EXPECT_EQ(p.input_left_shift, 0);
  p = PrepareActivationS16(kTanh, 0x1p-11f);  // tanh accepts 12 + log2 = 1
  EXPECT_EQ(p.input_multiplier, 0);
  EXPECT_EQ(p.input_left_shift, 1);
  // sigmoid does not: 2^-11 * 12288 = 6, doubled 12 times to 24576.
  p = PrepareActivationS16(kSigmoid, 0x1p-11f);
  EXPECT_EQ(p.input_multiplier, 24576);
  EXPECT_EQ(p.input_left_shift, 12);
  // 0.001 * 12288 = 12.288; 11 doublings give 25165.8, truncated.
  p = PrepareActivationS16(kSigmoid, 0.001f);
  EXPECT_EQ(p.input_multiplier, 25165);
  EXPECT_EQ(p.input_left_shift, 11);
  p = PrepareActivationS16(kTanh, 0x1p-15f);  // 0.375 -> 24576, shift 16
  EXPECT_EQ(p.input_multiplier, 24576);
  EXPECT_EQ(p.input_left_shift, 16);
}

TEST(McuActivationS16, HandCheckedLookups) {
  const ActivationS16Params pot{0, 0};  // x * 3: 1.0 = 12288
  // sigmoid(0) = 0.5 -> 16384.
  EXPECT_EQ(EvalActivationS16(kSigmoid, pot, 0), 16384);
  // x = 512: xs = 1536, entry 3 (34813) exactly: (34813 * 512 + 512) >> 10
  // = 17407;  x = -512: (2^25 - 34813 * 512 + 511) >> 10 = 15361.
  EXPECT_EQ(EvalActivationS16(kSigmoid, pot, 512), 17407);
  EXPECT_EQ(EvalActivationS16(kSigmoid, pot, -512), 15361);
  // tanh(0) = 0;  x = 256: xs = 768, entry 3: (34813 * 256 - 2^23 + 128)
  // >> 8 = 2045;  x = -256 gives -2045 through the uint32 wraparound.
  EXPECT_EQ(EvalActivationS16(kTanh, pot, 0), 0);
  EXPECT_EQ(EvalActivationS16(kTanh, pot, 256), 2045);
  EXPECT_EQ(EvalActivationS16(kTanh, pot, -256), -2045);
  // Saturation (index >= 255): multiplier 3 << 1, x = 32767 and -32768.
  const ActivationS16Params wide{0, 1};
  EXPECT_EQ(EvalActivationS16(kSigmoid, wide, 32767), 32767);
  EXPECT_EQ(EvalActivationS16(kSigmoid, wide, -32768), 1);
  EXPECT_EQ(EvalActivationS16(kTanh, wide, 32767), 32767);
  EXPECT_EQ(EvalActivationS16(kTanh, wide, -32768), -32767);
}

TEST(McuActivationS16, TableIsTheNotesTable) {
  // Every entry is round(65536 sigmoid(i/24)) or one more; 44 are one
  // more, the last entry 65535 among them.
  const auto& t = SigmoidTableU16();
  int plus_one = 0;
  for (int i = 0; i < kSigmoidTableSize; ++i) {
    const double v = std::round(65536.0 / (1.0 + std::exp(-i / 24.0)));
    ASSERT_TRUE(t[i] == v || t[i] == v + 1) << i;
    plus_one += t[i] == v + 1;
  }
  EXPECT_EQ(plus_one, 44);
  EXPECT_EQ(t[kSigmoidTableSize - 1], 65535);
}

TEST(McuActivationS16, TablesWithinMeasuredBoundOfTheOracle) {
  for (const GoldenCase& c : GoldenCases()) {
    const std::string op = c.op;
    if (op != "sigmoid_s16" && op != "tanh_s16") continue;
    const ActivationS16 a = op == "sigmoid_s16" ? kSigmoid : kTanh;
    const float scale = strtof(c.scale, nullptr);
    const auto table = TableS16(a, PrepareActivationS16(a, scale));
    const TableError e = CompareS16(a, scale, table);
    EXPECT_LE(e.max_lsb, a == kSigmoid ? 1 : 3) << GoldenRowName(c);
    for (int i = 1; i < 65536; ++i) {
      ASSERT_LE(table[i - 1], table[i]) << GoldenRowName(c) << " at " << i - 32768;
    }
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
