// Prepare-time quantization parameters against values worked out by hand
// from TFLite's rules (frexp, round half away from zero, renormalization
// at 2^31, flush below 2^-31, float32 products and bounds).
#include "refmath/mcu/quantize_params.h"

#include <stdint.h>

#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kQ30 = 1 << 30;  // 0.5 in Q31

QuantizedMultiplier Quantized(double real) {
  QuantizedMultiplier q;
  q.multiplier = -1;  // must be overwritten
  EXPECT_TRUE(QuantizeMultiplier(real, &q)) << real;
  return q;
}

void ExpectQ(double real, int32_t multiplier, int shift) {
  const QuantizedMultiplier q = Quantized(real);
  EXPECT_EQ(q.multiplier, multiplier) << real;
  EXPECT_EQ(q.shift, shift) << real;
}

TEST(McuQuantizeParams, OrdinaryValuesRoundHalfAway) {
  ExpectQ(1.0, kQ30, 1);             // frexp: 0.5 * 2^1
  ExpectQ(0.5, kQ30, 0);
  ExpectQ(16.0, kQ30, 5);            // a positive (left) shift
  ExpectQ(0.75, 1610612736, 0);      // 0.75 * 2^31 exactly
  ExpectQ(-0.75, -1610612736, 0);
  ExpectQ(0.1, 1717986918, -3);      // 0.8 * 2^31 = 1717986918.4
  ExpectQ(0.0, 0, 0);
  {
    // 0.5 + 2^-32 -> 2^30 + 0.5 in Q31: away from zero gives 2^30 + 1 where
    // ties-to-even would keep 2^30.
    ExpectQ(0.5 + std::ldexp(1.0, -32), kQ30 + 1, 0);
    ExpectQ(-(0.5 + std::ldexp(1.0, -32)), -(kQ30 + 1), 0);
  }
}

TEST(McuQuantizeParams, RenormalizeFlushAndRefuse) {
  // 1 - 2^-33: fraction * 2^31 = 2^31 - 1/4 rounds to 2^31 -> (2^30, 1).
  ExpectQ(1.0 - std::ldexp(1.0, -33), kQ30, 1);
  // 1 - 2^-32: 2^31 - 1/2, a tie, away from zero -> 2^31 -> (2^30, 1).
  ExpectQ(1.0 - std::ldexp(1.0, -32), kQ30, 1);
  // 1 - 2^-31: exactly 2^31 - 1, the largest multiplier.
  ExpectQ(1.0 - std::ldexp(1.0, -31), INT32_MAX, 0);
  // Negative reals (no scale is negative, but the rule is defined): -1 is
  // -0.5 * 2^1; just above -1 the fraction rounds to -2^31, which fits
  // int32, and TFLite renormalizes only +2^31: (INT32_MIN, 0).
  ExpectQ(-1.0, -kQ30, 1);
  ExpectQ(-(1.0 - std::ldexp(1.0, -33)), INT32_MIN, 0);
  {
    ExpectQ(std::ldexp(1.0, -32), kQ30, -31);  // 0.5 * 2^-31: the last kept
    ExpectQ(std::ldexp(1.0, -33), 0, 0);       // shift -32: flushed
    // Just below 2^-32 the shift is -32, but the fraction rounds to 2^31 and
    // renormalizes to shift -31 before the flush test: kept.
    ExpectQ(std::ldexp(1.0 - std::ldexp(1.0, -40), -32), kQ30, -31);
    ExpectQ(std::numeric_limits<double>::denorm_min(), 0, 0);
  }
  {
    QuantizedMultiplier q{7, 7};
    EXPECT_FALSE(QuantizeMultiplier(std::nan(""), &q));
    EXPECT_FALSE(QuantizeMultiplier(HUGE_VAL, &q));
    EXPECT_FALSE(QuantizeMultiplier(-HUGE_VAL, &q));
    EXPECT_EQ(q.multiplier, 7);
    EXPECT_EQ(q.shift, 7);
  }
}

TEST(McuQuantizeParams, SmallerThanOneExp) {
  QuantizedMultiplier q;
  ASSERT_TRUE(QuantizeMultiplierSmallerThanOneExp(0.75, &q));
  EXPECT_EQ(q.multiplier, 1610612736);
  EXPECT_EQ(q.shift, 0);
  ASSERT_TRUE(QuantizeMultiplierSmallerThanOneExp(0.1, &q));
  EXPECT_EQ(q.multiplier, 1717986918);
  EXPECT_EQ(q.shift, -3);
  EXPECT_FALSE(QuantizeMultiplierSmallerThanOneExp(1.0, &q));
  EXPECT_FALSE(QuantizeMultiplierSmallerThanOneExp(0.0, &q));
  EXPECT_FALSE(QuantizeMultiplierSmallerThanOneExp(-0.5, &q));
  // Below 1, but it quantizes to (2^30, 1): a positive shift is refused.
  EXPECT_FALSE(QuantizeMultiplierSmallerThanOneExp(1.0 - std::ldexp(1.0, -33), &q));
}

