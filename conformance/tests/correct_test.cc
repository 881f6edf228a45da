// The correctly rounded variant (docs/correct.md): every result equals
// MPFR's correctly rounded value on a sample of every binary32 range and on
// every listed hard case, the same bits on every usable target, and the
// special values by hand.  The full proof is the 2^32 sweep
// (ulp_tables/correct.md); this keeps each build honest in seconds.
#include <math.h>
#include <string.h>

#include <initializer_list>
#include <utility>
#include <vector>

#include "conformance/tests/test_util.h"
#include "gtest/gtest.h"
#include "refmath/refmath.h"
#include "simd/correct/correct_hard_cases.h"
#include "src/base/bits.h"
#include "src/conform/runner.h"
#include "src/verify/file_io.h"
#include "src/verify/reference.h"

namespace refmath {
namespace test {
namespace {

float Correct(refmath_function f, float x,
              refmath_target t = REFMATH_TARGET_BEST) {
  float y = NAN;
  EXPECT_EQ(refmath_eval_f32(f, REFMATH_CORRECT, t, &x, &y, 1), REFMATH_OK);
  return y;
}

// MPFR's correctly rounded f(x) equals the variant's (both NaN counts).
void ExpectMpfr(refmath_function f, const std::vector<float>& in) {
  std::vector<float> out(in.size());
  ASSERT_EQ(refmath_eval_f32(f, REFMATH_CORRECT, REFMATH_TARGET_BEST,
                             in.data(), out.data(), in.size()),
            REFMATH_OK);
  int failures = 0;
  for (size_t i = 0; i < in.size() && failures < 5; ++i) {
    const auto m = sweep::ReferenceMpfr(f, in[i], out[i]);
    const bool both_nan = isnan(out[i]) && isnan(refmath::BitsToFloat(
                                               m.correctly_rounded_bits));
    if (!both_nan && Bits(out[i]) != m.correctly_rounded_bits) {
      ++failures;
      ADD_FAILURE() << Name(f) << "(" << std::hexfloat << in[i] << "): got 0x"
                    << std::hex << Bits(out[i]) << ", MPFR 0x"
                    << m.correctly_rounded_bits;
    }
  }
}

class CorrectVariant : public ::testing::TestWithParam<refmath_function> {};

// Every 65521st bit pattern (a prime stride: all exponents, both signs).
TEST_P(CorrectVariant, SampleEqualsMpfr) {
  std::vector<float> in;
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 65521) {
    in.push_back(refmath::BitsToFloat(static_cast<uint32_t>(b)));
  }
  ExpectMpfr(GetParam(), in);
}

TEST_P(CorrectVariant, SameBitsOnEveryTarget) {
  std::vector<float> in;
  for (uint64_t b = 7; b < (uint64_t{1} << 32); b += 262139) {
    in.push_back(refmath::BitsToFloat(static_cast<uint32_t>(b)));
  }
  std::vector<float> want(in.size()), got(in.size());
  ASSERT_EQ(refmath_eval_f32(GetParam(), REFMATH_CORRECT,
                             refmath_portable_target(), in.data(), want.data(),
                             in.size()),
            REFMATH_OK);
  for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
    ASSERT_EQ(refmath_eval_f32(GetParam(), REFMATH_CORRECT, t, in.data(),
                               got.data(), in.size()),
              REFMATH_OK);
    EXPECT_EQ(FirstBitDifference(want, got), -1) << Name(t);
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllFunctions, CorrectVariant,
    ::testing::ValuesIn(DefinedFunctions(REFMATH_CORRECT)),
    [](const ::testing::TestParamInfo<refmath_function>& info) {
      return Name(info.param);
    });

// The table entries themselves, against MPFR (and both signs for the odd
// and even functions, whose tables list |x|).
template <size_t kN>
void ExpectTable(refmath_function f, const correct::HardCase (&cases)[kN],
                 bool sym) {
  std::vector<float> in;
  for (size_t i = 0; i + 1 < kN; ++i) {
    in.push_back(refmath::BitsToFloat(cases[i].x));
    if (sym) in.push_back(-refmath::BitsToFloat(cases[i].x));
  }
  ASSERT_FALSE(in.empty());
  ExpectMpfr(f, in);
}

// Every row of the correct variant, with its kernel's table (the
// registry's KERNEL column) and both signs where SYM says the table lists
// |x|.
TEST(CorrectHardCases, EveryListedInputEqualsMpfr) {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  REFMATH_IF_##CORRECT##_(                                                 \
      ExpectTable(REFMATH_##ID, correct::k##KERNEL##HardCases, SYM != 0);)
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
}

// Values by hand (mpmath at 200 bits, rounded to binary32) and the limits.
TEST(CorrectValues, ByHand) {
  const float inf = INFINITY;
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, 1.0f)), 0x402DF854u);  // e
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, 0.0f)), 0x3F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, -inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, inf)), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, 89.0f)), 0x7F800000u);
  // e^-100 = 26.547 * 2^-149: the subnormal 27 * 2^-149.
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, -100.0f)), 27u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP_NONPOSITIVE, -100.0f)), 27u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP_NONPOSITIVE, 1.0f)), 0x402DF854u);
  // 2^-24: e^x lies 2^-49 above the midpoint 1 + 2^-24 (a hard case).
  EXPECT_EQ(Bits(Correct(REFMATH_EXP, 0x1p-24f)), 0x3F800001u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG, 2.0f)), 0x3F317218u);  // ln 2
  EXPECT_EQ(Bits(Correct(REFMATH_LOG, 1.0f)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG, -0.0f)), 0xFF800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG, -1.0f)), 0x7FC00000u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG, inf)), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_TANH, 0.5f)), 0x3EEC9A9Fu);
  EXPECT_EQ(Bits(Correct(REFMATH_TANH, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_TANH, -inf)), 0xBF800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_ERF, 0.5f)), 0x3F053F7Bu);
  EXPECT_EQ(Bits(Correct(REFMATH_ERF, inf)), 0x3F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_SIGMOID, 1.0f)), 0x3F3B26A8u);
  EXPECT_EQ(Bits(Correct(REFMATH_SIGMOID, 0.0f)), 0x3F000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_ONE_PLUS_ERF, -1.0f)), 0x3E21130Bu);
  EXPECT_EQ(Bits(Correct(REFMATH_ONE_PLUS_ERF, -inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_ONE_PLUS_ERF, inf)), 0x40000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_ERF, -inf)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_ERF, inf)), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_TANH, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_TANH, 100.0f)), Bits(100.0f));
  // Tiny x: x/2 plus a positive term; 2^-149 / 2 is the midpoint between 0
  // and 2^-149, so the result is 2^-149; -2^-149 gives -0.
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_TANH, 0x1p-149f)), 1u);
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_ERF, 0x1p-149f)), 1u);
  EXPECT_EQ(Bits(Correct(REFMATH_GELU_TANH, -0x1p-149f)), 0x80000000u);
  for (refmath_function f : DefinedFunctions(REFMATH_CORRECT)) {
    EXPECT_EQ(Bits(Correct(f, refmath::BitsToFloat(0xFFC01234u))), 0x7FC00000u)
        << Name(f);
  }
}

// The functions without an exact variant: values by hand (mpmath at 300
// bits, rounded to binary32), the overflow and underflow boundaries, exact
// results and the C99 special values.
TEST(CorrectValues, ExponentialsAndLogarithmsByHand) {
  const float inf = INFINITY;
  const auto F = refmath::BitsToFloat;
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, 0.5f)), 0x3FB504F3u);  // sqrt 2
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, 10.0f)), Bits(1024.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, -149.0f)), 1u);
  // 2^-150 is the midpoint between +0 and 2^-149: to even, +0;
  // 2^-149.5 = 0.707 * 2^-149 rounds up.
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, -150.0f)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, -149.5f)), 1u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, F(0x42FFFFFFu))), 0x7F7FFFA7u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, 128.0f)), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, -inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP2, -0.0f)), 0x3F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, 0.5f)), 0x404A62C2u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, 3.0f)), Bits(1000.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, 10.0f)), Bits(1e10f));
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, -45.0f)), 1u);
  // The last finite result (38.53184) and the first infinite one.
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, F(0x421A209Au))), 0x7F7FFFB3u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, F(0x421A209Bu))), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, inf)), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXP10, -inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, 0.5f)), 0x3F261299u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, 1e-10f)), 0x2EDBE6FFu);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, 0x1p-149f)), 1u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, -0x1p-149f)), 0x80000001u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, 0.0f)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, -20.0f)), 0xBF800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, -inf)), 0xBF800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, F(0x42B17217u))), 0x7F7FFF84u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, F(0x42B17218u))), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_EXPM1, inf)), 0x7F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG2, 3.0f)), 0x3FCAE00Du);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG2, 0x1p-149f)), Bits(-149.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_LOG2, 0x1p100f)), Bits(100.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_LOG10, 2.0f)), 0x3E9A209Bu);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG10, 1e10f)), Bits(10.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_LOG10, F(0x7F7FFFFFu))), 0x421A209Bu);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG10, 0x1p-149f)), 0xC23369F4u);
  for (refmath_function f : {REFMATH_LOG2, REFMATH_LOG10}) {
    EXPECT_EQ(Bits(Correct(f, 1.0f)), 0u) << Name(f);
    EXPECT_EQ(Bits(Correct(f, 0.0f)), 0xFF800000u) << Name(f);
    EXPECT_EQ(Bits(Correct(f, -0.0f)), 0xFF800000u) << Name(f);
    EXPECT_EQ(Bits(Correct(f, -0x1p-149f)), 0x7FC00000u) << Name(f);
    EXPECT_EQ(Bits(Correct(f, -inf)), 0x7FC00000u) << Name(f);
    EXPECT_EQ(Bits(Correct(f, inf)), 0x7F800000u) << Name(f);
  }
}

