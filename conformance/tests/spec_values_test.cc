// Values that follow from the specification by hand: the special cases of
// each section, and a few results whose arithmetic is short enough to do
// on paper.  Checked on every usable target, comparing bits.
#include <limits>

#include "conformance/tests/test_util.h"
#include "src/verify/golden_inputs.h"

namespace refmath {
namespace test {
namespace {

constexpr uint32_t kNaN = 0x7FC00000, kPosZero = 0, kNegZero = 0x80000000;
constexpr uint32_t kPosInf = 0x7F800000, kNegInf = 0xFF800000;
constexpr uint32_t kOne = 0x3F800000, kMinusOne = 0xBF800000;

// Checks f(x) on every usable target.
void ExpectBits(refmath_function f, uint32_t x, uint32_t want) {
  for (refmath_target t : UsableTargets(REFMATH_EXACT)) {
    const float got = Eval(f, t, {FromBits(x)})[0];
    EXPECT_EQ(Hex(Bits(got)), Hex(want))
        << Name(f) << "(" << Hex(x) << ") on " << Name(t);
  }
}
void Expect(refmath_function f, float x, float want) {
  ExpectBits(f, Bits(x), Bits(want));
}

TEST(SpecValues, EveryNaNInputGivesTheCanonicalNaN) {
  const uint32_t nans[] = {0x7FC00000, 0xFFC00000, 0x7FC00001, 0xFFFFFFFF,
                           0x7F800001, 0xFF800001, 0x7FA00000, 0x7FBFFFFF};
  for (refmath_function f : DefinedFunctions(REFMATH_EXACT)) {
    for (uint32_t x : nans) ExpectBits(f, x, kNaN);
  }
}

TEST(SpecValues, Exp) {
  // exp(0): t = M, n = 0, r = 0, p = 1 + (0 + 0*q) = 1.
  ExpectBits(REFMATH_EXP, kPosZero, kOne);
  ExpectBits(REFMATH_EXP, kNegZero, kOne);
  ExpectBits(REFMATH_EXP, kPosInf, kPosInf);
  ExpectBits(REFMATH_EXP, kNegInf, kPosZero);
  // Step 5: strictly above 88.72283172607422 is +inf, strictly below
  // -103.97207641601562 is +0; the thresholds themselves are computed.
  ExpectBits(REFMATH_EXP, 0x42B17218, kPosInf);
  ExpectBits(REFMATH_EXP, 0xC2CFF1B5, kPosZero);
  const float at_max = Eval(REFMATH_EXP, refmath_portable_target(), {88.72283172607422f})[0];
  EXPECT_LT(Bits(at_max), kPosInf);
  EXPECT_GT(at_max, 3.4e38f);
  // Subnormal results: exp(-100) = 3.72e-44, a subnormal, not flushed.
  const float sub = Eval(REFMATH_EXP, refmath_portable_target(), {-100.0f})[0];
  EXPECT_GT(Bits(sub), 0u);
  EXPECT_LT(Bits(sub), 0x00800000u);
  EXPECT_NEAR(sub, 3.720076e-44f, 2e-45f);
  // Subnormal inputs: r = x, p = 1 + (x + x*x*q) rounds to 1.
  ExpectBits(REFMATH_EXP, 0x00000001u, kOne);
  ExpectBits(REFMATH_EXP, 0x807FFFFF, kOne);
}

TEST(SpecValues, ExpNonPositive) {
  ExpectBits(REFMATH_EXP_NONPOSITIVE, kPosZero, kOne);
  ExpectBits(REFMATH_EXP_NONPOSITIVE, kNegZero, kOne);
  ExpectBits(REFMATH_EXP_NONPOSITIVE, kNegInf, kPosZero);
  ExpectBits(REFMATH_EXP_NONPOSITIVE, 0xC2AEAC50, kPosZero);  // below -87.33654
  Expect(REFMATH_EXP_NONPOSITIVE, -100.0f, 0.0f);          // exp gives a subnormal
}

TEST(SpecValues, Log) {
  Expect(REFMATH_LOG, 1.0f, 0.0f);  // m = 1, f = 0, e = 0: every term is +0
  // log(2): e = 1 and m = 1, so the result is ln2Hi + (0 + ln2Lo).
  Expect(REFMATH_LOG, 2.0f, 0.693145751953125f + 1.4286068e-6f);
  // log(2^-149), smallest subnormal: e = -125 after scaling by 2^24, so
  // ef = -125 - 24 = -149, m = 1: ef*ln2Hi is exact (22 bits).
  const volatile float ef = -149.0f;
  ExpectBits(REFMATH_LOG, 0x00000001u,
             Bits(ef * 0.693145751953125f + ef * 1.4286068e-6f));
  ExpectBits(REFMATH_LOG, kPosZero, kNegInf);
  ExpectBits(REFMATH_LOG, kNegZero, kNegInf);
  ExpectBits(REFMATH_LOG, kPosInf, kPosInf);
  ExpectBits(REFMATH_LOG, kNegInf, kNaN);
  ExpectBits(REFMATH_LOG, kMinusOne, kNaN);
  ExpectBits(REFMATH_LOG, 0x80000001, kNaN);  // negative subnormal
  const float at_max = Eval(REFMATH_LOG, refmath_portable_target(),
                            {std::numeric_limits<float>::max()})[0];
  EXPECT_NEAR(at_max, 88.72283f, 1e-4f);
}

TEST(SpecValues, Sigmoid) {
  Expect(REFMATH_SIGMOID, 0.0f, 0.5f);   // 1 / (1 + 1)
  Expect(REFMATH_SIGMOID, -0.0f, 0.5f);  // -0 >= 0 holds
  ExpectBits(REFMATH_SIGMOID, kPosInf, kOne);
  ExpectBits(REFMATH_SIGMOID, kNegInf, kPosZero);
  Expect(REFMATH_SIGMOID, -200.0f, 0.0f);  // exp(-200) = +0
}

TEST(SpecValues, Tanh) {
  ExpectBits(REFMATH_TANH, kPosZero, kPosZero);
  ExpectBits(REFMATH_TANH, kNegZero, kNegZero);  // the sign is OR-ed in last
  ExpectBits(REFMATH_TANH, kPosInf, kOne);       // 1 - 2/(inf + 1)
  ExpectBits(REFMATH_TANH, kNegInf, kMinusOne);
  Expect(REFMATH_TANH, 1e-30f, 1e-30f);  // z*P underflows to 0
  Expect(REFMATH_TANH, -1e-30f, -1e-30f);
  ExpectBits(REFMATH_TANH, 0x00000001u, 0x00000001u);
  Expect(REFMATH_TANH, 20.0f, 1.0f);
}

TEST(SpecValues, ErfAndOnePlusErf) {
  ExpectBits(REFMATH_ERF, kPosZero, kPosZero);
  ExpectBits(REFMATH_ERF, kNegZero, kNegZero);
  ExpectBits(REFMATH_ERF, kPosInf, kOne);
  ExpectBits(REFMATH_ERF, kNegInf, kMinusOne);
  Expect(REFMATH_ERF, 10.0f, 1.0f);
  Expect(REFMATH_ERF, -10.0f, -1.0f);
  ExpectBits(REFMATH_ONE_PLUS_ERF, kPosZero, kOne);
  ExpectBits(REFMATH_ONE_PLUS_ERF, kNegZero, kOne);  // 1 + (-0)
  ExpectBits(REFMATH_ONE_PLUS_ERF, kPosInf, 0x40000000);  // 2 - 0
  ExpectBits(REFMATH_ONE_PLUS_ERF, kNegInf, kPosZero);     // erfc(inf) = 0
  Expect(REFMATH_ONE_PLUS_ERF, -20.0f, 0.0f);          // exp(-400) = 0
  // No cancellation for x < 0: 1 + erf(-5) = erfc(5) = 1.5375e-12.
  const float tail = Eval(REFMATH_ONE_PLUS_ERF, refmath_portable_target(), {-5.0f})[0];
  EXPECT_NEAR(tail, 1.5374597944e-12f, 1.5374597944e-12f * 1e-6f);
}

TEST(SpecValues, Gelu) {
  for (refmath_function f : {REFMATH_GELU_ERF, REFMATH_GELU_TANH}) {
    ExpectBits(f, kNegInf, kNegZero);
    ExpectBits(f, kPosInf, kPosInf);
    ExpectBits(f, kPosZero, kPosZero);
    ExpectBits(f, kNegZero, kNegZero);  // (0.5 * -0) * 1, -0 * 0.5
    Expect(f, -1000.0f, -0.0f);     // x * 0
    Expect(f, 1000.0f, 1000.0f);    // x * 1 (1 + erf = 2, 0.5x * 2)
  }
}

}  // namespace
}  // namespace test
}  // namespace refmath
