// GeluErfFast: GELU erf in the fast variant (REFMATH_FAST), a rational
// erf with our own coefficients.  Algorithm: docs/algorithms.md, section
// "Fast GELU erf" (the specification's "Fast-mode erf GELU"); a comment
// `"Fast GELU erf", step 3` below cites step 3 there.
//
// Contract.
//   GeluErfFast(d, x): x/2 (1 + erf(x/sqrt 2)) with erf ~ c P(c^2)/Q(c^2),
//   c = min(|x|, 5.6), and 1 + erf formed in binary32 (it cancels for
//   negative x).  x < -5.6 (-inf included) gives -0; gelu(x) = x for
//   x >= 5.6; gelu(+inf) = +inf; gelu(+-0) = +-0; a NaN gives the
//   canonical NaN 0x7FC00000.  The same bits on every target that builds
//   the fast variant.
// Measured error: 783.260 ulp on [-3, 10] (every binary32; MPFR,
//   ulp_tables/fast.md), where the exact GeluErf has 11.943
//   (ulp_tables/exact.md): the cancellation in 1 + erf.  In absolute
//   terms, at most 9.537e-7 from the exact kernel on [-14, 14]
//   (docs/fast.md).  Below -5.6 the result is -0 by definition, so the
//   negative-tail rows of ulp_tables/fast.md count the whole value as error.

// clang-format off
#if defined(REFMATH_SIMD_GELU_ERF_FAST_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_GELU_ERF_FAST_INL_H_
#undef REFMATH_SIMD_GELU_ERF_FAST_INL_H_
#else
#define REFMATH_SIMD_GELU_ERF_FAST_INL_H_
#endif
// clang-format on

#include "simd/lanes/fused_arith-inl.h"
#include "simd/gelu/gelu-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "Fast GELU erf", step 1: erf(c/sqrt 2) ~ c * P(c^2) / Q(c^2) for
// c = min(|x|, 5.6).  Above the clamp erf(x/sqrt 2) rounds to 1; step 6:
// below -5.6 gelu is -0.
constexpr float kGeluFastClamp = 5.6f;  // 0x40B33333
// "Fast GELU erf", step 3: P and Q, degree 5 in z = c^2, highest
// coefficient first; Q(0) = 1.  Our own fit (tools/fit/README.md), made
// from the repository root by this one command, wrapped here:
//   /usr/bin/python3 tools/fit/fit_gelu_rational.py
//       --out tools/fit/gelu_rational_coeffs.txt
// which lists each coefficient as name, bits, decimal.
constexpr float kGeluRationalP[] = {
    4.43153567e-08f,   // p5 0x333E5540
    1.26987588e-05f,   // p4 0x37550CC1
    0.000346722838f,   // p3 0x39B5C85A
    0.00940864533f,    // p2 0x3C1A26B8
    0.0686641634f,     // p1 0x3D8C9FCC
    0.797884464f};     // p0 0x3F4C4228
constexpr float kGeluRationalQ[] = {
    1.18003288e-06f,   // q5 0x359E619F
    7.4923737e-05f,    // q4 0x389D2060
    0.0019102724f,     // q3 0x3AFA621B
    0.0289142318f,     // q2 0x3CECDD8A
    0.252723575f,      // q1 0x3E8164FC
    1.0f};             // q0 0x3F800000, Q(0) = 1

template <class D>
HWY_INLINE VecF<D> GeluErfFast(D d, VecF<D> x) {
  using Arith = FusedArith;  // the arithmetic policy: fused multiply-add
  // "Fast GELU erf", steps 1-2: the clamp by a comparison (NaN stays NaN).
  const VecF<D> ax = hn::Abs(x);
  const VecF<D> c = hn::IfThenElse(hn::Gt(ax, Const(d, kGeluFastClamp)),
                                   Const(d, kGeluFastClamp), ax);
  const VecF<D> z = hn::Mul(c, c);
  // "Fast GELU erf", step 3.
  const VecF<D> p = Horner<Arith>(d, z, kGeluRationalP);
  const VecF<D> q = Horner<Arith>(d, z, kGeluRationalQ);
  // "Fast GELU erf", step 4: c*P/Q >= 0, so OR-ing the sign of x is
  // copysign.
  const VecF<D> erf = OrSignOf(d, hn::Div(hn::Mul(c, p), q), x);
  // "Fast GELU erf", step 5.
  VecF<D> gelu =
      hn::Mul(hn::Mul(Const(d, 0.5f), x), hn::Add(Const(d, 1.0f), erf));
  // "Fast GELU erf", step 6: -0 below the clamp, then "GELU erf", step 4.
  gelu = hn::IfThenElse(hn::Lt(x, Const(d, -kGeluFastClamp)),
                        FromBits(d, kSignBit), gelu);
  return GeluSpecials(d, x, gelu);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
