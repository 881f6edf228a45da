// The linear-algebra envelopes: each method against a double solve of the
// same binary16 system, over condition numbers 1e1..1e4, on matrices from
// the seeded generator of src/ane/algorithms/test_matrices.h.
#include <math.h>

#include <string>
#include <vector>

#include "refmath/ane/krylov.h"
#include "refmath/ane/linalg.h"
#include "src/ane/algorithms/test_matrices.h"
#include "tools/ane_envelopes/sections.h"

namespace refmath {
namespace envelopes {
namespace {

using ane::Matrix;
using ane::Solution;
using ane::Tensor;

constexpr uint64_t kLinalgSeed = 0x5EED0100;
const double kConds[] = {1e1, 1e2, 1e3, 1e4};
// Problem sizes (the spec's self-test sizes): SPD systems n = 48, least
// squares [80, 24], square general systems n = 24.
constexpr size_t kSpdN = 48;
constexpr size_t kLsRows = 80, kLsCols = 24;
constexpr size_t kSquareN = 24;
constexpr double kLsNoise = 0.01;  // b = A x + 0.01 * normal noise
// Iteration counts.
const int kCgSteps[] = {10, 20, 40};
constexpr int kCgRefine = 2;
constexpr int kRoughCgIterations = 6;  // a deliberately under-iterated start
constexpr int kRefineRounds = 3, kRichardsonSweeps = 80;
constexpr int kNormalCgIterations = 24;  // the system's order
const int kLsqrSteps[] = {80, 200};
constexpr int kPowerIterations = 60;
constexpr int kReferencePowerIterations = 2000;

Tensor ToTensor(const Matrix& a, const ane::Profile& p) {
  return Tensor::FromDoubles({a.rows, a.cols}, a.v, p);
}
// The binary16 system as the device sees it, back in double.
Matrix Rounded(const Matrix& a, const ane::Profile& p) {
  return {a.rows, a.cols, ToTensor(a, p).ToDoubles()};
}
std::vector<double> Rounded(const std::vector<double>& v, const ane::Profile& p) {
  return Tensor::FromDoubles({v.size()}, v, p).ToDoubles();
}
std::vector<double> Normal(size_t n, ane::Rng& rng) {
  std::vector<double> v(n);
  for (double& x : v) x = rng.Normal();
  return v;
}
// The relative error of the x handed back, marked when the solver broke
// down.
std::string Err(const Solution& s, const std::vector<double>& ref) {
  const std::string e = Sci(ane::RelativeError2(s.x, ref));
  return s.breakdown ? e + " (breakdown)" : e;
}

struct System {
  Matrix a;               // rounded to binary16
  std::vector<double> b;  // rounded to binary16
  std::vector<double> ref;
};

System Spd(double cond, ane::Rng& rng, const ane::Profile& p) {
  // Eigenvalues from cond down to 1: raw entries up to ~cond, which is what
  // the Jacobi scaling has to tame.
  const Matrix a = Rounded(ane::SpdWithCondition(kSpdN, cond, cond, rng), p);
  const std::vector<double> b = Rounded(ane::Apply(a, Normal(kSpdN, rng)), p);
  return {a, b, ane::SolveDouble(a, b)};
}

System LeastSquares(double cond, ane::Rng& rng, const ane::Profile& p) {
  const Matrix a = Rounded(ane::WithSingularValues(kLsRows, kLsCols, cond, 1.0, rng), p);
  std::vector<double> b = ane::Apply(a, Normal(kLsCols, rng));
  for (double& x : b) x += kLsNoise * rng.Normal();
  b = Rounded(b, p);
  return {a, b, ane::LeastSquaresDouble(a, b)};
}

System Square(double cond, ane::Rng& rng, const ane::Profile& p) {
  const Matrix a = Rounded(ane::WithSingularValues(kSquareN, kSquareN, cond, 1.0, rng), p);
  const std::vector<double> b = Rounded(ane::Apply(a, Normal(kSquareN, rng)), p);
  return {a, b, ane::SolveDouble(a, b)};
}

Tensor Vec(const std::vector<double>& v, const ane::Profile& p) {
  return Tensor::FromDoubles({v.size()}, v, p);
}

std::string SpdTable(const ane::Profile& p) {
  report::MarkdownTable t({"cond", "CG, 10 steps", "20 steps", "40 steps", "20 steps + 2 refinements",
           "20 steps, no Jacobi scaling", "rough CG, 6 steps", "+ 3 Richardson refinements",
           "gain"});
  ane::Rng rng(kLinalgSeed);
  for (double cond : kConds) {
    report::Progress("linalg", "SPD n = 48, cond " + Num(cond));
    const System s = Spd(cond, rng, p);
    const Tensor a = ToTensor(s.a, p), b = Vec(s.b, p);
    std::vector<std::string> row = {Num(cond)};
    for (int steps : kCgSteps) {
      row.push_back(Err(ane::ConjugateGradient(a, b, {steps, 0, true}, p), s.ref));
    }
    row.push_back(Err(ane::ConjugateGradient(a, b, {kCgSteps[1], kCgRefine, true}, p), s.ref));
    row.push_back(Err(ane::ConjugateGradient(a, b, {kCgSteps[1], 0, false}, p), s.ref));
    const Solution rough = ane::ConjugateGradient(a, b, {kRoughCgIterations, 0, true}, p);
    const Solution refined =
        ane::RichardsonRefine(a, b, rough.x, kRefineRounds, kRichardsonSweeps, p);
    const double e0 = ane::RelativeError2(rough.x, s.ref);
    const double e1 = ane::RelativeError2(refined.x, s.ref);
    row.push_back(Err(rough, s.ref));
    row.push_back(Err(refined, s.ref));
    row.push_back(refined.breakdown || rough.breakdown ? "-" : Num(e0 / e1));
    t.Row(row);
  }
  return t.Markdown();
}

std::string LeastSquaresTable(const ane::Profile& p) {
  report::MarkdownTable t({"cond(A)", "normal equations, CG 24", "+ 2 refinements", "LSQR, 80 steps",
           "LSQR, 200 steps", "GMRES(24), square"});
  ane::Rng rng(kLinalgSeed + 1);
  for (double cond : kConds) {
    report::Progress("linalg", "least squares [80, 24] and GMRES n = 24, cond " + Num(cond));
    const System s = LeastSquares(cond, rng, p);
    const Tensor a = ToTensor(s.a, p), b = Vec(s.b, p);
    const Solution ne = ane::NormalEquations(a, b, {kNormalCgIterations, 0, true}, p);
    const Solution ner = ane::NormalEquations(a, b, {kNormalCgIterations, kCgRefine, true}, p);
    const System q = Square(cond, rng, p);
    const Solution gm = ane::Gmres(ToTensor(q.a, p), Vec(q.b, p), p);
    t.Row({Num(cond), Err(ne, s.ref), Err(ner, s.ref),
           Err(ane::Lsqr(a, b, kLsqrSteps[0], p), s.ref),
           Err(ane::Lsqr(a, b, kLsqrSteps[1], p), s.ref), Err(gm, q.ref)});
  }
  return t.Markdown();
}

// The dominant singular value of a in double: power iteration on a^T a.
double ReferenceSigma(const Matrix& a, std::vector<double> v) {
  const Matrix at = ane::Transposed(a);
  double sigma = 0;
  for (int it = 0; it < kReferencePowerIterations; ++it) {
    std::vector<double> w = ane::Apply(at, ane::Apply(a, v));
    double n = 0;
    for (double x : w) n += x * x;
    n = sqrt(n);
    for (double& x : w) x /= n;
    v = w;
    sigma = sqrt(n);
  }
  return sigma;
}

std::string PowerTable(const ane::Profile& p) {
  report::MarkdownTable t({"sigma_1", "normalized between A and A^T", "A^T A v at once",
           "normalized, plain norms", "at once, plain norms"});
  ane::Rng rng(kLinalgSeed + 2);
  for (double sigma : {10.0, 15.0, 20.0, 100.0, 180.0, 250.0, 260.0, 300.0, 1000.0}) {
    report::Progress("linalg", "power iteration, sigma " + Num(sigma));
    // Singular values sigma .. sigma / 10: a clear gap, fast convergence.
    const Matrix a = Rounded(ane::WithSingularValues(kSpdN, kLsCols, 10.0, sigma, rng), p);
    const std::vector<double> v0 = Normal(kLsCols, rng);
    const double ref = ReferenceSigma(a, v0);
    const Tensor at = ToTensor(a, p);
    std::vector<std::string> row = {Num(sigma)};
    for (bool plain : {false, true}) {
      for (bool normalize : {true, false}) {
        const double s = ane::DominantSingularValue(
            at, v0, {kPowerIterations, normalize, !plain}, p);
        row.push_back(Sci(fabs(s - ref) / ref));
      }
    }
    t.Row(row);
  }
  return t.Markdown();
}

}  // namespace

std::string LinalgTables(const ane::Profile& p) {
  std::string out;
  out += "### Symmetric positive definite systems (n = 48)\n\n"
         "Eigenvalues geometric from cond down to 1. Relative error "
         "||x - x_ref||_2 / ||x_ref||_2 against the double solve of the same binary16 "
         "system, of the x handed back. \"(breakdown)\": the solver broke down; CG "
         "(p.Ap or r.r out of the binary16 range, or p.Ap <= 0) then hands back its "
         "last finite iterate, the others (a non-finite result) zeros, a relative "
         "error of 1. CG stops early, converged, once r.r is 0 (the residual's "
         "squares underflow). Refinement starts from the 6-step CG and runs 3 rounds "
         "of 80 Richardson sweeps on the Jacobi-scaled system; gain = rough / refined.\n\n";
  out += SpdTable(p);
  out += "\n### Least squares ([80, 24], singular values 1 .. 1/cond, b = A x + 0.01 "
         "noise) and square systems (GMRES, n = 24, same spectrum)\n\n"
         "Against the double least-squares solution (Householder QR) or the double "
         "solve of the same binary16 data.\n\n";
  out += LeastSquaresTable(p);
  out += "\n### Dominant singular value by power iteration ([48, 24], 60 steps)\n\n"
         "Relative error of sigma_1 (singular values sigma_1 .. sigma_1 / 10) against a "
         "double power iteration on the same binary16 matrix. Norms are scaled "
         "(m sqrt(sum (u/m)^2), m = max|u|) unless \"plain\" (sqrt(sum u^2)).\n\n";
  out += PowerTable(p);
  return out;
}

}  // namespace envelopes
}  // namespace refmath
