// The correctly rounded variant in binary16 and bfloat16
// (refmath_eval_f16, refmath_eval_bf16): the API's statuses, values by
// hand (mpmath), a double rounding the narrow path avoids, and the same
// table for threads that ask first at once.  The proof over every input
// of both formats is the ctest narrow_formats_proof.
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/refmath.h"
#include "refmath/refmath.hpp"

namespace {

using Bits = unsigned short;

Bits F16(refmath_function f, Bits x) {
  Bits y = 0xDEAD;
  EXPECT_EQ(refmath_eval_f16(f, REFMATH_CORRECT, &x, &y, 1), REFMATH_OK);
  return y;
}
Bits Bf16(refmath_function f, Bits x) {
  Bits y = 0xDEAD;
  EXPECT_EQ(refmath_eval_bf16(f, REFMATH_CORRECT, &x, &y, 1), REFMATH_OK);
  return y;
}

TEST(NarrowFormats, StatusesAndArguments) {
  Bits in[4] = {0x3C00, 0, 0, 0}, out[4] = {7, 7, 7, 7};
  for (auto call : {&refmath_eval_f16, &refmath_eval_bf16}) {
    // The exact and fast variants have no narrow forms: refused, untouched.
    EXPECT_EQ(call(REFMATH_EXP, REFMATH_EXACT, in, out, 1),
              REFMATH_E_NOT_IN_VARIANT);
    EXPECT_EQ(call(REFMATH_EXP, REFMATH_FAST, in, out, 1),
              REFMATH_E_NOT_IN_VARIANT);
    EXPECT_EQ(out[0], 7);
    EXPECT_EQ(call(static_cast<refmath_function>(-1), REFMATH_CORRECT, in,
                   out, 1),
              REFMATH_E_UNKNOWN_FUNCTION);
    EXPECT_EQ(call(REFMATH_EXP, static_cast<refmath_variant>(9), in, out, 1),
              REFMATH_E_UNKNOWN_VARIANT);
    EXPECT_EQ(call(REFMATH_EXP, REFMATH_CORRECT, nullptr, out, 1),
              REFMATH_E_NULL_POINTER);
    EXPECT_EQ(call(REFMATH_EXP, REFMATH_CORRECT, nullptr, nullptr, 0),
              REFMATH_OK);
    EXPECT_EQ(call(REFMATH_EXP, REFMATH_CORRECT, in, in + 1, 2),
              REFMATH_E_OVERLAP);
    EXPECT_EQ(call(REFMATH_EXP, REFMATH_CORRECT, in, in, 1), REFMATH_OK);
  }
}

// mpmath at 200 bits, rounded once to the format.
TEST(NarrowFormats, ValuesByHand) {
  EXPECT_EQ(F16(REFMATH_EXP, 0x3C00), 0x4170);   // e = 2.71875 in binary16
  EXPECT_EQ(Bf16(REFMATH_EXP, 0x3F80), 0x402E);  // 2.71875 in bfloat16
  EXPECT_EQ(F16(REFMATH_LOG, 0x3C00), 0x0000);
  EXPECT_EQ(F16(REFMATH_LOG, 0x8000), 0xFC00);   // log(-0) = -inf
  EXPECT_EQ(F16(REFMATH_LOG, 0xBC00), 0x7E00);   // the canonical NaN
  EXPECT_EQ(Bf16(REFMATH_LOG, 0xBF80), 0x7FC0);
  EXPECT_EQ(F16(REFMATH_EXP, 0x4C00), 0x7C00);   // e^16 overflows binary16
  EXPECT_EQ(Bf16(REFMATH_EXP, 0x4180), 0x4B08);  // e^16 = 8.91e6 in bfloat16
  EXPECT_EQ(F16(REFMATH_SINH, 0x8000), 0x8000);  // sinh(-0) = -0
  // 2^-25 is the midpoint between 0 and 2^-24: ties to even, +0.
  EXPECT_EQ(F16(REFMATH_EXP2, 0xCE40), 0x0000);
  EXPECT_EQ(F16(REFMATH_EXP2, 0xCE00), 0x0001);  // 2^-24
  EXPECT_EQ(F16(REFMATH_RSQRT, 0x8000), 0xFC00);  // rsqrt(-0) = -inf
}

// cbrt(2.658203125) = 1.38574...: binary16's nearest is 0x3D8B, but the
// binary32 result, rounded again, lands on the midpoint's other side
// (0x3D8A).  The narrow path rounds once.
TEST(NarrowFormats, RoundsOnceNotThroughBinary32) {
  EXPECT_EQ(F16(REFMATH_CBRT, 0x4151), 0x3D8B);
  // GELU of the smallest bfloat16 subnormal: x/2 plus a positive term, a
  // midpoint of bfloat16 that rounds up (binary32 would give x/2 exactly,
  // and rounding that again gives +0, to even).
  EXPECT_EQ(Bf16(REFMATH_GELU_TANH, 0x0001), 0x0001);
  EXPECT_EQ(Bf16(REFMATH_SILU, 0x8001), 0x8000);
}

// The first calls of several threads at once all get the same table.
TEST(NarrowFormats, ThreadsAskingFirstAtOnceAgree) {
  std::vector<Bits> in(65536);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<Bits>(i);
  std::vector<std::vector<Bits>> out(4, std::vector<Bits>(in.size()));
  std::vector<std::thread> threads;
  for (auto& o : out) {
    threads.emplace_back([&in, &o] {
      EXPECT_EQ(refmath_eval_bf16(REFMATH_MISH, REFMATH_CORRECT, in.data(),
                                  o.data(), in.size()),
                REFMATH_OK);
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& o : out) EXPECT_EQ(o, out[0]);
}

TEST(NarrowFormats, CppWrapperThrowsTheStatus) {
  Bits x = 0x3C00, y = 0;
  refmath::EvalNarrow(refmath::Function::kExp,
                      refmath::NarrowFormat::kBinary16, &x, &y, 1);
  EXPECT_EQ(y, 0x4170);
  try {
    refmath::EvalNarrow(refmath::Function::kExp,
                        refmath::NarrowFormat::kBfloat16, &x, &y, 1,
                        refmath::Variant::kExact);
    FAIL() << "no exception";
  } catch (const refmath::Error& e) {
    EXPECT_EQ(e.status(), REFMATH_E_NOT_IN_VARIANT);
  }
}

}  // namespace
