// Float fully connected layers: the packer's layout and padding, which
// order each output gets (C_OUT mod 4, C_IN), hand-checked outputs that
// tell the orders apart, and the packed-vs-standard fp16 error claim.
#include "refmath/mcu/float_fc.h"

#include <stdint.h>

#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "src/base/bits.h"
#include "src/mcu/fc_error.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace mcu {
namespace {

uint32_t Bits(float f) { return refmath::FloatBits(f); }

constexpr Half kOne = 0x3C00, k2048 = 0x6800, k2050 = 0x6801;
constexpr Half kMinusInf = kHalfNegInf, kPlusInf = kHalfPosInf;
const float kInf = INFINITY;

TEST(McuFloatFc, PackerLayoutAndPadding) {
  // W[n][k] = 100 n + k + 1 for 10 outputs, 3 inputs; L = 8: two blocks.
  std::vector<int> w(30);
  for (int n = 0; n < 10; ++n)
    for (int k = 0; k < 3; ++k) w[n * 3 + k] = 100 * n + k + 1;
  const std::vector<int> p = PackNtN(w, 10, 3, 8);
  ASSERT_EQ(p.size(), 2u * 3 * 8);
  EXPECT_EQ(p[(0 * 3 + 0) * 8 + 0], 1);      // W[0][0]
  EXPECT_EQ(p[(0 * 3 + 2) * 8 + 7], 703);    // W[7][2]
  EXPECT_EQ(p[(1 * 3 + 1) * 8 + 1], 902);    // W[9][1]
  for (int k = 0; k < 3; ++k)
    for (int lane = 2; lane < 8; ++lane)     // rows 10..15: padding
      EXPECT_EQ(p[(1 * 3 + k) * 8 + lane], 0) << k << " " << lane;
  // L = 4 with 5 outputs: 3 padding rows; a multiple of L pads nothing.
  const std::vector<int> q = PackNtN(std::vector<int>(5 * 2, 7), 5, 2, 4);
  ASSERT_EQ(q.size(), 2u * 2 * 4);
  EXPECT_EQ(q[(1 * 2 + 1) * 4 + 0], 7);
  EXPECT_EQ(q[(1 * 2 + 1) * 4 + 1], 0);
  EXPECT_EQ(PackNtN(std::vector<int>(8 * 2, 1), 8, 2, 8).size(), 16u);
}

TEST(McuFloatFc, OrderPerOutputChannel) {
  // Standard fp16: blocks of 4+ outputs sequential, C_OUT mod 4 leftovers
  // on the lanes; above 9362 input channels every output on the lanes.
  EXPECT_EQ(OrderF16(FcKernel::kStandard, 7, 10, 64), FcOrder::kSequential);
  EXPECT_EQ(OrderF16(FcKernel::kStandard, 8, 10, 64), FcOrder::kLanes);
  EXPECT_EQ(OrderF16(FcKernel::kStandard, 9, 10, 64), FcOrder::kLanes);
  EXPECT_EQ(OrderF16(FcKernel::kStandard, 0, 3, 64), FcOrder::kLanes);
  EXPECT_EQ(OrderF16(FcKernel::kStandard, 0, 4, 9362), FcOrder::kSequential);
  EXPECT_EQ(OrderF16(FcKernel::kStandard, 0, 4, 9363), FcOrder::kLanes);
  EXPECT_EQ(OrderF16(FcKernel::kPacked, 9, 10, 20000), FcOrder::kSequential);
  EXPECT_EQ(OrderF16(FcKernel::kStandardLegacy, 0, 16, 8), FcOrder::kLanes);
  // fp32: only C_OUT mod 4.
  EXPECT_EQ(OrderF32(FcKernel::kStandard, 3, 7, 100000), FcOrder::kSequential);
  EXPECT_EQ(OrderF32(FcKernel::kStandard, 4, 7, 100000), FcOrder::kLanes);
  EXPECT_EQ(OrderF32(FcKernel::kPacked, 6, 7, 8), FcOrder::kSequential);
}

TEST(McuFloatFc, F16OrdersByHand) {
  // bias 2048, x = w = [1, 1]: sequentially 2048 + 1 ties back to 2048
  // twice; the lane kernel sums 2 first and adds the bias last: 2050.
  // Five outputs: 0..3 sequential, 4 on the lanes.
  const FcShape shape{1, 2, 5};
  const std::vector<Half> x = {kOne, kOne}, w(10, kOne), bias(5, k2048);
  std::vector<Half> out;
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kStandard, x, w, bias, shape,
                                kMinusInf, kPlusInf, &out));
  EXPECT_EQ(out, (std::vector<Half>{k2048, k2048, k2048, k2048, k2050}));
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kPacked, x, PackNtN(w, 5, 2, 8), bias,
                                shape, kMinusInf, kPlusInf, &out));
  EXPECT_EQ(out, std::vector<Half>(5, k2048));
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kStandardLegacy, x, w, bias, shape,
                                kMinusInf, kPlusInf, &out));
  EXPECT_EQ(out, std::vector<Half>(5, k2050));
}

