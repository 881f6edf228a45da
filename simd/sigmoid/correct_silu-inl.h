// silu (x sigmoid(x), also called swish) of the correctly rounded variant
// (REFMATH_CORRECT), on sigmoid's binary64 exponential and the GELUs'
// special results (correct_sigmoid-inl.h).  Method and error bound:
// docs/correct.md, section "silu"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectSilu: the binary32 nearest x / (1 + e^-x), subnormal results
//   included: x itself from x > 20 on (+inf too), -0 below about -108.6
//   (-inf too), +-0 for +-0, x/2 rounded toward +inf for |x| < 2^-40;
//   a NaN gives 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_SILU_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_SILU_INL_H_
#undef REFMATH_SIMD_CORRECT_SILU_INL_H_
#else
#define REFMATH_SIMD_CORRECT_SILU_INL_H_
#endif
// clang-format on

#include "simd/sigmoid/correct_sigmoid-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "silu": x / (1 + e^-x), one division in binary64, x clamped to
// [-110, 20]: above 20 the result is x itself (e^-20 < 2^-25), below -110
// it rounds to -0 as at the clamp (|silu(-110)| < 2^-151).  Tiny x as for
// the GELUs: silu(x) = x/2 + x^2/4 + O(x^4), x/2 plus a positive term far
// below half an ulp.
constexpr float kSiluLow = -110.0f;
constexpr float kSiluHigh = 20.0f;

struct CorrectSiluEval : CaseTable<correct::kSiluHardCases> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return GeluKey(d, x, kSiluLow, kSiluHigh);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return hn::Div(x, hn::Add(ConstD(dd, 1.0), ExpD(dd, hn::Neg(x))));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return GeluFinish(d, x, r, kSiluHigh);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectSilu(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectSiluEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
