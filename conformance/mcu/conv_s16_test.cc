// int16 (A16W8) conv and depthwise conv on cases worked out by hand: the
// int64 bias and its one-rounding 64-bit multiply, the int32 form with
// its two roundings and wraparound, groups, depth multiplier 2, errors.
#include "refmath/mcu/conv_s16.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalf = 1 << 30;  // 0.5 in Q31; reduced to 16 bits 2^14

ConvS16Params Params(int out_h, int out_w, Requant requant) {
  ConvS16Params p;
  p.height.out_size = out_h;
  p.width.out_size = out_w;
  p.requant = std::move(requant);
  return p;
}

const Shape4 kOne{1, 1, 1, 1};

// 2x2 input [1000 -2000; 3000 4000], filter [1 2; 3 -1], VALID:
// 1000 - 4000 + 9000 - 4000 = 2000, + bias 1 = 2001, times 0.5:
//   int64: (2001 * 2^14 + 2^14) >> 15 = 1001;
//   int32: floor((2001 + 1) / 2) = 1001.
TEST(McuConvS16, BothAccumulatorsAndAnInt64Bias) {
  const std::vector<int16_t> input = {1000, -2000, 3000, 4000};
  const std::vector<int8_t> filter = {1, 2, 3, -1};
  const ConvS16Params p = Params(1, 1, {{kHalf}, {0}});
  std::vector<int16_t> out;
  ASSERT_TRUE(ConvS16(input, {1, 2, 2, 1}, filter, {1, 2, 2, 1}, {1}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{1001});
  ASSERT_TRUE(ConvS16Acc32(input, {1, 2, 2, 1}, filter, {1, 2, 2, 1}, {1}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{1001});
  // Same layer, bias -2^33 + 2^20 (beyond int32), scale 2^-20 (0.5 with
  // shift -19, so t = 34): acc = -2^33 + 2^20 + 2000 and
  // floor(acc / 2^20 + 1/2) = floor(-8190.998 + 0.5) = -8191.
  {
    const std::vector<int16_t> input = {1000, -2000, 3000, 4000};
    const std::vector<int8_t> filter = {1, 2, 3, -1};
    const ConvS16Params p = Params(1, 1, {{kHalf}, {-19}});
    const int64_t bias = -(int64_t{1} << 33) + (int64_t{1} << 20);
    std::vector<int16_t> out;
    ASSERT_TRUE(ConvS16(input, {1, 2, 2, 1}, filter, {1, 2, 2, 1}, {bias}, p, &out));
    EXPECT_EQ(out, std::vector<int16_t>{-8191});
  }
}

// -2 times 0.25 is -0.5: the int64 form rounds once, halves up, to 0; the
// int32 form rounds the high multiply (floor(-1/2) = -1) and then divides
// by 2 with ties away from zero: -1.
TEST(McuConvS16, TiesAndWraparoundOfTheTwoForms) {
  const ConvS16Params p = Params(1, 1, {{kHalf}, {-1}});
  std::vector<int16_t> out;
  ASSERT_TRUE(ConvS16({-2}, kOne, {1}, kOne, {}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{0});
  ASSERT_TRUE(ConvS16Acc32({-2}, kOne, {1}, kOne, {}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{-1});
  // Input 1 with bias INT32_MAX: the int32 accumulator wraps to INT32_MIN,
  // times 0.5 is -2^30, clamped to -32768 (unwrapped it would be 32767).
  {
    const ConvS16Params p = Params(1, 1, {{kHalf}, {0}});
    std::vector<int16_t> out;
    ASSERT_TRUE(ConvS16Acc32({1}, kOne, {1}, kOne, {INT32_MAX}, p, &out));
    EXPECT_EQ(out, std::vector<int16_t>{-32768});
    ASSERT_TRUE(ConvS16({1}, kOne, {1}, kOne, {INT32_MAX}, p, &out));
    EXPECT_EQ(out, std::vector<int16_t>{32767});
  }
}

// Channels (300, -200), two groups of one 1x1 filter, weights 3 and 5:
// 900 and -1000, + bias 10 and 20, times exactly 1 (0.5 with shift 1):
// 910 and -980; act_min -500 -> 910, -500.
TEST(McuConvS16, GroupsAndClamp) {
  ConvS16Params p = Params(1, 1, {{kHalf}, {1}});
  p.act_min = -500;
  std::vector<int16_t> out;
  ASSERT_TRUE(ConvS16Acc32({300, -200}, {1, 1, 1, 2}, {3, 5}, {2, 1, 1, 1},
                           {10, 20}, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{910, -500}));
  ASSERT_TRUE(ConvS16({300, -200}, {1, 1, 1, 2}, {3, 5}, {2, 1, 1, 1},
                      {10, 20}, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{910, -500}));
}

// Pixels (300, -200) and (100, 50), a 1x2 filter, depth multiplier 2
// (outputs 0, 1 from channel 0; 2, 3 from channel 1), no bias:
//   o0: 300*1 + 100*-1 = 200    x1   (t 14): 200
//   o1: 300*2 + 100*0 = 600     x0.5 (t 15): 300
//   o2: -200*3 + 50*1 = -550    x0.25 (t 16): floor(-137.5 + 0.5) = -137
//   o3: -200*-1 + 50*2 = 300    x64  (t 8): 19200, act_max 19000.
TEST(McuDepthwiseConvS16, DepthMultiplierTwoWithoutBias) {
  const std::vector<int16_t> input = {300, -200, 100, 50};
  const std::vector<int8_t> filter = {1, 2, 3, -1,   // tap (0,0)
                                      -1, 0, 1, 2};  // tap (0,1)
  ConvS16Params p = Params(1, 1, {{kHalf}, {1, 0, -1, 7}});
  p.act_max = 19000;
  std::vector<int16_t> out;
  ASSERT_TRUE(DepthwiseConvS16(input, {1, 1, 2, 2}, filter, {1, 1, 2, 4}, {},
                               2, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{200, 300, -137, 19000}));
}

TEST(McuConvS16, RejectsBadInput) {
  const ConvS16Params good = Params(1, 1, {{kHalf}, {0}});
  std::vector<int16_t> out = {42};
  ConvS16Params p = good;
  p.requant.shift = {8};  // beyond the 64-bit multiply's range
  EXPECT_FALSE(ConvS16({1}, kOne, {1}, kOne, {}, p, &out));
  EXPECT_FALSE(DepthwiseConvS16({1}, kOne, {1}, kOne, {}, 1, p, &out));
  p.requant.shift = {32};
  EXPECT_FALSE(ConvS16Acc32({1}, kOne, {1}, kOne, {}, p, &out));
  p = good;
  p.act_max = 32768;
  EXPECT_FALSE(ConvS16Acc32({1}, kOne, {1}, kOne, {}, p, &out));
  EXPECT_FALSE(ConvS16({1}, kOne, {1}, kOne, {1, 2}, good, &out));
  EXPECT_FALSE(ConvS16({1, 2}, kOne, {1}, kOne, {}, good, &out));
  EXPECT_FALSE(DepthwiseConvS16({1}, kOne, {1, 1}, {1, 1, 1, 2}, {}, 1, good, &out));
  EXPECT_FALSE(DepthwiseConvS16({1}, kOne, {1}, kOne, {}, 0, good, &out));
  EXPECT_EQ(out, std::vector<int16_t>{42});
  // A shift of 8 is fine for the 32-bit form: 1 * 2^8 * 0.5 = 128.
  p = good;
  p.requant.shift = {8};
  ASSERT_TRUE(ConvS16Acc32({1}, kOne, {1}, kOne, {}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{128});
}

// CMSIS-NN's int16 conv and depthwise.  Bias 2^38, multiplier 2^16
// (reduced to 1), shift 7: TFLite's 64-bit multiply gives 2^30 (32767),
// RequantizeS64 wraps 2^31 in int32 (-32768), as in the fully connected.
TEST(McuConvS16, CmsisNnRequantizesByRequantizeS64) {
  ConvS16Params p = Params(1, 1, {{1 << 16}, {7}});
  const std::vector<int64_t> bias = {int64_t{1} << 38};
  std::vector<int16_t> out;
  ASSERT_TRUE(ConvS16({0}, kOne, {1}, kOne, bias, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{32767});
  ASSERT_TRUE(DepthwiseConvS16({0}, kOne, {1}, kOne, bias, 1, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{32767});
  for (Kernel k : {Kernel::kCmsisNn, Kernel::kNsCmsisNn}) {
    p.kernel = k;
    ASSERT_TRUE(ConvS16({0}, kOne, {1}, kOne, bias, p, &out));
    EXPECT_EQ(out, std::vector<int16_t>{-32768});
    ASSERT_TRUE(DepthwiseConvS16({0}, kOne, {1}, kOne, bias, 1, p, &out));
    EXPECT_EQ(out, std::vector<int16_t>{-32768});
  }
  // Shifts up to 14 (RequantizeS64's range): 1 * 2^14 * 0.5 = 8192.
  p.requant = {{kHalf}, {14}};
  ASSERT_TRUE(ConvS16({1}, kOne, {1}, kOne, {0}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{8192});
  p.requant.shift = {15};
  out = {42};
  EXPECT_FALSE(ConvS16({1}, kOne, {1}, kOne, {0}, p, &out));
  // No int32-bias form and no groups.
  p.requant.shift = {0};
  EXPECT_FALSE(ConvS16Acc32({1}, kOne, {1}, kOne, {}, p, &out));
  EXPECT_FALSE(ConvS16({300, -200}, {1, 1, 1, 2}, {3, 5}, {2, 1, 1, 1}, {0, 0}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{42});
}

// CMSIS-NN's MVE conv sums the first 512 im2col columns in int32: 512
// products (-32768) * (-128) = 2^22 make 2^31, which wraps to -2^31.
// Times 2^-16 (0.5, shift -15; reduced multiplier 2^14): TFLite's int64
// sum gives 2^15, clamped to 32767; CMSIS-NN's -2^15 = -32768.  With 511
// channels (sum 2^31 - 2^22, within int32) the two agree: 32704.
TEST(McuConvS16, CmsisNnSumsTheFirst512ColumnsInInt32) {
  for (int channels : {512, 511}) {
    const std::vector<int16_t> input(channels, -32768);
    const std::vector<int8_t> filter(channels, -128);
    const Shape4 in{1, 1, 1, channels};
    ConvS16Params p = Params(1, 1, {{kHalf}, {-15}});
    std::vector<int16_t> tflite, cmsis;
    ASSERT_TRUE(ConvS16(input, in, filter, in, {0}, p, &tflite));
    p.kernel = Kernel::kCmsisNn;
    ASSERT_TRUE(ConvS16(input, in, filter, in, {0}, p, &cmsis));
    EXPECT_EQ(tflite, std::vector<int16_t>{channels == 512 ? int16_t{32767} : int16_t{32704}});
    EXPECT_EQ(cmsis, std::vector<int16_t>{channels == 512 ? int16_t{-32768} : int16_t{32704}});
  }
  // Column 512 onwards goes to the int64 part: a 2x1 filter over 512
  // channels puts the second tap's products there; padded taps count as
  // columns, so with SAME padding the first tap out of the image still
  // fills columns 0..511 with zeros and the sum does not wrap.
  const std::vector<int16_t> input(2 * 512, -32768);
  const std::vector<int8_t> filter(2 * 512, -128);
  ConvS16Params p = Params(1, 1, {{kHalf}, {-16}});
  p.kernel = Kernel::kCmsisNn;
  std::vector<int16_t> out;
  // Both taps in the image: -2^31 + 2^31 = 0.
  ASSERT_TRUE(ConvS16(input, {1, 2, 1, 512}, filter, {1, 2, 1, 512}, {0}, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{0});
  // Output row 0 of a stride-1 SAME layer: tap 0 at row -1 is padding, tap
  // 1 reads row 0 into columns 512..1023 (int64): 2^31 * 2^-17 = 16384.
  p.height = {1, 1, 1, 2};  // stride 1, dilation 1, pad 1, out_size 2
  ASSERT_TRUE(ConvS16(input, {1, 2, 1, 512}, filter, {1, 2, 1, 512}, {0}, p, &out));
  EXPECT_EQ(out[0], 16384);
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
