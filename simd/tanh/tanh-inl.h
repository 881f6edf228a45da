// tanh(x).  Algorithm: docs/algorithms.md, section "tanh"; a comment
// `"tanh", step 2` below cites step 2 there.
//
// Contract.
//   Tanh<Arith>(d, x): tanh x for every binary32 x, odd to the bit (the
//   sign of x is OR-ed in last).  tanh(+-0) = +-0; tanh(+-inf) = +-1;
//   a NaN gives the canonical NaN 0x7FC00000.
// Measured maximum error against MPFR (ulp_tables/exact.md,
// ulp_tables/fast.md): exact 1.332 ulp on [-10, 10] (every binary32) and
//   over all 2^32 inputs; fast (fused Horner) 1.332 ulp on [-10, 10].

// clang-format off
#if defined(REFMATH_SIMD_TANH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_TANH_INL_H_
#undef REFMATH_SIMD_TANH_INL_H_
#else
#define REFMATH_SIMD_TANH_INL_H_
#endif
// clang-format on

#include "simd/exp/exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "tanh", steps 2-3: |x| below this, the odd polynomial; from it on,
// 1 - 2/(exp(2|x|) + 1).
constexpr float kTanhPolyLimit = 0.6f;  // 0x3F19999A
// "tanh", step 2: P(z), z = x^2, highest coefficient first (the
// specification's).
constexpr float kTanhPoly[] = {
    -0.0058951583f,  // 0xBBC12C2C
    0.020795971f,    // 0x3CAA5C50
    -0.05378383f,    // 0xBD5C4C6F
    0.13331924f,     // 0x3E0884D7
    -0.333333f};     // 0xBEAAAA9F

// "tanh", Shortcut: for |x| <= 44, 2|x| <= 88, where ExpNoSpecialCase
// gives exp's bits (n <= 127: "exp", Shortcut), and no lane can produce a
// NaN.
constexpr float kTanhNoSpecialCaseLimit = 0x1.6p+5f;  // 44, 0x42300000

// "tanh", step 2: ax + ax (z P(z)).
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> TanhSmall(D d, VecF<D> ax) {
  const VecF<D> z = hn::Mul(ax, ax);
  const VecF<D> p = Horner<Arith>(d, z, kTanhPoly);
  return hn::Add(ax, hn::Mul(ax, hn::Mul(z, p)));
}

// "tanh", step 3: 1 - 2/(e + 1) with e = exp(2|x|).
template <class D>
HWY_INLINE VecF<D> TanhLarge(D d, VecF<D> e) {
  const VecF<D> one = Const(d, 1.0f);
  return hn::Sub(one, hn::Div(Const(d, 2.0f), hn::Add(e, one)));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Tanh(D d, VecF<D> x) {
  // "tanh", step 1, and the choice between steps 2 and 3.
  const VecF<D> ax = hn::Abs(x);
  const auto is_small = hn::Lt(ax, Const(d, kTanhPolyLimit));
  // The sign goes in last ("tanh", step 4), so tanh(-0) = -0.
  // "tanh", Shortcut: no NaN rule (step 5).
  if (AllAtMost(d, ax, kTanhNoSpecialCaseLimit)) {
    // A vector of small lanes skips the exponential.  There is no matching
    // test for "no lane small": on inputs spread over both branches it is a
    // coin toss the branch predictor loses, and a mispredict costs more
    // than the polynomial it would skip (docs/performance.md, tanh).
    if (hn::AllTrue(d, is_small)) {
      return OrSignOf(d, TanhSmall<Arith>(d, ax), x);
    }
    const VecF<D> large =
        TanhLarge(d, ExpNoSpecialCase<Arith>(d, hn::Add(ax, ax)));
    return OrSignOf(
        d, hn::IfThenElse(is_small, TanhSmall<Arith>(d, ax), large), x);
  }
  // "tanh", steps 2-3, then the sign (step 4) and the NaN rule (step 5).
  const VecF<D> result =
      hn::IfThenElse(is_small, TanhSmall<Arith>(d, ax),
                     TanhLarge(d, Exp<Arith>(d, hn::Add(ax, ax))));
  return ApplyNaNRule(d, x, OrSignOf(d, result, x));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
