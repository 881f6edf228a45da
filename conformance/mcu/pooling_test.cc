// int8 and int16 average and max pooling (TFLite Micro's reference pooling)
// on cases worked out by hand: windows clipped at the borders, the
// average's rounding of negative sums, the max from -128, clamps, errors.
#include "refmath/mcu/pooling.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/mcu/window.h"

namespace refmath {
namespace mcu {
namespace {

PoolS8Params Params(int filter_h, int filter_w, int out_h, int out_w,
                    int stride = 1, int pad = 0) {
  PoolS8Params p;
  p.filter_height = filter_h;
  p.filter_width = filter_w;
  p.height.out_size = out_h;
  p.width.out_size = out_w;
  p.height.stride = p.width.stride = stride;
  p.height.pad = p.width.pad = pad;
  return p;
}

// Input 2x3 = [-3 -2 5; -2 -1 2], 2x2 windows, SAME, stride 1 (pad 0, the
// extra row and column at the bottom / right), so windows are clipped:
//   (0,0) -3 -2 -2 -1 = -8, k 4: (-8 - 2) / 4 = -2
//   (0,1) -2 5 -1 2 = 4, k 4: (4 + 2) / 4 = 1
//   (0,2) 5 2 = 7, k 2: (7 + 1) / 2 = 4        (3.5 away from zero)
//   (1,0) -2 -1 = -3, k 2: (-3 - 1) / 2 = -2   (-1.5 away from zero)
//   (1,1) -1 2 = 1, k 2: (1 + 1) / 2 = 1       (0.5 away from zero)
//   (1,2) 2, k 1: 2
TEST(McuPoolingS8, AverageClippedWindowsAndNegativeRounding) {
  const std::vector<int8_t> input = {-3, -2, 5, -2, -1, 2};
  PoolS8Params p = Params(2, 2, 0, 0);
  ASSERT_TRUE(PaddedAxis(Padding::kSame, 2, 2, 1, 1, &p.height));
  ASSERT_TRUE(PaddedAxis(Padding::kSame, 3, 2, 1, 1, &p.width));
  std::vector<int8_t> out;
  ASSERT_TRUE(AveragePoolS8(input, {1, 2, 3, 1}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{-2, 1, 4, -2, 1, 2}));
  p.act_min = -1;  // clamp
  ASSERT_TRUE(AveragePoolS8(input, {1, 2, 3, 1}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{-1, 1, 4, -1, 1, 2}));
  // A zero sum is not positive: (0 - k/2) / k truncates to 0; -1 over k 2:
  // (-1 - 1) / 2 = -1 (-0.5 away from zero); -1 over k 3: (-1 - 1) / 3 = 0.
  {
    std::vector<int8_t> out;
    ASSERT_TRUE(AveragePoolS8({1, -1}, {1, 1, 2, 1}, Params(1, 2, 1, 1), &out));
    EXPECT_EQ(out, std::vector<int8_t>{0});
    ASSERT_TRUE(AveragePoolS8({0, -1}, {1, 1, 2, 1}, Params(1, 2, 1, 1), &out));
    EXPECT_EQ(out, std::vector<int8_t>{-1});
    ASSERT_TRUE(AveragePoolS8({0, -1, 0}, {1, 1, 3, 1}, Params(1, 3, 1, 1), &out));
    EXPECT_EQ(out, std::vector<int8_t>{0});
  }
}

// Input 3x3 = 1..9 with two channels (the second negated), 3x3 windows,
// stride 2, pad 1: every window keeps 4 taps.
//   average: (1 2 4 5) 12 / 4 = 3, (2 3 5 6) 4, (4 5 7 8) 6, (5 6 8 9) 7;
//            negated: -3 -4 -6 -7.
//   max:     5 6 8 9; negated: -1 -2 -4 -5.
TEST(McuPoolingS8, PaddedStridedAndEmptyWindows) {
  std::vector<int8_t> input;
  for (int i = 1; i <= 9; ++i) {
    input.push_back(static_cast<int8_t>(i));
    input.push_back(static_cast<int8_t>(-i));
  }
  const PoolS8Params p = Params(3, 3, 2, 2, 2, 1);
  std::vector<int8_t> out;
  ASSERT_TRUE(AveragePoolS8(input, {1, 3, 3, 2}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{3, -3, 4, -4, 6, -6, 7, -7}));
  ASSERT_TRUE(MaxPoolS8(input, {1, 3, 3, 2}, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{5, -1, 6, -2, 8, -4, 9, -5}));
  // One pixel 5 with pad 1 and three outputs a side: the window of (0,0)
  // holds only row -1 and column -1, outside the image.  Max pooling starts
  // from -128, so it gives -128 there (or act_min -100); (1,1) sees the 5.
  // The average of an empty window fails, as TFLite's kernel does.
  {
    const PoolS8Params p = Params(1, 1, 3, 3, 1, 1);
    std::vector<int8_t> out;
    ASSERT_TRUE(MaxPoolS8({5}, {1, 1, 1, 1}, p, &out));
    EXPECT_EQ(out, (std::vector<int8_t>{-128, -128, -128, -128, 5, -128, -128,
                                        -128, -128}));
    PoolS8Params clamped = p;
    clamped.act_min = -100;
    clamped.act_max = 4;
    ASSERT_TRUE(MaxPoolS8({5}, {1, 1, 1, 1}, clamped, &out));
    EXPECT_EQ(out, (std::vector<int8_t>{-100, -100, -100, -100, 4, -100, -100,
                                        -100, -100}));
    out = {42};
    EXPECT_FALSE(AveragePoolS8({5}, {1, 1, 1, 1}, p, &out));
    EXPECT_EQ(out, std::vector<int8_t>{42});
  }
}

// DS-CNN's final average pool: a 25x5 map, a 25x5 VALID window, out 1x1;
// RELU at scale 0.5, zero point -20: [-20, 127].  Then SAME, 3x3, stride
// 2 over 5x4: out 3x2, totals 2 and 1, pads 1 and 0.
TEST(McuPoolingS8, PrepareFromTheLayerSpec) {
  PoolS8Params p;
  ASSERT_TRUE(PoolS8Prepare({1, 25, 5, 64}, 25, 5, 1, 1, Padding::kValid,
                            FusedActivation::kRelu, 0.5f, -20, &p));
  EXPECT_EQ(p.height.out_size, 1);
  EXPECT_EQ(p.width.out_size, 1);
  EXPECT_EQ(p.filter_height, 25);
  EXPECT_EQ(p.act_min, -20);
  EXPECT_EQ(p.act_max, 127);
  ASSERT_TRUE(PoolS8Prepare({1, 5, 4, 1}, 3, 3, 2, 2, Padding::kSame,
                            FusedActivation::kNone, 1.0f, 0, &p));
  EXPECT_EQ(p.height.out_size, 3);
  EXPECT_EQ(p.height.pad, 1);
  EXPECT_EQ(p.width.out_size, 2);
  EXPECT_EQ(p.width.pad, 0);
  EXPECT_EQ(p.width.stride, 2);
  PoolS8Params untouched;
  EXPECT_FALSE(PoolS8Prepare({1, 5, 4, 1}, 6, 3, 1, 1, Padding::kValid,
                             FusedActivation::kNone, 1.0f, 0, &untouched));
  EXPECT_EQ(untouched.height.out_size, 0);
}

TEST(McuPoolingS8, RejectsBadInput) {
  const std::vector<int8_t> input(4, 1);
  const Shape4 in{1, 2, 2, 1};
  const PoolS8Params good = Params(2, 2, 1, 1);
  std::vector<int8_t> out = {42};
  ASSERT_TRUE(MaxPoolS8(input, in, good, &out));
  out = {42};
  EXPECT_FALSE(MaxPoolS8({1, 2, 3}, in, good, &out));
  EXPECT_FALSE(AveragePoolS8(input, {1, 2, 2, 2}, good, &out));
  PoolS8Params p = good;
  p.filter_width = 0;
  EXPECT_FALSE(AveragePoolS8(input, in, p, &out));
  p = good;
  p.height.dilation = 2;
  EXPECT_FALSE(MaxPoolS8(input, in, p, &out));
  p = good;
  p.width.stride = 0;
  EXPECT_FALSE(AveragePoolS8(input, in, p, &out));
  p = good;
  p.height.out_size = 0;
  EXPECT_FALSE(MaxPoolS8(input, in, p, &out));
  p = good;
  p.act_min = 3;
  p.act_max = 2;
  EXPECT_FALSE(AveragePoolS8(input, in, p, &out));
  p = good;
  p.act_max = 200;
  EXPECT_FALSE(MaxPoolS8(input, in, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{42});
}

// int16: [30000 30001 -32768], 1x2 windows, VALID: sums 60001 and -2767
// (beyond int16, held in int32), k 2: (60001 + 1) / 2 = 30001 and
// (-2767 - 1) / 2 = -1384.  Max over [-30000] with one column of padding
// on the left: the window of column -1 is empty and gives -32768.
TEST(McuPoolingS16, AverageMaxAndTheirRanges) {
  PoolS16Params p;
  p.filter_width = 2;
  p.height.out_size = 1;
  p.width.out_size = 2;
  std::vector<int16_t> out;
  ASSERT_TRUE(AveragePoolS16({30000, 30001, -32768}, {1, 1, 3, 1}, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{30001, -1384}));
  PoolS16Params q;
  q.height.out_size = 1;
  q.width.out_size = 2;
  q.width.pad = 1;
  ASSERT_TRUE(MaxPoolS16({-30000}, {1, 1, 1, 1}, q, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{-32768, -30000}));
  out = {42};
  EXPECT_FALSE(AveragePoolS16({-30000}, {1, 1, 1, 1}, q, &out));  // empty
  q.act_max = 32768;
  EXPECT_FALSE(MaxPoolS16({-30000}, {1, 1, 1, 1}, q, &out));
  EXPECT_EQ(out, std::vector<int16_t>{42});
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
