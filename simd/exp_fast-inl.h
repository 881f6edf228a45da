// FastExp: spec section "Fast exponential" (FastMath.Exp), the fast
// variant's exp.

// clang-format off
#if defined(REFMATH_SIMD_EXP_FAST_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EXP_FAST_INL_H_
#undef REFMATH_SIMD_EXP_FAST_INL_H_
#else
#define REFMATH_SIMD_EXP_FAST_INL_H_
#endif
// clang-format on

#include "simd/exp-inl.h"
#include "simd/fused_arith-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// x is clamped to [kFastExpMin, kFastExpMax] so that one 2^n scaling
// (n in [-126, 127]) suffices; below kFastExpMin the result is +0.  Above
// kFastExpMax (+inf included) the result saturates at exp(88.3), 2.2e38.
constexpr float kFastExpMin = -87.3f;
constexpr float kFastExpMax = 88.3f;
// q(r), degree 3, highest coefficient first.
constexpr float kFastExpPoly[] = {0.008312525f, 0.041890115f, 0.16667114f,
                                  0.4999923f};

// The formula for xc already in [kFastExpMin, kFastExpMax].
template <class D>
HWY_INLINE VecF<D> FastExpClamped(D d, VecF<D> xc) {
  using Arith = FusedArith;  // the arithmetic policy: fused multiply-add
  const VecF<D> t = Arith::MulAdd(xc, Const(d, kLog2E), Const(d, kRoundM));
  VecI<D> n_int;
  const VecF<D> n = RoundViaM(d, t, &n_int);
  VecF<D> r = Arith::MulAdd(n, Const(d, -kLn2Hi), xc);
  r = Arith::MulAdd(n, Const(d, -kLn2Lo), r);
  const VecF<D> q = Horner<Arith>(d, r, kFastExpPoly);
  const VecF<D> p =
      hn::Add(Const(d, 1.0f), Arith::MulAdd(hn::Mul(r, r), q, r));
  return hn::Mul(p, Pow2(d, n_int));
}

template <class D>
HWY_INLINE VecF<D> FastExp(D d, VecF<D> x) {
  // Shortcut: no lane needs the clamps, the flush or the NaN rule
  // (|x| <= -kFastExpMin lies inside [kFastExpMin, kFastExpMax]).
  if (AllAtMost(d, hn::Abs(x), -kFastExpMin)) return FastExpClamped(d, x);
  // Clamp by comparisons: Min/Max differ between targets on NaN.
  VecF<D> xc = hn::IfThenElse(hn::Gt(x, Const(d, kFastExpMax)),
                              Const(d, kFastExpMax), x);
  xc = hn::IfThenElse(hn::Lt(xc, Const(d, kFastExpMin)), Const(d, kFastExpMin),
                      xc);
  VecF<D> result = FastExpClamped(d, xc);
  result = hn::IfThenZeroElse(hn::Lt(x, Const(d, kFastExpMin)), result);
  return ApplyNaNRule(d, x, result);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