TEST(McuFloatFc, F16LaneTreeByHand) {
  // 9 inputs of 1, weights [2048, 1 x 8], bias 0.  Sequential: 2048, every
  // +1 ties to even 2048.  Lanes: (2048+1 -> 2048) + (1+1) = 2050, plus
  // (2+2) = 2054; the tail's +1 ties to even 2056 (0x6804).
  const FcShape shape{1, 9, 1};
  std::vector<Half> w(9, kOne);
  w[0] = k2048;
  const std::vector<Half> x(9, kOne);
  std::vector<Half> out;
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kStandardLegacy, x, w, {}, shape,
                                kMinusInf, kPlusInf, &out));
  EXPECT_EQ(out, std::vector<Half>{0x6804});
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kPacked, x, PackNtN(w, 1, 9, 8), {},
                                shape, kMinusInf, kPlusInf, &out));
  EXPECT_EQ(out, std::vector<Half>{k2048});
}

TEST(McuFloatFc, F16ClampTurnsNaNIntoTheLowerBound) {
  const FcShape shape{1, 1, 2};
  std::vector<Half> out;
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kPacked, {kHalfCanonicalNaN},
                                PackNtN(std::vector<Half>{kOne, kOne}, 2, 1, 8),
                                {}, shape, 0xC000 /* -2 */, 0x4000 /* 2 */, &out));
  EXPECT_EQ(out, (std::vector<Half>{0xC000, 0xC000}));
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kStandard, {0x4400 /* 4 */},
                                {kOne, 0xBC00}, {}, shape, 0xC000, 0x4000, &out));
  EXPECT_EQ(out, (std::vector<Half>{0x4000, 0xC000}));
}

TEST(McuFloatFc, F32OrdersByHand) {
  // bias 2^24, x = w = [1, 1]: sequential 2^24 (0x4B800000), lanes
  // 2^24 + 2 (0x4B800001).  Five outputs: 0..3 sequential, 4 lanes.
  const FcShape shape{1, 2, 5};
  const std::vector<float> x = {1, 1}, w(10, 1.0f), bias(5, 16777216.0f);
  std::vector<float> out;
  ASSERT_TRUE(FullyConnectedF32(FcKernel::kStandard, x, w, bias, shape, -kInf,
                                kInf, &out));
  for (int n = 0; n < 4; ++n) EXPECT_EQ(Bits(out[n]), 0x4B800000u) << n;
  EXPECT_EQ(Bits(out[4]), 0x4B800001u);
  ASSERT_TRUE(FullyConnectedF32(FcKernel::kPacked, x, PackNtN(w, 5, 2, 4), bias,
                                shape, -kInf, kInf, &out));
  for (int n = 0; n < 5; ++n) EXPECT_EQ(Bits(out[n]), 0x4B800000u) << n;
}