// The hyperbolic functions, log1p, erfc, the roots and the ML
// compositions: values by hand (mpmath at 300 bits, rounded to binary32),
// the boundaries and the special values of C99 and IEEE 754-2019 (for the
// compositions their limits, docs/api.md).
TEST(CorrectValues, HyperbolicRootsAndCompositionsByHand) {
  const float inf = INFINITY;
  const auto F = refmath::BitsToFloat;
  const uint32_t kNaN = 0x7FC00000u, kInf = 0x7F800000u, kNegInf = 0xFF800000u;
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, 0.5f)), 0x3ECF991Fu);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, -0.5f)), 0xBF317218u);  // -ln 2
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, 1e-10f)), 0x2EDBE6FFu);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, 1e30f)), 0x428A27B5u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, 0x1p-149f)), 1u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, -1.0f)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, F(0xBF800001u))), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, -inf)), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG1P, inf)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, 1.0f)), 0x3F966CFEu);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, 1e-3f)), 0x3A831270u);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, -10.0f)), 0xC62C14EEu);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, -0x1p-149f)), 0x80000001u);
  // The last finite result (89.41599) and the first infinite one.
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, F(0xC2B2D4FCu))), 0xFF7FFFECu);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, F(0x42B2D4FDu))), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_SINH, -inf)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_COSH, 1.0f)), 0x3FC583ABu);
  EXPECT_EQ(Bits(Correct(REFMATH_COSH, -2.0f)), 0x4070C7D0u);
  EXPECT_EQ(Bits(Correct(REFMATH_COSH, -0.0f)), 0x3F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_COSH, F(0xC2B2D4FCu))), 0x7F7FFFECu);
  EXPECT_EQ(Bits(Correct(REFMATH_COSH, F(0xC2B2D4FDu))), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_COSH, -inf)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_ASINH, 1.0f)), 0x3F61A1B3u);
  EXPECT_EQ(Bits(Correct(REFMATH_ASINH, -0.5f)), 0xBEF66165u);
  EXPECT_EQ(Bits(Correct(REFMATH_ASINH, 1e30f)), 0x428B8A99u);
  EXPECT_EQ(Bits(Correct(REFMATH_ASINH, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_ASINH, -inf)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, 2.0f)), 0x3FA89214u);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, F(0x3F800001u))), 0x3A000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, 1e30f)), 0x428B8A99u);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, 1.0f)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, F(0x3F7FFFFFu))), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, inf)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_ACOSH, -inf)), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, 0.5f)), 0x3F0C9F54u);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, F(0xBF7FFFFFu))), 0xC10AA123u);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, -1.0f)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, 1.0f)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, F(0x3F800001u))), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_ATANH, inf)), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_ERFC, 1.0f)), 0x3E21130Bu);
  EXPECT_EQ(Bits(Correct(REFMATH_ERFC, -1.0f)), 0x3FEBDD9Fu);
  EXPECT_EQ(Bits(Correct(REFMATH_ERFC, 10.0f)), 1u);  // 1.49 * 2^-149
  EXPECT_EQ(Bits(Correct(REFMATH_ERFC, -0.0f)), 0x3F800000u);
  EXPECT_EQ(Bits(Correct(REFMATH_ERFC, inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_ERFC, -inf)), 0x40000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_CBRT, 2.0f)), 0x3FA14518u);
  EXPECT_EQ(Bits(Correct(REFMATH_CBRT, -27.0f)), 0xC0400000u);
  EXPECT_EQ(Bits(Correct(REFMATH_CBRT, 0x1p-149f)), 0x26A14518u);
  EXPECT_EQ(Bits(Correct(REFMATH_CBRT, 0x1p-147f)), Bits(0x1p-49f));
  EXPECT_EQ(Bits(Correct(REFMATH_CBRT, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_CBRT, -inf)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, 2.0f)), 0x3F3504F3u);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, 0.25f)), 0x40000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, 0x1p-149f)), 0x64B504F3u);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, 0.0f)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, -0.0f)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, -0x1p-149f)), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_RSQRT, -inf)), kNaN);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, 1.0f)), 0x3F3B26A8u);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, -1.0f)), 0xBE89B2B1u);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, -100.0f)), 0x80000A5Fu);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, 30.0f)), Bits(30.0f));
  // Tiny x as for the GELUs: x/2 plus a positive term.
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, 0x1p-149f)), 1u);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, -0x1p-149f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, -inf)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_SILU, inf)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, 1.0f)), 0x3FA818F5u);
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, -0.0f)), 0x3F317218u);  // ln 2
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, -100.0f)), 27u);  // 26.5 * 2^-149
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, 20.0f)), Bits(20.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, 1e30f)), Bits(1e30f));
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, -inf)), 0u);
  EXPECT_EQ(Bits(Correct(REFMATH_SOFTPLUS, inf)), kInf);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, 1.0f)), 0xBEA063D6u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, 0.0f)), 0xBF317218u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, 100.0f)), 0x8000001Bu);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, -20.0f)), 0xC1A00000u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, -1e30f)), Bits(-1e30f));
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, inf)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_LOG_SIGMOID, -inf)), kNegInf);
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, 1.0f)), 0x3F5D7717u);
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, -1.0f)), 0xBE9B5770u);
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, -100.0f)), 0x80000A5Fu);
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, 11.0f)), Bits(11.0f));
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, -0.0f)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, -inf)), 0x80000000u);
  EXPECT_EQ(Bits(Correct(REFMATH_MISH, inf)), kInf);
}

// 67 inputs (four 16-lane vectors and a tail) equal to `fill` but for the
// listed lanes; every result must have the expected bits, on every usable
// target.
struct Lane {
  size_t at;
  float x;
  uint32_t want;
};
void ExpectMixedArray(refmath_function f, float fill, uint32_t fill_want,
                      const std::vector<Lane>& lanes) {
  std::vector<float> in(67, fill);
  std::vector<uint32_t> want(in.size(), fill_want);
  for (const Lane& l : lanes) {
    in[l.at] = l.x;
    want[l.at] = l.want;
  }
  for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
    std::vector<float> out(in.size());
    ASSERT_EQ(refmath_eval_f32(f, REFMATH_CORRECT, t, in.data(), out.data(),
                               in.size()),
              REFMATH_OK);
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(Bits(out[i]), want[i]) << Name(f) << " " << Name(t)
                                       << " lane " << i;
    }
  }
}

// Whole arrays on every usable target.  exp's quick path settles a vector
// only when every lane is in its range and far from a rounding boundary: a
// hard case (2^-24), a subnormal or overflowing result, or a NaN in any lane
// sends that vector to the complete method, and every other lane keeps its
// value.  Expected bits by hand, as in ByHand.
TEST(CorrectQuickPath, MixedArraysOnEveryTarget) {
  const std::vector<Lane> lanes = {{5, 0x1p-24f, 0x3F800001u},   // hard case
                                   {17, -100.0f, 27u},           // subnormal
                                   {30, 89.0f, 0x7F800000u},     // overflow
                                   {47, NAN, 0x7FC00000u},       // NaN
                                   {50, -0.0f, 0x3F800000u},     // in range
                                   {65, 0x1p-24f, 0x3F800001u}};  // tail
  ExpectMixedArray(REFMATH_EXP, 1.0f, 0x402DF854u, lanes);  // e
  ExpectMixedArray(REFMATH_EXP_NONPOSITIVE, 1.0f, 0x402DF854u, lanes);
}

