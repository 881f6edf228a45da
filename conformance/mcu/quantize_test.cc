// QUANTIZE under both rounding rules and DEQUANTIZE, on hand-checked
// values; equality of floats is checked on their bit patterns.
#include "refmath/mcu/quantize.h"

#include <stdint.h>
#include <string.h>

#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "src/base/bits.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace mcu {
namespace {

uint32_t Bits(float f) { return refmath::FloatBits(f); }

float FromBits(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

constexpr QuantizeRule kTflm = QuantizeRule::kTflmDivide;
constexpr QuantizeRule kMve = QuantizeRule::kMveReciprocal;

TEST(McuQuantize, TiesUnderBothRules) {
  // x / 1 = 2.5, -2.5, 0.5, 3.5: away from zero vs to even.
  EXPECT_EQ(QuantizeS8(2.5f, 1.0f, 0, kTflm), 3);
  EXPECT_EQ(QuantizeS8(2.5f, 1.0f, 0, kMve), 2);
  EXPECT_EQ(QuantizeS8(-2.5f, 1.0f, 0, kTflm), -3);
  EXPECT_EQ(QuantizeS8(-2.5f, 1.0f, 0, kMve), -2);
  EXPECT_EQ(QuantizeS8(0.5f, 1.0f, 0, kTflm), 1);
  EXPECT_EQ(QuantizeS8(0.5f, 1.0f, 0, kMve), 0);
  EXPECT_EQ(QuantizeS8(3.5f, 1.0f, 0, kTflm), 4);
  EXPECT_EQ(QuantizeS8(3.5f, 1.0f, 0, kMve), 4);
  // 0.25 / 0.1f = 2.5 exactly after rounding; so is 0.25 * (1 / 0.1f).
  EXPECT_EQ(QuantizeS8(0.25f, 0.1f, 0, kTflm), 3);
  EXPECT_EQ(QuantizeS8(0.25f, 0.1f, 0, kMve), 2);
  // The zero point is added after rounding.
  EXPECT_EQ(QuantizeS8(2.5f, 1.0f, -10, kTflm), -7);
  EXPECT_EQ(QuantizeS8(2.5f, 1.0f, -10, kMve), -8);
}

TEST(McuQuantize, ReciprocalMovesNearTies) {
  // 1.55f (0x3FC66666) / 0.1f rounds to 15.499999 but 1.55f * (1 / 0.1f)
  // to 15.5, which then goes to the even 16.
  const float x = FromBits(0x3FC66666);
  EXPECT_EQ(QuantizeS8(x, 0.1f, 0, kTflm), 15);
  EXPECT_EQ(QuantizeS8(x, 0.1f, 0, kMve), 16);
  // 0x407CCCCC (3.9499998): 39.499996 against 39.5 -> 40.
  const float y = FromBits(0x407CCCCC);
  EXPECT_EQ(QuantizeS8(y, 0.1f, 0, kTflm), 39);
  EXPECT_EQ(QuantizeS8(y, 0.1f, 0, kMve), 40);
}

TEST(McuQuantize, ClampsAndSpecials) {
  for (QuantizeRule rule : {kTflm, kMve}) {
    EXPECT_EQ(QuantizeS8(1000.0f, 1.0f, 0, rule), 127);
    EXPECT_EQ(QuantizeS8(-1000.0f, 1.0f, 0, rule), -128);
    EXPECT_EQ(QuantizeS8(0.0f, 1.0f, -128, rule), -128);
    EXPECT_EQ(QuantizeS8(std::numeric_limits<float>::infinity(), 1.0f, 0, rule), 127);
    EXPECT_EQ(QuantizeS8(-std::numeric_limits<float>::infinity(), 1.0f, 5, rule), -128);
    EXPECT_EQ(QuantizeS8(std::nanf(""), 1.0f, 5, rule), 5);
    EXPECT_EQ(QuantizeS16(1e30f, 1e-3f, 0, rule), 32767);
    EXPECT_EQ(QuantizeS16(-2.5f, 1.0f, 100, rule), rule == kTflm ? 97 : 98);
  }
}

// DEQUANTIZE from float16 widens exactly: bits by hand.
TEST(McuDequantize, Float16IsWidenedExactly) {
  const std::vector<float> x = refmath::mcu::DequantizeF16(
      {0x3C00, 0x0001, 0x8000, 0x7BFF, 0xFC00, 0x7D00, 0x03FF});
  const uint32_t want[] = {0x3F800000u, 0x33800000u, 0x80000000u,
                           0x477FE000u, 0xFF800000u, 0x7FA00000u,
                           0x387FC000u};  // 1, 2^-24, -0, 65504, -inf, sNaN, max subnormal
  ASSERT_EQ(x.size(), sizeof(want) / sizeof(want[0]));
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(Bits(x[i]), want[i]) << i;
}

TEST(McuDequantize, OneRounding) {
  EXPECT_EQ(Bits(Dequantize(5, 0.5f, 3)), 0x3F800000u);     // 1.0
  EXPECT_EQ(Bits(Dequantize(-128, 0.5f, 127)), 0xC2FF0000u);  // -127.5
  EXPECT_EQ(Bits(Dequantize(3, 0.5f, 3)), 0x00000000u);     // +0
  // 3 * 0.1f = 0.30000001192... rounds to 0x3E99999A.
  EXPECT_EQ(Bits(Dequantize(3, 0.1f, 0)), 0x3E99999Au);
  // A subnormal result is kept by the reference, flushed by MVE f32.
  const float tiny = FromBits(0x00000100);
  EXPECT_EQ(Bits(Dequantize(2, tiny, 0)), 0x00000200u);
  EXPECT_EQ(Bits(Dequantize(2, tiny, 0, true)), 0x00000000u);
  EXPECT_EQ(Bits(Dequantize(-2, tiny, 0, true)), 0x80000000u);
  // A subnormal scale is an operand MVE f32 flushes first: 3 * 2796203 *
  // 2^-149 = 2^-126 + 2^-149 (0x00800001) is normal for the reference, +0
  // or -0 on MVE.
  const float subnormal_scale = FromBits(0x002AAAAB);
  EXPECT_EQ(Bits(Dequantize(3, subnormal_scale, 0)), 0x00800001u);
  EXPECT_EQ(Bits(Dequantize(3, subnormal_scale, 0, true)), 0x00000000u);
  EXPECT_EQ(Bits(Dequantize(-3, subnormal_scale, 0, true)), 0x80000000u);
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