TEST(McuFloatFc, F32VectorStepsFlushSubnormals) {
  // x = 2^-130 (subnormal): the vector FMA flushes it to +0; the scalar
  // tail of the lane kernel (one output, C_IN = 1) keeps it.
  const float tiny = 0x1p-130f;
  std::vector<float> out;
  ASSERT_TRUE(FullyConnectedF32(FcKernel::kPacked, {tiny}, PackNtN(std::vector<float>{1.0f}, 1, 1, 4),
                                {}, FcShape{1, 1, 1}, -kInf, kInf, &out));
  EXPECT_EQ(Bits(out[0]), 0u);
  ASSERT_TRUE(FullyConnectedF32(FcKernel::kStandard, {tiny}, {1.0f}, {},
                                FcShape{1, 1, 1}, -kInf, kInf, &out));
  EXPECT_EQ(Bits(out[0]), Bits(tiny));
}

TEST(McuFloatFc, F32VectorStepsFlushBeforeRounding) {
  // The flush looks at the exact result: one below 2^-126 is flushed even
  // where rounding to nearest would give 2^-126 (0x00800000).
  const float min_normal = 0x1p-126f;
  const float just_below_one = 0x1.fffffep-1f;  // 1 - 2^-24 (0x3F7FFFFF)
  const auto packed_one = [&](float w, float x, std::vector<float> bias) {
    std::vector<float> out;
    EXPECT_TRUE(FullyConnectedF32(FcKernel::kPacked, {x},
                                  PackNtN(std::vector<float>{w}, 1, 1, 4), bias,
                                  FcShape{1, 1, 1}, -kInf, kInf, &out));
    return Bits(out[0]);
  };
  // 2^-126 - 2^-150: a tie that rounds to even 2^-126, but is below it.
  EXPECT_EQ(packed_one(min_normal, just_below_one, {}), 0x00000000u);
  EXPECT_EQ(packed_one(-min_normal, just_below_one, {}), 0x80000000u);
  // 2^-126 - 2^-252 and 2^-126 + 2^-252 both round to 2^-126 (in double
  // too): only the first is below it.
  EXPECT_EQ(packed_one(min_normal, -min_normal, {min_normal}), 0x00000000u);
  EXPECT_EQ(packed_one(min_normal, min_normal, {min_normal}), 0x00800000u);
  EXPECT_EQ(packed_one(min_normal, 1.0f, {}), 0x00800000u);  // exact: kept
  // The lane kernel's scalar tail (C_OUT = 1, C_IN = 1) is IEEE: 2^-126.
  std::vector<float> out;
  ASSERT_TRUE(FullyConnectedF32(FcKernel::kStandard, {just_below_one},
                                {min_normal}, {}, FcShape{1, 1, 1}, -kInf, kInf,
                                &out));
  EXPECT_EQ(Bits(out[0]), 0x00800000u);
}

TEST(McuFloatFc, StandardEqualsPackedWhenCOutIsAMultipleOfFour) {
  // Both run the sequential order on every output: the same bits.
  std::mt19937 gen(3);
  const FcShape shape{3, 100, 16};
  std::vector<Half> x(shape.rows * shape.c_in), w(shape.c_out * shape.c_in), b(16);
  for (Half& v : x) v = HalfFromDouble((gen() % 2001 - 1000) / 1000.0);
  for (Half& v : w) v = HalfFromDouble((gen() % 2001 - 1000) / 10000.0);
  for (Half& v : b) v = HalfFromDouble((gen() % 2001 - 1000) / 1000.0);
  std::vector<Half> standard, packed;
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kStandard, x, w, b, shape, kMinusInf,
                                kPlusInf, &standard));
  ASSERT_TRUE(FullyConnectedF16(FcKernel::kPacked, x, PackNtN(w, 16, 100, 8), b,
                                shape, kMinusInf, kPlusInf, &packed));
  EXPECT_EQ(standard, packed);
}

