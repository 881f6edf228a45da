// acosh of the correctly rounded variant (REFMATH_CORRECT), on log1p's
// binary64 Log1pD (correct_log1p-inl.h).  Method and error bound:
// docs/correct.md, section "acosh"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectAcosh: the binary32 nearest acosh x = ln(x + sqrt(x^2 - 1)) for
//   x >= 1 (no tie occurs): acosh(1) = +0, acosh(+inf) = +inf; x < 1
//   (-inf included) and NaN give the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_acoshf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ACOSH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ACOSH_INL_H_
#undef REFMATH_SIMD_CORRECT_ACOSH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ACOSH_INL_H_
#endif
// clang-format on

#include "simd/log/correct_log1p-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "acosh": with t = x - 1 (exact below 2^53), acosh x = log1p(w), w = t +
// sqrt(t (t + 2)): x - 1 + sqrt(x^2 - 1) without the cancellation of
// x^2 - 1 near 1.  Inputs outside [1, +inf), NaN included, become 1.
struct CorrectAcoshEval : CaseTable<correct::kAcoshHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const auto inside = hn::And(hn::Ge(x, Const(d, 1.0f)),
                                hn::Lt(x, FromBits(d, 0x7F800000u)));
    return hn::IfThenElse(inside, x, Const(d, 1.0f));
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> t = hn::Sub(x, ConstD(dd, 1.0));
    const VecD<DD> s = hn::Sqrt(hn::Mul(t, hn::Add(t, ConstD(dd, 2.0))));
    return Log1pD(dd, hn::Add(t, s));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, FromBits(d, 0x7F800000u)), x, r);
    r = hn::IfThenElse(hn::Lt(x, Const(d, 1.0f)),
                       FromBits(d, kCanonicalNaNBits), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectAcosh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectAcoshEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
