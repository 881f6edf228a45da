// The integer QUANTIZE (requantize) op of TFLite Micro on cases worked out
// by hand with power-of-two scales: the ratio, both roundings, the clamp
// of each output width, wraparound and refused parameters.
#include "refmath/mcu/requantize_op.h"

#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

constexpr int32_t kHalf = 1 << 30;  // 0.5 in Q31

// 0.5 -> 0.25: ratio 2 = (2^30, 2).  Zero points 1 and 5: 3 -> 2 * 2 + 5 =
// 9; 127 -> 252 + 5 = 257, clamped to 127 for int8, kept for int16.
// 0.25 -> 1: ratio 1/4 = (2^30, -1) (0.5 then a divide by 2): 6 -> 1.5 ->
// 2; -2 -> floor(-1/2) = -1 -> -0.5 -> -1 (away from zero).
TEST(McuRequantizeOp, RatiosRoundingAndWidths) {
  RequantizeOpParams p;
  ASSERT_TRUE(RequantizeOpPrepare(0.5f, 1, 0.25f, 5, &p));
  EXPECT_EQ(p.scale.multiplier, kHalf);
  EXPECT_EQ(p.scale.shift, 2);
  std::vector<int32_t> out;
  ASSERT_TRUE(RequantizeOp({3, 127}, p, 8, &out));
  EXPECT_EQ(out, (std::vector<int32_t>{9, 127}));
  ASSERT_TRUE(RequantizeOp({3, 127}, p, 16, &out));
  EXPECT_EQ(out, (std::vector<int32_t>{9, 257}));
  ASSERT_TRUE(RequantizeOpPrepare(0.25f, 0, 1.0f, 0, &p));
  EXPECT_EQ(p.scale.shift, -1);
  ASSERT_TRUE(RequantizeOp({6, -2}, p, 8, &out));
  EXPECT_EQ(out, (std::vector<int32_t>{2, -1}));
  // int16 clamp: 0.5 -> 2^-10 is x512; 100 * 512 = 51200 > 32767.
  ASSERT_TRUE(RequantizeOpPrepare(0.5f, 0, 0x1p-10f, 0, &p));
  ASSERT_TRUE(RequantizeOp({100, -100}, p, 16, &out));
  EXPECT_EQ(out, (std::vector<int32_t>{32767, -32768}));
  ASSERT_TRUE(RequantizeOp({100, -100}, p, 32, &out));
  EXPECT_EQ(out, (std::vector<int32_t>{51200, -51200}));
}

// int32 input INT32_MAX with zero point -1: x - zp wraps to INT32_MIN;
// ratio 1 = (2^30, 1): the left shift by 1 wraps again, to 0.
TEST(McuRequantizeOp, WrapsAndRefuses) {
  RequantizeOpParams p;
  ASSERT_TRUE(RequantizeOpPrepare(1.0f, -1, 1.0f, 0, &p));
  std::vector<int32_t> out = {42};
  ASSERT_TRUE(RequantizeOp({INT32_MAX}, p, 32, &out));
  EXPECT_EQ(out, std::vector<int32_t>{0});
  out = {42};
  EXPECT_FALSE(RequantizeOp({1}, p, 12, &out));
  p.scale.shift = 32;
  EXPECT_FALSE(RequantizeOp({1}, p, 8, &out));
  EXPECT_EQ(out, std::vector<int32_t>{42});
  // 2^40: shift 41.
  EXPECT_FALSE(RequantizeOpPrepare(0x1p20f, 0, 0x1p-20f, 0, &p));
  EXPECT_FALSE(RequantizeOpPrepare(1.0f, 0, 0.0f, 0, &p));
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
