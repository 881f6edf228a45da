// The figures of the numerics spec and the model notes for matmul and the
// reductions, one test each.  Expected values are the figures themselves,
// as binary16 bit patterns written out by hand.
#include <math.h>
#include <stdint.h>

#include <initializer_list>
#include <vector>

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

constexpr Half k2048 = 0x6800;
constexpr Half k2050 = 0x6801;
constexpr Half k4096 = 0x6C00;
constexpr Half k5116 = 0x6CFF;  // 4096 + 255 * 4
constexpr Half k5120 = 0x6D00;
constexpr Half k16000 = 0x73D0;  // 2^13 * (1 + 976 / 1024)
constexpr Half k16008 = 0x73D1;
constexpr Half k16384 = 0x7400;
constexpr Half k32000 = 0x77D0;
constexpr Half k32752 = 0x77FF;  // largest finite device matmul output
constexpr Half k32992 = 0x7807;  // fp16(33000)

// The binary16 pattern of a positive integer n <= 2048, from the format's
// definition: exponent e = floor(log2 n), biased by 15, and the 10 bits
// after the leading one.
Half IntegerHalf(uint32_t n) {
  int e = 0;
  while ((n >> (e + 1)) != 0) ++e;
  // The bits after the leading one, aligned to 10 (2048 = 2^11 has e = 11
  // and is shifted right: a shift by 10 - e would be negative).
  const uint32_t fraction = e <= 10 ? n << (10 - e) : n >> (e - 10);
  return static_cast<Half>(((e + 15) << 10) | (fraction & 0x3FF));
}

std::vector<Half> Integers(std::initializer_list<uint32_t> values) {
  std::vector<Half> out;
  for (uint32_t v : values) out.push_back(IntegerHalf(v));
  return out;
}

TEST(AneMatmul, IntegerHalfMatchesHandPatterns) {
  EXPECT_EQ(IntegerHalf(1), 0x3C00);
  EXPECT_EQ(IntegerHalf(3), 0x4200);
  EXPECT_EQ(IntegerHalf(7), 0x4700);
  EXPECT_EQ(IntegerHalf(2048), k2048);
  EXPECT_EQ(IntegerHalf(2047), 0x67FF);
}

Half SumThroughMatmul(const std::vector<double>& row, const Profile& p) {
  const Tensor sum = ReduceSumAsMatmul(Tensor::Vector(row, p), p);
  EXPECT_EQ(sum.shape(), (Shape{1}));
  return sum[0];
}

Half NarrowSum(const std::vector<double>& row, const Profile& p) {
  return ReduceSum(Tensor::Vector(row, p), p)[0];
}

TEST(AneMatmulFigures, SumOf16384OnesIsExactThroughTheWideMatmul) {
  const std::vector<double> ones(16384, 1.0);
  for (const char* name : {"spec", "m1", "m3", "m5"}) {
    EXPECT_EQ(SumThroughMatmul(ones, Preset(name)), k16384) << name;
  }
}

TEST(AneMatmulFigures, SumOf16384OnesStallsAt2048InNarrowReduceSum) {
  const std::vector<double> ones(16384, 1.0);
  for (const char* name : {"spec", "m1", "m3"}) {
    EXPECT_EQ(NarrowSum(ones, Preset(name)), k2048) << name;
  }
  // A prediction of the model, not a measurement: with ties away from zero
  // 2048 + 1 rounds up, and the running sum stalls only where the spacing
  // reaches 4 (4096 + 1 is no tie).
  EXPECT_EQ(NarrowSum(ones, Preset("m5")), k4096);
}

TEST(AneMatmulFigures, PlusOneSurvivesNextToA16000Partial) {
  std::vector<double> row = {16000};
  Append(&row, 1.0, 8);  // true sum 16008, a binary16 value
  for (const char* name : {"spec", "m3", "m5"}) {
    EXPECT_EQ(SumThroughMatmul(row, Preset(name)), k16008) << name;
  }
  // The narrow sum swallows each +1: 16001 rounds back to 16000.
  EXPECT_EQ(NarrowSum(row, SpecProfile()), k16000);
}

