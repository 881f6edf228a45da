// Dense linear algebra on the ANE model (docs/ane-envelopes.md): every
// vector, matrix and scalar on the device is binary16, every elementwise
// step one model op, and every dot product and norm goes through the wide
// matmul ((u * v) @ ones), never the narrow reduce_sum.  Loops have a fixed
// trip count: an unrolled graph has no data-dependent exit.
//
// The host only prepares constants (the symmetric Jacobi scaling of a
// matrix, computed in double and rounded once to binary16, as a graph's
// folded weights are) and undoes that scaling on the way out.
//
// Vectors are rank-1 tensors [n]; matrices [rows, cols].
#ifndef REFMATH_ANE_LINALG_H_
#define REFMATH_ANE_LINALG_H_

#include <stddef.h>

#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

// --- Building blocks.
Tensor Gemv(const Tensor& a, const Tensor& x, const Profile& p = SpecProfile());
// a^T as a [cols, rows] tensor (exact data movement).
Tensor TransposeMatrix(const Tensor& a);
// (u * v) @ ones: the binary16 products summed in the wide accumulator.
Half WideDot(const Tensor& u, const Tensor& v, const Profile& p = SpecProfile());
// sqrt((u * u) @ ones): overflows once sum u^2 passes the matmul ceiling.
Half Norm(const Tensor& u, const Profile& p = SpecProfile());
// m * sqrt(((u/m) * (u/m)) @ ones) with m = max|u|: finite for finite u.
Half ScaledNorm(const Tensor& u, const Profile& p = SpecProfile());
Tensor Scale(const Tensor& u, Half s, const Profile& p = SpecProfile());
// u + s * v, two rounded ops per element.
Tensor Axpy(const Tensor& u, Half s, const Tensor& v,
            const Profile& p = SpecProfile());
bool AllFinite(const Tensor& t);

// --- The symmetric Jacobi scaling d_i = 1 / sqrt|a_ii| (1 where a_ii = 0):
// the binary16 matrix fp16(a_ij d_i d_j), the right side fp16(b_i d_i), and
// the way back x_i = y_i d_i, all on the host in double.
struct JacobiScaled {
  Tensor a, b;
  std::vector<double> d;
};
JacobiScaled ScaleSymmetric(const Tensor& a, const Tensor& b,
                            const Profile& p = SpecProfile());

// --- Conjugate gradient for a symmetric positive definite a.
struct CgOptions {
  int iterations = 40;   // at most this many steps (CgSteps stops early)
  int refine = 0;        // residual-correction rounds after the first solve
  bool jacobi = true;    // symmetric Jacobi scaling (ConjugateGradient: and
                         // b by a power of two, sum b_i^2 in [2^10, 2^12))
};
struct Solution {
  std::vector<double> x;    // the answer handed back to the host
  bool breakdown = false;   // the solver broke down: for CG (ConjugateGradient,
                            // NormalEquations) a step's p.Ap not finite or
                            // <= 0, or r.r not finite, and x is the last
                            // finite iterate; for the others a non-finite
                            // result, and x is all zero
};
// CG from y = 0 on the system, with o.jacobi scaled on the host (a to a
// unit diagonal, then b by a power of two to sum b_i^2 in [2^10, 2^12),
// so that r.r and p.Ap stay in range) and x scaled back.  Each refinement round
// computes r = b - A y (wide GEMV, binary16 subtract) and m = max|r|, runs
// max(4, iterations / 2) CG steps on A d = r / m from zero and adds d * m
// (no round once r is 0).  A round whose sum is not finite is a breakdown
// and is not taken.
Solution ConjugateGradient(const Tensor& a, const Tensor& b,
                           const CgOptions& o = {},
                           const Profile& p = SpecProfile());
// The CG steps themselves on an already scaled system, from zero.  They
// stop early when r.r is 0 (converged: the residual's squares are below
// binary16's smallest subnormal) and at a breakdown, where y is the last
// finite iterate: r.r not finite (or 0 for b != 0 before the first step),
// or p.Ap not finite or <= 0, or an update of y that is not finite.
struct CgRun {
  Tensor y;
  bool breakdown = false;
};
CgRun CgSteps(const Tensor& a, const Tensor& b, int iterations,
              const Profile& p = SpecProfile());

// --- Iterative refinement of an approximate solution x0 (host values) of a
// symmetric positive definite system, on the Jacobi-scaled system: each of
// `rounds` rounds forms r = b - A x (wide GEMV, binary16 subtract), solves
// A d = r approximately by `inner` Richardson sweeps d <- d + w (r - A d)
// from d = 0 with w = fp16(1 / max row sum of |A|), and adds d.
Solution RichardsonRefine(const Tensor& a, const Tensor& b,
                          const std::vector<double>& x0, int rounds, int inner,
                          const Profile& p = SpecProfile());

// --- Least squares min ||a x - b|| (a: [m, n], m >= n) by the normal
// equations.  The columns of a are scaled to unit norm on the host (the
// Jacobi scaling of a^T a, when o.jacobi), then a^T a and a^T b are wide matmuls and CG runs on
// the n x n system; each refinement round forms the residual of the
// original problem r = b - a x, s = a^T r, and adds the CG solution of
// (a^T a) d = s (scaled to max|s| = 1 and back), as in ConjugateGradient.
// Squares the condition number.
Solution NormalEquations(const Tensor& a, const Tensor& b,
                         const CgOptions& o = {},
                         const Profile& p = SpecProfile());

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_LINALG_H_
