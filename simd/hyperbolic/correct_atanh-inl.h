// atanh of the correctly rounded variant (REFMATH_CORRECT), on log1p's
// binary64 Log1pD (correct_log1p-inl.h).  Method and error bound:
// docs/correct.md, section "atanh"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectAtanh: the binary32 nearest atanh x = ln((1 + x) / (1 - x)) / 2
//   for |x| < 1 (no tie occurs), odd to the bit: atanh(+-0) = +-0,
//   subnormal x gives x, atanh(+-1) = +-inf; |x| > 1 (+-inf included) and
//   NaN give the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_atanhf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ATANH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ATANH_INL_H_
#undef REFMATH_SIMD_CORRECT_ATANH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ATANH_INL_H_
#endif
// clang-format on

#include "simd/log/correct_log1p-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "atanh": atanh a = log1p(w) / 2 with w = 2a / (1 - a), a = |x| (1 - a is
// exact for a >= 2^-29).  a outside [0, 1), NaN included, becomes 0.
struct CorrectAtanhEval : CaseTable<correct::kAtanhHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const VecF<D> a = hn::Abs(x);
    return hn::IfThenElseZero(hn::Lt(a, Const(d, 1.0f)), a);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> w = hn::Div(hn::Add(a, a), hn::Sub(ConstD(dd, 1.0), a));
    return hn::Mul(Log1pD(dd, w), ConstD(dd, 0.5));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    const VecF<D> a = hn::Abs(x);
    r = hn::IfThenElse(hn::Eq(a, Const(d, 1.0f)), FromBits(d, 0x7F800000u),
                       r);
    r = OrSignOf(d, r, x);
    r = hn::IfThenElse(hn::Gt(a, Const(d, 1.0f)),
                       FromBits(d, kCanonicalNaNBits), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectAtanh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectAtanhEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
