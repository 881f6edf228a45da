// asinh of the correctly rounded variant (REFMATH_CORRECT), on log1p's
// binary64 Log1pD (correct_log1p-inl.h).  Method and error bound:
// docs/correct.md, section "asinh"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectAsinh: the binary32 nearest asinh x = ln(x + sqrt(x^2 + 1))
//   (no tie occurs), odd to the bit: asinh(+-0) = +-0, subnormal x gives
//   x, asinh(+-inf) = +-inf; a NaN gives the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_asinhf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ASINH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ASINH_INL_H_
#undef REFMATH_SIMD_CORRECT_ASINH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ASINH_INL_H_
#endif
// clang-format on

#include "simd/log/correct_log1p-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "asinh": asinh a = log1p(w), w = a + a^2 / (1 + sqrt(1 + a^2)): a + sqrt
// (a^2 + 1) - 1 written without cancellation; a = |x| (a^2 is exact and
// stays finite in binary64 up to FLT_MAX).  +inf becomes FLT_MAX (Finish
// sets the result).
struct CorrectAsinhEval : CaseTable<correct::kAsinhHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, hn::Abs(x), 0.0f, kFltMax);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> one = ConstD(dd, 1.0);
    const VecD<DD> a2 = hn::Mul(a, a);
    const VecD<DD> s = hn::Sqrt(hn::Add(one, a2));
    return Log1pD(dd, hn::Add(a, hn::Div(a2, hn::Add(one, s))));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::IsInf(x), hn::Abs(x), r);
    return ApplyNaNRule(d, x, OrSignOf(d, r, x));
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectAsinh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectAsinhEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