// The same for erf's quick path, which settles |x| >= 2^-126 (beyond 3.9375
// through the clamp) and puts the sign back after rounding: a hard case of
// the complete method, a subnormal result, a NaN or a zero sends the vector
// to the complete method; the lanes from 48 on (16-lane vectors) mix signs,
// the clamp, infinities and a tiny normal input.  Expected bits by hand
// (mpmath at 200 bits, and the hard-case table's result).
TEST(CorrectQuickPath, ErfMixedArraysOnEveryTarget) {
  const float inf = INFINITY;
  const std::vector<Lane> lanes = {
      {5, refmath::BitsToFloat(0x042A320Cu), 0x04400B88u},  // hard
      {17, -0x1p-140f, 0x80000242u},  // -577.73 * 2^-149
      {40, -0.0f, 0x80000000u},
      {47, NAN, 0x7FC00000u},
      {50, -5.0f, 0xBF800000u},       // beyond the clamp
      {52, -0.5f, 0xBF053F7Bu},
      {55, inf, 0x3F800000u},
      {58, 3.9f, 0x3F7FFFFFu},        // 1 - 3.48e-8
      {60, 1e-20f, 0x1E552511u},      // interval 0, tiny
      {62, -inf, 0xBF800000u},
      {65, refmath::BitsToFloat(0x042A320Cu), 0x04400B88u}};
  ExpectMixedArray(REFMATH_ERF, 0.5f, 0x3F053F7Bu, lanes);  // erf(1/2)
}

// log's quick path leaves x = 1 (an exact +0), zeros, negative inputs,
// +inf and NaN to the complete method, settles subnormal inputs itself,
// and sends a vector holding a listed hard case to the complete method.
// Expected bits from mpmath at 200 bits, rounded to binary32.
TEST(CorrectQuickPath, LogMixedArraysOnEveryTarget) {
  const std::vector<Lane> lanes = {
      {3, 1.0f, 0u},
      {5, refmath::BitsToFloat(0x022AE487u), 0xC2A9EFAAu},  // hard
      {17, 0x1p-149f, 0xC2CE8ED0u},   // ln 2^-149
      {20, 0.0f, 0xFF800000u},
      {30, -1.0f, 0x7FC00000u},
      {33, INFINITY, 0x7F800000u},
      {47, NAN, 0x7FC00000u},
      {50, 1.0f - 0x1p-24f, 0xB3800000u},  // -2^-24 (1 + 2^-25)
      {52, 1.0f + 0x1p-23f, 0x33FFFFFFu},
      {55, 3.4028235e38f, 0x42B17218u},  // FLT_MAX
      {58, 0.5f, 0xBF317218u},
      {65, 1.0f, 0u}};                   // in the tail
  ExpectMixedArray(REFMATH_LOG, 2.0f, 0x3F317218u, lanes);  // ln 2
}

// The quick paths of the GELUs and 1 + erf: a hard case, an input below
// the quick range, zeros, tiny and subnormal inputs, infinities and NaN
// send their vector to the complete method; the lanes from 48 on (16-lane
// vectors) are all in the quick range, the clamps and FLT_MAX among them.
// Expected bits from mpmath at 300 bits rounded to binary32 (the hard
// cases' also from the hard-case table).
TEST(CorrectQuickPath, GeluMixedArraysOnEveryTarget) {
  const float inf = INFINITY;
  const float max = 3.40282347e38f;
  const std::vector<Lane> common = {
      {20, 0.0f, 0u},
      {21, -0.0f, 0x80000000u},
      {25, 0x1p-130f, 0x00040000u},  // x/2 exactly
      {33, inf, 0x7F800000u},
      {40, -inf, 0x80000000u},
      {47, NAN, 0x7FC00000u},
      {52, 100.0f, 0x42C80000u},
      {55, max, 0x7F7FFFFFu},
      {58, -0x1p-124f, 0x81000000u}};
  std::vector<Lane> tanh_lanes = common;
  tanh_lanes.insert(tanh_lanes.end(),
                    {{5, refmath::BitsToFloat(0x366C4759u), 0x35EC4784u},  // hard
                     {17, -5.5f, 0xB1CBAC13u},  // below the quick range
                     {50, -4.0f, 0xB8935102u},
                     {60, 0.125f, 0x3D8CBB9Au},
                     {65, refmath::BitsToFloat(0x366C4759u), 0x35EC4784u}});
  ExpectMixedArray(REFMATH_GELU_TANH, 1.0f, 0x3F57585Cu, tanh_lanes);
  std::vector<Lane> erf_lanes = common;
  erf_lanes.insert(erf_lanes.end(),
                   {{5, refmath::BitsToFloat(0x35A42B1Du), 0x35242B28u},  // hard
                    {17, -5.6f, 0xB380E38Au},  // below the quick range
                    {50, -5.0f, 0xB5C05E5Du},
                    {53, 6.0f, 0x40C00000u},   // beyond the clamp
                    {60, 0.125f, 0x3D8CBBA5u},
                    {65, refmath::BitsToFloat(0x35A42B1Du), 0x35242B28u}});
  ExpectMixedArray(REFMATH_GELU_ERF, 1.0f, 0x3F57625Fu, erf_lanes);
}

TEST(CorrectQuickPath, OnePlusErfMixedArraysOnEveryTarget) {
  const std::vector<Lane> lanes = {
      {5, refmath::BitsToFloat(0x3594E2D9u), 0x3F80000Bu},  // hard
      {17, -3.95f, 0x32C76E1Du},  // below the quick range
      {20, -INFINITY, 0u},
      {47, NAN, 0x7FC00000u},
      {48, -3.9f, 0x33156E74u},
      {50, 3.9375f, 0x40000000u},
      {51, 4.0f, 0x40000000u},    // beyond the clamp
      {53, INFINITY, 0x40000000u},
      {55, 0.0f, 0x3F800000u},
      {56, -0.0f, 0x3F800000u},
      {57, 0x1p-149f, 0x3F800000u},
      {58, -1e-30f, 0x3F800000u},
      {60, 2.0f, 0x3FFF66B8u},
      {65, refmath::BitsToFloat(0x3594E2D9u), 0x3F80000Bu}};
  ExpectMixedArray(REFMATH_ONE_PLUS_ERF, 0.5f, 0x3FC29FBDu, lanes);
}

// The quick paths built on log1p's (QuickLog1pD): hard cases of the
// complete method, the ends of each quick range (-1 + 2^-24 and 2^-125 for
// log1p, -87.33 and the clamp at 60 for softplus, 2^-126 and 1 - 2^-24
// for atanh, 2^-4 where asinh and acosh change form), what lies outside
// it (-1, zeros, infinities, NaN, a subnormal result) and large inputs.
// Expected bits from mpmath at 300 bits rounded to binary32 (the hard
// cases' also from the hard-case table).
TEST(CorrectQuickPath, Log1pFamilyMixedArraysOnEveryTarget) {
  const float inf = INFINITY;
  const float max = 3.40282347e38f;
  ExpectMixedArray(
      REFMATH_LOG1P, 1.0f, 0x3F317218u,  // ln 2
      {{3, -1.0f, 0xFF800000u},
       {5, refmath::BitsToFloat(0x35400003u), 0x353FFFFFu},  // hard
       {17, 0x1p-130f, 0x00080000u},  // x, subnormal
       {20, -0.0f, 0x80000000u},
       {30, -2.0f, 0x7FC00000u},
       {33, inf, 0x7F800000u},
       {47, NAN, 0x7FC00000u},
       {48, -1.0f + 0x1p-24f, 0xC1851592u},  // ln 2^-24
       {50, 0x1p-125f, 0x01000000u},
       {52, 1e-10f, 0x2EDBE6FFu},
       {53, -0.25f, 0xBE934B11u},
       {55, max, 0x42B17218u},
       {58, 15.0f, 0x40317218u},  // 4 ln 2
       {65, refmath::BitsToFloat(0x36DEDACEu), 0x36DEDA9Du}});  // hard
  ExpectMixedArray(
      REFMATH_SOFTPLUS, 1.0f, 0x3FA818F5u,
      {{5, refmath::BitsToFloat(0x34441718u), 0x3F31721Au},  // hard
       {17, -100.0f, 0x0000001Bu},  // e^-100, subnormal
       {20, -0.0f, 0x3F317218u},
       {33, inf, 0x7F800000u},
       {40, -inf, 0x00000000u},
       {47, NAN, 0x7FC00000u},
       {48, -87.33f, 0x0080D71Au},
       {50, -87.0f, 0x00B33687u},
       {52, 60.5f, 0x42720000u},  // beyond the clamp
       {53, 1e30f, 0x7149F2CAu},
       {55, max, 0x7F7FFFFFu},
       {58, -16.0f, 0x33F1AADDu},
       {65, refmath::BitsToFloat(0x367C4162u), 0x3F317238u}});  // hard
  // asinh takes log(a + sqrt(1 + a^2)) for a vector of 8 binary64 lanes
  // all at least 2^-4 (lanes 48 to 55, and the fill), the log1p form when
  // one lane is below (lanes 0 to 7 and 56 to 63).
  ExpectMixedArray(
      REFMATH_ASINH, 1.0f, 0x3F61A1B3u,
      {{5, refmath::BitsToFloat(0x3D7FFFFFu), 0x3D7FD567u},  // below 2^-4
       {17, 0x1p-126f, 0x00800000u},  // below the quick range
       {20, inf, 0x7F800000u},
       {30, NAN, 0x7FC00000u},
       {33, 0x1p65f, 0x4236FDA9u},  // above the quick range
       {48, 0x1p-4f, 0x3D7FD568u},
       {50, -0x1p-4f, 0xBD7FD568u},
       {52, 0x1p64f, 0x423437E0u},
       {53, -0x1p64f, 0xC23437E0u},
       {55, 16.0f, 0x405DDE98u},
       {58, 1e-10f, 0x2EDBE6FFu},
       {60, refmath::BitsToFloat(0x3D7FFFFFu), 0x3D7FD567u}});
  // acosh the same way about t = x - 1 = 2^-4.
  ExpectMixedArray(
      REFMATH_ACOSH, 2.0f, 0x3FA89214u,
      {{5, refmath::BitsToFloat(0x3F87FFFFu), 0x3EB416E1u},  // t < 2^-4
       {17, 1.0f, 0x00000000u},  // below the quick range
       {20, inf, 0x7F800000u},
       {30, NAN, 0x7FC00000u},
       {33, 0.5f, 0x7FC00000u},
       {48, 1.0625f, 0x3EB416ECu},
       {50, refmath::BitsToFloat(0x3F880001u), 0x3EB416F7u},
       {52, 0x1p64f, 0x423437E0u},
       {58, refmath::BitsToFloat(0x3F800001u), 0x3A000000u},
       {60, refmath::BitsToFloat(0x3F87FFFFu), 0x3EB416E1u}});
  ExpectMixedArray(
      REFMATH_ATANH, 0.5f, 0x3F0C9F54u,
      {{5, refmath::BitsToFloat(0x3A71E7A1u), 0x3A71E7A6u},  // hard
       {17, 0x1p-140f, 0x00000200u},  // x, subnormal
       {20, 1.0f, 0x7F800000u},
       {30, -2.0f, 0x7FC00000u},
       {47, NAN, 0x7FC00000u},
       {48, 0x1p-126f, 0x00800000u},
       {50, -0x1p-126f, 0x80800000u},
       {52, 1.0f - 0x1p-24f, 0x410AA123u},
       {53, -1.0f + 0x1p-24f, 0xC10AA123u},
       {55, 1e-20f, 0x1E3CE508u},
       {58, 0.25f, 0x3E82C578u},
       {65, -refmath::BitsToFloat(0x3AD637EBu), 0xBAD637F7u}});  // hard
}

