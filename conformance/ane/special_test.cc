// The fp16 special functions (refmath/ane/special.h) reproduce the figures the
// notes (notes/ane-model.md, "Special functions") publish for them.
//
// Each figure is checked inside a margin fixed before measuring: a figure
// given to one significant digit ("about 1e-3") is asserted within +-50%,
// one given to two or three digits ("0.10%", "187%", "2.2e-5") within
// +-5% of its value, except 0.10%, held to [0.05%, 0.15%] because the
// notes' "about" leaves the second digit loose.  The lgamma figures do
// not reproduce; those tests pin this model's measured values instead and
// say so in their names.  References are glibc's
// double-precision functions (errors ~1e-16, far below binary16's 1e-3).
#include "refmath/ane/special.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <functional>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/refmath.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/unary.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The binary16 roundings of the sample points the published figures use
// (numpy's linspace/geomspace cast with astype(float16)).
std::vector<Half> Linspace(double lo, double hi, int n) {
  std::vector<Half> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(HalfFromDouble(lo + (hi - lo) * i / (n - 1)));
  }
  return out;
}

std::vector<Half> Geomspace(double lo, double hi, int n) {
  std::vector<Half> out;
  const double step = (log(hi) - log(lo)) / (n - 1);
  for (int i = 0; i < n; ++i) {
    const double x = i == 0 ? lo : i == n - 1 ? hi : exp(log(lo) + step * i);
    out.push_back(HalfFromDouble(x));
  }
  return out;
}

using Fp16Function = std::function<Half(Half)>;
using Reference = std::function<double(double)>;

double MaxAbsError(const std::vector<Half>& xs, const Fp16Function& f,
                   const Reference& ref) {
  double worst = 0;
  for (Half x : xs) {
    const double got = HalfToDouble(f(x));
    const double want = ref(HalfToDouble(x));
    worst = fmax(worst, isnan(got) ? INFINITY : fabs(got - want));
  }
  return worst;
}

// max |got - want| / |want| over the points.
double MaxPointRelativeError(const std::vector<Half>& xs,
                             const Fp16Function& f, const Reference& ref) {
  double worst = 0;
  for (Half x : xs) {
    const double got = HalfToDouble(f(x));
    const double want = ref(HalfToDouble(x));
    worst = fmax(worst, isnan(got) ? INFINITY : fabs(got - want) / fabs(want));
  }
  return worst;
}

// max |got - want| / max |want|: the error relative to the function's
// scale on the interval (ANEForge's own measure for erfc on [0, 6], where
// erfc falls far below binary16's range and a pointwise ratio means
// nothing).
double MaxScaledError(const std::vector<Half>& xs, const Fp16Function& f,
                      const Reference& ref) {
  double scale = 0;
  for (Half x : xs) scale = fmax(scale, fabs(ref(HalfToDouble(x))));
  return MaxAbsError(xs, f, ref) / scale;
}

// "about F" to one significant digit.
void ExpectAboutOneDigit(double measured, double figure, const char* what) {
  EXPECT_GE(measured, 0.5 * figure) << what << ": figure " << figure;
  EXPECT_LE(measured, 1.5 * figure) << what << ": figure " << figure;
}

void ExpectWithinFivePercent(double measured, double figure,
                             const char* what) {
  EXPECT_GE(measured, 0.95 * figure) << what << ": figure " << figure;
  EXPECT_LE(measured, 1.05 * figure) << what << ": figure " << figure;
}

Half ErfDefault(Half x) { return Erf(x); }
Half ErfViaErfcDefault(Half x) { return ErfViaErfc(x); }
Half ErfcDefault(Half x) { return Erfc(x); }
Half SinDefault(Half x) { return Sin(x); }
Half CosDefault(Half x) { return Cos(x); }
Half LgammaDefault(Half x) { return Lgamma(x); }
Half LgammaRawDefault(Half x) { return LgammaRawHorner(x); }
double Erf64(double x) { return erf(x); }
double Erfc64(double x) { return erfc(x); }
double Sin64(double x) { return sin(x); }
double Cos64(double x) { return cos(x); }
double Lgamma64(double x) { return lgamma(x); }

const std::vector<Half>& ErfPoints() {
  static const std::vector<Half> points = Geomspace(1e-3, 1.0, 64);
  return points;
}

