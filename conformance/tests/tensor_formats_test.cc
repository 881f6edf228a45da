// Half-precision storage of the tensor calls (refmath_tensor_widen,
// refmath_tensor_narrow): each checked against a reference that computes
// the same rounding another way.  binary16: the binary16 layer's
// HalfFromDouble (double arithmetic).  bfloat16: the two neighbours of x
// in bfloat16 and their distances to x, exact in double.  The float32
// patterns are every exponent and sign with the low bits at and beside
// each rounding boundary, plus a strided sweep of all 2^32.
#include <math.h>
#include <stdint.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/binary16/binary16.h"
#include "refmath/tensor.h"
#include "src/base/bits.h"

namespace refmath {
namespace test {
namespace {

// bfloat16 nearest x, ties to even, by distances in double.
uint16_t ReferenceBfloat16(float x) {
  const uint32_t b = FloatBits(x);
  if (isnan(x)) return 0x7FC0;
  if (isinf(x)) return static_cast<uint16_t>(b >> 16);
  const uint32_t lo = b & 0xFFFF0000u;   // toward zero
  const uint32_t hi = lo + 0x10000u;     // away from zero (maybe inf)
  const double ax = fabs(static_cast<double>(x));
  const double dlo = ax - fabs(static_cast<double>(BitsToFloat(lo)));
  // The step above the largest finite bfloat16 leads to 2^128.
  const double vhi = (hi & 0x7FFFFFFFu) == 0x7F800000u
                         ? ldexp(1.0, 128)
                         : fabs(static_cast<double>(BitsToFloat(hi)));
  const double dhi = vhi - ax;
  const uint32_t pick =
      dlo < dhi || (dlo == dhi && ((lo >> 16) & 1u) == 0) ? lo : hi;
  return static_cast<uint16_t>(pick >> 16);
}

// The float32 patterns checked: every sign and exponent, the fraction's
// high bits from a few fixed values, its low 16 bits at and beside the
// boundaries of both formats (binary16 drops 13 bits or more, bfloat16
// 16), and every 997th pattern of all 2^32.
std::vector<uint32_t> Patterns() {
  std::vector<uint32_t> p;
  const uint32_t highs[] = {0, 1, 2, 0x2A, 0x3F, 0x40, 0x55, 0x7F};
  const uint32_t lows[] = {0,      1,      0x0FFF, 0x1000, 0x1001, 0x1FFF,
                           0x2000, 0x3000, 0x7FFF, 0x8000, 0x8001, 0xFFFF,
                           0x5000, 0xA000, 0x0800, 0x0400};
  for (uint32_t sign : {0u, 0x80000000u}) {
    for (uint32_t e = 0; e < 256; ++e) {
      for (uint32_t h : highs) {
        for (uint32_t l : lows) {
          p.push_back(sign | (e << 23) | (h << 16) | l);
          p.push_back(sign | (e << 23) | (((h << 16) | l) ^ 0x7F0000u));
        }
      }
    }
  }
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 997) {
    p.push_back(static_cast<uint32_t>(b));
  }
  // The largest binary16 and its tie with 2^16, the smallest subnormals.
  for (uint32_t b : {0x477FE000u, 0x477FEFFFu, 0x477FF000u, 0x477FF001u,
                     0x33000000u, 0x33000001u, 0x32FFFFFFu, 0x33C00000u,
                     0x387FC000u, 0x387FE000u, 0x387FF000u, 0x7F7FFFFFu,
                     0x7F7F8000u, 0x7F7F7FFFu, 0x7F7FC000u}) {
    p.push_back(b);
    p.push_back(b | 0x80000000u);
  }
  return p;
}

std::vector<float> AsFloats(const std::vector<uint32_t>& bits) {
  std::vector<float> f(bits.size());
  for (size_t i = 0; i < bits.size(); ++i) f[i] = BitsToFloat(bits[i]);
  return f;
}

TEST(TensorFormats, NarrowBinary16MatchesDoubleRounding) {
  const std::vector<float> x = AsFloats(Patterns());
  std::vector<uint16_t> h(x.size());
  ASSERT_EQ(refmath_tensor_narrow(REFMATH_HALF_BINARY16, x.data(), h.data(),
                                  x.size(), nullptr),
            REFMATH_OK);
  size_t wrong = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const uint16_t want = HalfFromDouble(static_cast<double>(x[i]));
    if (h[i] != want && ++wrong <= 5) {
      ADD_FAILURE() << std::hex << FloatBits(x[i]) << " -> " << h[i]
                    << ", want " << want;
    }
  }
  EXPECT_EQ(wrong, 0u) << "of " << x.size();
}

TEST(TensorFormats, NarrowBfloat16MatchesNeighbourDistances) {
  const std::vector<float> x = AsFloats(Patterns());
  std::vector<uint16_t> h(x.size());
  ASSERT_EQ(refmath_tensor_narrow(REFMATH_HALF_BFLOAT16, x.data(), h.data(),
                                  x.size(), nullptr),
            REFMATH_OK);
  size_t wrong = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const uint16_t want = ReferenceBfloat16(x[i]);
    if (h[i] != want && ++wrong <= 5) {
      ADD_FAILURE() << std::hex << FloatBits(x[i]) << " -> " << h[i]
                    << ", want " << want;
    }
  }
  EXPECT_EQ(wrong, 0u) << "of " << x.size();
}