TEST(McuFloatFc, Convolve1x1IsTheLayerPerPixel) {
  // 2x2 pixels of 3 channels, 5 outputs (4 sequential, 1 on the lanes):
  // each pixel's outputs are the fully connected layer of that pixel.
  std::mt19937 gen(11);
  std::vector<float> x(4 * 3), w(5 * 3), b(5);
  for (float& v : x) v = static_cast<float>(gen() % 1000) / 7.0f;
  for (float& v : w) v = static_cast<float>(gen() % 1000) / 13.0f - 30.0f;
  for (float& v : b) v = static_cast<float>(gen() % 1000) / 3.0f;
  std::vector<float> conv, row;
  ASSERT_TRUE(Convolve1x1F32(FcKernel::kStandard, x, w, b, 4, 3, 5, -kInf, kInf,
                             &conv));
  for (size_t p = 0; p < 4; ++p) {
    const std::vector<float> pixel(x.begin() + 3 * p, x.begin() + 3 * p + 3);
    ASSERT_TRUE(FullyConnectedF32(FcKernel::kStandard, pixel, w, b,
                                  FcShape{1, 3, 5}, -kInf, kInf, &row));
    for (size_t n = 0; n < 5; ++n) {
      EXPECT_EQ(Bits(conv[p * 5 + n]), Bits(row[n])) << p << " " << n;
    }
  }
  std::vector<Half> conv16;
  ASSERT_TRUE(Convolve1x1F16(FcKernel::kPacked, {kOne, kOne, kOne, kOne},
                             PackNtN(std::vector<Half>{kOne, kOne}, 1, 2, 8), {k2048},
                             2, 2, 1, kMinusInf, kPlusInf, &conv16));
  EXPECT_EQ(conv16, (std::vector<Half>{k2048, k2048}));
}

TEST(McuFloatFc, SizeErrors) {
  std::vector<Half> out = {1};
  EXPECT_FALSE(FullyConnectedF16(FcKernel::kStandard, {kOne}, {kOne}, {},
                                 FcShape{1, 2, 1}, kMinusInf, kPlusInf, &out));
  // Packed weights must include the padding rows.
  EXPECT_FALSE(FullyConnectedF16(FcKernel::kPacked, {kOne}, {kOne, kOne}, {},
                                 FcShape{1, 1, 2}, kMinusInf, kPlusInf, &out));
  EXPECT_EQ(out, std::vector<Half>{1});
}

// The specification puts the packed fp16 error at four to five times the
// standard path's, near 0.018 for outputs close to 1 with 512 to 1024
// input channels.  This runs the measurement ulp_tables/mcu.md quotes
// (signed weights in [-28, 32) / C_IN, 64 layers of 64 outputs, seed 1:
// mean ratios 4.15 and 5.18, maxima 0.0170 and 0.0190) and holds it to the
// claim: a ratio of 4-5 give or take 0.5 ("roughly"), a maximum of 0.018
// give or take 0.003 ("about").
constexpr size_t kClaimLayers = 64;  // the figures of ulp_tables/mcu.md
constexpr double kClaimRatioLow = 3.5, kClaimRatioHigh = 5.5;
constexpr double kClaimMaxError = 0.018, kClaimMaxErrorSlack = 0.003;

TEST(McuFloatFc, PackedFp16ErrorIsSeveralTimesTheLanePaths) {
  for (size_t c_in : {512, 1024}) {
    FcErrorConfig config;
    config.c_in = c_in;
    config.c_out = 64;
    config.layers = kClaimLayers;
    config.seed = 1;
    config.weight_low = -28;
    config.weight_high = 32;
    const FcErrorResult r = MeasureFcError(config);
    const double ratio = r.sequential.mean_abs / r.lanes.mean_abs;
    EXPECT_GE(ratio, kClaimRatioLow) << c_in;
    EXPECT_LE(ratio, kClaimRatioHigh) << c_in;
    EXPECT_NEAR(r.sequential.max_abs, kClaimMaxError, kClaimMaxErrorSlack) << c_in;
    EXPECT_NEAR(r.sequential.mean_exact, 1.0, 0.05) << c_in;
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
