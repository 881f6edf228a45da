// rsqrt of the correctly rounded variant (REFMATH_CORRECT).  Method and
// error bound: docs/correct.md, section "rsqrt"; the frame (two
// roundings, hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectRsqrt: the binary32 nearest 1/sqrt(x) for x > 0 (no tie occurs;
//   exact at the powers of 4), subnormal x included: rsqrt(+0) = +inf,
//   rsqrt(-0) = -inf (IEEE 754-2019 rSqrt), rsqrt(+inf) = +0; x < 0 (-inf
//   included) and NaN give the canonical NaN 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_rsqrtf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_RSQRT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_RSQRT_INL_H_
#undef REFMATH_SIMD_CORRECT_RSQRT_INL_H_
#else
#define REFMATH_SIMD_CORRECT_RSQRT_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "rsqrt": 1 / sqrt(x) in binary64, two roundings.  Inputs outside
// (0, +inf), NaN included, become 1 (Finish sets the results).
struct CorrectRsqrtEval : CaseTable<correct::kRsqrtHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const auto inside = hn::And(hn::Gt(x, hn::Zero(d)),
                                hn::Lt(x, FromBits(d, 0x7F800000u)));
    return hn::IfThenElse(inside, x, Const(d, 1.0f));
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return hn::Div(ConstD(dd, 1.0), hn::Sqrt(x));
  }
  // +-0 gives +-inf (the sign of zero kept), +inf gives +0.
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)),
                       OrSignOf(d, FromBits(d, 0x7F800000u), x), r);
    r = hn::IfThenElse(hn::Eq(x, FromBits(d, 0x7F800000u)), hn::Zero(d), r);
    r = hn::IfThenElse(hn::Lt(x, hn::Zero(d)), FromBits(d, kCanonicalNaNBits),
                       r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectRsqrt(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectRsqrtEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
