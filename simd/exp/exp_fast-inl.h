// FastExp: exp in the fast variant (REFMATH_FAST).  Algorithm:
// docs/algorithms.md, section "Fast exp" (the specification's "Fast
// exponential"); a comment `"Fast exp", step 2` below cites step 2 there.
//
// Contract.
//   FastExp(d, x): e^x with fused multiply-adds, the same bits on every
//   target that builds the fast variant (docs/fast.md).  x < -87.3 (-inf
//   included) gives +0; it never returns a subnormal.  There is no
//   overflow: x > 88.3 (+inf included) gives the value at 88.3, about
//   2.2e38.  exp(+-0) = 1; a NaN gives the canonical NaN 0x7FC00000.
// Measured maximum error against MPFR (ulp_tables/fast.md): 2.254 ulp on
//   [-16, 16] (every binary32), 2.232 ulp on [-87, 88] (every 67th
//   binary32).  The exact exp: 0.976 ulp on [-16, 16]
//   (ulp_tables/exact.md, exp-inl.h).

// clang-format off
#if defined(REFMATH_SIMD_EXP_FAST_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EXP_FAST_INL_H_
#undef REFMATH_SIMD_EXP_FAST_INL_H_
#else
#define REFMATH_SIMD_EXP_FAST_INL_H_
#endif
// clang-format on

#include "simd/exp/exp-inl.h"
#include "simd/lanes/fused_arith-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "Fast exp", step 1: x is clamped to [kFastExpMin, kFastExpMax] so that
// one 2^n scaling (n in [-126, 127]) suffices.  Step 6: below kFastExpMin
// the result is +0; above kFastExpMax (+inf included) it saturates at
// exp(88.3), 2.2e38.
constexpr float kFastExpMin = -87.3f;  // 0xC2AE999A
constexpr float kFastExpMax = 88.3f;   // 0x42B0999A
// "Fast exp", step 4: q(r), degree 3, highest coefficient first (the
// specification's).
constexpr float kFastExpPoly[] = {
    0.008312525f,  // 0x3C083142
    0.041890115f,  // 0x3D2B94F8
    0.16667114f,   // 0x3E2AABD7
    0.4999923f};   // 0x3EFFFEFE

// "Fast exp", steps 2-5, for xc already in [kFastExpMin, kFastExpMax].
template <class D>
HWY_INLINE VecF<D> FastExpClamped(D d, VecF<D> xc) {
  using Arith = FusedArith;  // the arithmetic policy: fused multiply-add
  // "Fast exp", step 2: n = round(xc log2 e).
  const VecF<D> t = Arith::MulAdd(xc, Const(d, kLog2E), Const(d, kRoundM));
  VecI<D> n_int;
  const VecF<D> n = RoundViaM(d, t, &n_int);
  // "Fast exp", step 3: r = xc - n ln 2, two fused steps.
  VecF<D> r = Arith::MulAdd(n, Const(d, -kLn2Hi), xc);
  r = Arith::MulAdd(n, Const(d, -kLn2Lo), r);
  // "Fast exp", step 4: p = 1 + fma(r*r, q, r).
  const VecF<D> q = Horner<Arith>(d, r, kFastExpPoly);
  const VecF<D> p =
      hn::Add(Const(d, 1.0f), Arith::MulAdd(hn::Mul(r, r), q, r));
  // "Fast exp", step 5: one scaling by 2^n.
  return hn::Mul(p, Pow2(d, n_int));
}

template <class D>
HWY_INLINE VecF<D> FastExp(D d, VecF<D> x) {
  // "Fast exp", Shortcut: no lane needs the clamps, the flush or the NaN
  // rule (|x| <= -kFastExpMin lies inside [kFastExpMin, kFastExpMax]).
  if (AllAtMost(d, hn::Abs(x), -kFastExpMin)) return FastExpClamped(d, x);
  // "Fast exp", step 1: clamp by comparisons (Min/Max differ between
  // targets on NaN).
  VecF<D> xc = hn::IfThenElse(hn::Gt(x, Const(d, kFastExpMax)),
                              Const(d, kFastExpMax), x);
  xc = hn::IfThenElse(hn::Lt(xc, Const(d, kFastExpMin)), Const(d, kFastExpMin),
                      xc);
  VecF<D> result = FastExpClamped(d, xc);
  // "Fast exp", step 6: +0 below the clamp, then the NaN rule.
  result = hn::IfThenZeroElse(hn::Lt(x, Const(d, kFastExpMin)), result);
  return ApplyNaNRule(d, x, result);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
