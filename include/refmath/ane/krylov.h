// Krylov methods and power iteration on the ANE model
// (docs/ane-envelopes.md), with the conventions of linalg.h: binary16
// everything, scalars as one-element tensors, dots and norms through the
// wide matmul, fixed trip counts.
#ifndef REFMATH_ANE_KRYLOV_H_
#define REFMATH_ANE_KRYLOV_H_

#include <vector>

#include "refmath/ane/linalg.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

// LSQR (Golub-Kahan bidiagonalization with Givens updates) for
// min ||a x - b||, a: [m, n], `iterations` steps from x = 0.  Norms are
// sqrt((z * z) @ ones).
Solution Lsqr(const Tensor& a, const Tensor& b, int iterations,
              const Profile& p = SpecProfile());

// One full GMRES(n) cycle for a square a x = b: Arnoldi with modified
// Gram-Schmidt applied twice per column, Givens rotations on the
// Hessenberg matrix, back substitution, x = Q y.
Solution Gmres(const Tensor& a, const Tensor& b,
               const Profile& p = SpecProfile());

// The dominant singular value of a by power iteration on a^T a from the
// unit start vector v0 (host values), `iterations` steps.  normalize =
// true divides by the norm between the a and the a^T application
// (u = a v / |a v|, v = a^T u / |a^T u|); false forms a^T (a v) first, a
// vector of magnitude sigma^2.  scaled_norms picks ScaledNorm over Norm.
// Returns |a v| after the last step (NaN or inf once something overflowed).
struct PowerOptions {
  int iterations = 60;
  bool normalize = true;
  bool scaled_norms = true;
};
double DominantSingularValue(const Tensor& a, const std::vector<double>& v0,
                             const PowerOptions& o = {},
                             const Profile& p = SpecProfile());

// The user's entry (`refmath ane power`, refmath.ane.power_iteration): the
// dominant singular value of a [m, n] and its right singular vector by
// `iterations` power steps, normalizing between the a and the a^T
// application (u = a v / |a v|, v = a^T u / |a^T u|, scaled norms): every
// vector then stays O(sigma), where a^T (a v) formed at once has
// magnitude sigma^2 and overflows binary16 for sigma above about 256.
// v0: n host values (empty: all ones), normalized in double and rounded
// to binary16.  sigma = |a v| after the last step.  A breakdown is a
// step whose a v or a^T u is zero (v0 in a's null space, a = 0) or not
// finite: sigma is then what the last step gave (NaN, inf, or 0 when no
// step ran) and v all zero.  Bad shapes, or iterations < 0:
// std::invalid_argument.
constexpr const char* kPowerBreakdownText =
    "breakdown: a v or a^T u was zero or not finite; v is all zero";
struct PowerResult {
  double sigma = 0;        // a binary16 value, handed back to the host
  std::vector<double> v;   // [n], binary16 values
  bool breakdown = false;
};
PowerResult PowerIteration(const Tensor& a, int iterations,
                           const std::vector<double>& v0 = {},
                           const Profile& p = SpecProfile());

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_KRYLOV_H_