TEST(McuQuantizeParams, ConvInDoubleFullyConnectedInFloat) {
  // 0.5 * {0.25, 2^-40, 8} / 1 = {2^-3, 2^-41, 4}: shifts -2, flushed, 3.
  Requant r;
  ASSERT_TRUE(ConvRequant(0.5f, {0.25f, 0x1p-40f, 8.0f}, 1.0f, &r));
  EXPECT_EQ(r.multiplier, (std::vector<int32_t>{kQ30, 0, kQ30}));
  EXPECT_EQ(r.shift, (std::vector<int32_t>{-2, 0, 3}));
  EXPECT_FALSE(ConvRequant(0.5f, {}, 1.0f, &r));
  EXPECT_FALSE(ConvRequant(0.5f, {1.0f}, 0.0f, &r));  // infinite ratio
  // s = 1 + 2^-12: s * s = 1 + 2^-11 + 2^-24.  In double that is exact;
  // in float32 the 2^-24 is a tie at the last place and rounds to even,
  // leaving 1 + 2^-11.  Over an output scale of 1 the fraction is half of
  // that: double gives 2^30 + 2^19 + 2^6 = 1074266176, float32 gives
  // 2^30 + 2^19 = 1074266112, both with shift 1.
  {
    const float s = 1.0f + 0x1p-12f;
    Requant fc, conv;
    ASSERT_TRUE(FullyConnectedRequant(s, s, 1.0f, &fc));
    ASSERT_TRUE(ConvRequant(s, {s}, 1.0f, &conv));
    EXPECT_EQ(fc.multiplier, std::vector<int32_t>{1074266112});
    EXPECT_EQ(fc.shift, std::vector<int32_t>{1});
    EXPECT_EQ(conv.multiplier, std::vector<int32_t>{1074266176});
    EXPECT_EQ(conv.shift, std::vector<int32_t>{1});
    EXPECT_FALSE(FullyConnectedRequant(-1.0f, 1.0f, 1.0f, &fc));
  }
}

TEST(McuQuantizeParams, ActivationRanges) {
  int32_t lo = 0, hi = 0;
  ASSERT_TRUE(ActivationRange(FusedActivation::kNone, 0.1f, -128, -128, 127, &lo, &hi));
  EXPECT_EQ(lo, -128);
  EXPECT_EQ(hi, 127);
  // RELU: round(0 / 0.1) = 0 -> zero point 5.
  ASSERT_TRUE(ActivationRange(FusedActivation::kRelu, 0.1f, 5, -128, 127, &lo, &hi));
  EXPECT_EQ(lo, 5);
  EXPECT_EQ(hi, 127);
  // RELU_N1_TO_1 at scale 1/128, zero point 10: -128 + 10 and 128 + 10,
  // the upper one cut back to the type's 127.
  ASSERT_TRUE(ActivationRange(FusedActivation::kReluN1To1, 0x1p-7f, 10, -128, 127, &lo, &hi));
  EXPECT_EQ(lo, -118);
  EXPECT_EQ(hi, 127);
  // RELU6 at scale 2.4f (= 2.4000000953674316): 6 / scale = 2.49999990066
  // in double, but the float32 quotient rounds to 2.5f (half an ulp there
  // is 1.19e-7), and round(2.5f) = 3.  A double computation would give 2.
  ASSERT_TRUE(ActivationRange(FusedActivation::kRelu6, 2.4f, 0, -128, 127, &lo, &hi));
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 3);
  // int16 type range, RELU6 at scale 2^-12: bound 6 / 2^-12 = 24576.
  ASSERT_TRUE(ActivationRange(FusedActivation::kRelu6, 0x1p-12f, 0, -32768, 32767, &lo, &hi));
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 24576);
  {
    int32_t lo = 1, hi = 2;
    // 6 / 2^-40 = 6 * 2^40: beyond int32.
    EXPECT_FALSE(ActivationRange(FusedActivation::kRelu6, 0x1p-40f, 0, -128, 127, &lo, &hi));
    // 6 / 2^-28 = 1.5 * 2^30 fits, but + zero point 2^30 does not.
    EXPECT_FALSE(ActivationRange(FusedActivation::kRelu6, 0x1p-28f, 1 << 30, -128, 127, &lo, &hi));
    EXPECT_EQ(lo, 1);
    EXPECT_EQ(hi, 2);
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
