// Paired binary16 arithmetic (refmath/ane/half_pair.h) against the notes' figures.
// Exactness is checked in double, where every sum and product of two
// binary16 values is exact: "hi + lo == a + b" is an identity of real
// numbers (so +0 and -0 are meant to compare equal), the one place these
// tests compare values rather than bit patterns.
#include "refmath/ane/half_pair.h"

#include <math.h>
#include <stdio.h>

#include <random>
#include <vector>

#include "conformance/ane/test_profiles.h"
#include "gtest/gtest.h"
#include "refmath/ane/matmul.h"
#include "refmath/ane/ops.h"

namespace refmath {
namespace ane {
namespace {

double V(Half h) { return HalfToDouble(h); }

// Significant bits of a finite binary16 value's significand.
int SignificantBits(Half h) {
  int m = (h & 0x3FF) | ((h & 0x7C00) ? 0x400 : 0);
  if (m == 0) return 0;
  while ((m & 1) == 0) m >>= 1;
  int bits = 0;
  for (; m; m >>= 1) ++bits;
  return bits;
}

TEST(AnePaired, SplitIsNaNFor1008AndAbove) {
  // 1008 * 65 = 65520 overflows binary16; c - (c - t) is then inf - inf.
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    const Half t = static_cast<Half>(i);
    if (HalfIsNaN(t)) continue;
    const HalfPair s = Split(t);
    if (fabs(V(t)) >= 1008) {
      ASSERT_TRUE(HalfIsNaN(s.hi) || HalfIsNaN(s.lo)) << V(t);
      continue;
    }
    // Below: an exact split into two halves of at most 5 + 1 bits.
    ASSERT_EQ(V(s.hi) + V(s.lo), V(t)) << V(t);
    ASSERT_LE(SignificantBits(s.hi), 6) << V(t);
    ASSERT_LE(SignificantBits(s.lo), 6) << V(t);
  }
  EXPECT_FALSE(HalfIsNaN(Split(HalfFromDouble(1007.5)).hi));
  EXPECT_TRUE(HalfIsNaN(Split(HalfFromDouble(1008)).hi));
}

TEST(AnePaired, TwoSumIsExactOnEveryPairTested) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<uint32_t> bits(0, 0xFFFF);
  constexpr int kPairs = 200000;
  int tested = 0;
  for (int i = 0; i < kPairs; ++i) {
    const Half a = static_cast<Half>(bits(rng)), b = static_cast<Half>(bits(rng));
    const HalfPair r = TwoSum(a, b);
    if (!isfinite(V(a)) || !isfinite(V(b)) || !isfinite(V(r.hi))) continue;
    ASSERT_EQ(V(r.hi) + V(r.lo), V(a) + V(b)) << std::hex << a << " " << b;
    ++tested;
  }
  printf("TwoSum: exact on all %d of %d random pairs with a finite sum\n",
         tested, kPairs);
  EXPECT_GT(tested, kPairs / 2);
}

constexpr int kTwoProdPairs = 100000;

// How many of kTwoProdPairs log-uniform pairs in [0.05, 30] have an
// inexact TwoProd under `p`.  With `check_cause`, every failure must come with the
// low limbs' product al*bl nonzero and below the binary16 normal range.
// `uniform` draws the pairs uniformly in [0.05, 30] instead.
int TwoProdFailures(const Profile& p, bool check_cause, bool uniform = false) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> log_u(log(0.05), log(30.0));
  std::uniform_real_distribution<double> u(0.05, 30.0);
  const auto draw = [&]() { return uniform ? u(rng) : exp(log_u(rng)); };
  int failures = 0;
  for (int i = 0; i < kTwoProdPairs; ++i) {
    const Half a = HalfFromDouble(draw());
    const Half b = HalfFromDouble(draw());
    const HalfPair r = TwoProd(a, b, p);
    if (V(r.hi) + V(r.lo) == V(a) * V(b)) continue;
    ++failures;
    if (!check_cause) continue;
    const double lo_lo = V(Split(a, p).lo) * V(Split(b, p).lo);
    EXPECT_TRUE(lo_lo != 0 && fabs(lo_lo) < kHalfMinNormal)
        << V(a) << " * " << V(b) << ": inexact with normal error terms";
    if (::testing::Test::HasFailure()) break;
  }
  return failures;
}

