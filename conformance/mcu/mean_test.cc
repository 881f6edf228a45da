// MEAN: hand-computed outputs that follow the folded multiplier and its two
// roundings (ties of the doubling high multiply towards +infinity, of the
// power-of-two divide away from zero), axis resolution, zero points, the
// int16 clamp, an empty input, and the refusals.
#include "refmath/mcu/mean.h"

#include <vector>

#include "gtest/gtest.h"

namespace refmath {
namespace mcu {
namespace {

using V = std::vector<int32_t>;

V MeanOf(const V& x, const std::vector<size_t>& shape, const std::vector<int>& axes,
         float in_scale, int in_zp, float out_scale, int out_zp, int bits = 8) {
  RequantizeOpParams p;
  EXPECT_TRUE(RequantizeOpPrepare(in_scale, in_zp, out_scale, out_zp, &p));
  V out;
  EXPECT_TRUE(Mean(x, shape, axes, p, bits, &out));
  return out;
}

TEST(McuMean, FoldedMultiplierByHand) {
  // Equal scales: (m, shift) = (2^30, 1); N = 3 gives s = 1, m' =
  // floor(2^31 / 3) = 715827882, shift' = 0.  7 m' + 2^30 over 2^31 is
  // 2.83 -> 2 (the mean 2.33); 8 m' gives 3.17 -> 3 (the mean 2.67).
  EXPECT_EQ(MeanOf({1, 2, 4}, {3}, {0}, 0.5f, 0, 0.5f, 0), V{2});
  EXPECT_EQ(MeanOf({1, 2, 5}, {3}, {0}, 0.5f, 0, 0.5f, 0), V{3});
  // N = 2: m' = 2^30, shift' = 0: the doubling high multiply's tie goes up,
  // so 1.5 -> 2 and -1.5 -> -1.
  EXPECT_EQ(MeanOf({1, 2}, {2}, {0}, 1.0f, 0, 1.0f, 0), V{2});
  EXPECT_EQ(MeanOf({-1, -2}, {2}, {0}, 1.0f, 0, 1.0f, 0), V{-1});
}

TEST(McuMean, ZeroPointsAndScales) {
  // Ratio 0.5: (2^30, 0); N = 4: s = 2, m' = 2^30, shift' = -2.  sum 6 minus
  // -3 * 4 is 18; (18 * 2^30 + 2^30) >> 31 = 9, 9 / 4 -> 2, + 5 = 7
  // (real mean 1.125 / 0.5 = 2.25).
  EXPECT_EQ(MeanOf({0, 1, 2, 3}, {4}, {0}, 0.25f, -3, 0.5f, 5), V{7});
}

TEST(McuMean, AxesAndTheSecondRounding) {
  // [2, 2, 2] = 0..7 over axes 0 and 2: sums 10 and 18, N = 4, s = 2,
  // m' = 2^30, shift' = -1: 10 -> 5.5 -> 5 -> 2.5 -> 3 and 18 -> 9.5 -> 9
  // -> 4.5 -> 5 (ties away from zero in the divide).
  const V x = {0, 1, 2, 3, 4, 5, 6, 7};
  EXPECT_EQ(MeanOf(x, {2, 2, 2}, {0, 2}, 1.0f, 0, 1.0f, 0), (V{3, 5}));
  EXPECT_EQ(MeanOf(x, {2, 2, 2}, {2, 0, -1}, 1.0f, 0, 1.0f, 0), (V{3, 5}));
  // No axis: every element its own output, unchanged at equal scales.
  EXPECT_EQ(MeanOf(x, {2, 2, 2}, {}, 1.0f, 0, 1.0f, 0), x);
}

TEST(McuMean, Int16ClampAndEmptyInput) {
  // Ratio 2: (2^30, 2); N = 2: s = 1, m' = 2^30, shift' = 1: 60000 -> 32767.
  EXPECT_EQ(MeanOf({30000, 30000}, {2}, {0}, 1.0f, 0, 0.5f, 0, 16), V{32767});
  EXPECT_EQ(MeanOf({30000, 30000}, {2}, {0}, 1.0f, 0, 0.5f, 0, 8), V{127});
  // A zero-sized reduced axis: raw zeros, not the output zero point.
  EXPECT_EQ(MeanOf({}, {0, 3}, {0}, 1.0f, 0, 1.0f, 9), (V{0, 0, 0}));
}

TEST(McuMean, Refusals) {
  RequantizeOpParams p;
  EXPECT_FALSE(RequantizeOpPrepare(1.0f, 0, 0.0f, 0, &p));  // infinite ratio
  ASSERT_TRUE(RequantizeOpPrepare(1.0f, 0, 1.0f, 0, &p));
  V out = {42};
  EXPECT_FALSE(Mean({1, 2}, {2}, {1}, p, 8, &out));   // axis beyond rank
  EXPECT_FALSE(Mean({1, 2}, {2}, {-2}, p, 8, &out));
  EXPECT_FALSE(Mean({1, 2, 3}, {2}, {0}, p, 8, &out));  // size
  EXPECT_FALSE(Mean({1, 2}, {2}, {0}, p, 32, &out));    // bits
  EXPECT_EQ(out, V{42});
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
