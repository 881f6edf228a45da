// sinh of the correctly rounded variant (REFMATH_CORRECT), on exp's
// binary64 exponential (correct_exp-inl.h).  Method and error bound:
// docs/correct.md, section "sinh"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectSinh: the binary32 nearest sinh x (no tie occurs), odd to the
//   bit: sinh(+-0) = +-0, subnormal x gives x, +-inf from |x| > 89.415985
//   (0x42B2D4FC, the largest input with a finite result) on (+-inf
//   too); a NaN gives the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_sinhf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_SINH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_SINH_INL_H_
#undef REFMATH_SIMD_CORRECT_SINH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_SINH_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// The largest binary32 a whose sinh a and cosh a round to a finite value
// (mpmath: sinh(0x42B2D4FD) is above the overflow threshold 2^128 (1 -
// 2^-25), sinh(0x42B2D4FC) below).
constexpr float kSinhOverflow = 0x1.65a9f8p+6f;  // 89.415985, 0x42B2D4FC

// "sinh": with t = expm1(a) = p 2^k + (2^k - 1) from exp's steps 1-3,
// sinh a = (e^a - e^-a) / 2 = (t + t / (t + 1)) / 2: two positive terms,
// no cancellation for small a.  a = |x| is clamped to 90, where the
// result overflows as at every larger a.
struct CorrectSinhEval : CaseTable<correct::kSinhHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, hn::Abs(x), 0.0f, 90.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    VecD<DD> scale;
    const VecD<DD> p = ExpParts(dd, a, &scale);
    const VecD<DD> t =
        hn::Add(hn::Mul(p, scale), hn::Sub(scale, ConstD(dd, 1.0)));
    const VecD<DD> q = hn::Div(t, hn::Add(t, ConstD(dd, 1.0)));
    return hn::Mul(hn::Add(t, q), ConstD(dd, 0.5));
  }
  // +-inf above kSinhOverflow: Highway's SCALAR DemoteTo saturates at
  // FLT_MAX instead of rounding to +inf.
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Gt(hn::Abs(x), Const(d, kSinhOverflow)),
                       FromBits(d, 0x7F800000u), r);
    return ApplyNaNRule(d, x, OrSignOf(d, r, x));
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectSinh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectSinhEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