TEST(AneSpecialErf, PolynomialOnGeomspaceMaxRelativeErrorAbout0p10Percent) {
  const double e = MaxPointRelativeError(ErfPoints(), ErfDefault, Erf64);
  RecordProperty("max_relative_error", testing::PrintToString(e));
  EXPECT_GE(e, 0.0005) << "figure 0.10%";
  EXPECT_LE(e, 0.0015) << "figure 0.10%";
}

TEST(AneSpecialErf, OneMinusErfcOnGeomspaceMaxRelativeErrorAbout187Percent) {
  const double e =
      MaxPointRelativeError(ErfPoints(), ErfViaErfcDefault, Erf64);
  RecordProperty("max_relative_error", testing::PrintToString(e));
  ExpectWithinFivePercent(e, 1.87, "1 - erfc on fp16(geomspace(1e-3, 1, 64))");
}

TEST(AneSpecialErf, ErfOfZeroIsZeroWhileOneMinusErfcOfZeroIsMinus0p0009765625) {
  EXPECT_EQ(Erf(0x0000), 0x0000);  // +0
  EXPECT_EQ(Erf(0x8000), 0x8000);  // -0: x * P(0)
  // -0.0009765625 = -2^-10: binary16 0x9400.
  EXPECT_EQ(ErfViaErfc(0x0000), 0x9400);
}

TEST(AneSpecialErfc, OneMinusErfOf3RoundsToZeroWhileErfcOf3IsAbout2p2em5) {
  const Half three = HalfFromDouble(3.0);
  // erf(3) = 0.999977909... rounds to 1 in binary16 (the spacing below 1
  // is 2^-11), so the device's 1 - erf(3) is exactly +0.
  const Half erf3 = HalfFromDouble(refmath_erff(3.0f));
  const Half one_minus_erf3 =
      HalfFromDouble(HalfToDouble(HalfFromDouble(1.0)) - HalfToDouble(erf3));
  EXPECT_EQ(one_minus_erf3, 0x0000);
  ExpectWithinFivePercent(HalfToDouble(Erfc(three)), 2.2e-5, "erfc(3)");
}

TEST(AneSpecialErfc, ZeroToSixErrorAbout1em3OfScale) {
  const double e =
      MaxScaledError(Linspace(0.0, 6.0, 64), ErfcDefault, Erfc64);
  RecordProperty("max_scaled_error", testing::PrintToString(e));
  ExpectAboutOneDigit(e, 1e-3, "erfc on fp16(linspace(0, 6, 64))");
}

TEST(AneSpecialTrig, HalfPeriodAbsErrorAbout1em3AndBelow3em3) {
  const std::vector<Half> xs = Linspace(-kPi / 2, kPi / 2, 128);
  const double sin_error = MaxAbsError(xs, SinDefault, Sin64);
  const double cos_error = MaxAbsError(xs, CosDefault, Cos64);
  RecordProperty("sin_max_abs_error", testing::PrintToString(sin_error));
  RecordProperty("cos_max_abs_error", testing::PrintToString(cos_error));
  EXPECT_LT(sin_error, 3e-3);
  EXPECT_LT(cos_error, 3e-3);
  ExpectAboutOneDigit(fmax(sin_error, cos_error), 1e-3,
                      "sin/cos on fp16(linspace(-pi/2, pi/2, 128))");
}

TEST(AneSpecialTrig, SamePolynomialsOverFullPeriodAbsErrorAbout0p2) {
  const std::vector<Half> xs = Linspace(-kPi, kPi, 128);
  const double sin_error = MaxAbsError(xs, SinDefault, Sin64);
  const double cos_error = MaxAbsError(xs, CosDefault, Cos64);
  RecordProperty("sin_max_abs_error", testing::PrintToString(sin_error));
  RecordProperty("cos_max_abs_error", testing::PrintToString(cos_error));
  ExpectAboutOneDigit(fmax(sin_error, cos_error), 0.2,
                      "sin/cos on fp16(linspace(-pi, pi, 128))");
}

