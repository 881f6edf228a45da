// sinpi and cospi of the correctly rounded variant (REFMATH_CORRECT):
// sin(pi x) and cos(pi x), with an exact reduction (x = k/2 + t, |t| <=
// 1/4, in binary64) and the polynomials of sin and cos
// (correct_sin-inl.h).  Method and error bound: docs/correct.md, section
// "sinpi and cospi"; the frame (two roundings, hard-case table) is
// correct_round-inl.h.
//
// Contract (IEEE 754-2019 sinPi and cosPi).
//   CorrectSinpi: the binary32 nearest sin(pi x) (max error 0.5 ulp; no
//   tie occurs) for every finite x, odd to the bit; sinpi(+-0) = +-0, and
//   for an integer n != 0, sinpi(n) = +0 when n > 0, -0 when n < 0.
//   CorrectCospi: the binary32 nearest cos(pi x), every finite x, even;
//   cospi(+-0) = 1, cospi(n + 1/2) = +0 for every integer n.
//   Both: +-inf or a NaN gives the canonical NaN 0x7FC00000.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_SINPI_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_SINPI_INL_H_
#undef REFMATH_SIMD_CORRECT_SINPI_INL_H_
#else
#define REFMATH_SIMD_CORRECT_SINPI_INL_H_
#endif
// clang-format on

#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"
#include "simd/trig/correct_sin-inl.h"
#include "simd/trig/correct_trig_tables.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// sin(pi a) or cos(pi a) (kShift 0 or 1) of a >= 0, a binary32 value held
// in binary64.  a >= 2^24 is an even integer, where both equal their value
// at 0.  Below, k = round(2a) and t = a - k/2 are exact (2a < 2^25 and t,
// |t| <= 1/4, is a multiple of a's ulp), so pi a = k pi/2 + theta with
// theta = t pi rounded once; q = k mod 4 picks the quadrant's function.
template <int kShift, class DD>
HWY_INLINE VecD<DD> PiTrigApply(DD dd, VecD<DD> a) {
  const VecD<DD> a_low = hn::IfThenZeroElse(hn::Ge(a, ConstD(dd, 0x1p24)), a);
  hn::Vec<hn::RebindToSigned<DD>> q;
  const VecD<DD> k = RoundThroughM(dd, hn::Add(a_low, a_low), &q);
  const VecD<DD> t = hn::Sub(a_low, hn::Mul(k, ConstD(dd, 0.5)));
  VecD<DD> sin_t, cos_t;
  TrigPolys(dd, hn::Mul(t, ConstD(dd, trig::kPi)), &sin_t, &cos_t);
  return TrigSelect<kShift>(dd, q, sin_t, cos_t);
}

// What sinpi and cospi share: the key |x| (inf and NaN replaced by 0;
// Finish sets their results) and eps = 2^-49 (the bound is 3.7u).
template <int kShift, const auto& kTable>
struct PiTrigEval : CaseTable<kTable> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    const VecF<D> a = hn::Abs(x);
    return hn::IfThenElseZero(hn::Lt(a, FromBits(d, 0x7F800000u)), a);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    *eps = ConstD(dd, kEps);
    return PiTrigApply<kShift>(dd, a);
  }
};

// sin(pi |x|) with the sign of x put back after the rounding; a zero
// result (x an integer) takes the sign of x.
struct CorrectSinpiEval : PiTrigEval<0, correct::kSinpiHardCases> {
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    const VecF<D> sign = hn::And(x, FromBits(d, kSignBit));
    r = hn::IfThenElse(hn::Eq(r, hn::Zero(d)), sign, hn::Xor(r, sign));
    r = hn::IfThenElse(hn::IsInf(x), FromBits(d, 0x7FC00000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

// cos(pi |x|); a zero result (x a half-integer) is +0.
struct CorrectCospiEval : PiTrigEval<1, correct::kCospiHardCases> {
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(r, hn::Zero(d)), hn::Zero(d), r);
    r = hn::IfThenElse(hn::IsInf(x), FromBits(d, 0x7FC00000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectSinpi(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectSinpiEval>(d, x);
}

template <class D>
HWY_INLINE VecF<D> CorrectCospi(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectCospiEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
