// sin and cos of the correctly rounded variant (REFMATH_CORRECT): one
// range reduction by pi/2 with the bits of 2/pi chosen by the exponent
// (correct_trig_tables.h), then Taylor polynomials on [-pi/4, pi/4].
// Method and error bound: docs/correct.md, section "sin and cos"; the
// frame (two roundings, hard-case table) is correct_round-inl.h.
//
// Contract.
//   CorrectSin: the binary32 nearest sin x (max error 0.5 ulp; no tie
//   occurs) for every finite x up to FLT_MAX, odd to the bit: sin(+-0) =
//   +-0, a subnormal x gives x.
//   CorrectCos: the binary32 nearest cos x, every finite x, even; cos(+-0)
//   = 1.
//   Both: +-inf or a NaN gives the canonical NaN 0x7FC00000.
// The reduction is accurate to a relative 3.01u + 2^(sigma - 59) / |t|
// (u = 2^-53), a bound the kernel adds to its eps lane by lane
// (docs/correct.md).
// Proven over all 2^32 inputs: 0 results not correctly rounded against
// MPFR (ulp_tables/correct.md), the same bits as CORE-MATH's cr_sinf and
// cr_cosf.

// clang-format off
#if defined(REFMATH_SIMD_CORRECT_SIN_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REFMATH_SIMD_CORRECT_SIN_INL_H_
#undef REFMATH_SIMD_CORRECT_SIN_INL_H_
#else
#define REFMATH_SIMD_CORRECT_SIN_INL_H_
#endif
// clang-format on

#include <stdint.h>

#include "simd/correct/correct_hard_cases.h"
#include "simd/correct/correct_round-inl.h"
#include "simd/trig/correct_trig_tables.h"
#include "simd/trig/trig_quadrant-inl.h"

