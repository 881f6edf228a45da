// Weight compression and the accuracy gate (refmath/ane/compress.h): the
// encodings bit for bit on hand-computed cases, their error on ramps,
// clustered, Gaussian and sparse weights, and the gate's verdicts.
#include <math.h>

#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/ane/compress.h"
#include "src/ane/algorithms/test_matrices.h"

namespace refmath {
namespace ane {
namespace {

constexpr double kUnitRoundoff = 0x1p-11;  // binary16, round to nearest
constexpr uint64_t kSeed = 0x5EED0300;

std::vector<float> GaussianWeights(size_t n, double sd, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> w(n);
  for (float& x : w) x = static_cast<float>(sd * rng.Normal());
  return w;
}

// y = x W^T in double with the given fp16 weights, x fixed: a stand-in
// for the caller's graph.
WeightModel LinearModel(size_t rows, size_t cols) {
  auto x = std::make_shared<std::vector<double>>(4 * cols);
  Rng rng(kSeed + 7);
  for (double& v : *x) v = rng.Normal();
  return [x, rows, cols](const std::vector<Half>& w) {
    std::vector<double> y(4 * rows, 0.0);
    for (size_t b = 0; b < 4; ++b) {
      for (size_t r = 0; r < rows; ++r) {
        for (size_t c = 0; c < cols; ++c) {
          y[b * rows + r] += (*x)[b * cols + c] * HalfToDouble(w[r * cols + c]);
        }
      }
    }
    return y;
  };
}

// Expected patterns computed with NumPy: np.float32(1.27) / np.float32(127)
// is 0.01f, np.float16 of it 0x211F; q * 0.01000213623046875 rounded with
// np.float16.
TEST(AneCompress, Int8HandComputedRow) {
  const Int8Weights c = CompressInt8({0.5f, -1.27f, 0.0f, 1.27f}, 1, 4);
  ASSERT_EQ(c.scale.size(), 1u);
  EXPECT_EQ(c.scale[0], 0x211F);
  const std::vector<int8_t> q = {50, -127, 0, 127};
  EXPECT_EQ(c.q, q);
  const std::vector<Half> expected = {0x3800, 0xBD15, 0x0000, 0x3D15};
  EXPECT_EQ(ReconstructInt8(c), expected);
}

TEST(AneCompress, Int8RoundsHalfToEvenAndFloorsTheScale) {
  // Peak 127: scale exactly 1, so w / scale is w and the halves are ties.
  const Int8Weights c = CompressInt8({127.0f, 0.5f, 1.5f, 2.5f, -2.5f, -0.5f}, 1, 6);
  const std::vector<int8_t> q = {127, 0, 2, 2, -2, 0};
  EXPECT_EQ(c.q, q);
  // An all-zero row: the scale is floored at 1e-8, which binary16 stores as
  // 0 (below its smallest subnormal, 2^-24), and every code is 0.
  const Int8Weights z = CompressInt8({0.0f, 0.0f}, 1, 2);
  EXPECT_EQ(z.scale[0], 0x0000);
  EXPECT_EQ(z.q, (std::vector<int8_t>{0, 0}));
}

TEST(AneCompress, Int8ErrorOnARampWithinTheQuantizationBound) {
  constexpr size_t kRows = 16, kCols = 64;
  std::vector<float> w(kRows * kCols);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>(-1.0 + 2.0 * i / (w.size() - 1));
  const Int8Weights c = CompressInt8(w, kRows, kCols);
  const std::vector<Half> rec = ReconstructInt8(c);
  for (size_t r = 0; r < kRows; ++r) {
    float peak = 0;
    for (size_t j = 0; j < kCols; ++j) peak = std::max(peak, fabsf(w[r * kCols + j]));
    const double s = std::max(peak / 127.0f, kInt8MinScale);
    for (size_t j = 0; j < kCols; ++j) {
      const size_t i = r * kCols + j;
      // |q s16 - w| <= s/2 (rounding of w/s) + 127 |s16 - s| (stored scale)
      // + the rounding of the product, each binary16 rounding <= u |value|.
      const double bound = s / 2 + kInt8Max * s * kUnitRoundoff +
                           kUnitRoundoff * (fabs(w[i]) + s);
      EXPECT_LE(fabs(HalfToDouble(rec[i]) - w[i]), bound) << "element " << i;
    }
  }
}

TEST(AneCompress, NibblesPackLowFirstAndRoundTrip) {
  EXPECT_EQ(PackNibbles({1, 2, 3}), (std::vector<uint8_t>{0x21, 0x03}));
  Rng rng(kSeed);
  std::vector<uint8_t> idx(1001);
  for (auto& i : idx) i = static_cast<uint8_t>(rng.Next() & 0xF);
  EXPECT_EQ(UnpackNibbles(PackNibbles(idx), idx.size()), idx);
  EXPECT_THROW(PackNibbles({16}), std::invalid_argument);
  EXPECT_THROW(UnpackNibbles({0x21}, 3), std::invalid_argument);
}

TEST(AneCompress, QuantileInterpolatesBetweenOrderStatistics) {
  const std::vector<double> s = {1, 2, 4, 8};
  EXPECT_EQ(Quantile(s, 0.0), 1.0);
  EXPECT_EQ(Quantile(s, 1.0), 8.0);
  EXPECT_EQ(Quantile(s, 0.5), 3.0);         // position 1.5
  EXPECT_EQ(Quantile(s, 5.0 / 6.0), 6.0);   // position 2.5
}

TEST(AneCompress, Int4ExactOnClusteredWeightsAndPackedRoundTrip) {
  // Twelve distinct values: Lloyd puts a centroid on each, so the only
  // error left is the binary16 rounding of the codebook (<= u relative).
  Rng rng(kSeed + 1);
  std::vector<float> w(4096);
  for (float& x : w) x = static_cast<float>(0.02 * (static_cast<int>(rng.Uniform() * 12) - 5.5));
  const Int4Weights c = CompressInt4(w);
  const std::vector<Half> rec = ReconstructInt4(c);
  EXPECT_LE(FrobeniusRelativeError(w, rec), kUnitRoundoff);
  EXPECT_EQ(c.packed.size(), w.size() / 2);
  // Unpacking the packed indices and looking them up gives the same bits.
  const std::vector<uint8_t> idx = UnpackNibbles(c.packed, c.count);
  EXPECT_EQ(PackNibbles(idx), c.packed);
  for (size_t i = 0; i < w.size(); ++i) ASSERT_EQ(rec[i], c.codebook[idx[i]]) << i;
}

TEST(AneCompress, Int4OnGaussianWeightsNearTheLloydMaxFloor) {
  // The optimal 16-level quantizer of a Gaussian has mean squared error
  // 0.009497 sigma^2 (Max, 1960): a relative Frobenius error of 0.0975,
  // above the 0.05 acceptance, so int4 is not offered for such weights.
  const std::vector<float> w = GaussianWeights(16384, 0.02, kSeed + 2);
  const double e = FrobeniusRelativeError(w, ReconstructInt4(CompressInt4(w)));
  EXPECT_GE(e, 0.0975 * (1 - 0.05));  // Lloyd cannot beat the optimum (5% sampling slack)
  EXPECT_LE(e, 0.0975 * 1.10);        // and 20 iterations get within 10% of it
  EXPECT_GT(e, kInt4MaxFrobenius);
}

TEST(AneCompress, SparseBitmaskLsbFirstAndOnlyAtHalfZeros) {
  SparseWeights s;
  const std::vector<float> w = {0, 1.5f, 0, 0, 0, 0, 0, 0, 2.0f, -0.0f};
  ASSERT_TRUE(CompressSparse(w, &s));
  EXPECT_EQ(s.mask, (std::vector<uint8_t>{0x02, 0x01}));
  EXPECT_EQ(s.values, (std::vector<Half>{0x3E00, 0x4000}));
  EXPECT_EQ(ReconstructSparse(s),
            (std::vector<Half>{0, 0x3E00, 0, 0, 0, 0, 0, 0, 0x4000, 0}));
  EXPECT_TRUE(CompressSparse({1.0f, 0.0f}, &s));        // nnz 1 <= 2 / 2
  EXPECT_FALSE(CompressSparse({1.0f, 1.0f, 0.0f}, &s));  // nnz 2 > 3 / 2
  s.values.pop_back();
  EXPECT_THROW(ReconstructSparse(s), std::invalid_argument);
}

TEST(AneCompress, SparseRoundTripKeepsEveryNonzeroBitPattern) {
  std::vector<float> w = GaussianWeights(999, 0.02, kSeed + 3);
  Rng rng(kSeed + 4);
  for (float& x : w) {
    if (rng.Uniform() < 0.7) x = 0;
  }
  SparseWeights s;
  ASSERT_TRUE(CompressSparse(w, &s));
  EXPECT_EQ(ReconstructSparse(s), WeightToHalf(w));
}

TEST(AneCompress, GateRelativeErrorAndItsTolerance) {
  // Differences of powers of two: every quotient below is exact.
  EXPECT_EQ(GateRelativeError({1, -4}, {1, -4 + 0x1p-7}), 0x1p-9);
  EXPECT_TRUE(GateAccepts(0x1p-9, 0x1p-9));  // at the tolerance: accepted
  EXPECT_TRUE(GateAccepts(GateRelativeError({1, -4}, {1, -4 + 0x1p-6})));   // 3.9e-3
  EXPECT_FALSE(GateAccepts(GateRelativeError({1, -4}, {1, -4 + 0x1p-5})));  // 7.8e-3
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(isnan(GateRelativeError({1, 2}, {1, nan})));
  EXPECT_TRUE(isnan(GateRelativeError({inf, 2}, {inf, 2})));  // inf - inf
  EXPECT_FALSE(GateAccepts(nan, inf));  // refused whatever the tolerance
  EXPECT_FALSE(GateAccepts(inf));
}

TEST(AneCompress, GateRefusesInt8AtTheDefaultAndAutoFollowsTheOrder) {
  constexpr size_t kRows = 32, kCols = 128;
  const WeightModel model = LinearModel(kRows, kCols);
  const std::vector<float> gauss = GaussianWeights(kRows * kCols, 0.02, kSeed + 5);
  const Choice strict = ChooseEncoding(gauss, kRows, kCols, model);
  EXPECT_EQ(strict.encoding, Encoding::kFp16) << strict.trail;
  EXPECT_EQ(strict.weight, WeightToHalf(gauss));
  const Choice loose = ChooseEncoding(gauss, kRows, kCols, model, 0.1);
  EXPECT_EQ(loose.encoding, Encoding::kInt8) << loose.trail;
  EXPECT_GT(loose.relerr, kDefaultGateTolerance);

  std::vector<float> sparse = gauss;
  for (size_t i = 0; i < sparse.size(); i += 3) sparse[i] = 0;
  for (size_t i = 1; i < sparse.size(); i += 3) sparse[i] = 0;
  EXPECT_EQ(ChooseEncoding(sparse, kRows, kCols, model).encoding, Encoding::kSparse);

  std::vector<float> clustered(kRows * kCols);
  for (size_t i = 0; i < clustered.size(); ++i) clustered[i] = 0.01f * static_cast<float>(i % 7) - 0.03f;
  const Choice c = ChooseEncoding(clustered, kRows, kCols, model);
  EXPECT_EQ(c.encoding, Encoding::kInt4) << c.trail;
}

// A NaN or infinite weight has no int8 code and no place among sorted
// quantiles: the lossy encodings refuse it, and `auto` keeps fp16 (its
// gate could not accept an output that is NaN anyway).
TEST(AneCompress, NonFiniteWeightsAreRefusedByTheLossyEncodings) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (const float bad : {nan, inf, -inf}) {
    const std::vector<float> w = {0.5f, bad, -0.25f, 1.0f};
    EXPECT_THROW(CompressInt8(w, 2, 2), std::invalid_argument) << bad;
    EXPECT_THROW(CompressInt4(w), std::invalid_argument) << bad;
  }
  constexpr size_t kRows = 4, kCols = 16;
  const WeightModel model = LinearModel(kRows, kCols);
  std::vector<float> w = GaussianWeights(kRows * kCols, 0.02, kSeed + 6);
  w[5] = nan;
  const Choice c = ChooseEncoding(w, kRows, kCols, model, 0.1);
  EXPECT_EQ(c.encoding, Encoding::kFp16) << c.trail;
  EXPECT_NE(c.trail.find("not finite"), std::string::npos) << c.trail;
  // Sparse keeps the fp16 bits, NaN included; the gate then refuses it
  // because the reference output itself is NaN.
  std::vector<float> sparse(kRows * kCols, 0.0f);
  sparse[3] = 0.5f;
  sparse[9] = nan;
  const Choice s = ChooseEncoding(sparse, kRows, kCols, model, 0.1);
  EXPECT_EQ(s.encoding, Encoding::kFp16) << s.trail;
  EXPECT_NE(s.trail.find("sparse: gate relerr nan"), std::string::npos) << s.trail;
}

}  // namespace
}  // namespace ane
}  // namespace refmath