TEST(AneMatmulFigures, M1TileOf4_4096Then1024OnesReads5116) {
  std::vector<double> row = {4096};
  Append(&row, 1.0, 1024);
  // The first tile [4096, 1, 1, 1] sums to 4096 in binary16; the other
  // 1021 ones arrive exactly: 5117, rounded to 5116.
  EXPECT_EQ(SumThroughMatmul(row, Preset("m1")), k5116);
  // Without a tile stage the true sum 5120 is exact.
  EXPECT_EQ(SumThroughMatmul(row, Preset("m3")), k5120);
  EXPECT_EQ(SumThroughMatmul(row, SpecProfile()), k5120);
}

TEST(AneMatmulFigures, M5TiesUpward_2048Plus1Reads2050) {
  const std::vector<double> row = {2048, 1};
  EXPECT_EQ(SumThroughMatmul(row, Preset("m5")), k2050);
  EXPECT_EQ(SumThroughMatmul(row, Preset("m1")), k2048);
  EXPECT_EQ(SumThroughMatmul(row, Preset("m3")), k2048);
  EXPECT_EQ(SumThroughMatmul(row, SpecProfile()), k2048);
}

TEST(AneMatmulFigures, Saturation_32x1000Is32000_33x1000IsInf) {
  for (const char* name : {"m1", "m3", "m5"}) {
    const Profile p = Preset(name);
    EXPECT_EQ(SumThroughMatmul(std::vector<double>(32, 1000.0), p), k32000) << name;
    EXPECT_EQ(SumThroughMatmul(std::vector<double>(33, 1000.0), p), kHalfPosInf) << name;
    EXPECT_EQ(SumThroughMatmul(std::vector<double>(33, -1000.0), p), kHalfNegInf) << name;
    std::vector<double> largest(32, 1000.0);
    largest.push_back(752.0);
    EXPECT_EQ(SumThroughMatmul(largest, p), k32752) << name << ": 32752 is finite";
  }
  // The spec's model only overflows past 65504: 33000 rounds to 32992.
  EXPECT_EQ(SumThroughMatmul(std::vector<double>(33, 1000.0), SpecProfile()), k32992);
}

// The notes: row [257, 256 x 7] (true 2049) reads 2050 on the device.  The
// narrow model (binary16 running sum, left to right) reaches 1793 + 256 =
// 2049 exactly at the last step, a tie: 2048 under ties-to-even, 2050 only
// under ties upward.  So the reading is reproduced by the m5 rounding, not
// by the ties-to-even presets.
TEST(AneMatmulFigures, Row257Then256x7_NarrowSumReads2050OnlyWithTiesUpward) {
  std::vector<double> row = {257};
  Append(&row, 256, 7);
  EXPECT_EQ(NarrowSum(row, Preset("m5")), k2050);
  for (const char* name : {"spec", "m1", "m3"}) {
    EXPECT_EQ(NarrowSum(row, Preset(name)), k2048) << name;
  }
}

