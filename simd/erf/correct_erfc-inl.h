// 1 + erf, erfc and GELU erf of the correctly rounded variant
// (REFMATH_CORRECT).  Method and error bounds: docs/correct.md, sections
// "1 + erf", "erfc" and "GELU erf"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.  All go through 1 + erf(z) = erfc(-z)
// without cancellation: from |z| = 1/2 on, erfc(|z|) = e^(-z^2)
// erfcx(|z|) with z^2 exact.
//
// Contract.
//   CorrectOnePlusErf: the binary32 nearest 1 + erf x, subnormal results
//   included: +0 from x < -10.06 on (-inf too), 2 from x > 3.7 on (+inf
//   too), 1 for +-0; a NaN gives 0x7FC00000.
//   CorrectErfc: the binary32 nearest erfc x = 1 + erf(-x) (1 + erf at
//   -x): 2 from x < -3.7 on (-inf too), +0 from x > 10.06 on (+inf too),
//   1 for +-0; a NaN gives 0x7FC00000.  Only in this variant.
//   CorrectGeluErf: the binary32 nearest x/2 (1 + erf(x / sqrt 2)) with
//   the real constant: x itself from x > 6 on (+inf too), -0 below about
//   -14.4 (-inf too), +-0 for +-0; a NaN gives 0x7FC00000.
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md); erfc has the same bits as CORE-MATH's
// cr_erfcf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ERFC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ERFC_INL_H_
#undef REFMATH_SIMD_CORRECT_ERFC_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ERFC_INL_H_
#endif
// clang-format on

#include "simd/erf/correct_erf-inl.h"
#include "simd/sigmoid/correct_sigmoid-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// "1 + erf": below kErfcLimit in magnitude 1 +- erf(a); from it on the
// erfcx intervals.
constexpr double kErfcLimit = 0.5;

// 1 + erf(z) for the z with |z| = a, the sign of x and z^2 = a2 exactly.
template <class DD>
HWY_INLINE VecD<DD> OnePlusErfD(DD dd, VecD<DD> x, VecD<DD> a, VecD<DD> a2) {
  const auto neg = hn::Lt(x, hn::Zero(dd));
  const auto small = hn::Lt(a, ConstD(dd, kErfcLimit));
  VecD<DD> y = hn::Zero(dd);
  if (!hn::AllTrue(dd, small)) {
    const VecD<DD> erfc = hn::Mul(
        ExpD(dd, hn::Neg(a2)),
        IntervalPoly(dd, a, &correct::kErfcxTable[0][0],
                     correct::kErfcxFirstInterval,
                     correct::kErfcxLastInterval));
    y = hn::IfThenElse(neg, erfc, hn::Sub(ConstD(dd, 2.0), erfc));
  }
  if (!hn::AllFalse(dd, small)) {
    const VecD<DD> e = ErfD(dd, a);
    const VecD<DD> one = ConstD(dd, 1.0);
    y = hn::IfThenElse(
        small, hn::IfThenElse(neg, hn::Sub(one, e), hn::Add(one, e)), y);
  }
  return y;
}

// x clamped to [-10.125, 5]: below, 1 + erf x rounds to +0 as at -10.125;
// above, to 2 as at 5.
struct CorrectOnePlusErfEval : CaseTable<correct::kOnePlusErfHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -10.125f, 5.0f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return OnePlusErfD(dd, x, hn::Abs(x), hn::Mul(x, x));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return ApplyNaNRule(d, x, r);
  }
};

// "erfc": erfc x = 1 + erf(-x), 1 + erf's evaluation at -x, with x clamped
// to [-5, 10.125] (the image of 1 + erf's clamp).
struct CorrectErfcEval : CaseTable<correct::kErfcHardCases> {
  static constexpr double kEps = CorrectOnePlusErfEval::kEps;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, x, -5.0f, 10.125f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    return CorrectOnePlusErfEval::Apply(dd, hn::Neg(x), eps);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return ApplyNaNRule(d, x, r);
  }
};

// "GELU erf": x/2 (1 + erf z), z = x / sqrt 2 rounded (its error moves
// erfcx and erf little), z^2 = x^2 / 2 exactly.  x clamped to [-14.5, 6]:
// above 6 the result is x itself, below -14.5 it rounds to -0.  Tiny x as
// in GELU tanh (x/2 plus a positive term far below half an ulp).
constexpr double kInvSqrt2D = 0x1.6a09e667f3bcdp-1;  // 1/sqrt 2
constexpr float kGeluErfLow = -14.5f;
constexpr float kGeluErfHigh = 6.0f;

struct CorrectGeluErfEval : CaseTable<correct::kGeluErfHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return GeluKey(d, x, kGeluErfLow, kGeluErfHigh);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> a = hn::Abs(hn::Mul(x, ConstD(dd, kInvSqrt2D)));
    const VecD<DD> a2 = hn::Mul(hn::Mul(x, x), ConstD(dd, 0.5));
    return hn::Mul(hn::Mul(x, ConstD(dd, 0.5)), OnePlusErfD(dd, x, a, a2));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return GeluFinish(d, x, r, kGeluErfHigh);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectOnePlusErf(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectOnePlusErfEval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectErfc(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectErfcEval>(d, x);
}
template <class D>
HWY_INLINE VecF<D> CorrectGeluErf(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectGeluErfEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
