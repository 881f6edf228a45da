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

// Shortcut bound: for |x| <= 44, exp(2|x|) is ExpNoSpecialCase's
// (2|x| <= 88) and no lane can produce a NaN.
constexpr float kTanhNoSpecialCaseLimit = 44.0f;

// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> TanhSmall(D d, VecF<D> ax) {
  const VecF<D> z = hn::Mul(ax, ax);
  const VecF<D> p = Horner<Arith>(d, z, kTanhPoly);
  return hn::Add(ax, hn::Mul(ax, hn::Mul(z, p)));
}

// 1 - 2/(e + 1) with e = exp(2|x|).
template <class D>
HWY_INLINE VecF<D> TanhLarge(D d, VecF<D> e) {
  const VecF<D> one = Const(d, 1.0f);
  return hn::Sub(one, hn::Div(Const(d, 2.0f), hn::Add(e, one)));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Tanh(D d, VecF<D> x) {
  const VecF<D> ax = hn::Abs(x);
  const auto is_small = hn::Lt(ax, Const(d, kTanhPolyLimit));
  // The sign goes in last, so tanh(-0) = -0.
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
  const VecF<D> result =
      hn::IfThenElse(is_small, TanhSmall<Arith>(d, ax),
                     TanhLarge(d, Exp<Arith>(d, hn::Add(ax, ax))));
  return ApplyNaNRule(d, x, OrSignOf(d, result, x));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