TEST(AneMatmul, SmallMatrixProductByHand) {
  // [[1, 2, 3], [4, 5, 6]] @ [[1, 0], [0, 1], [1, 1]] = [[4, 5], [10, 11]]
  const Tensor a = Tensor::FromDoubles({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = Tensor::FromDoubles({3, 2}, {1, 0, 0, 1, 1, 1});
  const Tensor c = Matmul(a, b);
  EXPECT_EQ(c.shape(), (Shape{2, 2}));
  EXPECT_EQ(c.data(), (std::vector<Half>{0x4400, 0x4500, 0x4900, 0x4980}));
  // A batch of two copies of a: the same rows twice.
  std::vector<Half> twice = a.data();
  twice.insert(twice.end(), a.data().begin(), a.data().end());
  const Tensor batch = Matmul(Tensor({2, 2, 3}, twice), b);
  EXPECT_EQ(batch.shape(), (Shape{2, 2, 2}));
  EXPECT_THROW(Matmul(a, a), std::invalid_argument);
}

TEST(AneMatmul, ProductsAreRoundedBeforeTheSum) {
  // 1.1 is binary16 1.099609375; its square 1.209140777... is rounded to
  // binary16 1.208984375 (0x3CD6) before the sum.  A hundred of them:
  // exact products sum to 120.914..., which rounds to 120.9375 (0x578F);
  // rounded products sum to 120.8984375, which rounds to 120.875 (0x578E).
  const Tensor x = Tensor::Vector(std::vector<double>(100, 1.1));
  EXPECT_EQ(Matmul(x, x)[0], 0x578E);
  Profile exact_products = SpecProfile();
  exact_products.round_products = false;
  EXPECT_EQ(Matmul(x, x, exact_products)[0], 0x578F);
}

TEST(AneMatmul, ExactAccumulatorKeepsWhatFp32Loses) {
  // Unrounded products 4096 * 4096 = 2^24: in binary32, 2^24 + 1 ties back
  // to 2^24 and the sum cancels to 0; the exact register keeps the 1.
  Profile p = SpecProfile();
  p.round_products = false;
  const Tensor a = Tensor::Vector({4096, 1, -4096});
  const Tensor b = Tensor::Vector({4096, 1, 4096});
  EXPECT_EQ(Matmul(a, b, p)[0], 0x0000);
  p.accumulator = Accumulator::kExact;
  EXPECT_EQ(Matmul(a, b, p)[0], 0x3C00);
}

TEST(AneMatmul, InfinitiesAndNaNInTheSum) {
  for (const Accumulator acc : {Accumulator::kFp32, Accumulator::kExact}) {
    Profile p = SpecProfile();
    p.accumulator = acc;
    // 300 * 300 overflows binary16 as a product.
    EXPECT_EQ(Matmul(Tensor::Vector({300, 1}), Tensor::Vector({300, 1}), p)[0],
              kHalfPosInf);
    EXPECT_EQ(Matmul(Tensor::Vector({300, -300}), Tensor::Vector({300, 300}), p)[0],
              kHalfCanonicalNaN);
    EXPECT_EQ(Matmul(Tensor::Vector({-0.0, -0.0}), Tensor::Vector({1, 1}), p)[0],
              0x8000);
  }
}

TEST(AneMatmul, CumsumIsExactThroughTriuOnes) {
  // Cumulative sums of 2048 ones: every prefix 1..2048 exact.
  const Tensor c = Cumsum(Tensor::Vector(std::vector<double>(2048, 1.0)));
  ASSERT_EQ(c.size(), 2048u);
  for (size_t j = 0; j < c.size(); ++j) {
    ASSERT_EQ(c[j], IntegerHalf(static_cast<uint32_t>(j + 1))) << j;
  }
  // [16000, 1 x 8]: the prefixes 16000 + j round to binary16 each, but the
  // last one is the exact 16008, where a running binary16 sum stays 16000.
  std::vector<double> row = {16000};
  Append(&row, 1.0, 8);
  EXPECT_EQ(Cumsum(Tensor::Vector(row))[8], k16008);
  EXPECT_EQ(Cumsum(Tensor::FromDoubles({2, 2}, {1, 2, 3, 4})).data(),
            (std::vector<Half>{0x3C00, 0x4200, 0x4200, 0x4700}));  // 1 3 3 7
}

TEST(AneMatmul, NonLastAxisIsTransposedToTheEnd) {
  // [[1, 2, 3], [4, 5, 6]]: column sums [5, 7, 9], row sums [6, 15].
  const Tensor m = Tensor::FromDoubles({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor t = Transpose(m, 0, 1);
  EXPECT_EQ(t.shape(), (Shape{3, 2}));
  EXPECT_EQ(t.data(), Integers({1, 4, 2, 5, 3, 6}));
  const Tensor columns = ReduceSumAsMatmul(m, 0);
  EXPECT_EQ(columns.shape(), (Shape{1, 3}));
  EXPECT_EQ(columns.data(), Integers({5, 7, 9}));
  EXPECT_EQ(ReduceSumAsMatmul(m, -1).data(), Integers({6, 15}));
  EXPECT_EQ(ReduceSum(m, 0).data(), Integers({5, 7, 9}));
  EXPECT_THROW(ReduceSumAsMatmul(m, 2), std::invalid_argument);
  // Down a column of 4096 ones: wide 4096, narrow 2048.
  const Tensor ones = Tensor::Filled({4096, 2}, 0x3C00);
  EXPECT_EQ(ReduceSumAsMatmul(ones, 0)[1], k4096);
  EXPECT_EQ(ReduceSum(ones, 0)[1], k2048);
}

TEST(AneMatmul, PermuteIsNumpysTranspose) {
  // x[i][j][k] = 100 i + 10 j + k, [2, 3, 4]; axes (2, 0, 1) gives
  // y[k][i][j] = x[i][j][k], shape [4, 2, 3]; no axes reverses them.
  std::vector<double> v;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      for (int k = 0; k < 4; ++k) v.push_back(100 * i + 10 * j + k);
    }
  }
  const Tensor x = Tensor::FromDoubles({2, 3, 4}, v);
  const Tensor y = Permute(x, {2, 0, -2});
  ASSERT_EQ(y.shape(), (Shape{4, 2, 3}));
  EXPECT_EQ(y.at(3 * 2 + 1, 2), IntegerHalf(100 + 20 + 3));  // y[3][1][2]
  EXPECT_EQ(y.at(0, 1), IntegerHalf(10));                    // y[0][0][1]
  const Tensor r = Permute(x, {});
  ASSERT_EQ(r.shape(), (Shape{4, 3, 2}));
  EXPECT_EQ(r.at(2 * 3 + 1, 1), IntegerHalf(100 + 10 + 2));  // r[2][1][1]
  EXPECT_EQ(Permute(Tensor::FromDoubles({2, 3}, {1, 2, 3, 4, 5, 6}), {}).data(),
            Integers({1, 4, 2, 5, 3, 6}));
  EXPECT_THROW(Permute(x, {0, 0, 1}), std::invalid_argument);
  EXPECT_THROW(Permute(x, {0, 1}), std::invalid_argument);
  EXPECT_THROW(Permute(x, {0, 1, 3}), std::invalid_argument);
}

TEST(AneMatmul, ReduceMeanIsTheSumTimesTheRoundedInverse) {
  // binary16(1/3) = 0x3555 = 0.333251953125.  [1, 2, 3]: 6 * that is
  // 1.99951171875, halfway between 0x3FFF and 2, and ties to even give 2.
  // [1, 2, 4]: 7 * that is 2.332763671875, rounded to 2.33203125 (0x40AA),
  // one unit below the correctly rounded 7/3 (0x40AB).
  const Tensor x = Tensor::FromDoubles({2, 3}, {1, 2, 3, 1, 2, 4});
  for (bool wide : {false, true}) {
    const Tensor m = ReduceMean(x, -1, wide);
    ASSERT_EQ(m.shape(), (Shape{2, 1}));
    EXPECT_EQ(m[0], 0x4000);
    EXPECT_EQ(m[1], 0x40AA);
  }
  // Down the columns, K = 2: 1/2 is exact, the means (1, 2, 3.5).
  EXPECT_EQ(ReduceMean(x, 0, true).data(), (std::vector<Half>{0x3C00, 0x4000, 0x4300}));
  // The narrow sum stalls at 2048 (4096 ones), the wide one does not.
  const Tensor ones = Tensor::Filled({1, 4096}, 0x3C00);
  EXPECT_EQ(ReduceMean(ones, -1, true)[0], 0x3C00);
  EXPECT_EQ(ReduceMean(ones, -1, false)[0], 0x3800);  // 2048 / 4096
  EXPECT_THROW(ReduceMean(x, 2, true), std::invalid_argument);
}

TEST(AneMatmul, SoftmaxDecomposed) {
  // Equal inputs: exp(0) = 1 each, the sum 4 through the matmul, 1/4 exact.
  const Tensor y = Softmax(Tensor::FromDoubles({1, 4}, {3, 3, 3, 3}));
  EXPECT_EQ(y.data(), (std::vector<Half>(4, 0x3400)));
  // Against the double softmax (inputs chosen so that no exp(x - max)
  // falls below the binary16 normal range): the subtraction of the maximum is exact
  // here (small integers), and exp, the matmul output and the division
  // each round once to binary16 (the fp32 kernel and accumulator errors
  // are 2^13 times smaller), so the relative error is below 3 * 2^-11
  // plus those.
  const std::vector<double> x = {0, 1, 2, 3, -1, 5, 6, 2};
  const Tensor s = Softmax(Tensor::FromDoubles({2, 4}, x));
  for (int r = 0; r < 2; ++r) {
    double total = 0;
    for (int i = 0; i < 4; ++i) total += exp(x[r * 4 + i]);
    for (int i = 0; i < 4; ++i) {
      const double want = exp(x[r * 4 + i]) / total;
      EXPECT_LE(fabs(s.Value(r * 4 + i) - want) / want, 3 * 0x1p-11 + 0x1p-20)
          << r << "," << i;
    }
  }
}

}  // namespace
}  // namespace ane
}  // namespace refmath
