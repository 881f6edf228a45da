// binary16 -> binary32 widening, checked on hand-computed patterns and on
// all 65536 inputs against a decoding that shares no code with it.
#include "refmath/binary16/binary16.h"

#include <stdint.h>
#include <string.h>

#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace refmath {
namespace {

uint32_t BitsOf(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  return bits;
}

TEST(HalfBitsToFloatBitsTest, HandComputedPatterns) {
  const struct {
    uint16_t half;
    uint32_t expected;
    const char* what;
  } kCases[] = {
      {0x3C00, 0x3F800000, "1.0"},
      {0xBC00, 0xBF800000, "-1.0"},
      {0xC000, 0xC0000000, "-2.0"},
      {0x3555, 0x3EAAA000, "0.333251953125, mantissa shifted by 13"},
      {0x0001, 0x33800000, "2^-24, smallest subnormal"},
      {0x8001, 0xB3800000, "-2^-24"},
      {0x0200, 0x38000000, "2^-15, subnormal with one shift"},
      {0x03FF, 0x387FC000, "largest subnormal, 1023 * 2^-24"},
      {0x0400, 0x38800000, "2^-14, smallest normal"},
      {0x7BFF, 0x477FE000, "65504, largest finite"},
      {0x0000, 0x00000000, "+0"},
      {0x8000, 0x80000000, "-0"},
      {0x7C00, 0x7F800000, "+inf"},
      {0xFC00, 0xFF800000, "-inf"},
      {0x7E00, 0x7FC00000, "quiet NaN"},
      {0xFE00, 0xFFC00000, "negative quiet NaN"},
      {0x7D00, 0x7FA00000, "signalling NaN, payload 0x100"},
      {0x7C01, 0x7F802000, "signalling NaN, payload 1"},
      {0x7FFF, 0x7FFFE000, "quiet NaN, all payload bits"},
  };
  for (const auto& c : kCases) {
    EXPECT_EQ(HalfBitsToFloatBits(c.half), c.expected)
        << c.what << " (0x" << std::hex << c.half << ")";
  }
}

// The value of a non-NaN half, decoded arithmetically: (-1)^s * m * 2^e
// computed in double with std::ldexp, exact since m < 2^11 and e >= -24,
// then narrowed to float, also exact.
float ReferenceHalfValue(uint16_t h) {
  const bool negative = (h & 0x8000) != 0;
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  double magnitude;
  if (exponent == 0x1F) {
    magnitude = std::numeric_limits<double>::infinity();
  } else if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(mantissa), -24);
  } else {
    magnitude = std::ldexp(static_cast<double>(1024 + mantissa), exponent - 25);
  }
  return static_cast<float>(negative ? -magnitude : magnitude);
}

TEST(HalfBitsToFloatBitsTest, AllPatternsMatchArithmeticDecoding) {
  int nan_count = 0;
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    const uint16_t h = static_cast<uint16_t>(i);
    const uint32_t bits = HalfBitsToFloatBits(h);
    const bool is_nan = (h & 0x7C00) == 0x7C00 && (h & 0x3FF) != 0;
    if (!is_nan) {
      ASSERT_EQ(bits, BitsOf(ReferenceHalfValue(h)))
          << "half 0x" << std::hex << i;
      continue;
    }
    ++nan_count;
    // Same sign, all-ones exponent, payload moved up by 13 bits.
    ASSERT_EQ(bits >> 31, i >> 15) << "half 0x" << std::hex << i;
    ASSERT_EQ(bits & 0x7F800000u, 0x7F800000u) << "half 0x" << std::hex << i;
    ASSERT_EQ(bits & 0x007FFFFFu, (i & 0x3FF) << 13)
        << "half 0x" << std::hex << i;
  }
  EXPECT_EQ(nan_count, 2 * 1023);
}

TEST(HalfBitsToFloatBitsTest, QuietBitPreserved) {
  for (uint32_t payload = 1; payload <= 0x3FF; ++payload) {
    const uint32_t bits =
        HalfBitsToFloatBits(static_cast<uint16_t>(0x7C00 | payload));
    const bool half_quiet = (payload & 0x200) != 0;
    const bool float_quiet = (bits & 0x00400000) != 0;
    EXPECT_EQ(float_quiet, half_quiet) << "payload 0x" << std::hex << payload;
  }
}

// Widening preserves order: increasing positive halves give increasing
// float bit patterns (for positive floats, bit order is value order).
TEST(HalfBitsToFloatBitsTest, PreservesOrderOfPositiveValues) {
  for (uint32_t h = 1; h <= 0x7C00; ++h) {
    ASSERT_LT(HalfBitsToFloatBits(static_cast<uint16_t>(h - 1)),
              HalfBitsToFloatBits(static_cast<uint16_t>(h)))
        << "half 0x" << std::hex << h;
  }
}

}  // namespace
}  // namespace refmath
