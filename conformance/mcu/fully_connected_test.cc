// Integer fully connected layers on hand-computed cases: zero points,
// bias, per-tensor and per-channel requantization, clamping, int64 bias.
#include "refmath/mcu/fully_connected.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalfQ31 = 1 << 30;  // 0.5

// input [1, 2, -3] with zero point -1 -> [2, 3, -2];
// row 0: [1, 0, 2] . [2, 3, -2] + 10 = 8;  row 1: [-1, 4, 1] -> 3 - 5 = 3.
const std::vector<int8_t> kInput = {1, 2, -3};
const std::vector<int8_t> kWeights = {1, 0, 2, -1, 4, 1};
const std::vector<int32_t> kBias = {10, -5};

TEST(McuFullyConnectedS8, ZeroPointsBiasAndClamp) {
  FcS8Params p;
  p.input_offset = 1;  // -(-1)
  p.output_offset = 5;
  p.act_max = 8;
  p.requant = {{kHalfQ31}, {0}};
  std::vector<int8_t> out;
  ASSERT_TRUE(FullyConnectedS8(kInput, kWeights, kBias, 1, 3, 2, p, &out));
  // 8 * 0.5 + 5 = 9 -> clamped to 8;  3 * 0.5 = 1.5 -> 2, + 5 = 7.
  EXPECT_EQ(out, (std::vector<int8_t>{8, 7}));
}

TEST(McuFullyConnectedS8, PerChannelRequantizationAndWeightOffset) {
  FcS8Params p;
  p.input_offset = 1;
  p.output_offset = 5;
  p.requant = {{kHalfQ31, kHalfQ31}, {1, -1}};
  std::vector<int8_t> out;
  ASSERT_TRUE(FullyConnectedS8(kInput, kWeights, kBias, 1, 3, 2, p, &out));
  // 8 * 2 * 0.5 = 8 -> 13;  3 * 0.5 / 2 = 0.75: 1.5 -> 2, then 1 -> 6.
  EXPECT_EQ(out, (std::vector<int8_t>{13, 6}));
  // A weight zero point of 1 (offset -1): rows become [0, -1, 1] and
  // [-2, 3, 0]: -5 + 10 = 5 and 5 - 5 = 0.
  p.filter_offset = -1;
  p.requant = {{kHalfQ31}, {1}};  // x 1
  ASSERT_TRUE(FullyConnectedS8(kInput, kWeights, kBias, 1, 3, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{10, 5}));
}

TEST(McuFullyConnectedS8, RowsAndShapeErrors) {
  FcS8Params p;
  p.requant = {{kHalfQ31}, {1}};
  std::vector<int8_t> out = {42};
  const std::vector<int8_t> two_rows = {1, 2, -3, 0, 0, 0};
  ASSERT_TRUE(FullyConnectedS8(two_rows, kWeights, {}, 2, 3, 2, p, &out));
  // No bias, no offsets: [1 - 6, -1 + 8 - 3] = [-5, 4]; zero input row -> 0.
  EXPECT_EQ(out, (std::vector<int8_t>{-5, 4, 0, 0}));
  out = {42};
  EXPECT_FALSE(FullyConnectedS8(kInput, kWeights, {1, 2, 3}, 1, 3, 2, p, &out));
  EXPECT_FALSE(FullyConnectedS8(kInput, kWeights, kBias, 1, 2, 2, p, &out));
  p.requant = {{kHalfQ31, kHalfQ31, kHalfQ31}, {1}};
  EXPECT_FALSE(FullyConnectedS8(kInput, kWeights, kBias, 1, 3, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{42}));
}

TEST(McuFullyConnectedS16, Int64BiasAndRequantizeS64) {
  FcS16Params p;
  p.requant = {{kHalfQ31}, {0}};
  std::vector<int16_t> out;
  // 1000 * 3 + (-2000) * (-1) + 500 = 5500 -> 2750.
  ASSERT_TRUE(FullyConnectedS16({1000, -2000}, {3, -1}, {500}, 1, 2, 1, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{2750}));
  // A bias beyond int32: (2^32 + 5000) * 0.5 / 2^14 = 131072.15 -> 32767.
  p.requant = {{kHalfQ31}, {-14}};
  ASSERT_TRUE(FullyConnectedS16({1000, -2000}, {3, -1}, {int64_t{1} << 32}, 1, 2,
                                1, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{32767}));
  // ... and its negative clamps to act_min.
  p.act_min = -1000;
  ASSERT_TRUE(FullyConnectedS16({1000, -2000}, {3, -1}, {-(int64_t{1} << 32)}, 1,
                                2, 1, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{-1000}));
}

// Where the two 64-bit requantizations part: bias 2^38, multiplier 2^16
// (reduced to 1), shift 7.  TFLite: (2^38 + 2^7) >> 8 = 2^30, clamped to
// 32767.  CMSIS-NN (the default): 2^38 >> 7 = 2^31 wraps in int32 to
// -2^31, (-2^31 + 1) >> 1 = -2^30, clamped to -32768.
TEST(McuFullyConnectedS16, TheTwoKernelsPartFromTwoToTheThirty) {
  FcS16Params p;
  p.requant = {{1 << 16}, {7}};
  std::vector<int16_t> out;
  const std::vector<int64_t> bias = {int64_t{1} << 38};
  ASSERT_TRUE(FullyConnectedS16({0}, {1}, bias, 1, 1, 1, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{-32768});
  p.kernel = Kernel::kNsCmsisNn;
  ASSERT_TRUE(FullyConnectedS16({0}, {1}, bias, 1, 1, 1, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{-32768});
  p.kernel = Kernel::kTflite;
  ASSERT_TRUE(FullyConnectedS16({0}, {1}, bias, 1, 1, 1, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{32767});
  // Each form's shift range: TFLite's takes up to 7, CMSIS-NN's up to 14.
  p.requant.shift = {8};
  out = {42};
  EXPECT_FALSE(FullyConnectedS16({0}, {1}, bias, 1, 1, 1, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>{42});
  p.kernel = Kernel::kCmsisNn;
  p.requant.shift = {14};
  EXPECT_TRUE(FullyConnectedS16({0}, {1}, {}, 1, 1, 1, p, &out));
  p.requant.shift = {15};
  EXPECT_FALSE(FullyConnectedS16({0}, {1}, {}, 1, 1, 1, p, &out));
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
