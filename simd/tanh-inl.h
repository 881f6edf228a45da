// tanh(x): spec section "tanh(x)".

// clang-format off
#if defined(REFMATH_SIMD_TANH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_TANH_INL_H_
#undef REFMATH_SIMD_TANH_INL_H_
#else
#define REFMATH_SIMD_TANH_INL_H_
#endif
// clang-format on

#include "simd/exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// |x| below this: odd polynomial; above: 1 - 2/(exp(2|x|) + 1).
constexpr float kTanhPolyLimit = 0.6f;
// P(z), z = x^2, highest coefficient first.
constexpr float kTanhPoly[] = {-0.0058951583f, 0.020795971f, -0.05378383f,
                               0.13331924f, -0.333333f};

template <class Ar, class D>
HWY_INLINE VecF<D> Tanh(D d, VecF<D> x) {
  const VecF<D> one = Const(d, 1.0f);
  const VecF<D> ax = hn::Abs(x);
  const VecF<D> z = hn::Mul(ax, ax);
  const VecF<D> p = Horner<Ar>(d, z, kTanhPoly);
  const VecF<D> small = hn::Add(ax, hn::Mul(ax, hn::Mul(z, p)));
  const VecF<D> e = Exp<Ar>(d, hn::Add(ax, ax));
  const VecF<D> large =
      hn::Sub(one, hn::Div(Const(d, 2.0f), hn::Add(e, one)));
  const VecF<D> result =
      hn::IfThenElse(hn::Lt(ax, Const(d, kTanhPolyLimit)), small, large);
  // The sign goes in last, so tanh(-0) = -0.
  return ApplyNaNRule(d, x, OrSignOf(d, result, x));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
