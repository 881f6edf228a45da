// sigmoid(x).  Algorithm: docs/algorithms.md, section "sigmoid"; a
// comment `"sigmoid", step 2` below cites step 2 there.
//
// Contract.
//   Sigmoid<Arith>(d, x): 1 / (1 + e^-x) for every binary32 x, through
//   e^-|x| only, so nothing overflows.  sigmoid(+-0) = 0.5;
//   sigmoid(+inf) = 1; sigmoid(-inf) = +0; for negative x the result is
//   subnormal where e^x is, and +0 for x < -103.97207641601562; a NaN
//   gives the canonical NaN 0x7FC00000.
// Measured maximum error against MPFR (ulp_tables/exact.md,
// ulp_tables/fast.md): exact 2.402 ulp on [-16, 16] (every binary32) and
//   over all 2^32 inputs; fast (fused Horner inside exp) 2.402 ulp on
//   [-16, 16].

// clang-format off
#if defined(REFMATH_SIMD_SIGMOID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_SIGMOID_INL_H_
#undef REFMATH_SIMD_SIGMOID_INL_H_
#else
#define REFMATH_SIMD_SIGMOID_INL_H_
#endif
// clang-format on

#include "simd/exp/exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "sigmoid", Shortcut: for |x| <= 87, exp(0 - |x|) is ExpNoSpecialCase's
// (87 <= kExpNoSpecialCaseLimit) and no lane can produce a NaN.
constexpr float kSigmoidNoSpecialCaseLimit = 0x1.5cp+6f;  // 87, 0x42AE0000
static_assert(kSigmoidNoSpecialCaseLimit <= kExpNoSpecialCaseLimit,
              "exp(-|x|) must stay inside exp's shortcut range");

// "sigmoid", steps 2-3: num / (1 + s) with s = exp(0 - |x|),
// num = (x >= 0) ? 1 : s.
template <class D>
HWY_INLINE VecF<D> SigmoidFromExp(D d, VecF<D> x, VecF<D> s) {
  const VecF<D> one = Const(d, 1.0f);
  const VecF<D> num = hn::IfThenElse(hn::Ge(x, hn::Zero(d)), one, s);
  return hn::Div(num, hn::Add(one, s));
}

// Sigmoid for lanes whose |x| = ax is at most kSigmoidNoSpecialCaseLimit.
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> SigmoidNoSpecialCase(D d, VecF<D> x, VecF<D> ax) {
  // "sigmoid", steps 1-3, step 1 by exp's shortcut.
  return SigmoidFromExp(d, x,
                        ExpNoSpecialCase<Arith>(d, hn::Sub(hn::Zero(d), ax)));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Sigmoid(D d, VecF<D> x) {
  const VecF<D> ax = hn::Abs(x);
  if (AllAtMost(d, ax, kSigmoidNoSpecialCaseLimit)) {
    return SigmoidNoSpecialCase<Arith>(d, x, ax);
  }
  // "sigmoid", step 1, then steps 2-3 and the NaN rule (step 4).
  const VecF<D> s = Exp<Arith>(d, hn::Sub(hn::Zero(d), ax));
  return ApplyNaNRule(d, x, SigmoidFromExp(d, x, s));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
