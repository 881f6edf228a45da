// expm1 of the correctly rounded variant (REFMATH_CORRECT), on exp's
// binary64 exponential (correct_exp-inl.h).  Method and error bound:
// docs/correct.md, section "expm1"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectExpm1: the binary32 nearest e^x - 1 (no tie occurs), without
//   cancellation for small |x|: expm1(+-0) = +-0, subnormal x gives x;
//   -1 from x <= -17.32868 (0xC18AA123, about -25 ln 2) on (-inf too),
//   +inf from x > 88.7228317 on (+inf too); a NaN gives the canonical NaN
//   0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_expm1f.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_EXPM1_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_EXPM1_INL_H_
#undef REFMATH_SIMD_CORRECT_EXPM1_INL_H_
#else
#define REFMATH_SIMD_CORRECT_EXPM1_INL_H_
#endif
// clang-format on

#include "simd/exp/correct_exp-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "expm1": e^x - 1 = p 2^k + (2^k - 1) with p = expm1(r) and 2^k from
// exp's steps 1-3; the product is exact and so is 2^k - 1 for k <= 53.
// x is clamped to [-18, 89]: expm1(-18) = -1 + 1.5e-8 rounds to -1, like
// every smaller x, and above 89 the result is +inf, as at 89.
struct CorrectExpm1Eval : CaseTable<correct::kExpm1HardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -18.0f, 89.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    VecD<DD> scale;
    const VecD<DD> p = ExpParts(dd, x, &scale);
    return hn::Add(hn::Mul(p, scale), hn::Sub(scale, ConstD(dd, 1.0)));
  }
  // The zeros keep their sign (p of -0 is +0); +inf above kExpOverflow, as
  // for exp: Highway's SCALAR DemoteTo saturates at FLT_MAX.
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), x, r);
    r = hn::IfThenElse(hn::Gt(x, Const(d, kExpOverflow)),
                       FromBits(d, 0x7F800000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectExpm1(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectExpm1Eval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
