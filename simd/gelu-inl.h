// GELU, erf and tanh forms: spec section "GELU".

// clang-format off
#if defined(REFMATH_SIMD_GELU_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_GELU_INL_H_
#undef REFMATH_SIMD_GELU_INL_H_
#else
#define REFMATH_SIMD_GELU_INL_H_
#endif
// clang-format on

#include "simd/erf-inl.h"
#include "simd/sigmoid-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

constexpr float kInvSqrt2 = 0.70710677f;  // fp32(1/sqrt(2))
constexpr float kSqrt2OverPi = 0.79788456f;  // fp32(sqrt(2/pi))
constexpr float kGeluCubic = 0.044715f;

// gelu(-inf) = -0 (the formula would give -inf * 0), gelu(+inf) = +inf,
// every NaN canonical.
template <class D>
HWY_INLINE VecF<D> GeluSpecials(D d, VecF<D> x, VecF<D> gelu) {
  const VecF<D> inf = hn::Inf(d);
  gelu = hn::IfThenElse(hn::Eq(x, hn::Neg(inf)), FromBits(d, kSignBit), gelu);
  gelu = hn::IfThenElse(hn::Eq(x, inf), inf, gelu);
  return ApplyNaNRule(d, x, gelu);
}

// gelu = (0.5*x) * (1 + erf(x * 0.70710677)).
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> GeluErf(D d, VecF<D> x) {
  const VecF<D> y = hn::Mul(x, Const(d, kInvSqrt2));
  const VecF<D> gelu =
      hn::Mul(hn::Mul(Const(d, 0.5f), x), OnePlusErf<Arith>(d, y));
  return GeluSpecials(d, x, gelu);
}

// u = 0.79788456 * (x + 0.044715*((x*x)*x)); gelu = x * sigmoid(u + u),
// i.e. 0.5x(1 + tanh u) through 1 + tanh(u) = 2 sigmoid(2u).
template <class Arith, class D>
HWY_INLINE VecF<D> GeluTanh(D d, VecF<D> x) {
  const VecF<D> cubic =
      hn::Mul(Const(d, kGeluCubic), hn::Mul(hn::Mul(x, x), x));
  const VecF<D> u = hn::Mul(Const(d, kSqrt2OverPi), hn::Add(x, cubic));
  const VecF<D> v = hn::Add(u, u);
  // Shortcut: when v is within sigmoid's direct range, x is finite (an
  // infinite or NaN x makes v infinite or NaN), so no special case applies.
  const VecF<D> av = hn::Abs(v);
  if (AllAtMost(d, av, kSigmoidNoSpecialCaseLimit)) {
    return hn::Mul(x, SigmoidNoSpecialCase<Arith>(d, v, av));
  }
  return GeluSpecials(d, x, hn::Mul(x, Sigmoid<Arith>(d, v)));
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
