// tan of the correctly rounded variant (REFMATH_CORRECT): the reduction by
// pi/2 and the two polynomials of sin and cos (correct_sin-inl.h), then
// tan theta = sin theta / cos theta in an even quadrant and -cos theta /
// sin theta in an odd one.  Method and error bound: docs/correct.md,
// section "tan"; the frame (two roundings, hard-case table) is
// correct_round-inl.h.
//
// Contract.
//   CorrectTan: the binary32 nearest tan x (max error 0.5 ulp; no tie
//   occurs) for every finite x up to FLT_MAX, odd to the bit: tan(+-0) =
//   +-0, a subnormal x gives x; +-inf or a NaN gives the canonical NaN
//   0x7FC00000.  No binary32 x is near enough to a pole for tan x to
//   overflow.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_TAN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_TAN_INL_H_
#undef REFMATH_SIMD_CORRECT_TAN_INL_H_
#else
#define REFMATH_SIMD_CORRECT_TAN_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"
#include "simd/trig/correct_sin-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// tan |x|: the quotient of the quadrant.  eps = 2^-48 (the bound is 12.3u,
// u = 2^-53) plus the reduction's term 2 tau / |t| times the reduced
// argument's weight in tan, at most pi/2 < 2 on |theta| <= pi/4.
struct CorrectTanEval : CaseTable<correct::kTanHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return TrigKey(d, x);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    VecD<DD> sin_t, cos_t, tail_eps;
    hn::Vec<hn::RebindToSigned<DD>> q;
    TrigReduce(dd, a, &sin_t, &cos_t, &q, &tail_eps);
    *eps = hn::Add(ConstD(dd, kEps), hn::Add(tail_eps, tail_eps));
    return TanSelect(dd, q, sin_t, cos_t);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return OddTrigFinish(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectTan(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectTanEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