// cbrt's quick path (range 0 < |x| < inf): hard cases of the complete
// method, zeros, infinities and NaN send their vector to the complete
// method; the lanes 48 to 63 (one 16-lane vector) are all in range:
// subnormal inputs, exact cubes, each exponent residue mod 3, FLT_MAX and
// both signs.  Expected bits from mpmath at 300 bits rounded to binary32
// (the hard cases' also from the hard-case table).
TEST(CorrectQuickPath, CbrtMixedArraysOnEveryTarget) {
  const float inf = INFINITY;
  ExpectMixedArray(
      REFMATH_CBRT, 8.0f, 0x40000000u,
      {{3, 0.0f, 0u},
       {5, refmath::BitsToFloat(0x010353B5u), 0x2AA2A7BCu},  // hard
       {17, -0x1p-149f, 0xA6A14518u},
       {20, -0.0f, 0x80000000u},
       {30, -inf, 0xFF800000u},
       {33, inf, 0x7F800000u},
       {47, NAN, 0x7FC00000u},
       {48, 2.0f, 0x3FA14518u},
       {50, -3.0f, 0xBFB89BA2u},
       {52, 0.1f, 0x3EEDA63Cu},
       {53, 3.40282347e38f, 0x54CB2FF5u},
       {55, 0x1p-130f, 0x29CB2FF5u},
       {56, refmath::BitsToFloat(0x000116C2u), 0x295109C8u},  // 1e-40
       {57, 4.0f, 0x3FCB2FF5u},
       {58, -1000.0f, 0xC1200000u},  // -10 exactly
       {59, 1e30f, 0x501502F9u},
       {60, 0.001f, 0x3DCCCCCDu},
       {61, refmath::BitsToFloat(0x40FFF7CFu), 0x3FFFFD45u},  // 7.999
       {62, -0x1p-147f, 0xA7000000u},  // -2^-49 exactly
       {63, 27.0f, 0x40400000u},
       {65, refmath::BitsToFloat(0x058353B5u), 0x2C22A7BCu}});  // hard
}

// erfc's quick path settles every x but NaN: the intervals up to 3.9375
// (2 beyond -3.9375), the asymptotic form beyond, and from X0 =
// 0x41131CE0 on the subnormal results through the 2^-126 offset; +0 from
// 10.125 (and beyond the last nonzero 0x4120DDFB) on.  A NaN or a listed
// hard case sends its vector to the complete method; the lanes from 48
// on (one 16-lane vector) cross every boundary.  Expected bits from
// mpmath at 300 bits rounded to binary32 (the hard case's also from the
// hard-case table).
TEST(CorrectQuickPath, ErfcMixedArraysOnEveryTarget) {
  const float inf = INFINITY;
  using refmath::BitsToFloat;
  ExpectMixedArray(
      REFMATH_ERFC, 1.0f, 0x3E21130Bu,
      {{5, NAN, 0x7FC00000u},
       {17, BitsToFloat(0x40C0D2A2u), 0x23911688u},  // hard, asymptotic
       {30, -0.0f, 0x3F800000u},
       {48, 0.5f, 0x3EF5810Au},
       {49, -2.5f, 0x3FFFF2AAu},
       {50, 3.9375f, 0x32DCC11Eu},                    // last interval
       {51, 4.0f, 0x32846EE9u},                       // first asymptotic
       {52, 6.0f, 0x23C67C0Bu},
       {53, 9.0f, 0x030CC6A1u},
       {54, BitsToFloat(0x41131CDFu), 0x00800083u},   // below X0: normal
       {55, BitsToFloat(0x41131CE0u), 0x007FFFEFu},   // X0: subnormal
       {56, 9.5f, 0x00006912u},
       {57, 10.0f, 0x00000001u},                      // 1.49 * 2^-149
       {58, BitsToFloat(0x4120DDFBu), 0x00000001u},   // the last nonzero
       {59, BitsToFloat(0x4120DDFCu), 0x00000000u},
       {60, 12.0f, 0x00000000u},                      // beyond the clamp
       {61, -4.0f, 0x40000000u},
       {62, inf, 0x00000000u},
       {63, -inf, 0x40000000u},
       {65, BitsToFloat(0x41131CE0u), 0x007FFFEFu}});  // in the tail
}

// rsqrt's quick path settles 0 < x < +inf, subnormal x included (results
// 2^-64 to 2^74.5); zeros, negative x, +inf and NaN, and a listed hard
// case, send their vector to the complete method.  Expected bits from
// mpmath at 300 bits (the hard case's also from the hard-case table).
TEST(CorrectQuickPath, RsqrtMixedArraysOnEveryTarget) {
  const float inf = INFINITY;
  using refmath::BitsToFloat;
  ExpectMixedArray(
      REFMATH_RSQRT, 2.0f, 0x3F3504F3u,
      {{3, 0.0f, 0x7F800000u},
       {5, BitsToFloat(0x0044F81Cu), 0x5F2E6055u},  // hard
       {17, -0.0f, 0xFF800000u},
       {20, -1.0f, 0x7FC00000u},
       {30, inf, 0x00000000u},
       {47, NAN, 0x7FC00000u},
       {48, 0x1p-149f, 0x64B504F3u},
       {49, BitsToFloat(0x007FFFFFu), 0x5F000001u},
       {50, 0x1p-126f, 0x5F000000u},
       {51, 3.40282347e38f, 0x1F800000u},           // FLT_MAX
       {52, 4.0f, 0x3F000000u},                      // exact
       {53, 0.25f, 0x40000000u},
       {54, 3.0f, 0x3F13CD3Au},
       {55, 0.1f, 0x404A62C2u},
       {56, BitsToFloat(0x000116C2u), 0x60AD790Au},  // 1e-40
       {57, 16777216.0f, 0x39800000u},
       {58, 1e30f, 0x26901D7Du},
       {59, BitsToFloat(0x3F800001u), 0x3F7FFFFFu},
       {65, 0x1p-149f, 0x64B504F3u}});  // in the tail
}

