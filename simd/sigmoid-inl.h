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

// s = exp(0 - |x|); num = (x >= 0) ? 1 : s; result = num / (1 + s).
template <class Ar, class D>
HWY_INLINE VecF<D> Sigmoid(D d, VecF<D> x) {
  const VecF<D> one = Const(d, 1.0f);
  const VecF<D> s = Exp<Ar>(d, hn::Sub(hn::Zero(d), hn::Abs(x)));
  const VecF<D> num = hn::IfThenElse(hn::Ge(x, hn::Zero(d)), one, s);
  return ApplyNaNRule(d, x, hn::Div(num, hn::Add(one, s)));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