// The notes: TwoProd is not exact once the error terms are subnormal,
// "about 8% of random pairs in [0.05, 30]".  Reproduced with pairs drawn
// log-uniformly in [0.05, 30] and subnormals kept (the spec profile):
// 7.9% of 100000 pairs, each failure with a subnormal al*bl.  (Uniform
// draws fail far less, about 0.01%, since small operands are rare.)
TEST(AnePaired, TwoProdExactAwayFromSubnormalErrorTerms_About8PercentFail) {
  const int failures = TwoProdFailures(SpecProfile(), true);
  const double fraction = static_cast<double>(failures) / kTwoProdPairs;
  printf("TwoProd, log-uniform pairs: %d of %d inexact (%.1f%%)\n", failures,
         kTwoProdPairs, 100 * fraction);
  EXPECT_GT(fraction, 0.07) << "notes: about 8%";
  EXPECT_LT(fraction, 0.09) << "notes: about 8%";
  // Uniform draws: small operands, hence subnormal error terms, are rare.
  const int uniform_failures = TwoProdFailures(SpecProfile(), true, true);
  printf("TwoProd, uniform pairs: %d of %d inexact (%.3f%%)\n",
         uniform_failures, kTwoProdPairs,
         100.0 * uniform_failures / kTwoProdPairs);
  EXPECT_LT(uniform_failures, failures / 100);
}

// A prediction of the model, measured here: on a device that flushes
// subnormals every subnormal partial product or error term is lost, not
// only al*bl, and 46.3% of the same pairs fail under m1 (the flushing
// alone explains it: the spec profile with flushing gives the same count).
TEST(AnePaired, TwoProdFailsOnAbout46PercentWhenSubnormalsAreFlushed) {
  Profile flushing = SpecProfile();
  flushing.flush_subnormals = true;
  const int failures = TwoProdFailures(Preset("m1"), false);
  const double fraction = static_cast<double>(failures) / kTwoProdPairs;
  printf("TwoProd under m1: %d of %d inexact (%.1f%%)\n", failures,
         kTwoProdPairs, 100 * fraction);
  EXPECT_GT(fraction, 0.45);
  EXPECT_LT(fraction, 0.47);
  EXPECT_EQ(failures, TwoProdFailures(flushing, false));
}

// Regime B of the notes: the inputs are known to more than binary16
// precision upstream.  a and b differ by 1e-4 relative; plain binary16
// rounds both inputs first and the difference drowns (> 50% error), the
// paired subtraction keeps it (< 5%).
TEST(AnePaired, PairedSubtractRatio1em4_ErrorBelow5PercentWherePlainExceeds50) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.5, 100.0);
  constexpr size_t kCount = 1000;
  constexpr double kRatio = 1e-4;
  std::vector<double> a(kCount), b(kCount);
  for (size_t i = 0; i < kCount; ++i) {
    a[i] = u(rng);
    b[i] = a[i] * (1 - kRatio);
  }
  const Tensor plain = Sub(Tensor::Vector(a), Tensor::Vector(b));
  const Tensor paired = PairedSub(Paired::FromDoubles({kCount}, a),
                                  Paired::FromDoubles({kCount}, b))
                            .ToTensor();
  double plain_err = 0, paired_err = 0;
  for (size_t i = 0; i < kCount; ++i) {
    const double truth = a[i] - b[i];
    plain_err = fmax(plain_err, fabs(plain.Value(i) - truth) / truth);
    paired_err = fmax(paired_err, fabs(paired.Value(i) - truth) / truth);
  }
  EXPECT_GT(plain_err, 0.5);
  EXPECT_LT(paired_err, 0.05);
}