TEST(TensorFormats, HandValues) {
  const std::vector<float> x = {1.0f, 65504.0f, 65519.99f, 65520.0f,
                                0x1p-24f, 0x1p-25f, 0x1.000002p-25f,
                                0x1.8p-24f, -0.0f, NAN,
                                1.0f + 0x1p-8f,   // bfloat16 tie, even below
                                1.0f + 0x3p-8f};  // tie, odd below: up
  std::vector<uint16_t> h(x.size()), b(x.size());
  ASSERT_EQ(refmath_tensor_narrow(REFMATH_HALF_BINARY16, x.data(), h.data(),
                                  x.size(), nullptr), REFMATH_OK);
  ASSERT_EQ(refmath_tensor_narrow(REFMATH_HALF_BFLOAT16, x.data(), b.data(),
                                  x.size(), nullptr), REFMATH_OK);
  const std::vector<uint16_t> want_h = {0x3C00, 0x7BFF, 0x7BFF, 0x7C00,
                                        0x0001, 0x0000, 0x0001, 0x0002,
                                        0x8000, 0x7E00, 0x3C04, 0x3C0C};
  const std::vector<uint16_t> want_b = {0x3F80, 0x4780, 0x4780, 0x4780,
                                        0x3380, 0x3300, 0x3300, 0x33C0,
                                        0x8000, 0x7FC0, 0x3F80, 0x3F82};
  EXPECT_EQ(h, want_h);
  EXPECT_EQ(b, want_b);
}

TEST(TensorFormats, WidenIsExactForEveryPattern) {
  std::vector<uint16_t> all(65536);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  std::vector<float> h(all.size()), b(all.size());
  ASSERT_EQ(refmath_tensor_widen(REFMATH_HALF_BINARY16, all.data(), h.data(),
                                 all.size(), nullptr), REFMATH_OK);
  ASSERT_EQ(refmath_tensor_widen(REFMATH_HALF_BFLOAT16, all.data(), b.data(),
                                 all.size(), nullptr), REFMATH_OK);
  for (size_t i = 0; i < all.size(); ++i) {
    ASSERT_EQ(FloatBits(h[i]), HalfBitsToFloatBits(all[i])) << i;
    // bfloat16 by its fields: (-1)^s (1 + f / 128) 2^(e - 127), subnormal
    // f / 128 2^-126.
    const uint32_t e = (i >> 7) & 0xFF, f = i & 0x7F;
    const double sign = (i & 0x8000) ? -1.0 : 1.0;
    if (e == 0xFF) {
      ASSERT_EQ(FloatBits(b[i]), static_cast<uint32_t>(i) << 16) << i;
    } else {
      const double v = e == 0 ? sign * ldexp(f, -133)
                              : sign * ldexp(128 + f, static_cast<int>(e) - 134);
      ASSERT_EQ(FloatBits(b[i]), FloatBits(static_cast<float>(v))) << i;
    }
  }
  // Narrowing a widened pattern gives it back (NaNs: the canonical one).
  std::vector<uint16_t> back(all.size());
  ASSERT_EQ(refmath_tensor_narrow(REFMATH_HALF_BINARY16, h.data(), back.data(),
                                  all.size(), nullptr), REFMATH_OK);
  for (size_t i = 0; i < all.size(); ++i) {
    const bool nan = (i & 0x7C00) == 0x7C00 && (i & 0x3FF) != 0;
    ASSERT_EQ(back[i], nan ? 0x7E00 : i) << i;
  }
}

TEST(TensorFormats, ThreadCountChangesNoBit) {
  const std::vector<float> x = AsFloats(Patterns());
  std::vector<uint16_t> one(x.size()), many(x.size());
  refmath_tensor_options o = refmath_tensor_default_options();
  for (refmath_half_format f : {REFMATH_HALF_BINARY16, REFMATH_HALF_BFLOAT16}) {
    o.threads = 1;
    ASSERT_EQ(refmath_tensor_narrow(f, x.data(), one.data(), x.size(), &o),
              REFMATH_OK);
    o.threads = 7;
    ASSERT_EQ(refmath_tensor_narrow(f, x.data(), many.data(), x.size(), &o),
              REFMATH_OK);
    EXPECT_EQ(one, many);
  }
}

TEST(TensorFormats, BadArgumentsWriteNothing) {
  std::vector<float> f(8, 1.0f);
  std::vector<uint16_t> h(8, 0x1234);
  refmath_tensor_options o = refmath_tensor_default_options();
  o.threads = -1;
  EXPECT_EQ(refmath_tensor_narrow(REFMATH_HALF_BINARY16, f.data(), h.data(),
                                  8, &o), REFMATH_E_BAD_ARGUMENT);
  EXPECT_EQ(refmath_tensor_narrow(REFMATH_HALF_BINARY16, nullptr, h.data(), 8,
                                  nullptr), REFMATH_E_NULL_POINTER);
  EXPECT_EQ(refmath_tensor_widen(REFMATH_HALF_BFLOAT16, h.data(), nullptr, 8,
                                 nullptr), REFMATH_E_NULL_POINTER);
  // out's first 8 bytes are in's last 4 elements' storage.
  std::vector<float> buf(8, 2.0f);
  auto* overlap = reinterpret_cast<unsigned short*>(buf.data() + 4);
  EXPECT_EQ(refmath_tensor_narrow(REFMATH_HALF_BFLOAT16, buf.data(), overlap,
                                  8, nullptr), REFMATH_E_OVERLAP);
  // Two elements at bytes 16..19 widened into bytes 12..19.
  EXPECT_EQ(refmath_tensor_widen(REFMATH_HALF_BFLOAT16, overlap,
                                 buf.data() + 3, 2, nullptr),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(h, std::vector<uint16_t>(8, 0x1234));
  EXPECT_EQ(buf, std::vector<float>(8, 2.0f));
  // Nothing to convert: no pointer is read.
  EXPECT_EQ(refmath_tensor_narrow(REFMATH_HALF_BINARY16, nullptr, nullptr, 0,
                                  nullptr), REFMATH_OK);
}

}  // namespace
}  // namespace test
}  // namespace refmath
