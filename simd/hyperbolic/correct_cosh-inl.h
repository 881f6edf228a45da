// cosh of the correctly rounded variant (REFMATH_CORRECT), on exp's
// binary64 exponential (correct_exp-inl.h).  Method and error bound:
// docs/correct.md, section "cosh"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectCosh: the binary32 nearest cosh x (no tie occurs), even:
//   cosh(+-0) = 1, +inf from |x| > 89.415985 (0x42B2D4FC, the largest
//   input with a finite result) on (+-inf too); a NaN gives the canonical
//   NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_coshf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_COSH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_COSH_INL_H_
#undef REFMATH_SIMD_CORRECT_COSH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_COSH_INL_H_
#endif
// clang-format on

#include "simd/hyperbolic/correct_sinh-inl.h"  // kSinhOverflow
#include "simd/sigmoid/correct_sigmoid-inl.h"  // ExpD

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "cosh": (E + 1/E) / 2 with E = e^a, a = |x| clamped to 90, where the
// result overflows as at every larger a.
struct CorrectCoshEval : CaseTable<correct::kCoshHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, hn::Abs(x), 0.0f, 90.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> e = ExpD(dd, a);
    return hn::Mul(hn::Add(e, hn::Div(ConstD(dd, 1.0), e)),
                   ConstD(dd, 0.5));
  }
  // +inf above kSinhOverflow, set: Highway's SCALAR DemoteTo saturates.
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Gt(hn::Abs(x), Const(d, kSinhOverflow)),
                       FromBits(d, 0x7F800000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectCosh(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectCoshEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
