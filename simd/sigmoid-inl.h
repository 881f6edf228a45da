// sigmoid(x): spec section "sigmoid(x)".

// clang-format off
#if defined(REFMATH_SIMD_SIGMOID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_SIGMOID_INL_H_
#undef REFMATH_SIMD_SIGMOID_INL_H_
#else
#define REFMATH_SIMD_SIGMOID_INL_H_
#endif
// clang-format on

#include "simd/exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Shortcut bound: for |x| <= 87, exp(0 - |x|) is ExpNoSpecialCase's and no
// lane can produce a NaN.
constexpr float kSigmoidNoSpecialCaseLimit = 87.0f;

// num / (1 + s) with s = exp(0 - |x|), num = (x >= 0) ? 1 : s.
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
  return SigmoidFromExp(d, x,
                        ExpNoSpecialCase<Arith>(d, hn::Sub(hn::Zero(d), ax)));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Sigmoid(D d, VecF<D> x) {
  const VecF<D> ax = hn::Abs(x);
  if (AllAtMost(d, ax, kSigmoidNoSpecialCaseLimit)) {
    return SigmoidNoSpecialCase<Arith>(d, x, ax);
  }
  const VecF<D> s = Exp<Arith>(d, hn::Sub(hn::Zero(d), ax));
  return ApplyNaNRule(d, x, SigmoidFromExp(d, x, s));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