// The quick paths of sin, cos and tan (|x| <= 2^20) beside the complete
// method on every usable target: 2^20 and -2^20 settle quickly, the next
// number up goes to the complete method, as do zeros, 2^-126 (sin and
// tan), infinities and NaN; 252.898 (0x437CE5F1) is the range's closest
// approach to a multiple of pi/2 (|x - k pi/2| = 4.19e-9), and one hard
// case of each function's complete method sits in every array.  Expected
// bits by hand (mpmath at 400 bits).
TEST(CorrectQuickPath, SinCosTanMixedArraysOnEveryTarget) {
  using refmath::BitsToFloat;
  struct Row {
    uint32_t x, sin, cos, tan;
  };
  const Row kRows[] = {
      {0x3FA0FA4Eu, 0x3F738CB1u, 0x3E9DBA98u, 0x4045A527u},  // sin's hard
      {0x3FAA2672u, 0x3F789232u, 0x3E74E5B3u, 0x4081EB91u},  // cos's hard
      {0x4017205Bu, 0x3F34156Fu, 0xBF35F33Cu, 0xBF7D5FBDu},  // tan's hard
      {0x49800000u, 0x3EA93666u, 0x3F719D6Du, 0x3EB34973u},  // 2^20
      {0xC9800000u, 0xBEA93666u, 0x3F719D6Du, 0xBEB34973u},
      {0x49800001u, 0x3EE42388u, 0x3F652E79u, 0x3EFED5D3u},  // above
      {0x437CE5F1u, 0x3F800000u, 0xB18FD1DEu, 0xCD63D737u},
      {0xC37CE5F1u, 0xBF800000u, 0xB18FD1DEu, 0x4D63D737u},
      {0x43FCE5F1u, 0xB20FD1DEu, 0xBF800000u, 0x320FD1DEu},
      // The binary32 numbers on either side of pi/2: k = 0 and k = 1 in
      // sin's reduction to an even multiple (the first above P1).
      {0x3FC90FDAu, 0x3F800000u, 0x33A22169u, 0x4B4A1BDAu},
      {0x3FC90FDBu, 0x3F800000u, 0xB33BBD2Eu, 0xCBAE8A4Au},
      {0x3E800000u, 0x3E7D5777u, 0x3F780AA5u, 0x3E82BC2Du},  // 0.25
      {0x01000000u, 0x01000000u, 0x3F800000u, 0x01000000u},  // 2^-125
      {0x00800000u, 0x00800000u, 0x3F800000u, 0x00800000u},  // 2^-126
      {0x80000000u, 0x80000000u, 0x3F800000u, 0x80000000u},  // -0
      {0x7F800000u, 0x7FC00000u, 0x7FC00000u, 0x7FC00000u},  // inf
      {0x7FC00001u, 0x7FC00000u, 0x7FC00000u, 0x7FC00000u},  // NaN
  };
  const size_t at[] = {3,  17, 20, 21, 30, 31, 32, 40, 47,
                       33, 34, 48, 49, 50, 51, 52, 65};
  static_assert(sizeof(at) / sizeof(at[0]) == sizeof(kRows) / sizeof(kRows[0]),
                "one lane per row");
  std::vector<Lane> sin_lanes, cos_lanes, tan_lanes;
  for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); ++i) {
    const float x = BitsToFloat(kRows[i].x);
    sin_lanes.push_back({at[i], x, kRows[i].sin});
    cos_lanes.push_back({at[i], x, kRows[i].cos});
    tan_lanes.push_back({at[i], x, kRows[i].tan});
  }
  ExpectMixedArray(REFMATH_SIN, 1.0f, 0x3F576AA4u, sin_lanes);
  ExpectMixedArray(REFMATH_COS, 1.0f, 0x3F0A5140u, cos_lanes);
  ExpectMixedArray(REFMATH_TAN, 1.0f, 0x3FC75923u, tan_lanes);
}

// The quick paths of sinpi, cospi, atan, asin and acos beside the complete
// method on every usable target.  The lanes from 48 on are all in the quick
// range, so their vectors may settle there: the zero results with IEEE's
// signs (sinpi of integers, cospi of half-integers, up to 2^23), ±1, the
// table's ends for atan (1/32, 31/32, the k = 16 step) and FLT_MAX, asin and
// acos next to ±1 and on both sides of ±1/2 (where their quick path turns to
// sqrt((1 - |x|)/2)), cospi at 2^-30 (x + 1/2 rounds there).  Lanes 3 to
// 30 are out of range (2^-126, 2^23 + 1, ±1, infinities, NaN) and send
// their vectors to the complete method.  Expected bits by hand (mpmath at
// 400 bits).
TEST(CorrectQuickPath, PiTrigAndInverseTrigMixedArraysOnEveryTarget) {
  using refmath::BitsToFloat;
  auto lanes = [](std::initializer_list<std::pair<uint32_t, uint32_t>> in,
                  std::initializer_list<std::pair<uint32_t, uint32_t>> out) {
    std::vector<Lane> v;
    size_t at = 48;
    for (const auto& [x, want] : in) v.push_back({at++, BitsToFloat(x), want});
    const size_t outside[] = {3, 17, 20, 30, 31, 65};
    size_t i = 0;
    for (const auto& [x, want] : out) {
      v.push_back({outside[i++], BitsToFloat(x), want});
    }
    return v;
  };
  const uint32_t kInf = 0x7F800000u, kNaN = 0x7FC00000u;
  ExpectMixedArray(REFMATH_SINPI, 0.25f, 0x3F3504F3u,
                   lanes({{0x40400000u, 0x00000000u},    // 3
                          {0xC0400000u, 0x80000000u},    // -3
                          {0x40A00000u, 0x00000000u},    // 5
                          {0x4B000000u, 0x00000000u},    // 2^23
                          {0xCB000000u, 0x80000000u},    // -2^23
                          {0x3F000000u, 0x3F800000u},    // 0.5
                          {0xBFC00000u, 0x3F800000u},    // -1.5
                          {0x4AFFFFFFu, 0xBF800000u},    // 2^23 - 1/2
                          {0x3DCCCCCDu, 0x3E9E377Au},    // 0.1
                          {0xC49A5225u, 0xBF7A58DDu},    // -1234.567
                          {0x01800000u, 0x02490FDBu}},   // 2^-124
                         {{0x00800000u, 0x01490FDBu},    // 2^-126
                          {0x4B000001u, 0x00000000u},    // 2^23 + 1
                          {kInf, kNaN},
                          {0xFFC00001u, kNaN},
                          {0x80000000u, 0x80000000u},    // -0
                          {0xC0400000u, 0x80000000u}}));  // -3, tail
  ExpectMixedArray(REFMATH_COSPI, 0.25f, 0x3F3504F3u,
                   lanes({{0x3F000000u, 0x00000000u},    // 0.5
                          {0xBF000000u, 0x00000000u},    // -0.5
                          {0x40200000u, 0x00000000u},    // 2.5
                          {0x3F800000u, 0xBF800000u},    // 1
                          {0x4B000000u, 0x3F800000u},    // 2^23
                          {0x4AFFFFFFu, 0x00000000u},    // 2^23 - 1/2
                          {0x80000000u, 0x3F800000u},    // -0
                          {0x3DCCCCCDu, 0x3F737871u},    // 0.1
                          {0xC49A5225u, 0xBE5600A9u},    // -1234.567
                          {0x40700000u, 0x3F3504F3u},    // 3.75
                          {0x30800000u, 0x3F800000u}},   // 2^-30
                         {{0x4B000001u, 0xBF800000u},    // 2^23 + 1
                          {0xFF800000u, kNaN},
                          {0x7FC00001u, kNaN},
                          {0x4B000001u, 0xBF800000u},
                          {0xBF000000u, 0x00000000u},
                          {0x3F000000u, 0x00000000u}}));  // tail
  ExpectMixedArray(REFMATH_ATAN, 1.0f, 0x3F490FDBu,
                   lanes({{0x7F7FFFFFu, 0x3FC90FDBu},    // FLT_MAX
                          {0xFF7FFFFFu, 0xBFC90FDBu},
                          {0x01000000u, 0x01000000u},    // 2^-125
                          {0x3F780000u, 0x3F44FFB0u},    // 31/32
                          {0x3D000000u, 0x3CFFEAAEu},    // 1/32
                          {0x3D400000u, 0x3D3FDC0Cu},    // 3/64
                          {0xBF000000u, 0xBEED6338u},    // -0.5
                          {0x41800000u, 0x3FC11284u},    // 16
                          {0x501502F9u, 0x3FC90FDBu},    // 1e10
                          {0x3F7FFFFFu, 0x3F490FDAu},    // 1 - 2^-24
                          {0x3F7C0000u, 0x3F470BD5u}},   // 63/64
                         {{0x00800000u, 0x00800000u},    // 2^-126
                          {kInf, 0x3FC90FDBu},
                          {0xFF800000u, 0xBFC90FDBu},
                          {0x7FC00001u, kNaN},
                          {0x80000000u, 0x80000000u},
                          {0x3F000000u, 0x3EED6338u}}));  // tail
  ExpectMixedArray(REFMATH_ASIN, 0.5f, 0x3F060A92u,
                   lanes({{0x3F7FFFFFu, 0x3FC9048Au},    // 1 - 2^-24
                          {0xBF7FFFFFu, 0xBFC9048Au},
                          {0x01000000u, 0x01000000u},    // 2^-125
                          {0x3F3504F3u, 0x3F490FDAu},    // sqrt(1/2)
                          {0xBE800000u, 0xBE815F4Eu},    // -0.25
                          {0x3F7FBE77u, 0x3FC35650u},    // 0.999
                          {0x3F000001u, 0x3F060A93u},    // above 1/2
                          {0xBF000001u, 0xBF060A93u},
                          {0x3EFFFFFFu, 0x3F060A91u}},   // below 1/2
                         {{0x3F800000u, 0x3FC90FDBu},    // 1
                          {0x00800000u, 0x00800000u},    // 2^-126
                          {0x3F800001u, kNaN},
                          {kInf, kNaN},
                          {0xBF800000u, 0xBFC90FDBu},
                          {0x3F7FFFFFu, 0x3FC9048Au}}));  // tail
  ExpectMixedArray(REFMATH_ACOS, 0.5f, 0x3F860A92u,
                   lanes({{0x3F7FFFFFu, 0x39B504F3u},    // 1 - 2^-24
                          {0xBF7FFFFFu, 0x40490A32u},
                          {0x00000000u, 0x3FC90FDBu},    // 0
                          {0x80000000u, 0x3FC90FDBu},    // -0
                          {0x3F3504F3u, 0x3F490FDBu},    // sqrt(1/2)
                          {0xBE800000u, 0x3FE967AEu},    // -0.25
                          {0x00800000u, 0x3FC90FDBu},    // 2^-126
                          {0x3F7FBE77u, 0x3D37315Au},    // 0.999
                          {0x3F000001u, 0x3F860A91u},    // above 1/2
                          {0xBF000000u, 0x40060A92u},    // -1/2
                          {0xBF000001u, 0x40060A92u}},   // below -1/2
                         {{0x3F800000u, 0x00000000u},    // 1
                          {0xBF800000u, 0x40490FDBu},    // -1
                          {0xBF800001u, kNaN},
                          {0xFF800000u, kNaN},
                          {0x7FC00001u, kNaN},
                          {0xBF7FFFFFu, 0x40490A32u}}));  // tail
}

