// log1p of the correctly rounded variant (REFMATH_CORRECT), on log's
// binary64 logarithm (correct_log-inl.h), and Log1pD, the binary64
// log(1 + w) that asinh, acosh, atanh and softplus are built on.  Method
// and error bound: docs/correct.md, section "log1p"; the frame (two
// roundings, hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectLog1p: the binary32 nearest ln(1 + x) for x > -1 (no tie
//   occurs), without cancellation for small |x|: log1p(+-0) = +-0,
//   subnormal x gives x; -1 gives -inf, +inf gives +inf, x < -1 (-inf
//   included) and NaN give the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_log1pf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_LOG1P_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_LOG1P_INL_H_
#undef REFMATH_SIMD_CORRECT_LOG1P_INL_H_
#else
#define REFMATH_SIMD_CORRECT_LOG1P_INL_H_
#endif
// clang-format on

#include "simd/log/correct_log-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "log1p": ln(1 + w) for binary64 w > -1 with 1 + w a normal number.
// u = RN(1 + w) and c = (1 + w) - u exactly (Knuth's TwoSum); then
// ln(1 + w) = ln u + ln(1 + c/u) = LogD(u) + c/u, |c/u| <= 2^-53.
template <class DD>
HWY_INLINE VecD<DD> Log1pD(DD dd, VecD<DD> w) {
  const VecD<DD> one = ConstD(dd, 1.0);
  const VecD<DD> u = hn::Add(one, w);
  const VecD<DD> w_in_u = hn::Sub(u, one);
  const VecD<DD> one_in_u = hn::Sub(u, w_in_u);
  const VecD<DD> c =
      hn::Add(hn::Sub(one, one_in_u), hn::Sub(w, w_in_u));
  return hn::Add(LogD(dd, u), hn::Div(c, u));
}

// Inputs outside (-1, +inf), NaN included, become 0 (Finish sets them).
struct CorrectLog1pEval : CaseTable<correct::kLog1pHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const auto inside = hn::And(hn::Gt(x, Const(d, -1.0f)),
                                hn::Lt(x, FromBits(d, 0x7F800000u)));
    return hn::IfThenElseZero(inside, x);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return Log1pD(dd, x);
  }
  // The zeros keep their sign (the binary64 value of -0 is +0).
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), x, r);
    r = hn::IfThenElse(hn::Eq(x, Const(d, -1.0f)), FromBits(d, 0xFF800000u),
                       r);
    r = hn::IfThenElse(hn::Eq(x, FromBits(d, 0x7F800000u)), x, r);
    r = hn::IfThenElse(hn::Lt(x, Const(d, -1.0f)),
                       FromBits(d, kCanonicalNaNBits), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectLog1p(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectLog1pEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
