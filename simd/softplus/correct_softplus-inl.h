// softplus and log_sigmoid of the correctly rounded variant
// (REFMATH_CORRECT), on exp's binary64 exponential and log1p's Log1pD.
// Method and error bounds: docs/correct.md, sections "softplus" and
// "log_sigmoid"; the frame (two roundings, hard-case table) is
// correct_round-inl.h.
//
// Contract.
//   CorrectSoftplus: the binary32 nearest ln(1 + e^x) (no tie occurs),
//   subnormal results included: +0 from x < -103.98 on (-inf too),
//   ln 2 at +-0, x itself once e^-x is below half an ulp of x, +inf for
//   +inf; a NaN gives 0x7FC00000.
//   CorrectLogSigmoid: the binary32 nearest -ln(1 + e^-x) =
//   -softplus(-x): -0 from x > 103.98 on (+inf too), -ln 2 at +-0, x
//   itself once e^x is below half an ulp of x, -inf for -inf; a NaN gives
//   0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_SOFTPLUS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_SOFTPLUS_INL_H_
#undef REFMATH_SIMD_CORRECT_SOFTPLUS_INL_H_
#else
#define REFMATH_SIMD_CORRECT_SOFTPLUS_INL_H_
#endif
// clang-format on

#include "simd/log/correct_log1p-inl.h"
#include "simd/sigmoid/correct_sigmoid-inl.h"  // ExpD

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "softplus": ln(1 + e^x) = max(x, 0) + log1p(e^-|x|): two terms of one
// sign, so no cancellation.  e^-|x| is taken at max(-|x|, -200): from
// |x| = 200 on log1p(e^-|x|) < 2^-288 vanishes beside x anyway.
template <class DD>
HWY_INLINE VecD<DD> SoftplusD(DD dd, VecD<DD> x) {
  const VecD<DD> t = hn::Max(hn::Neg(hn::Abs(x)), ConstD(dd, -200.0));
  return hn::Add(hn::Max(x, hn::Zero(dd)), Log1pD(dd, ExpD(dd, t)));
}

// x clamped to [-104, FLT_MAX]: below -104 the result rounds to +0 as at
// the clamp (softplus(-104) < e^-104 < 2^-150); +inf becomes FLT_MAX
// (Finish sets it).
struct CorrectSoftplusEval : CaseTable<correct::kSoftplusHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -104.0f, kFltMax);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return SoftplusD(dd, x);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, FromBits(d, 0x7F800000u)), x, r);
    return ApplyNaNRule(d, x, r);
  }
};

// "log_sigmoid": -softplus(-x), x clamped to [-FLT_MAX, 104] (the image
// of softplus's clamp).
struct CorrectLogSigmoidEval : CaseTable<correct::kLogSigmoidHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -kFltMax, 104.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return hn::Neg(SoftplusD(dd, hn::Neg(x)));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, FromBits(d, 0xFF800000u)), x, r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectSoftplus(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectSoftplusEval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectLogSigmoid(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectLogSigmoidEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
