// ExpNonPositive equals exp bit for bit on every float in [-87.33654, 0] and
// is +0 below (exhaustive, on the best target; the target identity tests
// carry the result to the other targets).
#include <algorithm>

#include "conformance/tests/test_util.h"

namespace refmath {
namespace test {
namespace {

constexpr uint32_t kNegZeroBits = 0x80000000u;
constexpr uint32_t kThresholdBits = 0xC2AEAC4Fu;  // -87.33654f
constexpr uint32_t kNegInfBits = 0xFF800000u;
constexpr uint32_t kChunk = 1u << 20;

// Evaluates f on the bit patterns [first, last] in chunks and calls
// check(inputs, outputs_a, outputs_b) on each chunk.
template <class Check>
void ForEachChunk(uint32_t first, uint32_t last, Check check) {
  std::vector<float> in(kChunk), a(kChunk), b(kChunk);
  for (uint64_t lo = first; lo <= last; lo += kChunk) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kChunk, last - lo + 1));
    for (size_t i = 0; i < n; ++i) in[i] = FromBits(static_cast<uint32_t>(lo + i));
    ASSERT_EQ(refmath_eval_f32(REFMATH_EXP, REFMATH_EXACT, REFMATH_TARGET_BEST,
                               in.data(), a.data(), n), REFMATH_OK);
    ASSERT_EQ(refmath_eval_f32(REFMATH_EXP_NONPOSITIVE, REFMATH_EXACT,
                               REFMATH_TARGET_BEST, in.data(), b.data(), n),
              REFMATH_OK);
    if (!check(in.data(), a.data(), b.data(), n)) return;
  }
}

TEST(ExpNonPositive, EqualsExpOnEveryFloatFromMinus87_33654ToZero) {
  EXPECT_EQ(Bits(-87.33654f), kThresholdBits);
  uint64_t checked = 0;
  auto same = [&](const float* in, const float* a, const float* b, size_t n) {
    if (memcmp(a, b, n * sizeof(float)) == 0) {
      checked += n;
      return true;
    }
    for (size_t i = 0; i < n; ++i) {
      if (Bits(a[i]) != Bits(b[i])) {
        ADD_FAILURE() << "x = " << Hex(Bits(in[i])) << ": exp " << Hex(Bits(a[i]))
                      << ", exp_nonpositive " << Hex(Bits(b[i]));
        break;
      }
    }
    return false;
  };
  ForEachChunk(kNegZeroBits, kThresholdBits, same);  // -0 down to -87.33654
  ForEachChunk(0, 0, same);                          // +0
  EXPECT_EQ(checked, uint64_t{kThresholdBits - kNegZeroBits + 1} + 1);
}

TEST(ExpNonPositive, IsPlusZeroBelowMinus87_33654) {
  uint64_t checked = 0;
  ForEachChunk(kThresholdBits + 1, kNegInfBits,
               [&](const float* in, const float*, const float* b, size_t n) {
                 for (size_t i = 0; i < n; ++i) {
                   if (Bits(b[i]) != 0) {
                     ADD_FAILURE() << "x = " << Hex(Bits(in[i])) << " gives "
                                   << Hex(Bits(b[i]));
                     return false;
                   }
                 }
                 checked += n;
                 return true;
               });
  EXPECT_EQ(checked, uint64_t{kNegInfBits - kThresholdBits});
}

}  // namespace
}  // namespace test
}  // namespace refmath
