// atan of the correctly rounded variant (REFMATH_CORRECT), and the
// binary64 atan of a quotient that asin and acos share
// (correct_asin-inl.h): atan(n/d) through the argument min(n, d) /
// max(n, d) in [0, 1], the nearest of the points i/16 and a Taylor
// polynomial, with pi/2 - atan(d/n) when n > d.  Method and error bound:
// docs/correct.md, section "atan, asin and acos"; the frame (two
// roundings, hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectAtan: the binary32 nearest atan x (max error 0.5 ulp; no tie
//   occurs) for every binary32 x, odd to the bit: atan(+-0) = +-0, a
//   subnormal x gives x, atan(+-inf) = +-RN(pi/2) (0x3FC90FDB); a NaN
//   gives the canonical NaN 0x7FC00000.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_ATAN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_ATAN_INL_H_
#undef REFMATH_SIMD_CORRECT_ATAN_INL_H_
#else
#define REFMATH_SIMD_CORRECT_ATAN_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"
#include "simd/trig/correct_atan_tables.h"
#include "simd/trig/correct_trig_tables.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// atan b for b in [0, 1]: c = i/16 the nearest point (|b - c| <= 1/32),
// t = (b - c) / (1 + b c) with b - c exact (Sterbenz for i >= 1),
// atan b = atan c + atan t, |t| <= 1/32, and
// atan t = t + t z A(z), z = t^2.
template <class DD>
HWY_INLINE VecD<DD> AtanUnitD(DD dd, VecD<DD> b) {
  hn::Vec<hn::RebindToSigned<DD>> i;
  const VecD<DD> i_d =
      RoundThroughM(dd, hn::Mul(b, ConstD(dd, trig::kAtanSteps)), &i);
  const VecD<DD> c = hn::Mul(i_d, ConstD(dd, 1.0 / trig::kAtanSteps));
  const VecD<DD> t = hn::Div(hn::Sub(b, c),
                             hn::Add(ConstD(dd, 1.0), hn::Mul(b, c)));
  const VecD<DD> z = hn::Mul(t, t);
  const VecD<DD> p =
      hn::Add(t, hn::Mul(hn::Mul(t, z), HornerD(dd, z, trig::kAtanA)));
  const VecD<DD> hi = hn::GatherIndex(dd, trig::kAtanHi, i);
  const VecD<DD> lo = hn::GatherIndex(dd, trig::kAtanLo, i);
  return hn::Add(hi, hn::Add(lo, p));
}

// atan(n/d) in [0, pi/2] for n, d >= 0, not both 0: atan of the smaller
// over the larger, and pi/2 minus it when n > d.
template <class DD>
HWY_INLINE VecD<DD> AtanRatioD(DD dd, VecD<DD> n, VecD<DD> d) {
  const auto swap = hn::Gt(n, d);
  const VecD<DD> small = hn::IfThenElse(swap, d, n);
  const VecD<DD> large = hn::IfThenElse(swap, n, d);
  const VecD<DD> y = AtanUnitD(dd, hn::Div(small, large));
  const VecD<DD> rest = hn::Add(
      hn::Sub(ConstD(dd, trig::kPiOver2Lo), y), ConstD(dd, trig::kPiOver2));
  return hn::IfThenElse(swap, rest, y);
}

// "atan, asin and acos": atan |x| = atan(|x| / 1), eps = 2^-48 (the bound
// is 8.6u).  The key is |x| with inf replaced by FLT_MAX (atan FLT_MAX
// rounds to RN(pi/2) as atan inf does) and NaN by 0.
struct CorrectAtanEval : CaseTable<correct::kAtanHardCases> {
  static constexpr double kEps = 0x1p-48;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return ClampedKey(d, hn::Abs(x), 0.0f, 0x1.fffffep127f);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return AtanRatioD(dd, a, ConstD(dd, 1.0));
  }
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return ApplyNaNRule(d, x, OrSignOf(d, r, x));
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectAtan(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectAtanEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
