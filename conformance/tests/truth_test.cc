// The true value and the distances measured from it (src/verify/truth.h),
// at inputs whose f(x) is known exactly (exp(0) = 1, log(1) = 0,
// sigmoid(0) = 1/2, tanh(0) = erf(0) = 0) or to many digits (exp(11),
// exp(1)), in each output format.  Expectations are worked out by hand.
#include <cfloat>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "src/verify/truth.h"

namespace refmath {
namespace test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr Format kB32 = Format::kBinary32;

TEST(Truth, ExactValues) {
  const Truth one = TruthOf(REFMATH_EXP, 0.0f, kB32);
  EXPECT_TRUE(one.defined);
  EXPECT_EQ(one.value, 1.0);
  EXPECT_EQ(one.rounded, 1.0);
  EXPECT_TRUE(IsCorrectlyRounded(one, 1.0));
  // The spacing at 1 is 2^-23 (above): 1 ulp up is 1, 1 ulp down (2^-24)
  // half of one.
  EXPECT_EQ(UlpFromTruth(one, 1 + 0x1p-23, kB32), 1.0);
  EXPECT_EQ(UlpFromTruth(one, 1 - 0x1p-24, kB32), 0.5);
  EXPECT_FALSE(IsCorrectlyRounded(one, 1 + 0x1p-23));

  const Truth half = TruthOf(REFMATH_SIGMOID, 0.0f, kB32);
  EXPECT_EQ(half.rounded, 0.5);
  EXPECT_EQ(UlpFromTruth(half, 0.5 + 0x1p-24, kB32), 1.0);
  EXPECT_EQ(UlpFromTruth(half, 0.5 + 3 * 0x1p-24, Format::kBinary16),
            3 * 0x1p-24 / 0x1p-11);

  for (refmath_function f : {REFMATH_LOG, REFMATH_TANH, REFMATH_ERF}) {
    const Truth zero = TruthOf(f, f == REFMATH_LOG ? 1.0f : 0.0f, kB32);
    EXPECT_EQ(zero.rounded, 0.0);
    EXPECT_FALSE(std::signbit(zero.rounded));
    // The smallest subnormal is one ulp of zero.
    EXPECT_EQ(UlpFromTruth(zero, 0x1p-149, kB32), 1.0);
    EXPECT_EQ(UlpFromTruth(zero, 0x1p-24, Format::kBinary16), 1.0);
    EXPECT_EQ(UlpFromTruth(zero, 0x1p-133, Format::kBfloat16), 1.0);
    EXPECT_TRUE(IsCorrectlyRounded(zero, 0.0));
    EXPECT_FALSE(IsCorrectlyRounded(zero, -0.0));  // the sign counts
  }
  const Truth minus_zero = TruthOf(REFMATH_TANH, -0.0f, kB32);
  EXPECT_TRUE(std::signbit(minus_zero.rounded));
}

TEST(Truth, UndefinedAndInfinite) {
  const Truth nan = TruthOf(REFMATH_LOG, -1.0f, kB32);
  EXPECT_FALSE(nan.defined);
  EXPECT_EQ(UlpFromTruth(nan, NAN, kB32), 0.0);
  EXPECT_EQ(UlpFromTruth(nan, 0.0, kB32), kInf);
  EXPECT_TRUE(IsCorrectlyRounded(nan, NAN));
  EXPECT_FALSE(IsCorrectlyRounded(nan, kInf));

  // exp(100) = 2.7e43 overflows binary32; exp(12) = 162754.8 binary16.
  const Truth big = TruthOf(REFMATH_EXP, 100.0f, kB32);
  EXPECT_EQ(big.rounded, kInf);
  EXPECT_EQ(UlpFromTruth(big, kInf, kB32), 0.0);
  EXPECT_EQ(UlpFromTruth(big, FLT_MAX, kB32), kInf);
  EXPECT_EQ(UlpFromTruth(big, NAN, kB32), kInf);
  EXPECT_EQ(TruthOf(REFMATH_EXP, 12.0f, Format::kBinary16).rounded, kInf);
  EXPECT_EQ(TruthOf(REFMATH_LOG, 0.0f, kB32).rounded, -kInf);
}

TEST(Truth, SmallFormats) {
  // exp(11) = 59874.141715197818...; binary16 spacing in [2^15, 2^16) is
  // 32, so it rounds to 1871 * 32 = 59872 and 59904 is 0.933 ulp away.
  const Truth e11 = TruthOf(REFMATH_EXP, 11.0f, Format::kBinary16);
  EXPECT_EQ(e11.rounded, 59872.0);
  EXPECT_NEAR(UlpFromTruth(e11, 59904.0, Format::kBinary16),
              (59904 - 59874.141715197818) / 32, 1e-9);
  // e = 2.718281828459045...; bfloat16 spacing in [2, 4) is 2^-6, so it
  // rounds to 174 * 2^-6 = 2.71875.
  const Truth e = TruthOf(REFMATH_EXP, 1.0f, Format::kBfloat16);
  EXPECT_EQ(e.rounded, 2.71875);
  EXPECT_NEAR(UlpFromTruth(e, 2.71875, Format::kBfloat16),
              (2.71875 - 2.718281828459045) * 64, 1e-9);
  EXPECT_NEAR(UlpFromTruth(e, 2.703125, Format::kBfloat16),
              (2.718281828459045 - 2.703125) * 64, 1e-9);
}

TEST(Truth, Nearer) {
  const Truth one = TruthOf(REFMATH_EXP, 0.0f, kB32);
  // 1 - 2^-24 is half an ulp away, 1 + 2^-23 a whole one.
  EXPECT_EQ(Nearer(REFMATH_EXP, 0.0f, one, 1 - 0x1p-24, 1 + 0x1p-23, kB32), -1);
  EXPECT_EQ(Nearer(REFMATH_EXP, 0.0f, one, 1 + 0x1p-23, 1 - 0x1p-24, kB32), 1);
  // 1 - 2^-23 and 1 + 2^-23: exactly as far (decided by MPFR).
  EXPECT_EQ(Nearer(REFMATH_EXP, 0.0f, one, 1 - 0x1p-23, 1 + 0x1p-23, kB32), 0);
  EXPECT_EQ(Nearer(REFMATH_EXP, 0.0f, one, 1.0, 1.0, kB32), 0);
  // A NaN or infinity where f(x) is finite loses to any finite value, and
  // two of them tie.
  EXPECT_EQ(Nearer(REFMATH_EXP, 0.0f, one, NAN, 1e30, kB32), 1);
  EXPECT_EQ(Nearer(REFMATH_EXP, 0.0f, one, NAN, kInf, kB32), 0);
  const Truth nan = TruthOf(REFMATH_LOG, -1.0f, kB32);
  EXPECT_EQ(Nearer(REFMATH_LOG, -1.0f, nan, 0.0, NAN, kB32), 1);
}

}  // namespace
}  // namespace test
}  // namespace refmath
