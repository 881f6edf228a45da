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

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_KRYLOV_H_