// sin and cos by hand (mpmath at 400 bits, rounded to binary32), as one
// array on every usable target: small and large arguments, the binary32
// numbers nearest multiples of pi/2, 16367173 2^72 (0x6F79BE45, whose
// x 2/pi is within 2^-29.86 of an integer: the reduction's worst
// cancellation among these), FLT_MAX, and the special values.
TEST(CorrectValues, SinCosByHandOnEveryTarget) {
  struct Row {
    uint32_t x, sin, cos;
  };
  const Row kRows[] = {
      {0x3F800000u, 0x3F576AA4u, 0x3F0A5140u},  // 1
      {0x3F000000u, 0x3EF57744u, 0x3F60A940u},  // 0.5
      {0xBF000000u, 0xBEF57744u, 0x3F60A940u},  // -0.5
      {0x3F490FDBu, 0x3F3504F3u, 0x3F3504F3u},  // RN(pi/4)
      {0x3FC90FDAu, 0x3F800000u, 0x33A22169u},  // below pi/2
      {0x3FC90FDBu, 0x3F800000u, 0xB33BBD2Eu},  // RN(pi/2)
      {0x40490FDAu, 0x34222169u, 0xBF800000u},  // below pi
      {0x40490FDBu, 0xB3BBBD2Eu, 0xBF800000u},  // RN(pi)
      {0x4096CBE4u, 0xBF800000u, 0x324CDE2Eu},  // RN(3 pi/2)
      {0x40C90FDBu, 0x343BBD2Eu, 0x3F800000u},  // RN(2 pi)
      {0x39800000u, 0x39800000u, 0x3F800000u},  // 2^-12
      {0x00000001u, 0x00000001u, 0x3F800000u},  // 2^-149
      {0x80000001u, 0x80000001u, 0x3F800000u},
      {0x00800000u, 0x00800000u, 0x3F800000u},  // 2^-126
      {0x47C35000u, 0x3D126D55u, 0xBF7FD61Cu},  // 1e5
      {0x49742400u, 0xBEB33259u, 0x3F6FCEFDu},  // 1e6
      {0x49BFBF6Fu, 0x3F7FEF47u, 0x3CB90D33u},  // RN(1000001 pi/2)
      {0x4B000001u, 0xBF067728u, 0xBF59D77Fu},  // 2^23 + 1
      {0x4D38F116u, 0x3E7D3B40u, 0xBF780C72u},  // RN(123456789 pi/2)
      {0x53C90FDBu, 0x3F63D177u, 0x3EE98969u},  // RN((2^40 + 1) pi/2)
      {0x5A000000u, 0xBF595336u, 0xBF074C8Cu},  // 2^53
      {0x6A7A9B45u, 0xBE59F050u, 0xBF7A2282u},
      {0x6F79BE45u, 0x3F800000u, 0xB0DDEEA9u},  // 16367173 2^72
      {0xEF79BE45u, 0xBF800000u, 0xB0DDEEA9u},
      {0x7149F2CAu, 0xBF4A89B0u, 0xBF1C9222u},  // 1e30
      {0x7F7FFFFFu, 0xBF0599B3u, 0x3F5A5F96u},  // FLT_MAX
      // Hard cases (in the tables: the bound could not decide them).
      {0x3DCF5597u, 0x3DCEFAF9u, 0x3F7EB072u},  // sin
      {0x7F58CAD9u, 0xBF315ECFu, 0x3F3898A1u},  // sin
      {0x3A0F1BBDu, 0x3A0F1BBDu, 0x3F7FFFFDu},  // cos
      {0x7E82FEA4u, 0xBF7D8B5Fu, 0xBE0D7DA7u},  // cos
      {0xFF7FFFFFu, 0x3F0599B3u, 0x3F5A5F96u},
      {0x00000000u, 0x00000000u, 0x3F800000u},  // +-0
      {0x80000000u, 0x80000000u, 0x3F800000u},
      {0x7F800000u, 0x7FC00000u, 0x7FC00000u},  // +-inf, NaN
      {0xFF800000u, 0x7FC00000u, 0x7FC00000u},
      {0x7FC00001u, 0x7FC00000u, 0x7FC00000u},
  };
  std::vector<float> in;
  for (const Row& r : kRows) in.push_back(BitsToFloat(r.x));
  std::vector<float> s(in.size()), c(in.size());
  for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
    ASSERT_EQ(refmath_eval_f32(REFMATH_SIN, REFMATH_CORRECT, t, in.data(),
                               s.data(), in.size()),
              REFMATH_OK);
    ASSERT_EQ(refmath_eval_f32(REFMATH_COS, REFMATH_CORRECT, t, in.data(),
                               c.data(), in.size()),
              REFMATH_OK);
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(Bits(s[i]), kRows[i].sin) << "sin 0x" << std::hex
                                          << kRows[i].x << " " << Name(t);
      EXPECT_EQ(Bits(c[i]), kRows[i].cos) << "cos 0x" << std::hex
                                          << kRows[i].x << " " << Name(t);
    }
  }
}

// tan by hand (mpmath at 400 bits, rounded to binary32) on every usable
// target: the inputs of the sin and cos test, where tan is largest (the
// binary32 numbers nearest pi/2 and 3 pi/2, and 16367173 2^72, whose tan
// is -6.19e8), both neighbours of 1, and the special values.
TEST(CorrectValues, TanByHandOnEveryTarget) {
  struct Row {
    uint32_t x, tan;
  };
  const Row kRows[] = {
      {0x3F800000u, 0x3FC75923u},  // 1
      {0x3F7FFFFFu, 0x3FC75921u},
      {0x3F800001u, 0x3FC75926u},
      {0x3F000000u, 0x3F0BDA7Bu},  // 0.5
      {0xBF000000u, 0xBF0BDA7Bu},
      {0x3F490FDBu, 0x3F800000u},  // RN(pi/4)
      {0x3FC90FDAu, 0x4B4A1BDAu},  // below pi/2: 13245402
      {0x3FC90FDBu, 0xCBAE8A4Au},  // RN(pi/2): -22877332
      {0x40490FDAu, 0xB4222169u},  // below pi
      {0x40490FDBu, 0x33BBBD2Eu},  // RN(pi)
      {0x4096CBE4u, 0xCC9FF26Du},  // RN(3 pi/2): -83858283
      {0x40C90FDBu, 0x343BBD2Eu},  // RN(2 pi)
      {0x39800000u, 0x39800000u},  // 2^-12
      {0x00000001u, 0x00000001u},  // 2^-149
      {0x80000001u, 0x80000001u},
      {0x00800000u, 0x00800000u},  // 2^-126
      {0x47C35000u, 0xBD12854Fu},  // 1e5
      {0x49742400u, 0xBEBF4BB4u},  // 1e6
      {0x49BFBF6Fu, 0x423107A0u},  // RN(1000001 pi/2)
      {0x4B000001u, 0x3F1E04E2u},  // 2^23 + 1
      {0x4D38F116u, 0xBE82ACABu},  // RN(123456789 pi/2)
      {0x53C90FDBu, 0x3FF9BB3Eu},  // RN((2^40 + 1) pi/2)
      {0x5A000000u, 0x3FCD99D8u},  // 2^53
      {0x6A7A9B45u, 0x3E5F0C8Au},
      {0x6F79BE45u, 0xCE13A60Eu},  // 16367173 2^72
      {0xEF79BE45u, 0x4E13A60Eu},
      {0x7149F2CAu, 0x3FA5943Bu},  // 1e30
      {0x7F7FFFFFu, 0xBF1C9ECAu},  // FLT_MAX
      {0xFF7FFFFFu, 0x3F1C9ECAu},
      {0x00000000u, 0x00000000u},  // +-0
      {0x80000000u, 0x80000000u},
      {0x7F800000u, 0x7FC00000u},  // +-inf, NaN
      {0xFF800000u, 0x7FC00000u},
      {0x7FC00001u, 0x7FC00000u},
  };
  std::vector<float> in;
  for (const Row& r : kRows) in.push_back(BitsToFloat(r.x));
  std::vector<float> y(in.size());
  for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
    ASSERT_EQ(refmath_eval_f32(REFMATH_TAN, REFMATH_CORRECT, t, in.data(),
                               y.data(), in.size()),
              REFMATH_OK);
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(Bits(y[i]), kRows[i].tan) << "tan 0x" << std::hex
                                          << kRows[i].x << " " << Name(t);
    }
  }
}

