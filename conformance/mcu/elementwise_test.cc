// int8 ADD and MUL (TFLite Micro's reference integer add and mul) and
// their Prepare-time parameters, on cases worked out by hand with scales
// that are powers of two, so every ratio is exact.
#include "refmath/mcu/elementwise.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalf = 1 << 30;  // 0.5 in Q31

// Scales 1/16, 1/16 -> 1/8: twice_max = 1/8, input ratios 1/2 = (2^30, 0),
// output 1/8 / (2^20 / 8) = 2^-20 = (2^30, -19).  With zero points 10, 0
// and -5: x = 13, y = 4 are 3 and 4, i.e. 7/16 = 3.5 output units:
// 3 * 2^20 * 0.5 + 4 * 2^20 * 0.5 = 7 * 2^19, * 0.5 = 7 * 2^18, / 2^19 =
// 3.5 -> 4 (ties away from zero), - 5 = -1; x = 7, y = -4 are -3 and -4:
// -4 - 5 = -9.
TEST(McuElementwiseS8, AddPrepareAndTies) {
  AddS8Params p;
  ASSERT_TRUE(AddS8Prepare(0.0625f, 10, 0.0625f, 0, 0.125f, -5, &p));
  EXPECT_EQ(p.input1.multiplier, kHalf);
  EXPECT_EQ(p.input1.shift, 0);
  EXPECT_EQ(p.input2.multiplier, kHalf);
  EXPECT_EQ(p.output.multiplier, kHalf);
  EXPECT_EQ(p.output.shift, -19);
  EXPECT_EQ(p.input1_offset, -10);
  EXPECT_EQ(p.output_offset, -5);
  EXPECT_EQ(p.left_shift, 20);
  std::vector<int8_t> out;
  ASSERT_TRUE(AddS8({13, 7}, {4, -4}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{-1, -9}));
  // Scales 0.5, 0.25 -> 1: twice_max 1, ratios 0.5 (2^30, 0) and 0.25
  // (2^30, -1), output 2^-20.  5 * 0.5 + 3 * 0.25 = 3.25 -> 3;
  // 127 * 0.5 + 127 * 0.25 = 95.25 -> 95; act_max 90 clamps it.
  ASSERT_TRUE(AddS8Prepare(0.5f, 0, 0.25f, 0, 1.0f, 0, &p));
  EXPECT_EQ(p.input2.shift, -1);
  ASSERT_TRUE(AddS8({5, 127}, {3, 127}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{3, 95}));
  p.act_max = 90;
  ASSERT_TRUE(AddS8({5, 127}, {3, 127}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{3, 90}));
  // Scales 1, 1 -> 2^-21: output ratio 2 / (2^20 2^-21) = 4, not below 1.
  AddS8Params untouched;
  EXPECT_FALSE(AddS8Prepare(1.0f, 0, 1.0f, 0, 0x1p-21f, 0, &untouched));
  EXPECT_EQ(untouched.output.multiplier, 0);
}

