// Linear algebra on the ANE model (refmath/ane/linalg.h, krylov.h) against
// double solves of the same binary16 systems, pinning the spec's
// statements.  Margin: an "about X" figure of the spec is asserted within
// a factor 3 of X; an order of magnitude means a gain of at least 10 / 3.
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/ane/krylov.h"
#include "refmath/ane/linalg.h"
#include "src/ane/algorithms/test_matrices.h"

namespace refmath {
namespace ane {
namespace {

constexpr double kMargin = 3.0;
constexpr double kOrderOfMagnitude = 10.0 / kMargin;
constexpr uint64_t kSeed = 0x5EED0500;
// A draw of Spd(1e3, .) with the reported system's figures: diagonal
// 73.8 .. 307.5, |b| <= 695.5.
constexpr uint64_t kReportedSeed = 0x5EED5981;
// The envelope tool's problem sizes (docs/ane-envelopes.md, "Matrix
// generator"): SPD n = 48, least squares [80, 24], square n = 24.
constexpr size_t kSpdN = 48, kLsRows = 80, kLsCols = 24, kSquareN = 24;
constexpr double kLsNoise = 0.01;

std::vector<double> Normal(size_t n, Rng& rng) {
  std::vector<double> v(n);
  for (double& x : v) x = rng.Normal();
  return v;
}

Matrix Rounded(const Matrix& a) {
  return {a.rows, a.cols, Tensor::FromDoubles({a.rows, a.cols}, a.v).ToDoubles()};
}

struct Problem {
  Tensor a, b;
  std::vector<double> ref;
};

// SPD, eigenvalues cond .. 1 (the envelope tool's family).
Problem Spd(double cond, uint64_t seed) {
  Rng rng(seed);
  const Matrix a = Rounded(SpdWithCondition(kSpdN, cond, cond, rng));
  const Tensor b = Tensor::Vector(Apply(a, Normal(kSpdN, rng)));
  return {Tensor::FromDoubles({kSpdN, kSpdN}, a.v), b, SolveDouble(a, b.ToDoubles())};
}

// Overdetermined, singular values 1 .. 1/cond, b = A x + noise.
Problem LeastSquares(double cond, uint64_t seed) {
  Rng rng(seed);
  const Matrix a = Rounded(WithSingularValues(kLsRows, kLsCols, cond, 1.0, rng));
  std::vector<double> b = Apply(a, Normal(kLsCols, rng));
  for (double& x : b) x += kLsNoise * rng.Normal();
  const Tensor bt = Tensor::Vector(b);
  return {Tensor::FromDoubles({kLsRows, kLsCols}, a.v), bt,
          LeastSquaresDouble(a, bt.ToDoubles())};
}

Problem Square(double cond, uint64_t seed) {
  Rng rng(seed);
  const Matrix a = Rounded(WithSingularValues(kSquareN, kSquareN, cond, 1.0, rng));
  const Tensor b = Tensor::Vector(Apply(a, Normal(kSquareN, rng)));
  return {Tensor::FromDoubles({kSquareN, kSquareN}, a.v), b, SolveDouble(a, b.ToDoubles())};
}

// A breakdown never meets an envelope.
double Err(const Solution& s, const std::vector<double>& ref) {
  return s.breakdown ? INFINITY : RelativeError2(s.x, ref);
}

uint64_t Bits(double v) {
  uint64_t u;
  memcpy(&u, &v, sizeof u);
  return u;
}

bool AllZero(const std::vector<double>& x) {
  for (double v : x) {
    if (Bits(v) != 0) return false;
  }
  return true;
}

TEST(AneLinalg, DotsGoThroughTheWideAccumulator) {
  // 4096 ones: a binary16 running sum would stall at 2048.
  const Tensor ones = Tensor::Filled({4096}, 0x3C00);
  EXPECT_EQ(WideDot(ones, ones), 0x6C00);  // 4096
  EXPECT_EQ(Norm(ones), 0x5400);            // 64
  const Tensor a({2, 2}, {0x3C00, 0x4000, 0x4200, 0x4400});  // [[1, 2], [3, 4]]
  const Tensor g = Gemv(a, Tensor::Vector({1, 1}));
  EXPECT_EQ(g[0], 0x4200);  // 3
  EXPECT_EQ(g[1], 0x4700);  // 7
}

TEST(AneLinalg, ScaledNormStaysFiniteWherePlainNormOverflows) {
  const Tensor big = Tensor::Vector({300, 400});  // norm 500, squares 250000
  EXPECT_EQ(Norm(big), kHalfPosInf);
  EXPECT_EQ(ScaledNorm(big), 0x5FD0);  // 500
}

TEST(AneLinalg, JacobiScalingKeepsCgInRange) {
  // Raw entries up to about cond = 100: unscaled, the dots leave the
  // binary16 range (a reported breakdown); scaled to a unit diagonal, 40
  // steps converge.
  const Problem p = Spd(1e2, kSeed + 50);
  EXPECT_TRUE(ConjugateGradient(p.a, p.b, {40, 0, false}).breakdown);
  const Solution s = ConjugateGradient(p.a, p.b, {40, 0, true});
  ASSERT_FALSE(s.breakdown);
  EXPECT_LE(Err(s, p.ref), 1e-2 * kMargin);
}

TEST(AneLinalg, FixedStepCgStopsOnceTheResidualDotUnderflows) {
  // A finding beyond the spec: at cond 10 CG converges within 10 to 20
  // steps, then r.r rounds to 0 (its binary16 products underflow) and a
  // further step would be alpha = 0 / 0.  CG stops there: r.r = 0 is
  // convergence, and forty steps hand back the converged iterate.
  const Problem p = Spd(1e1, kSeed + 51);
  for (int steps : {10, 15, 20, 40}) {
    const Solution s = ConjugateGradient(p.a, p.b, {steps, 0, true});
    ASSERT_FALSE(s.breakdown) << steps << " steps";
    EXPECT_LE(Err(s, p.ref), 1e-2) << steps << " steps";
  }
  // The mechanism: residual entries of 1e-4 square to 1e-8, below half the
  // smallest binary16 subnormal (2^-25), so every product and the dot are 0.
  const Tensor tiny = Tensor::Filled({kSpdN}, HalfFromDouble(1e-4));
  EXPECT_EQ(WideDot(tiny, tiny) & 0x7FFF, 0);
}

TEST(AneLinalg, CgScalesTheRightSideWithTheMatrix) {
  // diag(4, 256, 16384): the Jacobi-scaled matrix is I and the scaled right
  // side b_i / sqrt(a_ii) = (1, 2, 2), so one step solves it exactly and
  // x_i = y_i / sqrt(a_ii) is b_i / a_ii.  The residual is then exactly 0:
  // the remaining steps must not turn r.r = 0 into 0 / 0.
  const Tensor a = Tensor::FromDoubles({3, 3}, {4, 0, 0, 0, 256, 0, 0, 0, 16384});
  const Tensor b = Tensor::Vector({2, 32, 256});
  for (int steps : {1, 40}) {
    const Solution s = ConjugateGradient(a, b, {steps, 0, true});
    ASSERT_FALSE(s.breakdown) << steps << " steps";
    EXPECT_EQ(Bits(s.x[0]), Bits(0.5)) << steps << " steps";
    EXPECT_EQ(Bits(s.x[1]), Bits(0.125)) << steps << " steps";
    EXPECT_EQ(Bits(s.x[2]), Bits(0.015625)) << steps << " steps";
  }
}

TEST(AneLinalg, CgOnTheReportedSystemIsNotSilentlyZero) {
  // The reported failure: SPD n = 48, cond 1e3, diagonal 73.8 .. 307.5,
  // |b| <= 695.5.  The Jacobi-scaled right side reaches about 80 and p.Ap
  // passes 65504: alpha = r.r / inf = 0 and x stayed 0, reported as a
  // success.  With the right side scaled too (sum b_i^2 in [2^10, 2^12))
  // the dots stay in range and CG makes the progress of the envelopes'
  // cond 1e3 row.
  const Problem p = Spd(1e3, kReportedSeed);
  for (int steps : {5, 10, 15, 20, 40}) {
    const Solution s = ConjugateGradient(p.a, p.b, {steps, 0, true});
    EXPECT_FALSE(AllZero(s.x)) << steps << " steps";
    EXPECT_FALSE(s.breakdown) << steps << " steps";
    EXPECT_LT(Err(s, p.ref), 1.0) << steps << " steps";
  }
  // docs/ane-envelopes.md, cond 1e3, 40 steps: 5.6e-2.
  EXPECT_LE(Err(ConjugateGradient(p.a, p.b, {40, 0, true}), p.ref), 5.6e-2 * kMargin);
}

TEST(AneLinalg, CgReportsAnOverflowingCurvatureAndKeepsTheLastIterate) {
  // Unscaled diag(1, 49152) and b = (1, 2^-8): the first step is
  // r.r = 1, p.Ap = 1 + 192 / 256 = 1.75, alpha = fp16(1 / 1.75) =
  // 1170 * 2^-11, y = alpha b.  The second direction is about
  // (12032, -63) and A p overflows: a breakdown, with y of the first step
  // handed back rather than zeros or a NaN.
  const Tensor a = Tensor::FromDoubles({2, 2}, {1, 0, 0, 49152});
  const Tensor b = Tensor::Vector({1, 0x1p-8});
  const double alpha = 1170 * 0x1p-11;
  const Solution one = ConjugateGradient(a, b, {1, 0, false});
  EXPECT_FALSE(one.breakdown);
  for (int steps : {1, 2, 40}) {
    const Solution s = ConjugateGradient(a, b, {steps, 0, false});
    EXPECT_EQ(s.breakdown, steps > 1) << steps << " steps";
    ASSERT_EQ(s.x.size(), 2u);
    EXPECT_EQ(Bits(s.x[0]), Bits(alpha)) << steps << " steps";
    EXPECT_EQ(Bits(s.x[1]), Bits(alpha * 0x1p-8)) << steps << " steps";
  }
  // Scaled, the same system is the identity: one step, no breakdown.
  const Solution scaled = ConjugateGradient(a, b, {40, 0, true});
  EXPECT_FALSE(scaled.breakdown);
  EXPECT_EQ(Bits(scaled.x[0]), Bits(1.0));
}

TEST(AneLinalg, RefinementGainsAnOrderOfMagnitudeAtModerateConditioning) {
  // A deliberately rough start (6 CG steps), then 3 rounds of 80 Richardson
  // sweeps on the residual.
  double gain[3];
  const double conds[3] = {1e1, 1e2, 1e3};
  for (int i = 0; i < 3; ++i) {
    const Problem p = Spd(conds[i], kSeed + i);
    const Solution rough = ConjugateGradient(p.a, p.b, {6, 0, true});
    const Solution refined = RichardsonRefine(p.a, p.b, rough.x, 3, 80);
    ASSERT_FALSE(rough.breakdown || refined.breakdown) << "cond " << conds[i];
    gain[i] = Err(rough, p.ref) / Err(refined, p.ref);
  }
  EXPECT_GE(gain[0], kOrderOfMagnitude);
  EXPECT_GE(gain[1], kOrderOfMagnitude);
  // By cond 1e3 refinement only nibbles.
  EXPECT_LT(gain[2], kOrderOfMagnitude);
}

TEST(AneLinalg, NormalEquationsRefinementBuysBackTheSquaring) {
  const Problem p = LeastSquares(1e1, kSeed + 10);
  const double plain = Err(NormalEquations(p.a, p.b, {24, 0, true}), p.ref);
  const double refined = Err(NormalEquations(p.a, p.b, {24, 2, true}), p.ref);
  EXPECT_GE(plain / refined, kOrderOfMagnitude) << plain << " -> " << refined;
}

TEST(AneLinalg, LsqrEnvelope) {
  // About 1e-3 at cond 10, about 1e-2 at cond 100 (200 steps: at 80 steps
  // the fp16 bidiagonalization has not converged there, see the envelopes).
  const Problem ten = LeastSquares(1e1, kSeed + 20);
  EXPECT_LE(Err(Lsqr(ten.a, ten.b, 80), ten.ref), 1e-3 * kMargin);
  const Problem hundred = LeastSquares(1e2, kSeed + 21);
  EXPECT_LE(Err(Lsqr(hundred.a, hundred.b, 200), hundred.ref), 1e-2 * kMargin);
}

TEST(AneLinalg, GmresEnvelope) {
  for (double cond : {1e1, 1e2}) {
    const Problem p = Square(cond, kSeed + 30 + static_cast<uint64_t>(cond));
    EXPECT_LE(Err(Gmres(p.a, p.b), p.ref), 1e-2 * kMargin) << "cond " << cond;
  }
}

TEST(AneLinalg, PowerIterationOverflowsWithoutNormalizationAboveAbout250) {
  // A^T (A v) has magnitude sigma^2: past 65504 once sigma > 256.
  // Normalizing between A and A^T keeps every vector O(sigma).
  constexpr double kSigmaTolerance = 4 * 0x1p-11;  // four binary16 roundings
  for (double sigma : {200.0, 250.0, 300.0, 1000.0}) {
    Rng rng(kSeed + 40);
    const Matrix a = Rounded(WithSingularValues(kSpdN, kLsCols, 10.0, sigma, rng));
    const Tensor t = Tensor::FromDoubles({kSpdN, kLsCols}, a.v);
    const std::vector<double> v0 = Normal(kLsCols, rng);
    const double normalized = DominantSingularValue(t, v0, {60, true, true});
    const double at_once = DominantSingularValue(t, v0, {60, false, true});
    // sigma_1 of the rounded matrix is within 2u of the generated one.
    EXPECT_NEAR(normalized / sigma, 1.0, kSigmaTolerance) << "sigma " << sigma;
    if (sigma * sigma > kHalfMax) {
      EXPECT_FALSE(std::isfinite(at_once)) << "sigma " << sigma;
    } else {
      EXPECT_NEAR(at_once / sigma, 1.0, kSigmaTolerance) << "sigma " << sigma;
    }
  }
}

TEST(AneLinalg, PowerIterationEntryStaysFiniteAndFindsTheVector) {
  // sigma_1 = 300 (sigma^2 = 90000 > 65504) from the default start: sigma
  // within four binary16 roundings of the generated one, and v within
  // 1e-2 of the double right singular vector (the Rayleigh quotient a^T a
  // v . v / sigma^2 near 1).
  Rng rng(kSeed + 41);
  const Matrix a = Rounded(WithSingularValues(kSpdN, kLsCols, 10.0, 300.0, rng));
  const Tensor t = Tensor::FromDoubles({kSpdN, kLsCols}, a.v);
  const PowerResult r = PowerIteration(t, 60);
  ASSERT_FALSE(r.breakdown);
  EXPECT_NEAR(r.sigma / 300.0, 1.0, 4 * 0x1p-11);
  ASSERT_EQ(r.v.size(), kLsCols);
  const std::vector<double> av = Apply(a, r.v);
  double len = 0, q = 0;
  for (double x : r.v) len += x * x;
  for (double x : av) q += x * x;
  EXPECT_NEAR(sqrt(len), 1.0, 1e-2);
  EXPECT_NEAR(sqrt(q / len) / 300.0, 1.0, 1e-2);
}

TEST(AneLinalg, PowerIterationBreaksDownOnANullStart) {
  // Rows summing to zero: the all-ones start is in a's null space, so
  // a v = 0 and the first normalization divides 0 by 0.
  const Tensor a = Tensor::FromDoubles({2, 2}, {1, -1, -1, 1});
  const PowerResult r = PowerIteration(a, 5);
  EXPECT_TRUE(r.breakdown);
  EXPECT_TRUE(isnan(r.sigma));
  EXPECT_EQ(r.v, std::vector<double>(2, 0.0));
  // From (1, 0) it converges to sigma = 2, v = (1, -1) / sqrt(2).
  const PowerResult good = PowerIteration(a, 5, {1, 0});
  EXPECT_FALSE(good.breakdown);
  EXPECT_NEAR(good.sigma, 2.0, 4 * 0x1p-10);  // a few binary16 units
  EXPECT_THROW(PowerIteration(a, 5, {1, 0, 0}), std::invalid_argument);
  EXPECT_THROW(PowerIteration(Tensor::Filled({3}, 0), 5), std::invalid_argument);
}

}  // namespace
}  // namespace ane
}  // namespace refmath