// sinpi and cospi by hand (mpmath at 300 bits, rounded to binary32) on
// every usable target: the quarter- and half-integers, where the results
// are exact (the zeros with IEEE 754-2019's signs: sinpi(n) has the sign
// of n, cospi(n + 1/2) is +0), thirds, the last non-integers below 2^23
// and 2^24, integers up to FLT_MAX, subnormal inputs (sinpi(2^-149) =
// 3 2^-149), and the special values.
TEST(CorrectValues, SinpiCospiByHandOnEveryTarget) {
  struct Row {
    uint32_t x, sinpi, cospi;
  };
  const Row kRows[] = {
      {0x3E800000u, 0x3F3504F3u, 0x3F3504F3u},  // 0.25
      {0x3F000000u, 0x3F800000u, 0x00000000u},  // 0.5
      {0x3F400000u, 0x3F3504F3u, 0xBF3504F3u},  // 0.75
      {0x3F800000u, 0x00000000u, 0xBF800000u},  // 1
      {0xBF800000u, 0x80000000u, 0xBF800000u},  // -1
      {0x3FC00000u, 0xBF800000u, 0x00000000u},  // 1.5
      {0xBFC00000u, 0x3F800000u, 0x00000000u},  // -1.5
      {0x40000000u, 0x00000000u, 0x3F800000u},  // 2
      {0x40400000u, 0x00000000u, 0xBF800000u},  // 3
      {0xC0400000u, 0x80000000u, 0xBF800000u},  // -3
      {0x3DCCCCCDu, 0x3E9E377Au, 0x3F737871u},  // 0.1
      {0x3EAAAAABu, 0x3F5DB3D8u, 0x3EFFFFFFu},  // RN(1/3)
      {0x3F2AAAABu, 0x3F5DB3D7u, 0xBF000001u},  // RN(2/3)
      {0x3F7FFFFFu, 0x34490FDBu, 0xBF800000u},  // 1 - 2^-24
      {0x3F800001u, 0xB4C90FDBu, 0xBF800000u},  // 1 + 2^-23
      {0x3EFFFFFFu, 0x3F800000u, 0x33C90FDBu},  // 0.5 - 2^-25
      {0x3A000000u, 0x3AC90FD5u, 0x3F7FFFECu},  // 2^-11
      {0x4A3C614Fu, 0xBF3504F3u, 0x3F3504F3u},  // 3086419.75
      {0x4AFFFFFFu, 0xBF800000u, 0x00000000u},  // 2^23 - 0.5
      {0x4B000001u, 0x00000000u, 0xBF800000u},  // 2^23 + 1
      {0x4B3FFFFFu, 0x00000000u, 0xBF800000u},
      {0x4B7FFFFFu, 0x00000000u, 0xBF800000u},  // 2^24 - 1
      {0x4B800000u, 0x00000000u, 0x3F800000u},  // 2^24
      {0x7F7FFFFFu, 0x00000000u, 0x3F800000u},  // FLT_MAX
      {0xFF7FFFFFu, 0x80000000u, 0x3F800000u},
      {0x00000001u, 0x00000003u, 0x3F800000u},  // 2^-149
      {0x80000001u, 0x80000003u, 0x3F800000u},
      {0x00800000u, 0x01490FDBu, 0x3F800000u},  // 2^-126
      {0x00000000u, 0x00000000u, 0x3F800000u},  // +-0
      {0x80000000u, 0x80000000u, 0x3F800000u},
      {0x7F800000u, 0x7FC00000u, 0x7FC00000u},  // +-inf, NaN
      {0xFF800000u, 0x7FC00000u, 0x7FC00000u},
      {0xFFC00001u, 0x7FC00000u, 0x7FC00000u},
  };
  std::vector<float> in;
  for (const Row& r : kRows) in.push_back(BitsToFloat(r.x));
  std::vector<float> s(in.size()), c(in.size());
  for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
    ASSERT_EQ(refmath_eval_f32(REFMATH_SINPI, REFMATH_CORRECT, t, in.data(),
                               s.data(), in.size()),
              REFMATH_OK);
    ASSERT_EQ(refmath_eval_f32(REFMATH_COSPI, REFMATH_CORRECT, t, in.data(),
                               c.data(), in.size()),
              REFMATH_OK);
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(Bits(s[i]), kRows[i].sinpi) << "sinpi 0x" << std::hex
                                            << kRows[i].x << " " << Name(t);
      EXPECT_EQ(Bits(c[i]), kRows[i].cospi) << "cospi 0x" << std::hex
                                            << kRows[i].x << " " << Name(t);
    }
  }
}