// The notes' two lgamma figures (abs error about 3e-3 centred, about 8 for
// a raw Horner in x) do NOT reproduce with one rounding per operation; the
// bounds below are this model's own measurements (docs/ane-special.md,
// "lgamma: figures that do not reproduce"), +-5%, bit-checked by the
// independent NumPy port.  The centred error sits at x = 7.890625, where
// lgamma is 8.3055 and the binary16 spacing is 2^-7 = 7.8e-3: one ulp.  A
// fused multiply-add per Horner step would give 2.9e-3 on the same points,
// which suggests the published figure came from a fused evaluation.
TEST(AneSpecialLgamma, CentredHornerAbsError7em3NotTheNotes3em3) {
  const double e = MaxAbsError(Linspace(1.0, 8.0, 64), LgammaDefault,
                               Lgamma64);
  RecordProperty("max_abs_error", testing::PrintToString(e));
  ExpectWithinFivePercent(e, 7.0e-3,
                          "lgamma in (x - 4.5) on fp16(linspace(1, 8, 64))");
}

// The raw-form coefficients are not in the notes; they are the binomial
// expansion of the centred polynomial (special_gamma.cc).  Its error is
// 45 times the centred one, but 0.31, not the notes' 8.
TEST(AneSpecialLgamma, RawHornerInXAbsError0p31NotTheNotes8) {
  const double e = MaxAbsError(Linspace(1.0, 8.0, 64), LgammaRawDefault,
                               Lgamma64);
  RecordProperty("max_abs_error", testing::PrintToString(e));
  ExpectWithinFivePercent(
      e, 0.314, "lgamma raw Horner in x on fp16(linspace(1, 8, 64))");
}

// Under a flushing profile (m1, m3, m5) lgamma's four highest
// coefficients, binary16 subnormals (3.9e-6, -1.7e-5, -9.9e-6, -5.1e-5),
// become zero through exp(x * 0) * c, and at x = 1 the chain is the
// degree-4 Horner of the remaining ones: computed here op by op.  The
// dropped terms sum to 0.209 at t = -3.5, so lgamma(1) = 0 comes out
// near -0.21 (docs/ane-special.md: 0.213 measured, pinned +-5%).
TEST(AneSpecialLgamma, FlushingProfileDropsSubnormalCoefficientsError0p21AtOne) {
  const double kNormalPart[] = {0.0014535201243029226, -0.010745792598586731,
                                0.1240676674629507, 1.3893132071172924,
                                2.453806649516902};
  const double t = -3.5;  // 1 - 4.5, exact
  double acc = 0;         // the four flushed coefficients
  for (double c : kNormalPart) {
    acc = HalfToDouble(HalfFromDouble(acc * t));
    acc = HalfToDouble(HalfFromDouble(acc + HalfToDouble(HalfFromDouble(c))));
  }
  HalfRounding flush;
  flush.flush_subnormals = true;
  const Half got = Lgamma(HalfFromDouble(1.0), flush);
  EXPECT_EQ(got, HalfFromDouble(acc));
  ExpectWithinFivePercent(fabs(HalfToDouble(got)), 0.213,
                          "|lgamma(1)| under a flushing profile");
}

// Values that follow from the formulas by hand: at 0 every Horner chain
// reduces to its constant term, cast to binary16.
TEST(AneSpecialValues, HornerChainsAtZeroGiveTheirConstantTerm) {
  const Half zero = 0x0000, one = 0x3C00;
  EXPECT_EQ(Sin(zero), 0x0000);
  EXPECT_EQ(Sin(0x8000), 0x8000);  // -0 * P(0)
  EXPECT_EQ(Cos(zero), one);
  EXPECT_EQ(Expm1(zero), 0x0000);
  EXPECT_EQ(Log1p(zero), 0x0000);
  EXPECT_EQ(BesselJ0(zero), one);
  EXPECT_EQ(BesselI0(zero), one);
  // Gamma at the centre 1.5: the last coefficient 0.8862262217269316
  // rounds to 0.88623046875 = 0x3B17 (spacing 2^-11 in [0.5, 1)).
  EXPECT_EQ(Gamma(HalfFromDouble(1.5)), 0x3B17);
  // lgamma at its centre 4.5: 2.453806649516902 -> 2.453125 = 0x40E8
  // (spacing 2^-9 in [2, 4)).
  EXPECT_EQ(Lgamma(HalfFromDouble(4.5)), 0x40E8);
}

