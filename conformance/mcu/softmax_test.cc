// int8 SOFTMAX (TFLite Micro's reference int8 -> int8 path) and its
// Prepare-time parameters.  Parameters are worked out by hand (powers of
// two and 0.1f, whose product with 2^26 is exact); outputs are the real
// softmax times 256, minus 128, on cases whose real value lies at least
// 0.0009 from a rounding boundary, far beyond the fixed-point error
// (below 1e-6 of the output's unit), and on rows of equal inputs, where
// every exp is exactly one.
#include "refmath/mcu/softmax.h"

#include <stdint.h>

#include <cmath>
#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

SoftmaxS8Params Prepared(float beta, float scale) {
  SoftmaxS8Params p;
  EXPECT_TRUE(SoftmaxS8Prepare(beta, scale, &p)) << beta << " " << scale;
  return p;
}

TEST(McuSoftmaxS8, Prepare) {
  // scale 1/16: 2^-4 * 2^26 = 2^22 -> (2^30, 23); diff_min
  // -floor(31 * 2^26 / 2^23) = -248.
  SoftmaxS8Params p = Prepared(1.0f, 0.0625f);
  EXPECT_EQ(p.input_multiplier, 1 << 30);
  EXPECT_EQ(p.input_left_shift, 23);
  EXPECT_EQ(p.diff_min, -248);
  // scale 0.1f = 13421773 * 2^-27: times 2^26 is 6710886.5 exactly, which
  // is 0.800000011920929 * 2^23: multiplier 6710886.5 * 2^8 = 1717986944.
  p = Prepared(1.0f, 0.1f);
  EXPECT_EQ(p.input_multiplier, 1717986944);
  EXPECT_EQ(p.input_left_shift, 23);
  EXPECT_EQ(p.diff_min, -248);
  // scale 1: 2^26 -> (2^30, 27); diff_min -floor(15.5) = -15.
  p = Prepared(1.0f, 1.0f);
  EXPECT_EQ(p.input_left_shift, 27);
  EXPECT_EQ(p.diff_min, -15);
  // scale 2^10: 2^36 is capped at 2^31 - 1 = (2^31 - 1) * 2^31 / 2^31:
  // (INT32_MAX, 31), diff_min -floor(31 / 32) = 0.
  p = Prepared(1.0f, 1024.0f);
  EXPECT_EQ(p.input_multiplier, INT32_MAX);
  EXPECT_EQ(p.input_left_shift, 31);
  EXPECT_EQ(p.diff_min, 0);
  // 2^-30 * 2^26 = 1/16 and 2^-26 * 2^26 = 1 are not above 1: refused.
  SoftmaxS8Params untouched;
  untouched.diff_min = -7;
  EXPECT_FALSE(SoftmaxS8Prepare(1.0f, 0x1p-30f, &untouched));
  EXPECT_FALSE(SoftmaxS8Prepare(1.0f, 0x1p-26f, &untouched));
  EXPECT_FALSE(SoftmaxS8Prepare(1.0f, std::nanf(""), &untouched));
  EXPECT_EQ(untouched.diff_min, -7);
}

// Equal inputs: each exp is one, so each output is 256 / n - 128:
// n = 2 -> 0, n = 3 -> 85.33 -> -43, n = 4 -> -64, n = 511 -> 0.501 -> -127.
// A row of 512 reaches a sum of 512: the output exponent would be 32, and
// TFLite's check fails.
TEST(McuSoftmaxS8, EqualInputs) {
  const SoftmaxS8Params p = Prepared(1.0f, 0.0625f);
  std::vector<int8_t> out;
  ASSERT_TRUE(SoftmaxS8({7, 7, -3, -3}, 2, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{0, 0, 0, 0}));
  ASSERT_TRUE(SoftmaxS8({5, 5, 5}, 1, 3, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{-43, -43, -43}));
  ASSERT_TRUE(SoftmaxS8({-128, -128, -128, -128}, 1, 4, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{-64, -64, -64, -64}));
  ASSERT_TRUE(SoftmaxS8(std::vector<int8_t>(511, 1), 1, 511, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>(511, -127));
  out = {42};
  EXPECT_FALSE(SoftmaxS8(std::vector<int8_t>(512, 1), 1, 512, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{42});
}

// Scale 1/16: [0, -16] is [0, -1] in real terms: 1 / (1 + e^-1) = 0.7311
// -> 187.16 -> 187 - 128 = 59; e^-1 / (1 + e^-1) = 0.2689 -> 68.84 -> 69
// - 128 = -59.  [0, -128] is [0, -8]: 256 / (1 + e^-8) = 255.91 -> 256,
// -128 -> 128, clamped to 127; 256 e^-8 / (1 + e^-8) = 0.086 -> -128.
// At scale 2^10 (diff_min 0) only the maximum counts: [1, 0] and [2, 0]
// give 127, -128.  (Were the difference -2 rescaled anyway, -2 * 2^31
// would wrap to 0 and count as a second exp(0), halving the maximum.)
TEST(McuSoftmaxS8, Rows) {
  const SoftmaxS8Params p = Prepared(1.0f, 0.0625f);
  std::vector<int8_t> out;
  ASSERT_TRUE(SoftmaxS8({0, -16, 0, -128}, 2, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int8_t>{59, -59, 127, -128}));
  ASSERT_TRUE(SoftmaxS8({1, 0, 2, 0}, 2, 2, Prepared(1.0f, 1024.0f), &out));
  EXPECT_EQ(out, (std::vector<int8_t>{127, -128, 127, -128}));
}

// int16 output, 65536 times the softmax, minus 32768: equal rows of 2, 3,
// 4 and 512 (accepted here) give 0, 21845.33 -> -10923, -16384 and
// 128 -> -32640; [0, -16] at scale 1/16 gives 47910.65 -> 15143 and
// 17625.35 -> -15143.
TEST(McuSoftmaxS8, Int16Output) {
  const SoftmaxS8Params p = Prepared(1.0f, 0.0625f);
  std::vector<int16_t> out;
  ASSERT_TRUE(SoftmaxS8ToS16({7, 7}, 1, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{0, 0}));
  ASSERT_TRUE(SoftmaxS8ToS16({5, 5, 5}, 1, 3, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{-10923, -10923, -10923}));
  ASSERT_TRUE(SoftmaxS8ToS16({1, 1, 1, 1}, 1, 4, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>(4, -16384));
  ASSERT_TRUE(SoftmaxS8ToS16(std::vector<int8_t>(512, 1), 1, 512, p, &out));
  EXPECT_EQ(out, std::vector<int16_t>(512, -32640));
  ASSERT_TRUE(SoftmaxS8ToS16({0, -16}, 1, 2, p, &out));
  EXPECT_EQ(out, (std::vector<int16_t>{15143, -15143}));
}

TEST(McuSoftmaxS8, RejectsBadInput) {
  SoftmaxS8Params p = Prepared(1.0f, 0.0625f);
  std::vector<int8_t> out = {42};
  EXPECT_FALSE(SoftmaxS8({1, 2, 3}, 1, 2, p, &out));
  EXPECT_FALSE(SoftmaxS8({}, 1, 0, p, &out));
  p.input_left_shift = 32;
  EXPECT_FALSE(SoftmaxS8({1, 2}, 1, 2, p, &out));
  p = Prepared(1.0f, 0.0625f);
  p.diff_min = 1;
  EXPECT_FALSE(SoftmaxS8({1, 2}, 1, 2, p, &out));
  EXPECT_EQ(out, std::vector<int8_t>{42});
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