HWY_BEFORE_NAMESPACE();
namespace refmath {
namespace HWY_NAMESPACE {

// sin theta and cos theta for |theta| <= pi/4 + 2^-27: the Taylor
// polynomials of docs/correct.md, "sin and cos".
template <class DD>
HWY_INLINE void TrigPolys(DD dd, VecD<DD> theta, VecD<DD>* sin_theta,
                          VecD<DD>* cos_theta) {
  const VecD<DD> z = hn::Mul(theta, theta);
  *sin_theta = hn::Add(
      theta, hn::Mul(hn::Mul(theta, z), HornerD(dd, z, trig::kSinS)));
  *cos_theta =
      hn::Add(ConstD(dd, 1.0), hn::Mul(z, HornerD(dd, z, trig::kCosC)));
}

// The reduced argument of a > 0 (a binary32 value held in binary64):
// a 2/pi = 4N + q + t with q in {0, 1, 2, 3} and |t| <= 1/2 + 2^-28.
// theta = t pi/2 and the two polynomial values; *q_int is q, *tail_eps
// the reduction's lane-dependent term of eps, 2 tau / |t|.
template <class DD>
HWY_INLINE void TrigReduce(DD dd, VecD<DD> a, VecD<DD>* sin_theta,
                           VecD<DD>* cos_theta,
                           hn::Vec<hn::RebindToSigned<DD>>* q_int,
                           VecD<DD>* tail_eps) {
  const hn::RebindToSigned<DD> di;
  const auto bits = hn::BitCast(di, a);
  // Row e + 149 of the table, e = biased exponent - 1023.
  static_assert(trig::kTwoOverPiCols == 5, "row = 5 (e + 149)");
  const auto index = hn::Sub(hn::ShiftRight<52>(bits), hn::Set(di, 1023 - 149));
  const auto row = hn::Add(hn::ShiftLeft<2>(index), index);
  // m = a 2^(23 - e), the 24-bit integer significand of a, exactly.
  const VecD<DD> m = hn::BitCast(
      dd, hn::Or(hn::And(bits, hn::Set(di, 0x000FFFFFFFFFFFFFll)),
                 hn::Set(di, 0x4160000000000000ll)));
  const double* table = trig::kTwoOverPi;
  // Each product is exact: 24 bits times 28 bits, no underflow.
  const VecD<DD> p0 = hn::Mul(m, hn::GatherIndex(dd, table, row));
  const VecD<DD> p1 = hn::Mul(m, hn::GatherIndex(dd, table + 1, row));
  const VecD<DD> p2 = hn::Mul(m, hn::GatherIndex(dd, table + 2, row));
  const VecD<DD> p3 = hn::Mul(m, hn::GatherIndex(dd, table + 3, row));
  const VecD<DD> tau = hn::GatherIndex(dd, table + 4, row);
  // s = p0 mod 4 in [-2, 2]: p0 < 2^26 and a multiple of 2^sigma, so
  // p0 / 4 and the difference are exact.
  hn::Vec<decltype(di)> unused;
  const VecD<DD> n4 = RoundThroughM(dd, hn::Mul(p0, ConstD(dd, 0.25)), &unused);
  const VecD<DD> s = hn::Sub(p0, hn::Mul(n4, ConstD(dd, 4.0)));
  // The quadrant from s + p1 (p2 + p3 < 2^-29 cannot move it past a
  // half-integer by more than that); s - k is exact.
  const VecD<DD> k = RoundThroughM(dd, hn::Add(s, p1), q_int);
  *q_int = hn::And(*q_int, hn::Set(di, 3));
  const VecD<DD> t0 = hn::Sub(s, k);
  // t = ((t0 + p1) + p2) + p3: each sum exact when it cancels, else
  // within u of a value within 2^-27 of the whole sum.
  const VecD<DD> t = hn::Add(hn::Add(hn::Add(t0, p1), p2), p3);
  const VecD<DD> at = hn::Max(hn::Abs(t), ConstD(dd, 0x1p-1000));
  *tail_eps = hn::Div(hn::Add(tau, tau), at);
  const VecD<DD> theta = hn::Mul(t, ConstD(dd, trig::kPiOver2));
  TrigPolys(dd, theta, sin_theta, cos_theta);
}

// Both functions' key: |x|, with 0, inf and NaN replaced by 1 (Finish
// sets their results).
template <class D>
HWY_INLINE VecF<D> TrigKey(D d, VecF<D> x) {
  const VecF<D> a = hn::Abs(x);
  const auto ordinary =
      hn::And(hn::Gt(a, hn::Zero(d)), hn::Lt(a, FromBits(d, 0x7F800000u)));
  return hn::IfThenElse(ordinary, a, Const(d, 1.0f));
}

// sin a or cos a (kShift 0 or 1) through the reduction by pi/2; *tail_eps:
// the reduction's lane term of eps (TrigEval adds the rest).
template <int kShift, class DD>
HWY_INLINE VecD<DD> TrigApply(DD dd, VecD<DD> a, VecD<DD>* tail_eps) {
  VecD<DD> sin_t, cos_t;
  hn::Vec<hn::RebindToSigned<DD>> q;
  TrigReduce(dd, a, &sin_t, &cos_t, &q, tail_eps);
  return TrigSelect<kShift>(dd, q, sin_t, cos_t);
}

// What sin and cos share: the key |x|, the reduction, and eps = 2^-49 plus
// the reduction's lane term.  kShift is 0 for sin, 1 for cos.
template <int kShift, const auto& kTable>
struct TrigEval : CaseTable<kTable> {
  static constexpr double kEps = 0x1p-49;
  template <class D>
  static HWY_INLINE VecF<D> Key(D d, VecF<D> x) {
    return TrigKey(d, x);
  }
  template <class DD>
  static HWY_INLINE VecD<DD> Apply(DD dd, VecD<DD> a, VecD<DD>* eps) {
    VecD<DD> tail_eps;
    const VecD<DD> y = TrigApply<kShift>(dd, a, &tail_eps);
    *eps = hn::Add(ConstD(dd, kEps), tail_eps);
    return y;
  }
};

// The Finish of an odd function of the reduction (sin, tan): the sign of x
// put back after the rounding (an exclusive or: f(|x|) may be negative),
// f(+-0) = +-0, and NaN at +-inf.
template <class D>
HWY_INLINE VecF<D> OddTrigFinish(D d, VecF<D> x, VecF<D> r) {
  r = hn::Xor(r, hn::And(x, FromBits(d, kSignBit)));
  r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), x, r);
  r = hn::IfThenElse(hn::IsInf(x), FromBits(d, 0x7FC00000u), r);
  return ApplyNaNRule(d, x, r);
}

// "sin and cos": sin |x| from the reduction.
struct CorrectSinEval : TrigEval<0, correct::kSinHardCases> {
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    return OddTrigFinish(d, x, r);
  }
};

struct CorrectCosEval : TrigEval<1, correct::kCosHardCases> {
  template <class D>
  static HWY_INLINE VecF<D> Finish(D d, VecF<D> x, VecF<D> r) {
    r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), Const(d, 1.0f), r);
    r = hn::IfThenElse(hn::IsInf(x), FromBits(d, 0x7FC00000u), r);
    return ApplyNaNRule(d, x, r);
  }
};

template <class D>
HWY_INLINE VecF<D> CorrectSin(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectSinEval>(d, x);
}

template <class D>
HWY_INLINE VecF<D> CorrectCos(D d, VecF<D> x) {
  return CorrectlyRounded<CorrectCosEval>(d, x);
}

}  // namespace HWY_NAMESPACE
}  // namespace refmath
HWY_AFTER_NAMESPACE();

#endif  // include guard