// atan, asin and acos by hand (mpmath at 300 bits, rounded to binary32) on
// every usable target: the points of atan's table (1/16, 15.5/16) and the
// tie of its index (1/32 rounds to point 0, the next number up to point
// 1), both sides of 1 and of sqrt(1/2) where atan swaps its quotient, a
// hard case, atan's approach to pi/2 (2^24: RN(pi/2) below, FLT_MAX and inf:
// RN(pi/2)), acos on both signs, tiny and subnormal x, and the special
// values.
TEST(CorrectValues, AtanAsinAcosByHandOnEveryTarget) {
  struct Row {
    refmath_function f;
    uint32_t x, y;
  };
  const Row kRows[] = {
      {REFMATH_ATAN, 0x3F800000u, 0x3F490FDBu},  // 1
      {REFMATH_ATAN, 0x3F7FFFFFu, 0x3F490FDAu},
      {REFMATH_ATAN, 0x3F800001u, 0x3F490FDCu},
      {REFMATH_ATAN, 0x3F000000u, 0x3EED6338u},  // 0.5
      {REFMATH_ATAN, 0xBF000000u, 0xBEED6338u},
      {REFMATH_ATAN, 0x40000000u, 0x3F8DB70Du},  // 2
      {REFMATH_ATAN, 0x3D800000u, 0x3D7FAADEu},  // 1/16
      {REFMATH_ATAN, 0x3D000000u, 0x3CFFEAAEu},  // 1/32
      {REFMATH_ATAN, 0x3D000001u, 0x3CFFEAB0u},
      {REFMATH_ATAN, 0x3F780000u, 0x3F44FFB0u},  // 15.5/16
      {REFMATH_ATAN, 0x3A27BA3Bu, 0x3A27BA3Au},  // a hard case
      {REFMATH_ATAN, 0x41800000u, 0x3FC11284u},  // 16
      {REFMATH_ATAN, 0x49742400u, 0x3FC90FD2u},  // 1e6
      {REFMATH_ATAN, 0x4B800000u, 0x3FC90FDAu},  // 2^24
      {REFMATH_ATAN, 0x4C000000u, 0x3FC90FDAu},  // 2^25
      {REFMATH_ATAN, 0x7F7FFFFFu, 0x3FC90FDBu},  // FLT_MAX
      {REFMATH_ATAN, 0xFF7FFFFFu, 0xBFC90FDBu},
      {REFMATH_ATAN, 0x7F800000u, 0x3FC90FDBu},  // +-inf
      {REFMATH_ATAN, 0xFF800000u, 0xBFC90FDBu},
      {REFMATH_ATAN, 0x39800000u, 0x39800000u},  // 2^-12
      {REFMATH_ATAN, 0x00000001u, 0x00000001u},  // 2^-149
      {REFMATH_ATAN, 0x80000001u, 0x80000001u},
      {REFMATH_ATAN, 0x00800000u, 0x00800000u},  // 2^-126
      {REFMATH_ATAN, 0x00000000u, 0x00000000u},  // +-0
      {REFMATH_ATAN, 0x80000000u, 0x80000000u},
      {REFMATH_ATAN, 0x7FC00001u, 0x7FC00000u},  // NaN
      {REFMATH_ASIN, 0x3F000000u, 0x3F060A92u},  // 0.5
      {REFMATH_ASIN, 0xBF000000u, 0xBF060A92u},
      {REFMATH_ASIN, 0x3F800000u, 0x3FC90FDBu},  // +-1
      {REFMATH_ASIN, 0xBF800000u, 0xBFC90FDBu},
      {REFMATH_ASIN, 0x3F7FFFFFu, 0x3FC9048Au},
      {REFMATH_ASIN, 0x3F3504F3u, 0x3F490FDAu},  // below sqrt(1/2)
      {REFMATH_ASIN, 0x3F3504F4u, 0x3F490FDCu},  // above
      {REFMATH_ASIN, 0x3D800000u, 0x3D80155Fu},  // 1/16
      {REFMATH_ASIN, 0x39800000u, 0x39800000u},  // 2^-12
      {REFMATH_ASIN, 0x00000001u, 0x00000001u},  // 2^-149
      {REFMATH_ASIN, 0x80000001u, 0x80000001u},
      {REFMATH_ASIN, 0x00800000u, 0x00800000u},  // 2^-126
      {REFMATH_ASIN, 0x00000000u, 0x00000000u},  // +-0
      {REFMATH_ASIN, 0x80000000u, 0x80000000u},
      {REFMATH_ASIN, 0x3F800001u, 0x7FC00000u},  // |x| > 1, inf, NaN
      {REFMATH_ASIN, 0xC0000000u, 0x7FC00000u},
      {REFMATH_ASIN, 0x7F800000u, 0x7FC00000u},
      {REFMATH_ASIN, 0x7FC00001u, 0x7FC00000u},
      {REFMATH_ACOS, 0x3F000000u, 0x3F860A92u},  // 0.5
      {REFMATH_ACOS, 0xBF000000u, 0x40060A92u},
      {REFMATH_ACOS, 0x3F800000u, 0x00000000u},  // 1
      {REFMATH_ACOS, 0xBF800000u, 0x40490FDBu},  // -1: RN(pi)
      {REFMATH_ACOS, 0x3F7FFFFFu, 0x39B504F3u},
      {REFMATH_ACOS, 0xBF7FFFFFu, 0x40490A32u},
      {REFMATH_ACOS, 0x3F3504F3u, 0x3F490FDBu},  // sqrt(1/2)
      {REFMATH_ACOS, 0xBF3504F3u, 0x4016CBE4u},
      {REFMATH_ACOS, 0x39800000u, 0x3FC907DBu},  // +-2^-12
      {REFMATH_ACOS, 0xB9800000u, 0x3FC917DBu},
      {REFMATH_ACOS, 0x33800000u, 0x3FC90FDAu},  // 2^-24
      {REFMATH_ACOS, 0x00000001u, 0x3FC90FDBu},  // 2^-149
      {REFMATH_ACOS, 0x00000000u, 0x3FC90FDBu},  // +-0: RN(pi/2)
      {REFMATH_ACOS, 0x80000000u, 0x3FC90FDBu},
      {REFMATH_ACOS, 0xBF800001u, 0x7FC00000u},  // |x| > 1, inf, NaN
      {REFMATH_ACOS, 0x40000000u, 0x7FC00000u},
      {REFMATH_ACOS, 0xFF800000u, 0x7FC00000u},
      {REFMATH_ACOS, 0xFFC00001u, 0x7FC00000u},
  };
  // One array per function: whole vectors and a tail on every target.
  for (refmath_function f : {REFMATH_ATAN, REFMATH_ASIN, REFMATH_ACOS}) {
    std::vector<Row> rows;
    std::vector<float> in;
    for (const Row& r : kRows) {
      if (r.f != f) continue;
      rows.push_back(r);
      in.push_back(BitsToFloat(r.x));
    }
    std::vector<float> y(in.size());
    for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
      ASSERT_EQ(refmath_eval_f32(f, REFMATH_CORRECT, t, in.data(), y.data(),
                                 in.size()),
                REFMATH_OK);
      for (size_t i = 0; i < in.size(); ++i) {
        EXPECT_EQ(Bits(y[i]), rows[i].y)
            << refmath_function_name(f) << " 0x" << std::hex << rows[i].x
            << " " << Name(t);
      }
    }
  }
}

// refmath_sincos_f32: the bits of the two separate calls on every target,
// over more values than one block (every 65521st bit pattern), with sin
// or cos written over the input; and its argument checks.
TEST(CorrectSinCos, TheBitsOfSinAndCosInOneCall) {
  std::vector<float> in;
  for (uint64_t b = 0; b <= 0xFFFFFFFFu; b += 65521) {
    in.push_back(BitsToFloat(static_cast<uint32_t>(b)));
  }
  const size_t n = in.size();
  std::vector<float> s(n), c(n), s2(n), c2(n);
  for (refmath_target t : conformance::UsableTargets(REFMATH_CORRECT)) {
    ASSERT_EQ(refmath_eval_f32(REFMATH_SIN, REFMATH_CORRECT, t, in.data(),
                               s.data(), n), REFMATH_OK);
    ASSERT_EQ(refmath_eval_f32(REFMATH_COS, REFMATH_CORRECT, t, in.data(),
                               c.data(), n), REFMATH_OK);
    ASSERT_EQ(refmath_sincos_f32(REFMATH_CORRECT, t, in.data(), s2.data(),
                                 c2.data(), n), REFMATH_OK);
    EXPECT_EQ(memcmp(s.data(), s2.data(), n * sizeof(float)), 0) << Name(t);
    EXPECT_EQ(memcmp(c.data(), c2.data(), n * sizeof(float)), 0) << Name(t);
    // In place: sin over the input, then cos over it.
    std::vector<float> io = in;
    ASSERT_EQ(refmath_sincos_f32(REFMATH_CORRECT, t, io.data(), io.data(),
                                 c2.data(), n), REFMATH_OK);
    EXPECT_EQ(memcmp(s.data(), io.data(), n * sizeof(float)), 0) << Name(t);
    EXPECT_EQ(memcmp(c.data(), c2.data(), n * sizeof(float)), 0) << Name(t);
    io = in;
    ASSERT_EQ(refmath_sincos_f32(REFMATH_CORRECT, t, io.data(), s2.data(),
                                 io.data(), n), REFMATH_OK);
    EXPECT_EQ(memcmp(s.data(), s2.data(), n * sizeof(float)), 0) << Name(t);
    EXPECT_EQ(memcmp(c.data(), io.data(), n * sizeof(float)), 0) << Name(t);
  }
  for (size_t i = 0; i < n; i += 997) {
    float one_s = 0, one_c = 0;
    refmath_sincosf(in[i], &one_s, &one_c);
    EXPECT_EQ(Bits(one_s), Bits(s[i])) << i;
    EXPECT_EQ(Bits(one_c), Bits(c[i])) << i;
  }
  EXPECT_EQ(refmath_sincos_f32(REFMATH_EXACT, REFMATH_TARGET_BEST, in.data(),
                               s2.data(), c2.data(), n),
            REFMATH_E_NOT_IN_VARIANT);
  EXPECT_EQ(refmath_sincos_f32(REFMATH_CORRECT, REFMATH_TARGET_BEST, in.data(),
                               s2.data(), s2.data(), n),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_sincos_f32(REFMATH_CORRECT, REFMATH_TARGET_BEST, in.data(),
                               s2.data(), s2.data() + 1, n - 1),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_sincos_f32(REFMATH_CORRECT, REFMATH_TARGET_BEST, in.data(),
                               in.data() + 1, c2.data(), n - 1),
            REFMATH_E_OVERLAP);
  EXPECT_EQ(refmath_sincos_f32(REFMATH_CORRECT, REFMATH_TARGET_BEST, in.data(),
                               nullptr, c2.data(), n),
            REFMATH_E_NULL_POINTER);
  EXPECT_EQ(refmath_sincos_f32(REFMATH_CORRECT, REFMATH_TARGET_BEST, nullptr,
                               nullptr, nullptr, 0),
            REFMATH_OK);
}

// The variant is built for SSE4 too (no fused multiply-add needed).
TEST(CorrectVariantTargets, EveryTargetTheExactVariantHas) {
  EXPECT_EQ(conformance::UsableTargets(REFMATH_CORRECT),
            conformance::UsableTargets(REFMATH_EXACT));
  EXPECT_STREQ(refmath_variant_name(REFMATH_CORRECT), "correct");
  EXPECT_EQ(refmath_variant_from_name("correct"), REFMATH_CORRECT);
}

}  // namespace
}  // namespace test
}  // namespace refmath
