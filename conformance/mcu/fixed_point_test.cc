// Requantization, checked on hand-computed cases: ties, negative values,
// the largest shifts and INT32_MIN.
#include "refmath/mcu/fixed_point.h"

#include <stdint.h>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalfQ31 = 1 << 30;  // 0.5 as a Q31 multiplier

TEST(McuFixedPoint, DoublingHighMulRoundsHalfUp) {
  EXPECT_EQ(DoublingHighMul(kHalfQ31, kHalfQ31), 1 << 29);  // 0.5 * 0.5
  // 2^15 * 2^15 / 2^31 = 0.5 -> 1;  -0.5 -> 0;  -1.5 -> -1.
  EXPECT_EQ(DoublingHighMul(1 << 15, 1 << 15), 1);
  EXPECT_EQ(DoublingHighMul(-(1 << 15), 1 << 15), 0);
  EXPECT_EQ(DoublingHighMul(-3 * (1 << 15), 1 << 15), -1);
  // gemmlowp's form agrees off INT32_MIN * INT32_MIN.
  EXPECT_EQ(SaturatingDoublingHighMul(-3 * (1 << 15), 1 << 15), -1);
  EXPECT_EQ(SaturatingDoublingHighMul(-(1 << 15), 1 << 15), 0);
}

TEST(McuFixedPoint, Int32MinProducts) {
  // 2^62 / 2^31 = 2^31 does not fit: CMSIS-NN's form wraps, gemmlowp's
  // saturates.
  EXPECT_EQ(DoublingHighMul(INT32_MIN, INT32_MIN), INT32_MIN);
  EXPECT_EQ(SaturatingDoublingHighMul(INT32_MIN, INT32_MIN), INT32_MAX);
  // -2^31 (2^31 - 1) / 2^31 = -2^31 + 1 exactly.
  EXPECT_EQ(DoublingHighMul(INT32_MIN, INT32_MAX), -2147483647);
  EXPECT_EQ(Requantize(INT32_MIN, INT32_MIN, 0), INT32_MIN);
  EXPECT_EQ(MultiplyByQuantizedMultiplier(INT32_MIN, INT32_MIN, 0), INT32_MAX);
  EXPECT_EQ(Requantize(INT32_MIN, kHalfQ31, -1), -(1 << 29));  // exact
}

TEST(McuFixedPoint, RoundingDivideByPotTiesAwayFromZero) {
  EXPECT_EQ(RoundingDivideByPot(5, 1), 3);     // 2.5
  EXPECT_EQ(RoundingDivideByPot(-5, 1), -3);   // -2.5
  EXPECT_EQ(RoundingDivideByPot(7, 2), 2);     // 1.75
  EXPECT_EQ(RoundingDivideByPot(-6, 2), -2);   // -1.5
  EXPECT_EQ(RoundingDivideByPot(-5, 2), -1);   // -1.25
  EXPECT_EQ(RoundingDivideByPot(-7, 2), -2);   // -1.75
  EXPECT_EQ(RoundingDivideByPot(123, 0), 123);
  EXPECT_EQ(RoundingDivideByPot(INT32_MIN, 31), -1);
  EXPECT_EQ(RoundingDivideByPot(INT32_MAX, 31), 1);  // 0.99999...
  EXPECT_EQ(RoundingDivideByPot(1 << 30, 31), 1);    // 0.5
  EXPECT_EQ(RoundingDivideByPot(-(1 << 30), 31), -1);
  EXPECT_EQ(RoundingDivideByPot((1 << 30) - 1, 31), 0);
}

TEST(McuFixedPoint, DoubleAndSingleRounding) {
  EXPECT_EQ(Requantize(100, kHalfQ31, 0), 50);
  // 1 * 0.5 / 2 = 0.25: the high multiply rounds 0.5 up to 1, the divide
  // rounds 0.5 away to 1; a single rounding gives 0.
  EXPECT_EQ(Requantize(1, kHalfQ31, -1), 1);
  EXPECT_EQ(RequantizeSingleRounding(1, kHalfQ31, -1), 0);
  // -0.25: 0 both ways; -0.75: -1 both ways.
  EXPECT_EQ(Requantize(-1, kHalfQ31, -1), 0);
  EXPECT_EQ(RequantizeSingleRounding(-1, kHalfQ31, -1), 0);
  EXPECT_EQ(Requantize(-3, kHalfQ31, -1), -1);
  EXPECT_EQ(RequantizeSingleRounding(-3, kHalfQ31, -1), -1);
  // Ties of the single rounding go up: 1.5 -> 2, -1.5 -> -1.
  EXPECT_EQ(RequantizeSingleRounding(3, kHalfQ31, 0), 2);
  EXPECT_EQ(RequantizeSingleRounding(-3, kHalfQ31, 0), -1);
  // ... where the default rounds -1.5 to -1 in the high multiply too.
  EXPECT_EQ(Requantize(-3, kHalfQ31, 0), -1);
}

