// int8 convolution (TFLite Micro's reference integer conv) on cases worked
// out by hand: zero points, bias, double rounding, clamp, SAME padding with
// dilation, groups with per-channel shifts, int32 wraparound, bad input.
#include "refmath/mcu/conv.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalf = 1 << 30;  // 0.5 in Q31

WindowAxis Axis(int out_size, int stride = 1, int pad = 0, int dilation = 1) {
  WindowAxis a;
  a.out_size = out_size;
  a.stride = stride;
  a.pad = pad;
  a.dilation = dilation;
  return a;
}

ConvS8Params Params(int out_h, int out_w, Requant requant) {
  ConvS8Params p;
  p.height = Axis(out_h);
  p.width = Axis(out_w);
  p.requant = std::move(requant);
  return p;
}

// Input 1..9 with zero point -1 (offset +1) reads as 2..10:
//   2 3 4 / 5 6 7 / 8 9 10.  Filter [1 -1; 2 0], VALID, stride 1:
//   (0,0) 2 - 3 + 10 = 9, (0,1) 3 - 4 + 12 = 11, (1,0) 5 - 6 + 16 = 15,
//   (1,1) 6 - 7 + 18 = 17; + bias 4 -> 13 15 19 21; times 0.5 with the
//   doubling high multiply's halves-up rounding -> 7 8 10 11; + output
//   zero point -2 -> 5 6 8 9; act_max 8 -> 5 6 8 8.
TEST(McuConvS8, ZeroPointsBiasRoundingAndClamp) {
  const std::vector<int8_t> input = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::vector<int8_t> filter = {1, -1, 2, 0};
  ConvS8Params p = Params(2, 2, {{kHalf}, {0}});
  p.input_offset = 1;
  p.output_offset = -2;
  p.act_max = 8;
  std::vector<int8_t> out;
  ASSERT_TRUE(ConvS8(input, {1, 3, 3, 1}, filter, {1, 2, 2, 1}, {4}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{5, 6, 8, 8}));
  // A 1x1 conv of one value: acc * 0.5 / 2 rounds twice (high multiply, then
  // the divide by 2^1, ties away from zero): 1 -> 1 -> 1 where the exact
  // 0.25 is 0; -2 -> -1 -> -1 where -0.5 rounded once, halves up, is 0.
  {
    const ConvS8Params p = Params(1, 1, {{kHalf}, {-1}});
    std::vector<int8_t> out;
    ASSERT_TRUE(ConvS8({1}, {1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {}, p, &out));
    EXPECT_EQ(out, std::vector<int8_t>{1});
    ASSERT_TRUE(ConvS8({-2}, {1, 1, 1, 1}, {1}, {1, 1, 1, 1}, {}, p, &out));
    EXPECT_EQ(out, std::vector<int8_t>{-1});
  }
}

// Input 4x4 = 1..16 row-major, offset +1 (so 2..17), filter 2x2 of ones
// with dilation 2, SAME, stride 1: eff 3, total padding 2, pad 1.  Output
// (y, x) sums the in-image taps at rows {y-1, y+1} and columns {x-1, x+1};
// taps outside add nothing (not even the offset).  With r the rows and c
// the columns kept, the sum of (4r + c + 1) + 1 over them is
//   |C| A(y) + |R| B(x) + |R||C|,  A = 5 10 18 9, B = 1 2 4 2,
//   |R|, |C| = 1 2 2 1 (e.g. (0,0): only (1,1) = 6, + 1 = 7).
// Requantized by exactly 1 (2^30 with shift 1).
TEST(McuConvS8, SamePaddingWithDilationSkipsOutsideTaps) {
  std::vector<int8_t> input(16);
  for (int i = 0; i < 16; ++i) input[i] = static_cast<int8_t>(i + 1);
  ConvS8Params p = Params(0, 0, {{kHalf}, {1}});
  ASSERT_TRUE(PaddedAxis(Padding::kSame, 4, 2, 1, 2, &p.height));
  ASSERT_TRUE(PaddedAxis(Padding::kSame, 4, 2, 1, 2, &p.width));
  ASSERT_EQ(p.height.pad, 1);
  p.input_offset = 1;
  std::vector<int8_t> out;
  ASSERT_TRUE(ConvS8(input, {1, 4, 4, 1}, {1, 1, 1, 1}, {1, 2, 2, 1}, {}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{7, 14, 16, 8,      //
                                      14, 28, 32, 16,    //
                                      22, 44, 48, 24,    //
                                      11, 22, 24, 12}));
}

// Two input channels, filters of depth 1: groups = 2, two filters a group.
// Outputs 0, 1 read channel 0 and outputs 2, 3 channel 1.  Pixels (3, -4)
// and (5, 6), 1x1 weights 1 2 -1 3 give accumulators 3 6 4 -12 and
// 5 10 -6 18.  Per channel: x2 (2^30, shift 2), x0.25 (2^30, shift -1),
// x0.5 (2^30, 0), x0.75 (0.75 * 2^31, 0) with halves up:
//   6 | 6 -> 3 -> 1.5 -> 2 | 2 | floor(-9 + 0.5) = -9
//  10 | 10 -> 5 -> 2.5 -> 3 | floor(-2.5) = -3 | floor(13.5 + 0.5) = 14.
TEST(McuConvS8, GroupsPerChannelShiftsStrideAndBatch) {
  const std::vector<int8_t> input = {3, -4, 5, 6};
  const std::vector<int8_t> filter = {1, 2, -1, 3};
  const ConvS8Params p =
      Params(1, 2, {{kHalf, kHalf, kHalf, 1610612736}, {2, -1, 0, 0}});
  std::vector<int8_t> out;
  ASSERT_TRUE(ConvS8(input, {1, 1, 2, 2}, filter, {4, 1, 1, 1}, {}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{6, 2, 2, -9, 10, 3, -3, 14}));
  // Stride 2 and a batch of two: 1x4 rows, 1x2 filter [1, 1], VALID:
  // outputs at columns 0 and 2 of each batch: 1+2, 3+4 and -1-2, -3-4.
  {
    const std::vector<int8_t> input = {1, 2, 3, 4, -1, -2, -3, -4};
    ConvS8Params p = Params(1, 2, {{kHalf}, {1}});
    p.width.stride = 2;
    std::vector<int8_t> out;
    ASSERT_TRUE(ConvS8(input, {2, 1, 4, 1}, {1, 1}, {1, 1, 2, 1}, {}, p, &out));
    EXPECT_EQ(out, (std::vector<int8_t>{3, 7, -3, -7}));
  }
}

// x = 0 with input offset 2^30 and weights 4 and 2: the products 2^32 and
// 2^31 wrap to 0 and INT32_MIN in the int32 accumulator.  Times 0.5: 0
// and -2^30, clamped to -128.  Without the wraparound both would be 127.
TEST(McuConvS8, AccumulatorWrapsModulo2To32) {
  ConvS8Params p = Params(1, 1, {{kHalf}, {0}});
  p.input_offset = 1 << 30;
  std::vector<int8_t> out;
  ASSERT_TRUE(ConvS8({0}, {1, 1, 1, 1}, {4, 2}, {2, 1, 1, 1}, {}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{0, -128}));
}

// Input 5x5, filter 3x3, SAME, stride 2: out 3, total padding 2, pad 1.
// Scales 0.5 * 0.25 / 1 = 1/8 = (2^30, -2) and 0.5 * 0.5 = 1/4 =
// (2^30, -1); zero points -1 (offset 1) and 3; RELU6 at scale 1: [3, 9].
TEST(McuConvS8, PrepareFromTheLayerSpec) {
  ConvLayerSpec spec;
  spec.padding = Padding::kSame;
  spec.stride_h = spec.stride_w = 2;
  spec.input_scale = 0.5f;
  spec.input_zero_point = -1;
  spec.filter_scales = {0.25f, 0.5f};
  spec.output_scale = 1.0f;
  spec.output_zero_point = 3;
  spec.activation = FusedActivation::kRelu6;
  ConvS8Params p;
  ASSERT_TRUE(ConvS8Prepare({1, 5, 5, 1}, {2, 3, 3, 1}, spec, &p));
  EXPECT_EQ(p.height.out_size, 3);
  EXPECT_EQ(p.height.pad, 1);
  EXPECT_EQ(p.width.out_size, 3);
  EXPECT_EQ(p.width.stride, 2);
  EXPECT_EQ(p.input_offset, 1);
  EXPECT_EQ(p.output_offset, 3);
  EXPECT_EQ(p.requant.multiplier, (std::vector<int32_t>{kHalf, kHalf}));
  EXPECT_EQ(p.requant.shift, (std::vector<int32_t>{-2, -1}));
  EXPECT_EQ(p.act_min, 3);
  EXPECT_EQ(p.act_max, 9);
  // VALID with a dilated 3x3 (5 wide) on a 4x4 input has no output.
  spec.padding = Padding::kValid;
  spec.dilation_h = 2;
  ConvS8Params untouched;
  EXPECT_FALSE(ConvS8Prepare({1, 4, 4, 1}, {2, 3, 3, 1}, spec, &untouched));
  spec.dilation_h = 1;
  spec.filter_scales.clear();
  EXPECT_FALSE(ConvS8Prepare({1, 5, 5, 1}, {2, 3, 3, 1}, spec, &untouched));
  EXPECT_EQ(untouched.height.out_size, 0);
}

TEST(McuConvS8, RejectsBadInput) {
  const std::vector<int8_t> input(8, 1);  // [1, 2, 2, 2]
  const Shape4 in{1, 2, 2, 2};
  const std::vector<int8_t> filter(4, 1);  // [2, 1, 1, 2]
  const Shape4 f{2, 1, 1, 2};
  const ConvS8Params good = Params(2, 2, {{kHalf}, {0}});
  std::vector<int8_t> out = {42};
  ASSERT_TRUE(ConvS8(input, in, filter, f, {}, good, &out));
  out = {42};
  EXPECT_FALSE(ConvS8({1, 2, 3}, in, filter, f, {}, good, &out));      // size
  EXPECT_FALSE(ConvS8(input, in, filter, {2, 1, 1, 3}, {}, good, &out));  // size
  EXPECT_FALSE(ConvS8(input, in, {1, 1, 1}, {3, 1, 1, 1}, {}, good, &out));  // 3 outputs, 2 groups
  // filter depth 3 does not divide C_IN = 4
  EXPECT_FALSE(ConvS8(input, {1, 2, 1, 4}, {1, 1, 1}, {1, 1, 1, 3}, {}, good, &out));
  EXPECT_FALSE(ConvS8(input, in, filter, f, {1, 2, 3}, good, &out));   // bias
  EXPECT_FALSE(ConvS8(input, {1, 2, 2, 0}, filter, f, {}, good, &out));
  ConvS8Params p = good;
  p.height.stride = 0;
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  p = good;
  p.width.dilation = 0;
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  p = good;
  p.width.out_size = 0;
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  p = good;
  p.requant = {{kHalf, kHalf, kHalf}, {0}};
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  p = good;
  p.requant = {{kHalf}, {32}};
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  p = good;
  p.act_min = 5;
  p.act_max = 4;
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  p = good;
  p.act_max = 128;
  EXPECT_FALSE(ConvS8(input, in, filter, f, {}, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{42});
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
