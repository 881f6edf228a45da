// Elementwise ops of the ANE model (refmath/ane/ops.h): the arithmetic ops
// against the compiler's _Float16 arithmetic (binary32 evaluation rounded
// once to binary16, correct since 24 >= 2*11 + 2), the transcendentals
// against libm in double within one binary16 rounding plus the fp32
// kernel's error, flushing per profile, and broadcasting.
#include "refmath/ane/ops.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <random>

#include "gtest/gtest.h"
#include "refmath/ane/profile.h"

namespace refmath {
namespace ane {
namespace {

const Profile& Preset(const char* name) {
  for (const Profile& p : Presets()) {
    if (std::string(name) == p.name) return p;
  }
  ADD_FAILURE() << "no preset " << name;
  return SpecProfile();
}

#ifdef __FLT16_MAX__
Half Bits(_Float16 f) {
  Half h;
  memcpy(&h, &f, sizeof h);
  return h;
}
_Float16 F16(Half h) {
  _Float16 f;
  memcpy(&f, &h, sizeof f);
  return f;
}

TEST(AneOps, ArithmeticMatchesFloat16OnRandomPairs) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint32_t> bits(0, 0xFFFF);
  constexpr int kPairs = 200000;
  for (int i = 0; i < kPairs; ++i) {
    const Half a = static_cast<Half>(bits(rng)), b = static_cast<Half>(bits(rng));
    if (HalfIsNaN(a) || HalfIsNaN(b)) continue;
    const auto expect = [](_Float16 r) {
      const Half h = Bits(r);
      return HalfIsNaN(h) ? kHalfCanonicalNaN : h;
    };
    ASSERT_EQ(Add(a, b), expect(F16(a) + F16(b))) << std::hex << a << " " << b;
    ASSERT_EQ(Sub(a, b), expect(F16(a) - F16(b))) << std::hex << a << " " << b;
    ASSERT_EQ(Mul(a, b), expect(F16(a) * F16(b))) << std::hex << a << " " << b;
    ASSERT_EQ(Div(a, b), expect(F16(a) / F16(b))) << std::hex << a << " " << b;
  }
}
#endif

// |result - f(x)| within half a binary16 ulp of f(x) plus the fp32 kernel's
// error (at most 2.1 fp32 ulp for log, the largest bound of the
// specification's table among these four): the correctly rounded binary16
// or, next to a midpoint, its neighbour.
void CheckTranscendental(const char* name, Half (*op)(Half, const Profile&),
                         double (*reference)(double), double lo, double hi) {
  constexpr double kKernelUlps = 2.1;
  int checked = 0;
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    const Half x = static_cast<Half>(i);
    const double v = HalfToDouble(x);
    if (HalfIsNaN(x) || !(v >= lo && v <= hi)) continue;
    const double want = reference(v);
    const double got = HalfToDouble(op(x, SpecProfile()));
    int e;
    frexp(want, &e);
    const int half_exp = e - 1 < -14 ? -14 : e - 1;
    const double half_ulp = ldexp(1.0, half_exp - 10);
    const double float_ulp = ldexp(1.0, (e - 1 < -126 ? -126 : e - 1) - 23);
    ASSERT_LE(fabs(got - want), half_ulp / 2 + kKernelUlps * float_ulp)
        << name << "(" << v << ") = " << got << ", want " << want;
    ++checked;
  }
  EXPECT_GT(checked, 1000) << name;
}

double SigmoidRef(double x) { return 1 / (1 + exp(-x)); }

TEST(AneOps, TranscendentalsAreOneRoundingFromLibm) {
  // Finite results only (exp overflows binary16 above 11.09).
  CheckTranscendental("exp", Exp, exp, -17.0, 11.0);
  CheckTranscendental("log", Log, log, 1e-9, 65504.0);
  CheckTranscendental("tanh", Tanh, tanh, -65504.0, 65504.0);
  CheckTranscendental("sigmoid", Sigmoid, SigmoidRef, -17.0, 65504.0);
}

TEST(AneOps, TranscendentalSpecialValues) {
  EXPECT_EQ(Exp(0x0000), 0x3C00);             // exp(0) = 1
  EXPECT_EQ(Exp(kHalfNegInf), 0x0000);        // exp(-inf) = +0
  EXPECT_EQ(Exp(0x4A00), kHalfPosInf);        // exp(12) overflows binary16
  EXPECT_EQ(Log(0x3C00), 0x0000);             // log(1) = 0
  EXPECT_EQ(Log(0x0000), kHalfNegInf);        // log(0) = -inf
  EXPECT_EQ(Log(0xBC00), kHalfCanonicalNaN);  // log(-1)
  EXPECT_EQ(Tanh(0x8000), 0x8000);            // tanh(-0) = -0
  EXPECT_EQ(Sigmoid(0x0000), 0x3800);         // sigmoid(0) = 0.5
}

// Notes: subnormals are flushed by most device ops, sqrt(1e-7) -> 0.  Under
// the spec's model the subnormal input is kept: sqrt(fp16(1e-7)).
TEST(AneOps, DeviceFlushesSqrtOf1em7ToZero) {
  const Half x = HalfFromDouble(1e-7);  // 2^-24 * 2 = 0x0002
  ASSERT_EQ(x, 0x0002);
  EXPECT_EQ(Sqrt(x, Preset("m1")), 0x0000);
  EXPECT_EQ(Sqrt(x, Preset("m5")), 0x0000);
  // sqrt(2^-23) = 2^-11.5 = 3.4527e-4 -> 0x0DA8 (hand-rounded: 1.41421 *
  // 2^-12, mantissa 0.41421 * 1024 = 424.2 -> 424 = 0x1A8, exponent 3).
  EXPECT_EQ(Sqrt(x, SpecProfile()), 0x0DA8);
  // A subnormal result is flushed too: 2^-10 * 2^-10 = 2^-20.
  EXPECT_EQ(Mul(0x1400, 0x1400, Preset("m1")), 0x0000);
  EXPECT_EQ(Mul(0x1400, 0x1400, SpecProfile()), 0x0010);
}

TEST(AneOps, MinMaxNaNAndSignedZero) {
  EXPECT_EQ(Min(0x0000, 0x8000), 0x8000);
  EXPECT_EQ(Min(0x8000, 0x0000), 0x8000);
  EXPECT_EQ(Max(0x8000, 0x0000), 0x0000);
  EXPECT_EQ(Max(0x0000, 0x8000), 0x0000);
  EXPECT_EQ(Min(0x3C00, 0x7E01), kHalfCanonicalNaN);
  EXPECT_EQ(Max(0xFE00, 0x3C00), kHalfCanonicalNaN);
  EXPECT_EQ(Min(0x3C00, 0xC000), 0xC000);  // min(1, -2)
  EXPECT_EQ(Max(0x3C00, 0xC000), 0x3C00);
  EXPECT_EQ(Max(kHalfNegInf, 0x0001), 0x0001);
}

TEST(AneOps, NegAbsSquareSqrtReciprocal) {
  EXPECT_EQ(Neg(0x3C00), 0xBC00);
  EXPECT_EQ(Neg(0x0000), 0x8000);
  EXPECT_EQ(Abs(0xC000), 0x4000);
  EXPECT_EQ(Abs(kHalfNegInf), kHalfPosInf);
  EXPECT_EQ(Neg(0x7D00), kHalfCanonicalNaN);
  EXPECT_EQ(Square(0x5A00), 0x7880);  // 192^2 = 36864 = 1.125 * 2^15
  EXPECT_EQ(Square(0x5CB0), kHalfPosInf);  // 300^2 = 90000 overflows
  EXPECT_EQ(Sqrt(0x4400), 0x4000);  // sqrt(4) = 2
  EXPECT_EQ(Sqrt(0xBC00), kHalfCanonicalNaN);
  EXPECT_EQ(Sqrt(0x8000), 0x8000);  // sqrt(-0) = -0
  EXPECT_EQ(Reciprocal(0x4000), 0x3800);  // 1/2
  EXPECT_EQ(Reciprocal(0x0000), kHalfPosInf);
}

}  // namespace
}  // namespace ane
}  // namespace refmath
