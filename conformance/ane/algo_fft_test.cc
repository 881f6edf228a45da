// The DFT on the ANE model (refmath/ane/fft.h): the factorization rule, the
// four-matmul complex product and the twiddles bit for bit, and the spec's
// accuracy statements: dense about 2.5e-4..6e-4 and flat in N, staged
// 5e-4..8e-4 and not more accurate than dense, the folded 2-D
// normalization and the convolution pre-scale against the 65504 ceiling.
//
// Margins: a relative error must lie within the spec's range widened by a
// factor 1.5 on each side; "flat" means max / min over N below 2.
#include <math.h>

#include <complex>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/ane/fft.h"
#include "src/ane/algorithms/test_matrices.h"

namespace refmath {
namespace ane {
namespace {

using Cvec = std::vector<std::complex<double>>;

constexpr double kMargin = 1.5;
constexpr double kDenseLow = 2.5e-4, kDenseHigh = 6e-4;    // spec
constexpr double kStagedLow = 5e-4, kStagedHigh = 8e-4;    // spec
constexpr double kFlatFactor = 2.0;
constexpr size_t kValues = 1024;  // complex inputs per length, batched in rows
constexpr uint64_t kSeed = 0x5EED0400;

Cvec Gaussian(size_t n, Rng& rng) {
  Cvec v(n);
  for (auto& z : v) {
    const double re = rng.Normal();
    z = {re, rng.Normal()};
  }
  return v;
}

// Norm-wise relative error of the dense or staged forward transform of
// standard normal inputs against the double DFT of the unrounded inputs.
double ForwardError(size_t n, bool staged, uint64_t seed) {
  Rng rng(seed);
  const size_t rows = n >= kValues ? 1 : kValues / n;
  const Cvec x = Gaussian(rows * n, rng);
  const ComplexTensor t = ToComplexTensor(x, rows, n);
  const ComplexTensor y = staged ? StagedDft(t, kForward) : DenseDft(t, kForward);
  return NormRelativeError(ReferenceDft(x, rows, n, kForward), ToComplex(y));
}

TEST(AneFft, StageFactorsFollowTheRule) {
  EXPECT_EQ(StageFactors(64), (std::vector<size_t>{4, 4, 4}));
  EXPECT_EQ(StageFactors(256), (std::vector<size_t>{4, 8, 8}));
  EXPECT_EQ(StageFactors(1024), (std::vector<size_t>{8, 8, 16}));
  EXPECT_EQ(StageFactors(2048), (std::vector<size_t>{8, 16, 16}));
  EXPECT_EQ(StageFactors(12), (std::vector<size_t>{2, 2, 3}));
  EXPECT_EQ(StageFactors(4), (std::vector<size_t>{2, 2}));
  EXPECT_EQ(StageFactors(7), (std::vector<size_t>{7}));
  EXPECT_EQ(StageFactors(1), (std::vector<size_t>{1}));
}

TEST(AneFft, TwiddlesRoundRealAndImaginaryPartsSeparately) {
  const ComplexTensor w = TwiddleMatrix(8, kForward, 1.0);
  // exp(-i pi / 4): binary16(0.70710678) is 0x39A8 (0.70703125).
  EXPECT_EQ(w.re.at(1, 1), 0x39A8);
  EXPECT_EQ(w.im.at(1, 1), 0xB9A8);
  EXPECT_EQ(w.re.at(2, 2), 0xBC00);  // exp(-i pi) = -1
  EXPECT_EQ(w.im.at(2, 2) & 0x7FFF, 0);  // sin(pi) in double, 1.2e-16, rounds to 0
}

TEST(AneFft, ComplexMatmulIsFourRealMatmuls) {
  // (1 + 2i)(3 + 4i) = -5 + 10i, all exact in binary16.
  const ComplexTensor a = ToComplexTensor({{1, 2}}, 1, 1);
  const ComplexTensor b = ToComplexTensor({{3, 4}}, 1, 1);
  const ComplexTensor c = ComplexMatmul(a, b);
  EXPECT_EQ(c.re[0], 0xC500);  // -5
  EXPECT_EQ(c.im[0], 0x4900);  // 10
}

TEST(AneFft, DeltaTransformsToExactOnes) {
  Cvec delta(16, 0.0);
  delta[0] = 1.0;
  const ComplexTensor x = ToComplexTensor(delta, 1, 16);
  const ComplexTensor y = DenseDft(x, kForward);
  for (size_t k = 0; k < 16; ++k) {
    EXPECT_EQ(y.re[k], 0x3C00) << k;
    EXPECT_EQ(y.im[k] & 0x7FFF, 0) << k;
  }
  const ComplexTensor inv = InverseDft(x, false);  // 1/16 exactly
  for (size_t k = 0; k < 16; ++k) EXPECT_EQ(inv.re[k], 0x2C00) << k;
}

TEST(AneFft, StagedEqualsDenseForAPrimeLength) {
  Rng rng(kSeed);
  const ComplexTensor x = ToComplexTensor(Gaussian(7 * 3, rng), 3, 7);
  const ComplexTensor d = DenseDft(x, kForward), s = StagedDft(x, kForward);
  EXPECT_EQ(d.re.data(), s.re.data());
  EXPECT_EQ(d.im.data(), s.im.data());
}

TEST(AneFft, DenseErrorWithinTheSpecRangeAndFlatInN) {
  double lo = 1, hi = 0;
  for (size_t n : {8, 64, 512}) {
    const double e = ForwardError(n, false, kSeed + n);
    EXPECT_GE(e, kDenseLow / kMargin) << "N = " << n;
    EXPECT_LE(e, kDenseHigh * kMargin) << "N = " << n;
    lo = std::min(lo, e);
    hi = std::max(hi, e);
  }
  EXPECT_LT(hi / lo, kFlatFactor);
}

TEST(AneFft, StagedErrorWithinTheSpecRangeAndNotBetterThanDense) {
  for (size_t n : {64, 256, 1024, 2048}) {
    const double e = ForwardError(n, true, kSeed + n);
    EXPECT_GE(e, kStagedLow / kMargin) << "N = " << n;
    EXPECT_LE(e, kStagedHigh * kMargin) << "N = " << n;
    if (n <= 256) {
      EXPECT_GE(e, ForwardError(n, false, kSeed + n)) << "N = " << n;
    }
  }
}

TEST(AneFft, InverseWithinTheDenseRange) {
  Rng rng(kSeed + 1);
  const Cvec x = Gaussian(4 * 256, rng);
  const ComplexTensor y = InverseDft(ToComplexTensor(x, 4, 256), false);
  const double e = NormRelativeError(ReferenceDft(x, 4, 256, kInverse, 1.0 / 256), ToComplex(y));
  EXPECT_GE(e, kDenseLow / kMargin);
  EXPECT_LE(e, kDenseHigh * kMargin);
}

TEST(AneFft, FoldedNormalizationKeeps2dInsideTheCeiling) {
  // 64 x 64 values in [16, 32): the unscaled DC term is their sum, about
  // 98000 > 65504.  Folding 1/N and 1/M into the twiddles keeps every
  // intermediate near the input scale.
  constexpr size_t kM = 64, kN = 64;
  Rng rng(kSeed + 2);
  Cvec x(kM * kN);
  for (auto& z : x) z = {rng.Uniform(16, 32), 0.0};
  const ComplexTensor t = ToComplexTensor(x, kM, kN);
  const Cvec ref = ReferenceDft2d(x, kM, kN);
  const double folded = NormRelativeError(ref, ToComplex(Dft2d(t, false, true)));
  EXPECT_LE(folded, kDenseHigh * kMargin);
  EXPECT_TRUE(isnan(NormRelativeError(ref, ToComplex(Dft2d(t, false, false)))));
}

TEST(AneFft, BatchedPlanesAreTransformedOneByOne) {
  // [3, 4, 6]: each plane's transform is Dft2d of that plane alone, bit
  // for bit, under both methods and with or without the fold.
  constexpr size_t kPlanes = 3, kM = 4, kN = 6;
  Rng rng(kSeed + 4);
  const Cvec x = Gaussian(kPlanes * kM * kN, rng);
  const ComplexTensor all = ToComplexTensor(x, kPlanes * kM, kN);
  for (bool staged : {false, true}) {
    for (bool fold : {false, true}) {
      const ComplexTensor y = BatchedDft2d(all, kM, staged, fold);
      for (size_t b = 0; b < kPlanes; ++b) {
        const Cvec plane(x.begin() + b * kM * kN, x.begin() + (b + 1) * kM * kN);
        const ComplexTensor want = Dft2d(ToComplexTensor(plane, kM, kN), staged, fold);
        const std::vector<Half> re(y.re.data().begin() + b * kM * kN,
                                   y.re.data().begin() + (b + 1) * kM * kN);
        const std::vector<Half> im(y.im.data().begin() + b * kM * kN,
                                   y.im.data().begin() + (b + 1) * kM * kN);
        EXPECT_EQ(re, want.re.data()) << b;
        EXPECT_EQ(im, want.im.data()) << b;
      }
    }
  }
  EXPECT_THROW(BatchedDft2d(all, 5, false), std::invalid_argument);
}

TEST(AneFft, PlanesOfUserArrays) {
  ComplexTensor x;
  size_t m = 0;
  std::string error;
  const Tensor re = Tensor::Filled({2, 3, 5}, 0x3C00);
  ASSERT_TRUE(Dft2dPlanes(re, nullptr, "re", "im", &x, &m, &error)) << error;
  EXPECT_EQ(m, 3u);
  EXPECT_EQ(x.re.shape(), (Shape{6, 5}));
  EXPECT_EQ(x.im.data(), std::vector<Half>(30, 0));
  EXPECT_FALSE(Dft2dPlanes(Tensor::Filled({5}, 0), nullptr, "re", "im", &x, &m, &error));
  EXPECT_EQ(error, "re: shape (5,) needs two last axes of 1 to 8192 elements each");
  const Tensor im = Tensor::Filled({3, 2, 5}, 0);
  EXPECT_FALSE(Dft2dPlanes(re, &im, "re", "im", &x, &m, &error));
  EXPECT_EQ(error, "re has shape (2, 3, 5) but im (3, 2, 5)");
}

TEST(AneFft, ConvolutionPrescaleKeepsTheSpectrumInRange) {
  // Two positive signals of length 512: the product spectrum peaks at
  // (sum a)(sum b), about 1.5e5, which binary16 cannot hold.
  constexpr size_t kN = 512;
  Rng rng(kSeed + 3);
  Cvec a(kN), b(kN), y(kN);
  for (size_t i = 0; i < kN; ++i) {
    a[i] = rng.Uniform(0.5, 1);
    b[i] = rng.Uniform(0.5, 1);
  }
  const Cvec fa = ReferenceDft(a, 1, kN, kForward), fb = ReferenceDft(b, 1, kN, kForward);
  for (size_t k = 0; k < kN; ++k) y[k] = fa[k] * fb[k];
  ASSERT_GT(std::abs(y[0]), 65504.0);
  const Cvec ref = ReferenceDft(y, 1, kN, kInverse, 1.0 / kN);
  EXPECT_LE(NormRelativeError(ref, ConvolutionInverse(y, false, true)), kDenseHigh * kMargin);
  EXPECT_TRUE(isnan(NormRelativeError(ref, ConvolutionInverse(y, false, false))));
}

}  // namespace
}  // namespace ane
}  // namespace refmath