// Scales 0.5, 0.25 -> 0.125: ratio 1 = (2^30, 1); 3 * 5 = 15.  Output
// scale 1: ratio 1/8 = (2^30, -2): 15 / 8 = 1.875 -> 8 -> 2; -15 ->
// floor(-7) -> -1.75 -> -2.  Output scale 0.5: ratio 1/4: -1 * 2 = -2 ->
// floor(-1/2) = -1 -> -0.5 -> -1, where the exact -0.5 rounded once,
// halves up, would be 0.
TEST(McuElementwiseS8, MulPrepareAndRounding) {
  MulS8Params p;
  ASSERT_TRUE(MulS8Prepare(0.5f, 0, 0.25f, 0, 0.125f, 0, &p));
  EXPECT_EQ(p.output.multiplier, kHalf);
  EXPECT_EQ(p.output.shift, 1);
  std::vector<int8_t> out;
  ASSERT_TRUE(MulS8({3}, {5}, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{15});
  ASSERT_TRUE(MulS8Prepare(0.5f, 0, 0.25f, 0, 1.0f, 0, &p));
  EXPECT_EQ(p.output.shift, -2);
  ASSERT_TRUE(MulS8({3, -3}, {5, 5}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{2, -2}));
  ASSERT_TRUE(MulS8Prepare(0.5f, 0, 0.25f, 0, 0.5f, 0, &p));
  ASSERT_TRUE(MulS8({-1}, {2}, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{-1});
  // Zero points 1 and -2, output zero point 3, ratio 1/4: (5 - 1) * (2 + 2)
  // = 16 -> 4, + 3 = 7.
  ASSERT_TRUE(MulS8Prepare(0.5f, 1, 0.25f, -2, 0.5f, 3, &p));
  ASSERT_TRUE(MulS8({5}, {2}, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{7});
}

// Input offsets 2^16: the product 2^32 wraps to 0 in int32, so the output
// is the output offset, 0 (unwrapped, 2^32 * 0.5 would clamp to 127).
TEST(McuElementwiseS8, WrapsAndRefuses) {
  MulS8Params p;
  p.input1_offset = p.input2_offset = 1 << 16;
  p.output = {kHalf, 0};
  std::vector<int8_t> out = {42};
  ASSERT_TRUE(MulS8({0}, {0}, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{0});
  out = {42};
  EXPECT_FALSE(MulS8({0, 1}, {0}, p, &out));
  p.act_min = -129;
  EXPECT_FALSE(MulS8({0}, {0}, p, &out));
  AddS8Params a;
  a.input1 = a.input2 = a.output = {kHalf, 0};
  a.output.shift = 1;  // ADD's multipliers only shift right
  EXPECT_FALSE(AddS8({0}, {0}, a, &out));
  a.output.shift = 0;
  a.left_shift = 32;
  EXPECT_FALSE(AddS8({0}, {0}, a, &out));
  EXPECT_EQ(out, std::vector<int8_t>{42});
}

// ns-cmsis-nn's MVE loop.  Ratio 2 (0.5 with shift 2): (-128) * (-128) =
// 16384 requantizes to 32768.  The reference adds the output zero point 1
// in int32: 32769, clamped to 127.  The MVE loop saturates 32768 to 32767
// in int16 and adds 1 there: -32768, clamped to -128; it covers the first
// 8 floor(9 / 8) = 8 elements, the ninth is the reference's.  Negative:
// (-128) * 127 = -16256 times 4 (shift 3) is -65024, saturated to -32768,
// with zero point -1 wraps to 32767: 127 where the reference gives -128.
TEST(McuElementwiseS8, NsCmsisNnMveMulWrapsInSixteenBits) {
  MulS8Params p;
  p.output = {kHalf, 2};
  p.output_offset = 1;
  const std::vector<int8_t> a(9, -128);
  std::vector<int8_t> out;
  for (Kernel k : {Kernel::kTflite, Kernel::kCmsisNn}) {
    p.kernel = k;
    ASSERT_TRUE(MulS8(a, a, p, &out));
    EXPECT_EQ(out, std::vector<int8_t>(9, 127));
  }
  p.kernel = Kernel::kNsCmsisNn;
  ASSERT_TRUE(MulS8(a, a, p, &out));
  std::vector<int8_t> ns(8, -128);
  ns.push_back(127);
  EXPECT_EQ(out, ns);
  // Seven elements: no MVE iteration, the reference's bits.
  const std::vector<int8_t> seven(7, -128);
  ASSERT_TRUE(MulS8(seven, seven, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>(7, 127));
  p.output = {kHalf, 3};
  p.output_offset = -1;
  const std::vector<int8_t> b(8, 127);
  ASSERT_TRUE(MulS8(std::vector<int8_t>(8, -128), b, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>(8, 127));
  p.kernel = Kernel::kTflite;
  ASSERT_TRUE(MulS8(std::vector<int8_t>(8, -128), b, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>(8, -128));
  // In range the loops agree: 3 * 5 = 15 times 4 = 60, - 1 = 59.
  for (Kernel k : {Kernel::kTflite, Kernel::kNsCmsisNn}) {
    p.kernel = k;
    ASSERT_TRUE(MulS8(std::vector<int8_t>(8, 3), std::vector<int8_t>(8, 5), p, &out));
    EXPECT_EQ(out, std::vector<int8_t>(8, 59));
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