// The constants enter as exp(x * 0) * c, NaN for an infinite x: every
// function is NaN at +-inf, whatever its formula would give in the limit.
TEST(AneSpecialValues, InfiniteInputGivesNaNThroughTheConstants) {
  Half (*const functions[])(Half, HalfRounding) = {
      Sin, Cos, Erf, Erfc, ErfViaErfc, Lgamma, LgammaRawHorner, Gamma,
      GammaViaLgamma, Expm1, Log1p, BesselJ0, BesselI0};
  for (auto f : functions) {
    EXPECT_TRUE(HalfIsNaN(f(kHalfPosInf, {})));
    EXPECT_TRUE(HalfIsNaN(f(kHalfNegInf, {})));
    EXPECT_TRUE(HalfIsNaN(f(kHalfCanonicalNaN, {})));
  }
}

// Round to nearest even is symmetric and x * x loses the sign, so the odd
// polynomials are exactly odd and the even ones exactly even, on every
// finite binary16.
TEST(AneSpecialValues, OddAndEvenSymmetryOnEveryFiniteInput) {
  for (uint32_t bits = 0; bits < 0x7C00; ++bits) {
    const Half x = static_cast<Half>(bits);
    const Half minus_x = static_cast<Half>(bits | 0x8000);
    ASSERT_EQ(Sin(minus_x), Sin(x) ^ 0x8000) << std::hex << bits;
    ASSERT_EQ(Erf(minus_x), Erf(x) ^ 0x8000) << std::hex << bits;
    ASSERT_EQ(Cos(minus_x), Cos(x)) << std::hex << bits;
    ASSERT_EQ(BesselJ0(minus_x), BesselJ0(x)) << std::hex << bits;
    ASSERT_EQ(BesselI0(minus_x), BesselI0(x)) << std::hex << bits;
  }
}

// A flushing profile reads a subnormal input as zero: expm1 of the
// smallest subnormal is itself without flushing (x * 1), +0 with.
TEST(AneSpecialValues, FlushingProfileReadsSubnormalInputAsZero) {
  const Half tiny = 0x0001;  // 2^-24
  EXPECT_EQ(Expm1(tiny, HalfRounding{}), tiny);
  HalfRounding flush;
  flush.flush_subnormals = true;
  EXPECT_EQ(Expm1(tiny, flush), 0x0000);
}

// Every special function is in the unary registry under its name, with a
// domain, and the registry evaluates it with the profile's elementwise
// rounding.
TEST(AneSpecialRegistry, EveryFunctionRegisteredWithItsDomain) {
  const struct {
    const char* name;
    Half (*f)(Half, HalfRounding);
  } kEntries[] = {{"sin", Sin},
                  {"cos", Cos},
                  {"erf", Erf},
                  {"erfc", Erfc},
                  {"erf_via_erfc", ErfViaErfc},
                  {"lgamma", Lgamma},
                  {"lgamma_raw", LgammaRawHorner},
                  {"gamma", Gamma},
                  {"gamma_via_lgamma", GammaViaLgamma},
                  {"expm1", Expm1},
                  {"log1p", Log1p},
                  {"bessel_j0", BesselJ0},
                  {"bessel_i0", BesselI0}};
  Profile flushing = SpecProfile();
  flushing.flush_subnormals = true;
  for (const auto& e : kEntries) {
    const UnaryFunction* u = FindUnary(e.name);
    ASSERT_NE(u, nullptr) << e.name;
    double lo = 0, hi = 0;
    EXPECT_TRUE(SpecialFunctionDomain(e.name, &lo, &hi)) << e.name;
    EXPECT_LT(lo, hi) << e.name;
    // Every 7th pattern, both signs, normals and subnormals.
    for (uint32_t bits = 0; bits < 0x10000; bits += 7) {
      const Half x = static_cast<Half>(bits);
      ASSERT_EQ(u->eval(x, SpecProfile()), e.f(x, HalfRounding{})) << e.name;
      ASSERT_EQ(u->eval(x, flushing), e.f(x, flushing.Elementwise()))
          << e.name;
    }
  }
  double lo, hi;
  EXPECT_FALSE(SpecialFunctionDomain("exp", &lo, &hi));
}

}  // namespace
}  // namespace ane
}  // namespace refmath
