// binary16 rounding of the ANE model (refmath/binary16/binary16.h), exhaustively: every
// bit pattern round-trips, every midpoint between neighbours follows the tie
// rule, and the overflow and subnormal boundaries.  The expected results
// come from the bit patterns (the neighbour with the even last bit), not
// from the code under test; random doubles are also checked against the
// compiler's own _Float16 conversion where it exists.
#include "refmath/binary16/binary16.h"

#include <math.h>
#include <stdint.h>

#include <string.h>

#include <random>

#include "gtest/gtest.h"

namespace refmath {
namespace ane {
namespace {

constexpr HalfRounding kEven{Tie::kEven, false};
constexpr HalfRounding kAway{Tie::kAwayFromZero, false};
constexpr HalfRounding kEvenFlush{Tie::kEven, true};
constexpr HalfRounding kAwayFlush{Tie::kAwayFromZero, true};
constexpr Half kLargestFinite = 0x7BFF;   // 65504
constexpr Half kLargestSubnormal = 0x03FF;
constexpr Half kSign = 0x8000;

bool IsSubnormal(Half h) { return (h & 0x7C00) == 0 && (h & 0x3FF) != 0; }

TEST(AneHalf, EveryPatternRoundTrips) {
  for (const HalfRounding r : {kEven, kAway}) {
    for (uint32_t i = 0; i <= 0xFFFF; ++i) {
      const Half h = static_cast<Half>(i);
      const Half expected = HalfIsNaN(h) ? kHalfCanonicalNaN : h;
      ASSERT_EQ(HalfFromDouble(HalfToDouble(h), r), expected)
          << std::hex << "0x" << i << " tie " << static_cast<int>(r.tie);
      ASSERT_EQ(HalfFromDouble(HalfToFloat(h), r), expected) << std::hex << i;
    }
  }
}

TEST(AneHalf, FlushingRoundTripsNormalsAndZeroesSubnormals) {
  for (const HalfRounding r : {kEvenFlush, kAwayFlush}) {
    for (uint32_t i = 0; i <= 0xFFFF; ++i) {
      const Half h = static_cast<Half>(i);
      Half expected = HalfIsNaN(h) ? kHalfCanonicalNaN : h;
      if (IsSubnormal(h)) expected = h & kSign;  // signed zero
      ASSERT_EQ(HalfFromDouble(HalfToDouble(h), r), expected) << std::hex << i;
    }
  }
}

// Every midpoint between two neighbouring finite binary16 values of the
// same sign (subnormal and normal), both signs, both tie rules; and the
// doubles just beside each midpoint round to the nearer neighbour.
TEST(AneHalf, EveryMidpointFollowsTheTieRule) {
  for (const Half sign : {Half{0}, kSign}) {
    for (uint32_t i = 0; i < kLargestFinite; ++i) {
      const Half lo = static_cast<Half>(sign | i);
      const Half hi = static_cast<Half>(sign | (i + 1));
      const double a = HalfToDouble(lo), b = HalfToDouble(hi);
      const double mid = (a + b) / 2;  // exact: 12 significant bits
      const Half even = (lo & 1) == 0 ? lo : hi;
      ASSERT_EQ(HalfFromDouble(mid, kEven), even) << std::hex << lo;
      ASSERT_EQ(HalfFromDouble(mid, kAway), hi) << std::hex << lo;
      const double below = nextafter(mid, a), above = nextafter(mid, b);
      for (const HalfRounding r : {kEven, kAway}) {
        ASSERT_EQ(HalfFromDouble(below, r), lo) << std::hex << lo;
        ASSERT_EQ(HalfFromDouble(above, r), hi) << std::hex << lo;
      }
    }
  }
}

TEST(AneHalf, OverflowBoundary65520) {
  // 65520 is the midpoint between 65504 (odd last bit) and 2^16: the even
  // side is 2^16, which is out of range, so it overflows under both rules.
  EXPECT_EQ(HalfFromDouble(65520.0, kEven), kHalfPosInf);
  EXPECT_EQ(HalfFromDouble(65520.0, kAway), kHalfPosInf);
  EXPECT_EQ(HalfFromDouble(-65520.0, kEven), kHalfNegInf);
  EXPECT_EQ(HalfFromDouble(65519.99, kEven), kLargestFinite);
  EXPECT_EQ(HalfFromDouble(65519.99, kAway), kLargestFinite);
  EXPECT_EQ(HalfFromDouble(-65519.99, kEven), kSign | kLargestFinite);
  EXPECT_EQ(HalfFromDouble(1e300, kEven), kHalfPosInf);
  EXPECT_EQ(HalfFromDouble(-INFINITY, kEven), kHalfNegInf);
}

TEST(AneHalf, SubnormalBoundaries) {
  const double half_min_subnormal = kHalfMinSubnormal / 2;  // 2^-25
  EXPECT_EQ(HalfFromDouble(half_min_subnormal, kEven), 0x0000);  // tie to 0
  EXPECT_EQ(HalfFromDouble(half_min_subnormal, kAway), 0x0001);
  EXPECT_EQ(HalfFromDouble(-half_min_subnormal, kEven), kSign);
  EXPECT_EQ(HalfFromDouble(-half_min_subnormal, kAway), kSign | 0x0001);
  EXPECT_EQ(HalfFromDouble(1e-30, kEven), 0x0000);
  EXPECT_EQ(HalfFromDouble(-1e-30, kEven), kSign);
  // Between the largest subnormal and the smallest normal.
  const double mid = (HalfToDouble(kLargestSubnormal) + kHalfMinNormal) / 2;
  EXPECT_EQ(HalfFromDouble(mid, kEven), 0x0400);
  EXPECT_EQ(HalfFromDouble(mid, kEvenFlush), 0x0400);
  EXPECT_EQ(HalfFromDouble(nextafter(mid, 0.0), kEvenFlush), 0x0000);
  EXPECT_EQ(HalfFromDouble(-nextafter(mid, 0.0), kEvenFlush), kSign);
  EXPECT_EQ(HalfFromDouble(nextafter(mid, 0.0), kEven), kLargestSubnormal);
}

TEST(AneHalf, NaNIsCanonicalAndZeroKeepsItsSign) {
  EXPECT_EQ(HalfFromDouble(NAN, kEven), kHalfCanonicalNaN);
  EXPECT_EQ(HalfFromDouble(-NAN, kAway), kHalfCanonicalNaN);
  EXPECT_EQ(HalfFromDouble(0.0, kEven), 0x0000);
  EXPECT_EQ(HalfFromDouble(-0.0, kEven), kSign);
}

#ifdef __FLT16_MAX__
// Random doubles of every binary16 magnitude against the compiler's
// conversion (ties to even in the default rounding mode).
TEST(AneHalf, RandomDoublesMatchTheCompilersFloat16) {
  std::mt19937_64 rng(20261130);
  std::uniform_real_distribution<double> exponent(-28.0, 17.0);
  std::uniform_real_distribution<double> unit(1.0, 2.0);
  constexpr int kSamples = 200000;
  for (int i = 0; i < kSamples; ++i) {
    double x = ldexp(unit(rng), static_cast<int>(floor(exponent(rng))));
    if (i & 1) x = -x;
    const _Float16 f = static_cast<_Float16>(x);
    uint16_t bits;
    memcpy(&bits, &f, sizeof bits);
    ASSERT_EQ(HalfFromDouble(x, kEven), bits) << x;
  }
}
#endif

}  // namespace
}  // namespace ane
}  // namespace refmath
