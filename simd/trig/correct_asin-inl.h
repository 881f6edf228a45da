// asin and acos of the correctly rounded variant (REFMATH_CORRECT), as
// atan of a quotient (correct_atan-inl.h): with s = sqrt((1 - a)(1 + a)),
// asin a = atan(a / s) and acos a = atan(s / a) for a in [0, 1], and
// acos(-a) = pi - acos a.  Method and error bound: docs/correct.md,
// section "atan, asin and acos"; the frame (two roundings, hard-case
// table) is correct_round-inl.h.
//
// Contract.
//   CorrectAsin: the binary32 nearest asin x (max error 0.5 ulp; no tie
//   occurs) for x in [-1, 1], odd to the bit: asin(+-0) = +-0, a
//   subnormal x gives x, asin(+-1) = +-RN(pi/2).
//   CorrectAcos: the binary32 nearest acos x for x in [-1, 1]: acos(1) =
//   +0, acos(+-0) = RN(pi/2), acos(-1) = RN(pi) (0x40490FDB).
//   Both: |x| > 1 (+-inf included) or a NaN gives the canonical NaN
//   0x7FC00000.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ASIN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ASIN_INL_H_
#undef REFMATH_SIMD_CORRECT_ASIN_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ASIN_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"
#include "simd/trig/correct_atan-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// sqrt(1 - a^2) for a in [0, 1]: 1 - a and 1 + a are exact for a >=
// 2^-29 (and within u below), so the radicand is within 3u and s within
// 2.5u.
template <class DD>
HWY_INLINE VecD<DD> CosOfAsinD(DD dd, VecD<DD> a) {
  const VecD<DD> one = ConstD(dd, 1.0);
  return hn::Sqrt(hn::Mul(hn::Sub(one, a), hn::Add(one, a)));
}

// "atan, asin and acos": asin a = atan(a / s), eps = 2^-48 (the bound is
// 11.1u).  Key |x|, with |x| > 1 and NaN replaced by 0.
struct CorrectAsinEval : CaseTable<correct::kAsinHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const VecF<D> a = hn::Abs(x);
    return hn::IfThenElseZero(hn::Le(a, Const(d, 1.0f)), a);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return AtanRatioD(dd, a, CosOfAsinD(dd, a));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = OrSignOf(d, r, x);
    r = hn::IfThenElse(hn::Gt(hn::Abs(x), Const(d, 1.0f)),
                       FromBits(d, kCanonicalNaNBits), r);
    return ApplyNaNRule(d, x, r);
  }
};

// acos x = atan(s / |x|), and pi minus it for x < 0, eps = 2^-48 (the
// bound is 13.1u).  acos is not odd: the key is x itself, with |x| > 1 and
// NaN replaced by 0.
struct CorrectAcosEval : CaseTable<correct::kAcosHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return hn::IfThenElseZero(hn::Le(hn::Abs(x), Const(d, 1.0f)), x);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> x, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    const VecD<DD> a = hn::Abs(x);
    const VecD<DD> y = AtanRatioD(dd, CosOfAsinD(dd, a), a);
    const VecD<DD> rest = hn::Add(hn::Sub(ConstD(dd, trig::kPiLo), y),
                                  ConstD(dd, trig::kPi));
    return hn::IfThenElse(hn::Lt(x, hn::Zero(dd)), rest, y);
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Gt(hn::Abs(x), Const(d, 1.0f)),
                       FromBits(d, kCanonicalNaNBits), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectAsin(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectAsinEval>(d, x);
}

template <class D>
HWY_INLINE VecF<D> CorrectAcos(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectAcosEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
