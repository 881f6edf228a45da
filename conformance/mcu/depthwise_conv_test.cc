// int8 depthwise convolution (TFLite Micro's reference integer depthwise
// conv) on cases worked out by hand: depth multiplier 2 with the channel
// order m + c * depth_multiplier, per-channel shifts, SAME padding with
// stride 2 and an input offset, bad input.
#include "refmath/mcu/depthwise_conv.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalf = 1 << 30;  // 0.5 in Q31

ConvS8Params Params(int out_h, int out_w, Requant requant) {
  ConvS8Params p;
  p.height.out_size = out_h;
  p.width.out_size = out_w;
  p.requant = std::move(requant);
  return p;
}

// Input 2x2, channel 0 = [1 2; 3 4], channel 1 = [-1 0; 2 5]; filter 2x2
// with 4 outputs; outputs 0, 1 read channel 0 and 2, 3 channel 1.
// Taps (0,0) (0,1) (1,0) (1,1) carry weights
//   o0: 1 1 1 1   -> 1 + 2 + 3 + 4 = 10
//   o1: 0 1 -1 2  -> 2 - 3 + 8 = 7
//   o2: 2 0 1 0   -> -2 + 2 = 0
//   o3: -1 1 0 3  -> 1 + 15 = 16
// + bias 1 0 -2 0 -> 11 7 -2 16; per channel x1 (2^30, 1), x0.25
// (2^30, -1: 7 -> 4 -> 2), x0.5 (-2 -> floor(-1/2) = -1), x8 (2^30, 3:
// 128); act_max 60 -> 11 2 -1 60.
TEST(McuDepthwiseConvS8, DepthMultiplierShiftsPaddingAndOffsets) {
  const std::vector<int8_t> input = {1, -1, 2, 0, 3, 2, 4, 5};  // NHWC
  const std::vector<int8_t> filter = {1, 0, 2, -1,   // tap (0,0)
                                      1, 1, 0, 1,    // tap (0,1)
                                      1, -1, 1, 0,   // tap (1,0)
                                      1, 2, 0, 3};   // tap (1,1)
  ConvS8Params p = Params(1, 1, {{kHalf}, {1, -1, 0, 3}});
  p.act_max = 60;
  std::vector<int8_t> out;
  ASSERT_TRUE(DepthwiseConvS8(input, {1, 2, 2, 2}, filter, {1, 2, 2, 4},
                              {1, 0, -2, 0}, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{11, 2, -1, 60}));
  // Input 3x3 = 1..9 with zero point 1 (offset -1), 3x3 filter of ones,
  // SAME, stride 2: out 2, total padding 2, pad 1.  In-image windows:
  //   (0,0) 1 2 4 5 = 12, (0,1) 2 3 5 6 = 16, (1,0) 4 5 7 8 = 24,
  //   (1,1) 5 6 8 9 = 28, each 4 taps, so -4 from the offset: 8 12 20 24;
  // x1, + output zero point -10: -2 2 10 14.
  {
    const std::vector<int8_t> input = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    const std::vector<int8_t> filter(9, 1);
    ConvS8Params p = Params(0, 0, {{kHalf}, {1}});
    ASSERT_TRUE(PaddedAxis(Padding::kSame, 3, 3, 2, 1, &p.height));
    ASSERT_TRUE(PaddedAxis(Padding::kSame, 3, 3, 2, 1, &p.width));
    p.input_offset = -1;
    p.output_offset = -10;
    std::vector<int8_t> out;
    ASSERT_TRUE(DepthwiseConvS8(input, {1, 3, 3, 1}, filter, {1, 3, 3, 1}, {},
                                1, p, &out));
    EXPECT_EQ(out, (std::vector<int8_t>{-2, 2, 10, 14}));
  }
}

TEST(McuDepthwiseConvS8, RejectsBadInput) {
  const std::vector<int8_t> input(4, 1);  // [1, 1, 2, 2]
  const Shape4 in{1, 1, 2, 2};
  const std::vector<int8_t> filter(4, 1);  // [1, 1, 1, 4]: multiplier 2
  const Shape4 f{1, 1, 1, 4};
  const ConvS8Params good = Params(1, 2, {{kHalf}, {0}});
  std::vector<int8_t> out = {42};
  ASSERT_TRUE(DepthwiseConvS8(input, in, filter, f, {}, 2, good, &out));
  out = {42};
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, f, {}, 0, good, &out));
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, f, {}, 3, good, &out));
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, {2, 1, 1, 2}, {}, 1, good, &out));
  EXPECT_FALSE(DepthwiseConvS8(input, in, {1, 1, 1}, {1, 1, 1, 3}, {}, 2, good, &out));
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, f, {1, 2}, 2, good, &out));
  EXPECT_FALSE(DepthwiseConvS8({1}, in, filter, f, {}, 2, good, &out));
  ConvS8Params p = good;
  p.requant = {{kHalf, kHalf}, {0}};
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, f, {}, 2, p, &out));
  p = good;
  p.height.pad = -1;
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, f, {}, 2, p, &out));
  p = good;
  p.act_min = -129;
  EXPECT_FALSE(DepthwiseConvS8(input, in, filter, f, {}, 2, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{42});
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