// A genuine binary16 input has no bits below its ulp: paired_subtract then
// returns exactly the plain binary16 difference (s + e is a - b exactly,
// and its rounding is s), as long as a - b does not overflow; when it does,
// TwoSum computes inf - inf and the paired result is NaN, not inf.
TEST(AnePaired, PairedSubtractOfGenuineFp16IsThePlainDifference) {
  std::mt19937 rng(9);
  std::uniform_int_distribution<uint32_t> bits(0, 0x7400);  // below 16384
  std::vector<Half> a(5000), b(5000);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<Half>(bits(rng));
    b[i] = static_cast<Half>(bits(rng) | (i & 1 ? 0x8000 : 0));
  }
  const Tensor ta({a.size()}, a), tb({b.size()}, b);
  EXPECT_EQ(PairedSubtract(ta, tb).data(), Sub(ta, tb).data());
  const Tensor big = Tensor::Vector({60000}), minus_big = Tensor::Vector({-60000});
  EXPECT_EQ(Sub(big, minus_big)[0], kHalfPosInf);
  EXPECT_EQ(PairedSubtract(big, minus_big)[0], kHalfCanonicalNaN);
}

// The compensated dot of the notes against the plain matmul, on vectors
// with sign changes (cancellation) known to double precision upstream.
// Over the set, the paired error is no worse (largest and total).  Not on
// every vector: the product stream's sum leaves the matmul rounded to
// binary16 (the notes' formula), and to_tensor() rounds once more, so a
// single result can land a binary16 ulp away where the plain one did not
// (3 of these 50 vectors).  Measured: plain mean 1.83e-3, max 6.91e-3;
// paired mean 1.13e-3, max 6.06e-3.
TEST(AnePaired, PairedDotErrorNoWorseThanPlainMatmul) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  constexpr size_t kLength = 256;
  constexpr int kTrials = 50;
  double plain_total = 0, paired_total = 0, plain_max = 0, paired_max = 0;
  int paired_worse = 0;
  for (int t = 0; t < kTrials; ++t) {
    std::vector<double> x(kLength), y(kLength);
    double truth = 0;
    for (size_t i = 0; i < kLength; ++i) {
      x[i] = u(rng);
      y[i] = u(rng);
      truth += x[i] * y[i];
    }
    const double plain =
        Matmul(Tensor::Vector(x), Tensor::Vector(y)).Value(0);
    const Paired d = PairedDot(Paired::FromDoubles({kLength}, x),
                               Paired::FromDoubles({kLength}, y));
    ASSERT_EQ(d.hi.shape(), (Shape{1}));
    const double paired = d.ToTensor().Value(0);
    const double plain_err = fabs(plain - truth);
    const double paired_err = fabs(paired - truth);
    paired_worse += paired_err > plain_err;
    plain_total += plain_err;
    paired_total += paired_err;
    plain_max = fmax(plain_max, plain_err);
    paired_max = fmax(paired_max, paired_err);
  }
  printf("dot of %zu: plain mean %.3g max %.3g, paired mean %.3g max %.3g; "
         "paired worse on %d of %d\n",
         kLength, plain_total / kTrials, plain_max, paired_total / kTrials,
         paired_max, paired_worse, kTrials);
  EXPECT_LE(paired_max, plain_max);
  EXPECT_LE(paired_total, plain_total);
}

TEST(AnePaired, PairedOfInfinityHasNaNLowLimbAndToTensorAddsTheLimbs) {
  const HalfPair inf = MakePaired(kHalfPosInf);
  EXPECT_EQ(inf.hi, kHalfPosInf);
  EXPECT_EQ(inf.lo, kHalfCanonicalNaN);
  const HalfPair one = MakePaired(0x3C00);
  EXPECT_EQ(one.lo, 0x0000);
  // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: to even, 1.
  EXPECT_EQ(PairedToHalf({0x3C00, 0x1000}), 0x3C00);
  EXPECT_EQ(PairedToHalf({0x3C00, 0x1001}), 0x3C01);
}

}  // namespace
}  // namespace ane
}  // namespace refmath
