// GELU, erf and tanh forms.  Algorithms: docs/algorithms.md, sections
// "GELU erf" and "GELU tanh"; a comment `"GELU tanh", step 2` below cites
// step 2 of that section.
//
// Contract.
//   GeluErf<Arith>(d, x): x/2 (1 + erf(x/sqrt 2)), with 1 + erf formed
//   without cancellation.  GeluTanh<Arith>(d, x):
//   x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), as x sigmoid(2u).
//   Both: gelu(-inf) = -0; gelu(+inf) = +inf; gelu(+-0) = +-0; a NaN gives
//   the canonical NaN 0x7FC00000.
// Measured maximum error against MPFR (ulp_tables/exact.md,
// ulp_tables/fast.md).  The error grows in the negative tail, where even
// a perfect evaluation of the binary32 formula cannot do better.
//   GeluErf, exact: 11.943 ulp on [-3, 10] (every binary32); 46.145 on
//     [-6, -3]; 179.769 on [-12, -6]; 198.813 over all 2^32 inputs.  The
//     fast variant's GELU erf is GeluErfFast (gelu_erf_fast-inl.h).
//   GeluTanh, exact: 16.996 ulp on [-3, 10] (every binary32); 61.997 on
//     [-6, -3]; 218.405 on [-12, -6] and over all 2^32 inputs.  Fast
//     (fused Horner): 16.996 ulp on [-3, 10].

// clang-format off
#if defined(REFMATH_SIMD_GELU_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_GELU_INL_H_
#undef REFMATH_SIMD_GELU_INL_H_
#else
#define REFMATH_SIMD_GELU_INL_H_
#endif
// clang-format on

#include "simd/erf/erf-inl.h"
#include "simd/sigmoid/sigmoid-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "GELU erf", step 1: 1/sqrt(2), rounded.
constexpr float kInvSqrt2 = 0.70710677f;  // 0x3F3504F3
// "GELU tanh", steps 1-2: sqrt(2/pi), rounded, and the cubic coefficient.
constexpr float kSqrt2OverPi = 0.79788456f;  // 0x3F4C422A
constexpr float kGeluCubic = 0.044715f;      // 0x3D372713

// "GELU erf", step 4 (also "GELU tanh", step 5): gelu(-inf) = -0 (the
// formula would give -inf * 0), gelu(+inf) = +inf, every NaN canonical.
template <class D>
HWY_INLINE VecF<D> GeluSpecials(D d, VecF<D> x, VecF<D> gelu) {
  const VecF<D> inf = hn::Inf(d);
  gelu = hn::IfThenElse(hn::Eq(x, hn::Neg(inf)), FromBits(d, kSignBit), gelu);
  gelu = hn::IfThenElse(hn::Eq(x, inf), inf, gelu);
  return ApplyNaNRule(d, x, gelu);
}

// gelu = (0.5*x) * (1 + erf(x * 0.70710677)): "GELU erf", steps 1-4.
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> GeluErf(D d, VecF<D> x) {
  // "GELU erf", step 1.
  const VecF<D> y = hn::Mul(x, Const(d, kInvSqrt2));
  // "GELU erf", steps 2-3.
  const VecF<D> gelu =
      hn::Mul(hn::Mul(Const(d, 0.5f), x), OnePlusErf<Arith>(d, y));
  // "GELU erf", step 4.
  return GeluSpecials(d, x, gelu);
}

// u = 0.79788456 * (x + 0.044715*((x*x)*x)); gelu = x * sigmoid(u + u),
// i.e. 0.5x(1 + tanh u) through 1 + tanh(u) = 2 sigmoid(2u): "GELU tanh",
// steps 1-5.
template <class Arith, class D>
HWY_INLINE VecF<D> GeluTanh(D d, VecF<D> x) {
  // "GELU tanh", steps 1-3.
  const VecF<D> cubic =
      hn::Mul(Const(d, kGeluCubic), hn::Mul(hn::Mul(x, x), x));
  const VecF<D> u = hn::Mul(Const(d, kSqrt2OverPi), hn::Add(x, cubic));
  const VecF<D> v = hn::Add(u, u);
  // "GELU tanh", Shortcut: when v is within sigmoid's shortcut range, x is
  // finite (an infinite or NaN x makes v infinite or NaN), so no special
  // case applies (step 5).
  const VecF<D> av = hn::Abs(v);
  if (AllAtMost(d, av, kSigmoidNoSpecialCaseLimit)) {
    return hn::Mul(x, SigmoidNoSpecialCase<Arith>(d, v, av));
  }
  // "GELU tanh", steps 4-5.
  return GeluSpecials(d, x, hn::Mul(x, Sigmoid<Arith>(d, v)));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
