// The binary16 fused multiply-add against MPFR (rounded to binary16,
// subnormals included) on random triples spanning every exponent,
// and on hand-picked cases.
#include "refmath/binary16/arith.h"

#include <stdint.h>

#include <random>

#include "gtest/gtest.h"
#include "src/verify/mpfr.h"

namespace refmath {
namespace mcu {
namespace {

// The fma of binary16 values to 128 bits is exact (its bits span 2^-48
// to 2^33), so rounding it once to binary16 gives the correctly rounded
// result.
Half MpfrFma(Half a, Half b, Half c) {
  MpfrNumber ma, mb, mc, r;
  mpfr_set_d(ma, HalfToDouble(a), MPFR_RNDN);
  mpfr_set_d(mb, HalfToDouble(b), MPFR_RNDN);
  mpfr_set_d(mc, HalfToDouble(c), MPFR_RNDN);
  mpfr_fma(r, ma, mb, mc, MPFR_RNDN);
  // Exact: the result is a binary16 value.
  return HalfFromDouble(RoundMpfrTo(r, Format::kBinary16));
}

Half RandomFinite(std::mt19937& gen) {
  for (;;) {
    const Half h = static_cast<Half>(gen() & 0xFFFF);
    if ((h & 0x7C00) != 0x7C00) return h;
  }
}

TEST(McuHalfFma, MatchesMpfrOnRandomTriples) {
  std::mt19937 gen(20261130);
  constexpr int kTriples = 200000;
  int mismatches = 0;
  for (int i = 0; i < kTriples; ++i) {
    const Half a = RandomFinite(gen), b = RandomFinite(gen), c = RandomFinite(gen);
    const Half got = HalfFma(a, b, c), want = MpfrFma(a, b, c);
    const bool both_nan = HalfIsNaN(got) && HalfIsNaN(want);
    if (got != want && !both_nan && ++mismatches <= 5) {
      ADD_FAILURE() << std::hex << "fma(" << a << ", " << b << ", " << c
                    << ") = " << got << ", MPFR " << want;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(McuHalfFma, MatchesMpfrWhereTheProductNearlyCancelsTheAddend) {
  // c = -(a*b rounded): the exact result is the product's rounding error,
  // often subnormal; random a, b with exponents near 0.
  std::mt19937 gen(7);
  for (int i = 0; i < 50000; ++i) {
    const Half a = static_cast<Half>(0x3000 + (gen() & 0x1FFF));
    const Half b = static_cast<Half>(0x3000 + (gen() & 0x1FFF)) | (gen() & 0x8000);
    const Half p = HalfFromDouble(HalfToDouble(a) * HalfToDouble(b));
    const Half c = p ^ 0x8000;
    ASSERT_EQ(HalfFma(a, b, c), MpfrFma(a, b, c)) << std::hex << a << " " << b;
  }
}

TEST(McuHalfFma, HandCheckedCases) {
  // 3 * 683 = 2049: a tie between 2048 and 2050, to even 2048 (0x6800);
  // with c = 2^-24 the exact sum is above the tie: 2050 (0x6801).
  const Half three = 0x4200, n683 = 0x6156, zero = 0x0000, tiny = 0x0001;
  EXPECT_EQ(HalfFma(three, n683, zero), 0x6800);
  EXPECT_EQ(HalfFma(three, n683, tiny), 0x6801);
  EXPECT_EQ(HalfFma(three, n683, tiny | 0x8000), 0x6800);
  // Exact cancellation gives +0; inf * 0 is invalid.
  EXPECT_EQ(HalfFma(0x3C00, 0x3C00, 0xBC00), 0x0000);
  EXPECT_TRUE(HalfIsNaN(HalfFma(kHalfPosInf, zero, zero)));
  EXPECT_EQ(HalfFma(0x7BFF, 0x4000, zero), kHalfPosInf);  // overflow
}

TEST(McuHalfFma, MaxNumMinNum) {
  const Half nan = kHalfCanonicalNaN, one = 0x3C00, two = 0x4000;
  EXPECT_EQ(HalfMaxNum(nan, one), one);
  EXPECT_EQ(HalfMaxNum(one, nan), one);
  EXPECT_EQ(HalfMinNum(nan, two), two);
  EXPECT_EQ(HalfMaxNum(one, two), two);
  EXPECT_EQ(HalfMinNum(one, two), one);
  EXPECT_EQ(HalfMaxNum(0x8000, 0x0000), 0x0000);
  EXPECT_EQ(HalfMinNum(0x0000, 0x8000), 0x8000);
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
