// mish (x tanh(softplus(x))) of the correctly rounded variant
// (REFMATH_CORRECT), on exp's binary64 exponential.  Method and error
// bound: docs/correct.md, section "mish"; the frame (two roundings,
// hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectMish: the binary32 nearest x tanh(ln(1 + e^x)) (no tie occurs),
//   subnormal results included: x itself from x > 10 on (+inf too), -0
//   below about -108.6 (-inf too), +-0 for +-0; a NaN gives 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md).

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_MISH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_MISH_INL_H_
#undef REFMATH_SIMD_CORRECT_MISH_INL_H_
#else
#define REFMATH_SIMD_CORRECT_MISH_INL_H_
#endif
// clang-format on

#include "simd/sigmoid/correct_sigmoid-inl.h"  // ExpD

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "mish": with t = e^x, tanh(ln(1 + t)) = ((1 + t)^2 - 1) / ((1 + t)^2 + 1)
// = U / (U + 2), U = t (t + 2): no logarithm, no cancellation.  x clamped
// to [-110, 10]: above 10 the result is x itself (1 - U/(U + 2) <
// 2e^-20 < 2^-25), below -110 it rounds to -0 as at the clamp
// (|mish(-110)| < 2^-151).
constexpr float kMishLow = -110.0f;
constexpr float kMishHigh = 10.0f;

struct CorrectMishEval : CaseTable<correct::kMishHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, kMishLow, kMishHigh);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> t = ExpD(dd, x);
    const VecD<DD> u = hn::Mul(t, hn::Add(t, ConstD(dd, 2.0)));
    return hn::Mul(x, hn::Div(u, hn::Add(u, ConstD(dd, 2.0))));
  }
  // The zeros keep their sign through the product; x itself above the
  // clamp.
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Gt(x, Const(d, kMishHigh)), x, r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectMish(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectMishEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