TEST(McuFixedPoint, LargeShifts) {
  EXPECT_EQ(Requantize(1, kHalfQ31, 30), 1 << 29);
  // 1 << 31 wraps to INT32_MIN in the device's int32 multiply.
  EXPECT_EQ(Requantize(1, kHalfQ31, 31), -(1 << 30));
  // (2^31 - 1)^2 / 2^62 = 0.99999... -> 1.
  EXPECT_EQ(Requantize(INT32_MAX, INT32_MAX, -31), 1);
  EXPECT_EQ(Requantize(INT32_MIN, INT32_MAX, -31), -1);
  EXPECT_EQ(RequantizeSingleRounding(INT32_MAX, INT32_MAX, -31), 1);
  EXPECT_EQ(RequantizeSingleRounding(1, kHalfQ31, 30), 1 << 29);
}

TEST(McuFixedPoint, ReduceMultiplier) {
  EXPECT_EQ(ReduceMultiplier(kHalfQ31), 0x4000);
  EXPECT_EQ(ReduceMultiplier(0x40008000), 0x4001);  // tie rounds up
  EXPECT_EQ(ReduceMultiplier(0x40007FFF), 0x4000);
  EXPECT_EQ(ReduceMultiplier(0x7FFEFFFF), 0x7FFF);
  EXPECT_EQ(ReduceMultiplier(0x7FFF0000), 0x7FFF);
  EXPECT_EQ(ReduceMultiplier(INT32_MAX), 0x7FFF);
}

TEST(McuFixedPoint, RequantizeS64) {
  const int32_t half = ReduceMultiplier(kHalfQ31);  // 0.5 in Q15
  EXPECT_EQ(RequantizeS64(1000, half, 0), 500);
  EXPECT_EQ(RequantizeS64(3, half, -1), 1);    // 0.75
  EXPECT_EQ(RequantizeS64(1, half, 0), 1);     // 0.5 rounds up
  EXPECT_EQ(RequantizeS64(-1, half, 0), 0);    // -0.5 rounds up
  EXPECT_EQ(RequantizeS64(-3, half, 0), -1);   // -1.5 rounds up
  EXPECT_EQ(RequantizeS64(int64_t{1} << 40, half, -20), 1 << 19);
  // The shifted product is truncated to int32 before the last rounding:
  // 2^54 keeps no low bits.
  EXPECT_EQ(RequantizeS64(int64_t{1} << 40, half, 14), 0);
}

// TFLite's 64-bit multiply: (v * rm + 2^(t-1)) >> t with t = 15 - shift,
// rm = 0x4000 for a Q31 one half.
TEST(McuFixedPoint, MultiplyByQuantizedMultiplierS64) {
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(1000, kHalfQ31, 0), 500);
  // 3 * 0.5: (3 * 16384 + 16384) >> 15 = 2; -3 * 0.5: -32768 >> 15 = -1.
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(3, kHalfQ31, 0), 2);
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(-3, kHalfQ31, 0), -1);
  // -2 * 0.25 = -0.5: one rounding, halves up, gives 0 (the 32-bit
  // double-rounding form gives -1).
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(-2, kHalfQ31, -1), 0);
  EXPECT_EQ(MultiplyByQuantizedMultiplier(-2, kHalfQ31, -1), -1);
  // 0.5 * 2^7 = 64 at the largest shift.
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(300, kHalfQ31, 7), 19200);
  // m = 2^16 reduces to rm = 1; shift 7 gives t = 8.  v = 2^39 - 128:
  // (v + 128) >> 8 = 2^31, which truncates to INT32_MIN; RequantizeS64
  // truncates v >> 7 = 2^32 - 1 to -1 first, and (-1 + 1) >> 1 = 0.
  const int64_t v = (int64_t{1} << 39) - 128;
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(v, 1 << 16, 7), INT32_MIN);
  EXPECT_EQ(RequantizeS64(v, 1, 7), 0);
  // The two part from |result| = 2^30, inside int32: v = 2^38 gives
  // (2^38 + 2^7) >> 8 = 2^30 here; RequantizeS64's 2^38 >> 7 = 2^31 wraps
  // to -2^31 and (-2^31 + 1) >> 1 = -2^30.  Just below, 2^38 - 2^8, both
  // give 2^30 - 1.
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(int64_t{1} << 38, 1 << 16, 7), 1 << 30);
  EXPECT_EQ(RequantizeS64(int64_t{1} << 38, 1, 7), -(1 << 30));
  const int64_t below = (int64_t{1} << 38) - 256;
  EXPECT_EQ(MultiplyByQuantizedMultiplierS64(below, 1 << 16, 7), (1 << 30) - 1);
  EXPECT_EQ(RequantizeS64(below, 1, 7), (1 << 30) - 1);
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
