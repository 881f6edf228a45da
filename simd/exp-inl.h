// exp(x) and ExpNonPositive(x): spec section "exp(x)".

// clang-format off
#if defined(REFMATH_SIMD_EXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_EXP_INL_H_
#undef REFMATH_SIMD_EXP_INL_H_
#else
#define REFMATH_SIMD_EXP_INL_H_
#endif
// clang-format on

#include "simd/lane_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// Step 3: q(r), highest coefficient first.
constexpr float kExpPoly[] = {0.0013814613f, 0.00836871f, 0.04166839f,
                              0.16666521f, 0.49999994f};
// Step 5: above this exp overflows (+inf); below the other it is +0.
constexpr float kExpOverflow = 88.72283172607422f;
constexpr float kExpUnderflow = -103.97207641601562f;
// ExpNonPositive flushes to +0 below this instead of returning subnormals.
constexpr float kExpNonPositiveUnderflow = -87.33654f;
// Shortcut range: for |x| <= kExpNoSpecialCaseLimit, n = round(x log2 e)
// lies in [-126, 126] (87.33654 log2 e = 126.0000), so 2^n is a normal
// float and p * 2^n rounds once, exactly as p * 2^a * 2^b does (p * 2^a is
// exact); no threshold of step 5 (nor ExpNonPositive's flush, which starts
// below -kExpNoSpecialCaseLimit) applies and nothing is NaN.
constexpr float kExpNoSpecialCaseLimit = 87.33654f;

// Steps 1-3, shared by Exp and ExpNonPositive: p ~ exp(r) (returned) and
// the integer n (*n_int) with exp(x) = p * 2^n.
// Arith: the arithmetic policy, ExactArith (lane_ops-inl.h) or FusedArith.
template <class Arith, class D>
HWY_INLINE VecF<D> ExpReduce(D d, VecF<D> x, VecI<D>* n_int) {
  const VecF<D> t = hn::Add(hn::Mul(x, Const(d, kLog2E)), Const(d, kRoundM));
  const VecF<D> n = RoundViaM(d, t, n_int);
  const VecF<D> r = hn::Sub(hn::Sub(x, hn::Mul(n, Const(d, kLn2Hi))),
                            hn::Mul(n, Const(d, kLn2Lo)));
  const VecF<D> q = Horner<Arith>(d, r, kExpPoly);
  return hn::Add(Const(d, 1.0f), hn::Add(r, hn::Mul(hn::Mul(r, r), q)));
}

// exp(x) for lanes all within +-kExpNoSpecialCaseLimit.
template <class Arith, class D>
HWY_INLINE VecF<D> ExpNoSpecialCase(D d, VecF<D> x) {
  VecI<D> n_int;
  const VecF<D> p = ExpReduce<Arith>(d, x, &n_int);
  return hn::Mul(p, Pow2(d, n_int));
}

template <class Arith, class D>
HWY_INLINE VecF<D> Exp(D d, VecF<D> x) {
  if (AllAtMost(d, hn::Abs(x), kExpNoSpecialCaseLimit)) {
    return ExpNoSpecialCase<Arith>(d, x);
  }
  VecI<D> n_int;
  const VecF<D> p = ExpReduce<Arith>(d, x, &n_int);
  // Step 4: 2^n applied as 2^a * 2^b, each exact, so that a subnormal result
  // is rounded once, by the second product.
  const VecI<D> a = hn::ShiftRight<1>(n_int);
  const VecI<D> b = hn::Sub(n_int, a);
  VecF<D> result = hn::Mul(hn::Mul(p, Pow2(d, a)), Pow2(d, b));
  // Step 5.
  result = hn::IfThenElse(hn::Gt(x, Const(d, kExpOverflow)),
                          hn::Inf(d), result);
  result = hn::IfThenZeroElse(hn::Lt(x, Const(d, kExpUnderflow)), result);
  return ApplyNaNRule(d, x, result);
}

// For x <= 0 (softmax, attention).  Positive x is outside the domain; there
// the formula's value is returned, +inf above kExpOverflow as for Exp.
template <class Arith, class D>
HWY_INLINE VecF<D> ExpNonPositive(D d, VecF<D> x) {
  if (AllAtMost(d, hn::Abs(x), kExpNoSpecialCaseLimit)) {
    return ExpNoSpecialCase<Arith>(d, x);
  }
  VecI<D> n_int;
  const VecF<D> p = ExpReduce<Arith>(d, x, &n_int);
  VecF<D> result = hn::Mul(p, Pow2(d, n_int));
  result = hn::IfThenZeroElse(hn::Lt(x, Const(d, kExpNonPositiveUnderflow)),
                              result);
  result = hn::IfThenElse(hn::Gt(x, Const(d, kExpOverflow)),
                          hn::Inf(d), result);
  return ApplyNaNRule(d, x, result);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
