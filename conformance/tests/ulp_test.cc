// The output formats' spacing and rounding (src/verify/ulp.h, and MPFR's
// rounding in src/verify/mpfr.h) for bfloat16, the format added last, with
// binary32 and binary16 as the cross-check: every expectation is a value
// worked out by hand from the formats' definitions.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "src/verify/mpfr.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double MpfrRound(double v, Format format) {
  MpfrNumber r;
  mpfr_set_d(r, v, MPFR_RNDN);
  return RoundMpfrTo(r, format);
}

TEST(Bfloat16, Parameters) {
  const FormatParams p = ParamsOf(Format::kBfloat16);
  EXPECT_EQ(p.mantissa_bits, 7);
  EXPECT_EQ(p.min_exponent, -126);
  EXPECT_EQ(p.max_exponent, 127);
}

TEST(Bfloat16, Spacing) {
  EXPECT_EQ(SpacingOf(1.0, Format::kBfloat16), 0x1p-7);
  EXPECT_EQ(SpacingOf(1.0, Format::kBinary32), 0x1p-23);
  EXPECT_EQ(SpacingOf(1.0, Format::kBinary16), 0x1p-10);
  EXPECT_EQ(SpacingOf(-3.0, Format::kBfloat16), 0x1p-6);
  // Subnormals: the spacing of the smallest normal binade, 2^(-126-7).
  EXPECT_EQ(SpacingOf(0x1p-126, Format::kBfloat16), 0x1p-133);
  EXPECT_EQ(SpacingOf(0x1p-130, Format::kBfloat16), 0x1p-133);
  EXPECT_EQ(SpacingOf(0.0, Format::kBfloat16), 0x1p-133);
  EXPECT_EQ(SpacingOf(0x1p127, Format::kBfloat16), 0x1p120);
}

TEST(Bfloat16, RoundingTiesToEven) {
  for (const bool mpfr : {false, true}) {
    SCOPED_TRACE(mpfr ? "RoundMpfrTo" : "RoundTo");
    auto round = [mpfr](double v) {
      return mpfr ? MpfrRound(v, Format::kBfloat16)
                  : RoundTo(v, Format::kBfloat16);
    };
    // Halfway between 1 (even) and 1 + 2^-7 (odd): down to 1.
    EXPECT_EQ(round(1 + 0x1p-8), 1.0);
    // Halfway between 1 + 2^-7 (odd) and 1 + 2^-6 (even): up.
    EXPECT_EQ(round(1 + 3 * 0x1p-8), 1 + 0x1p-6);
    EXPECT_EQ(round(1 + 0x1p-8 + 0x1p-30), 1 + 0x1p-7);
    EXPECT_EQ(round(-(1 + 0x1p-8 + 0x1p-30)), -(1 + 0x1p-7));
    // pi = 0x1.921fb54442d18p+1 -> 1.1001001 | 0000111... -> 0x1.92p+1.
    EXPECT_EQ(round(M_PI), 0x1.92p+1);
    // The largest finite value is (2 - 2^-7) 2^127; halfway to 2^128
    // rounds to the even neighbour, 2^128, so overflows.
    EXPECT_EQ(round(0x1.fep+127 + 0x1p119), kInf);
    EXPECT_EQ(round(0x1.fep+127 + 0x1p118), 0x1.fep+127);
    // Subnormals down to 2^-133; halfway below it rounds to (even) 0.
    EXPECT_EQ(round(0x1p-134), 0.0);
    EXPECT_EQ(round(0x1.8p-134), 0x1p-133);
    EXPECT_EQ(round(3 * 0x1p-134), 2 * 0x1p-133);  // 1.5 -> 2 (even)
    EXPECT_EQ(round(5 * 0x1p-134), 2 * 0x1p-133);  // 2.5 -> 2 (even)
  }
}

TEST(Bfloat16, UlpError) {
  EXPECT_EQ(UlpError(1 + 0x1p-7, 1.0, Format::kBfloat16), 1.0);
  // The reference 1 + 2^-9 rounds to 1: the spacing is 2^-7 there.
  EXPECT_EQ(UlpError(1 + 0x1p-7, 1 + 0x1p-9, Format::kBfloat16), 0.75);
  // A reference that rounds to infinity uses the largest binade's spacing.
  EXPECT_EQ(UlpError(0x1.fep+127, 0x1.fep+127 + 0x1p119, Format::kBfloat16),
            0.5);
}

// The value of bits 0x3F81 (bfloat16) is the binary32 0x3F810000.
TEST(Bfloat16, ValuesAreTheUpperHalfOfBinary32) {
  EXPECT_EQ(RoundTo(1.0078125, Format::kBfloat16), 1.0078125);  // 0x3F81
  EXPECT_EQ(RoundTo(1.00390625, Format::kBfloat16), 1.0);       // tie, even
  EXPECT_EQ(RoundTo(1.01171875, Format::kBfloat16), 1.015625);  // tie, even
}

}  // namespace
}  // namespace test
}  // namespace refmath
